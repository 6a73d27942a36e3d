import { z } from "zod";
import { confirmed } from "../validation/zod.js";

/** Passwords chosen by a person: 8 to 255 characters. */
export const newPasswordSchema = z.string().min(8).max(255);

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
  .superRefine(confirmed("password"));
export type ConfirmAccountBody = z.infer<typeof confirmAccountBodySchema>;

export const recoverPasswordBodySchema = confirmAccountBodySchema;
export type RecoverPasswordBody = ConfirmAccountBody;

export const passwordResetParamsSchema = z.object({
  email: z.string().trim().min(1).max(255).pipe(z.email()),
});

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

export const inscriptionPaymentSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  /** 1 pending review, 2 approved, 3 rejected. */
  status: z.number().int(),
  /** Payment method code (1 Efectivo … 5 Zelle). */
  type: z.number().int(),
  from_report: z.boolean(),
  date: z.string(),
  amount_e2: z.number().int(),
  receipt_number: z.string().nullable(),
  student_id: z.number().int(),
  period_id: z.number().int(),
  created_at: z.string(),
});

/** A student's latest inscription (spec.md §3), with what the payment banner and profile need. */
export const latestInscriptionSchema = z.object({
  id: z.number().int(),
  student_id: z.number().int(),
  period_id: z.number().int(),
  /** active or retired. */
  status: z.string(),
  section: z.object({
    id: z.number().int(),
    code: z.string(),
    letter_code: z.string(),
    title: z.string().nullable(),
    shift: z.string(),
  }),
  specialization: z.object({
    id: z.number().int(),
    title: z.string(),
    code: z.string(),
    is_basic: z.boolean(),
  }),
  period: z.object({
    id: z.number().int(),
    year: z.number().int(),
    number: z.number().int(),
    enabled: z.boolean(),
    start_date: z.string(),
    end_date: z.string(),
  }),
  semester: z.object({ id: z.number().int(), number: z.number().int(), code: z.string() }),
  /** The student's payments of that period, newest first. */
  payments: z.array(inscriptionPaymentSchema),
  /** Some of the period fee has been paid, but not all of it. */
  partial_paid: z.boolean(),
});
export type LatestInscription = z.infer<typeof latestInscriptionSchema>;

export const sessionStudentSchema = sessionPersonSchema.extend({
  /** 'female' or 'male' (the payment banner greets with Bienvenida/Bienvenido). */
  gender: z.string(),
  latest_inscription: latestInscriptionSchema.nullable(),
});
export type SessionStudent = z.infer<typeof sessionStudentSchema>;

export const sessionTeacherSchema = sessionPersonSchema.extend({
  /** 'female' or 'male' (role names by gender: Profesora, Coordinadora). */
  gender: z.string().optional(),
  is_coordinator: z.boolean(),
  /** The specialization a coordinator coordinates. */
  specialization_id: z.number().int().nullable(),
});
export type SessionTeacher = z.infer<typeof sessionTeacherSchema>;

/** The session user of spec.md §3 (derived flags come from `sessionFlags` in common/session.ts). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Address of the picture (`/api/users/{id}/profile-picture?v=…`, needs the bearer token) or null. */
  profile_picture: z.string().nullable(),
  permissions: z.record(z.string(), z.boolean()),
  student: sessionStudentSchema.nullable(),
  teacher: sessionTeacherSchema.nullable(),
  /** A student's latest inscription (the same as `student.latest_inscription`); null otherwise. */
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
