import { z } from "zod";

/** Passwords chosen by a person: 8 to 255 characters. */
export const newPasswordSchema = z
  .string()
  .min(8, "La contraseña debe tener al menos 8 caracteres.")
  .max(255, "La contraseña no debe superar 255 caracteres.");

const confirmationMismatch = {
  message: "La confirmación de la contraseña no coincide.",
  path: ["password_confirmation"],
};

export const loginBodySchema = z.object({
  email: z.string().trim().min(1).max(255),
  password: z.string().min(1).max(255),
  remember_me: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const confirmAccountBodySchema = z
  .object({
    token: z.string().min(1).max(200),
    password: newPasswordSchema,
    password_confirmation: z.string(),
  })
  .refine((b) => b.password === b.password_confirmation, confirmationMismatch);
export type ConfirmAccountBody = z.infer<typeof confirmAccountBodySchema>;

export const recoverPasswordBodySchema = confirmAccountBodySchema;
export type RecoverPasswordBody = ConfirmAccountBody;

export const passwordResetParamsSchema = z.object({ email: z.string().trim().min(1).max(255) });

/** Answer of calls that only report that something happened (`description` is for people). */
export const messageResponseSchema = z.object({ message: z.string(), description: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** A student's or teacher's profile as the session carries it. */
export const sessionPersonSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type SessionPerson = z.infer<typeof sessionPersonSchema>;

const sessionTeacherSchema = sessionPersonSchema.extend({ is_coordinator: z.boolean() });

const idRef = z.object({ id: z.number().int() }).loose();

/** A student's latest inscription (spec.md §3), with what the payment banner and profile need. */
export const latestInscriptionSchema = z.object({
  id: z.number().int(),
  student_id: z.number().int(),
  period_id: z.number().int(),
  section: idRef.nullable(),
  specialization: idRef.nullable(),
  period: idRef.nullable(),
  semester: idRef.nullable(),
  payments: z.array(idRef),
  /** Whether some, but not all, of the period fee has been paid. */
  partial_paid: z.boolean(),
});
export type LatestInscription = z.infer<typeof latestInscriptionSchema>;

/** The session user of spec.md §3 (derived flags come from `sessionFlags` in common/session.ts). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Address of the picture (`/api/users/{id}/profile-picture?v=…`, needs the bearer token) or null. */
  profile_picture: z.string().nullable(),
  permissions: z.record(z.string(), z.boolean()),
  student: sessionPersonSchema.nullable(),
  teacher: sessionTeacherSchema.nullable(),
  latest_inscription: latestInscriptionSchema.nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  /** ISO 8601 instant when the token stops working. */
  expires_at: z.string(),
  user: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
