import { z } from "zod";
import { ruleIssue } from "../validation/zod.js";

/** Genders of a pre-inscription (DOMAIN.md "People and accounts"). */
export const preregisteredGenders = ["female", "male"] as const;
/** pending until an administrator approves it (`POST /preregistered-students/{id}/confirm`). */
export const preregisteredStatuses = ["pending", "approved"] as const;
export type PreregisteredStatus = (typeof preregisteredStatuses)[number];

/**
 * The name of the honeypot field of the public form: hidden from people (off screen, out of the tab order,
 * not announced), so only a robot filling every input sends it with text. Such a request gets the same
 * answer as a real one and nothing is written.
 */
export const honeypotField = "website";

/** The school's today as `YYYY-MM-DD` (the bound of a birth date): the server's clock, the web's school date. */
type SchoolToday = () => string;

/**
 * A cédula as written in Venezuela: an optional nationality letter (V or E, `V` when missing), a dash
 * and 6 to 10 digits; stored as `V-12345678`, so `v12345678`, `12345678` and `V-12345678` are the same.
 */
export const identityDocumentSchema = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .transform((v) => v.toUpperCase().replace(/[\s.]/g, ""))
  .refine((v) => /^([VE]-?)?\d{6,10}$/.test(v), ruleIssue("regex"))
  .transform((v) => {
    const digits = v.replace(/^[VE]-?/, "");
    const letter = /^E/.test(v) ? "E" : "V";
    return `${letter}-${digits}`;
  });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/** An optional text of an update: absent leaves it as is, empty or null clears it. */
const changedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => v || null)
    .optional();

const socialHandle = z.string().trim().max(100).default("");

/** {instagrams, facebook, twitter} (spec.md §3), each an empty string when not given. */
export const socialNetworksSchema = z
  .object({ instagrams: socialHandle, facebook: socialHandle, twitter: socialHandle })
  .default({ instagrams: "", facebook: "", twitter: "" });
export type SocialNetworks = z.output<typeof socialNetworksSchema>;

/** A birth date: from 1900 and before the school's today (without `today`: no upper bound). */
const birthDate = (today?: SchoolToday) =>
  z.iso
    .date()
    .refine((v) => !today || v < today(), ruleIssue("before", { date: "hoy" }))
    .refine((v) => v >= "1900-01-01", ruleIssue("after", { date: "1900-01-01" }));

/**
 * POST /preregistered-students (the public form, no session), checked against the school's today;
 * `createPreregisteredStudentSchema` is the same payload without that bound (types, docs).
 */
export const createPreregisteredStudentSchemaAt = (today?: SchoolToday) =>
  z.object({
    first_name: z.string().trim().min(1).max(100),
    last_name: z.string().trim().min(1).max(100),
    identity_document: identityDocumentSchema,
    email: z.string().trim().max(255).pipe(z.email()),
    phone: optionalText(30),
    birth_date: birthDate(today),
    gender: z.enum(preregisteredGenders),
    address: optionalText(500),
    specialization_id: z.number().int().min(1).max(2_147_483_647),
    social_networks: socialNetworksSchema,
    /** The honeypot: people leave it empty (see `honeypotField`). */
    website: z.string().max(1000).optional(),
  });
export const createPreregisteredStudentSchema = createPreregisteredStudentSchemaAt();
export type CreatePreregisteredStudentInput = z.output<typeof createPreregisteredStudentSchema>;
export type CreatePreregisteredStudentPayload = z.input<typeof createPreregisteredStudentSchema>;

/** PATCH /preregistered-students/{id} (administrators, while pending): only the fields sent change. */
export const updatePreregisteredStudentSchemaAt = (today?: SchoolToday) =>
  z.object({
    first_name: createPreregisteredStudentSchema.shape.first_name.optional(),
    last_name: createPreregisteredStudentSchema.shape.last_name.optional(),
    identity_document: identityDocumentSchema.optional(),
    email: createPreregisteredStudentSchema.shape.email.optional(),
    phone: changedText(30),
    birth_date: birthDate(today).optional(),
    gender: z.enum(preregisteredGenders).optional(),
    address: changedText(500),
    specialization_id: createPreregisteredStudentSchema.shape.specialization_id.optional(),
    social_networks: z
      .object({
        instagrams: z.string().trim().max(100).optional(),
        facebook: z.string().trim().max(100).optional(),
        twitter: z.string().trim().max(100).optional(),
      })
      .optional(),
  });
export const updatePreregisteredStudentSchema = updatePreregisteredStudentSchemaAt();
export type UpdatePreregisteredStudentInput = z.output<typeof updatePreregisteredStudentSchema>;

/** What the public form gets back: the same for a real pre-inscription and a robot's. */
export const preregistrationReceivedSchema = z.object({
  message: z.literal("preregistration_received"),
  description: z.string(),
});

/** GET /preregistered-students/form: the period taking pre-inscriptions and the specializations to choose. */
export const preregistrationFormSchema = z.object({
  period: z.object({ id: z.number().int(), year: z.number().int(), number: z.number().int() }),
  specializations: z.array(z.object({ id: z.number().int(), title: z.string(), code: z.string() })),
});
export type PreregistrationForm = z.infer<typeof preregistrationFormSchema>;

/** A pre-registered student as administrators see it. */
export const preregisteredStudentSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  identity_document: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  birth_date: z.string().nullable(),
  gender: z.enum(preregisteredGenders),
  address: z.string().nullable(),
  social_networks: z.object({ instagrams: z.string(), facebook: z.string(), twitter: z.string() }),
  status: z.enum(preregisteredStatuses),
  period: z.object({ id: z.number().int(), year: z.number().int(), number: z.number().int() }).nullable(),
  specialization: z.object({ id: z.number().int(), title: z.string(), code: z.string() }).nullable(),
  /** The student created on approval. */
  student_id: z.number().int().nullable(),
  approved_at: z.string().nullable(),
  created_at: z.string(),
});
export type PreregisteredStudent = z.infer<typeof preregisteredStudentSchema>;
