import { z } from "zod";

/** Request types that can be generated (spec.md §9): 1 study certificate, 2 grades certificate, 4 letter. */
export const generatableTypes = [1, 2, 4] as const;
export type GeneratableType = (typeof generatableTypes)[number];

/** The generation call of each type (spec.md §7). */
export const generateActionOfType: Record<GeneratableType, string> = {
  1: "generate-certificate",
  2: "generate-certificateNote",
  4: "generate-letter",
};

export const documentRequestStatuses = ["pending", "generated", "retired", "canceled"] as const;
export type DocumentRequestStatus = (typeof documentRequestStatuses)[number];

/** Verification codes: 10 characters of Crockford's base32 (no I, L, O, U). */
export const VERIFICATION_CODE_LENGTH = 10;
export const verificationCodePattern = /^[0-9A-HJKMNP-TV-Z]{10}$/;
/** What a person may type or a scanner read: lower case, and I/L → 1, O → 0 as Crockford says. */
export function normalizeVerificationCode(text: string): string {
  return text.trim().toUpperCase().replace(/[IL]/g, "1").replace(/O/g, "0").replace(/[\s-]/g, "");
}

/** POST /document-requests. A student asks for themself (student_id left out or their own). */
export const createDocumentRequestSchema = z.object({
  type_id: z.union([z.literal(1), z.literal(2), z.literal(4)]),
  student_id: z.number().int().min(1).optional(),
  observation: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v || null),
});
export type CreateDocumentRequestInput = z.output<typeof createDocumentRequestSchema>;

/** GET /document-requests/letter-eligibility: a student asks for themself; staff name `student_id`. */
export const letterEligibilityQuerySchema = z.object({
  student_id: z.coerce.number().int().min(1).optional(),
});

export const letterEligibilitySchema = z.object({
  eligible: z.boolean().describe("Aprobó todas las materias de su pensum: puede pedir la carta de egresado."),
  missing: z
    .array(z.object({ code: z.string(), title: z.string() }))
    .describe("Materias del pensum aún sin aprobar (las en curso tampoco cuentan)."),
  reason: z.string().nullable().describe("Por qué no puede pedirla, en español; null si puede."),
});
export type LetterEligibility = z.infer<typeof letterEligibilitySchema>;

const typeFields = {
  name: z.string().trim().min(1).max(150),
  description: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((v) => v || null),
  enabled: z.boolean(),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullish()
    .transform((v) => v || null),
  text_color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullish()
    .transform((v) => v || null),
};

/** POST /document-request-types: the id is the type number. */
export const createDocumentRequestTypeSchema = z.object({
  id: z.number().int().min(1).max(1000),
  name: typeFields.name,
  description: typeFields.description,
  enabled: typeFields.enabled.default(true),
  color: typeFields.color,
  text_color: typeFields.text_color,
});
export type CreateDocumentRequestTypeInput = z.output<typeof createDocumentRequestTypeSchema>;

/** PATCH /document-request-types/{id}. */
export const updateDocumentRequestTypeSchema = z.object({
  name: typeFields.name.optional(),
  description: typeFields.description,
  enabled: typeFields.enabled.optional(),
  color: typeFields.color,
  text_color: typeFields.text_color,
});
export type UpdateDocumentRequestTypeInput = z.output<typeof updateDocumentRequestTypeSchema>;

export const documentRequestTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  color: z.string().nullable(),
  text_color: z.string().nullable(),
  generatable: z.boolean().describe("Se puede generar (tipos 1, 2 y 4)."),
});
export type DocumentRequestType = z.infer<typeof documentRequestTypeSchema>;

/** The document issued for a request, when there is one (its newest). */
export const issuedDocumentBriefSchema = z.object({
  code: z.string(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
  verify_url: z.string(),
});

export const documentRequestSchema = z.object({
  id: z.number().int(),
  student_id: z.number().int(),
  type_id: z.number().int(),
  period_id: z.number().int().nullable(),
  status: z.enum(documentRequestStatuses),
  observation: z.string().nullable(),
  generated_at: z.string().nullable(),
  retired_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  created_at: z.string(),
  student: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    identity_document: z.string(),
  }),
  type: z.object({
    id: z.number().int(),
    name: z.string(),
    color: z.string().nullable(),
    text_color: z.string().nullable(),
  }),
  period: z.object({ id: z.number().int(), year: z.number().int(), number: z.number().int() }).nullable(),
  document: issuedDocumentBriefSchema.nullable(),
});
export type DocumentRequest = z.infer<typeof documentRequestSchema>;

/** GET /verify/{code} (public): what was issued, to whom, when, revoked or not. Never grades. */
export const verificationSchema = z.object({
  code: z.string(),
  kind: z.number().int(),
  kind_name: z.string(),
  institution: z.string(),
  student_name: z.string(),
  identity_document: z.string().describe("Cédula con los dígitos del medio ocultos."),
  specialization: z.string().nullable(),
  period: z.string().nullable(),
  issued_at: z.string(),
  revoked: z.boolean(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
});
export type Verification = z.infer<typeof verificationSchema>;

/** POST /verify/{code} with the PDF: whether it is, byte for byte, the document issued. */
export const fileVerificationSchema = verificationSchema.extend({
  matches: z.boolean().describe("El archivo es exactamente el emitido (SHA-256)."),
});
export type FileVerification = z.infer<typeof fileVerificationSchema>;

/** The largest PDF accepted for checking. */
export const VERIFY_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** `V-12345678` → `V-12•••678`: enough to match a paper in hand, not enough to learn a cédula. */
export function maskIdentityDocument(text: string): string {
  const m = /^([A-Za-z]-?)?(\d+)$/.exec(text.replace(/\./g, ""));
  if (!m) return text.length <= 4 ? "•".repeat(text.length) : `${text.slice(0, 2)}•••${text.slice(-2)}`;
  const prefix = m[1] ?? "";
  const digits = m[2]!;
  if (digits.length <= 4) return `${prefix}${"•".repeat(digits.length)}`;
  return `${prefix}${digits.slice(0, 2)}${"•".repeat(digits.length - 5)}${digits.slice(-3)}`;
}
