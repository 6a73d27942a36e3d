import { z } from "zod";

/** The five people who sign a period's documents (spec.md §3 "responsibles"), in display order. */
export const responsibleRoles = [
  "principal",
  "vice_principal",
  "study_control",
  "manager",
  "signer",
] as const;
export type ResponsibleRole = (typeof responsibleRoles)[number];

/**
 * Where a period stands against the current (enabled) one (DOMAIN.md "Period"): `current` is the enabled
 * period, `next` the first one starting after it, `older` one that ended before the current started
 * (read-only), `other` anything else (a later period, or every period while none is enabled).
 */
export const periodStates = ["current", "next", "older", "other"] as const;
export type PeriodState = (typeof periodStates)[number];

/** A calendar date `YYYY-MM-DD` that exists. */
export const isoDate = () => z.iso.date();

/** Grades use the 0–20 scale. */
const note = () => z.number().int().min(0).max(20);

const responsibleSchema = z.object({
  name: z.string().trim().min(1).max(200),
  identity_document: z
    .string()
    .trim()
    .max(20)
    .nullish()
    .transform((v) => v || null),
  title: z
    .string()
    .trim()
    .max(150)
    .nullish()
    .transform((v) => v || null),
});
export type ResponsibleInput = z.output<typeof responsibleSchema>;

/** `responsibles` of a write: one entry per role; `null` removes that role's person. */
export const responsiblesInputSchema = z.object({
  principal: responsibleSchema.nullish(),
  vice_principal: responsibleSchema.nullish(),
  study_control: responsibleSchema.nullish(),
  manager: responsibleSchema.nullish(),
  signer: responsibleSchema.nullish(),
});

/** An optional date; an empty string (a cleared form field) reads as null. */
const optionalDate = () => z.preprocess((v) => (v === "" ? null : v), isoDate().nullish());

const writeFields = {
  year: z.number().int().min(1900).max(9999),
  number: z.number().int().min(1).max(9),
  weeks_length: z.number().int().min(1).max(60),
  start_date: isoDate(),
  end_date: isoDate(),
  first_cut_start_date: optionalDate(),
  first_cut_end_date: optionalDate(),
  second_cut_start_date: optionalDate(),
  second_cut_end_date: optionalDate(),
  first_half_end_date: optionalDate(),
  second_half_end_date: optionalDate(),
  pending_evaluations_fc_reminder_date: optionalDate(),
  pending_evaluations_sc_reminder_date: optionalDate(),
  approval_minimum_avg: note(),
  approval_minimum_note: note(),
  low_performance_note: note(),
  high_performance_note: note(),
  /** Hundredths: the form shows money and sends the amount × 100. */
  semester_price_e2: z.number().int().min(0).max(2_000_000_000),
  responsibles: responsiblesInputSchema,
};

/** POST /periods. Thresholds default to DOMAIN.md's 10, 10, 12 and 16. */
export const createPeriodSchema = z.object({
  year: writeFields.year,
  number: writeFields.number,
  weeks_length: writeFields.weeks_length.default(16),
  start_date: writeFields.start_date,
  end_date: writeFields.end_date,
  first_cut_start_date: writeFields.first_cut_start_date,
  first_cut_end_date: writeFields.first_cut_end_date,
  second_cut_start_date: writeFields.second_cut_start_date,
  second_cut_end_date: writeFields.second_cut_end_date,
  first_half_end_date: writeFields.first_half_end_date,
  second_half_end_date: writeFields.second_half_end_date,
  pending_evaluations_fc_reminder_date: writeFields.pending_evaluations_fc_reminder_date,
  pending_evaluations_sc_reminder_date: writeFields.pending_evaluations_sc_reminder_date,
  approval_minimum_avg: writeFields.approval_minimum_avg.default(10),
  approval_minimum_note: writeFields.approval_minimum_note.default(10),
  low_performance_note: writeFields.low_performance_note.default(12),
  high_performance_note: writeFields.high_performance_note.default(16),
  semester_price_e2: writeFields.semester_price_e2.default(0),
  responsibles: writeFields.responsibles.optional(),
});
export type CreatePeriodInput = z.output<typeof createPeriodSchema>;

/**
 * PATCH /periods/{id}: only the fields sent change. `enabled: true` makes it the current period (every
 * specialization needs a pensum) and disables the previous one in the same transaction.
 */
export const updatePeriodSchema = z.object({
  year: writeFields.year.optional(),
  number: writeFields.number.optional(),
  enabled: z.boolean().optional(),
  weeks_length: writeFields.weeks_length.optional(),
  start_date: writeFields.start_date.optional(),
  end_date: writeFields.end_date.optional(),
  first_cut_start_date: writeFields.first_cut_start_date,
  first_cut_end_date: writeFields.first_cut_end_date,
  second_cut_start_date: writeFields.second_cut_start_date,
  second_cut_end_date: writeFields.second_cut_end_date,
  first_half_end_date: writeFields.first_half_end_date,
  second_half_end_date: writeFields.second_half_end_date,
  pending_evaluations_fc_reminder_date: writeFields.pending_evaluations_fc_reminder_date,
  pending_evaluations_sc_reminder_date: writeFields.pending_evaluations_sc_reminder_date,
  approval_minimum_avg: writeFields.approval_minimum_avg.optional(),
  approval_minimum_note: writeFields.approval_minimum_note.optional(),
  low_performance_note: writeFields.low_performance_note.optional(),
  high_performance_note: writeFields.high_performance_note.optional(),
  semester_price_e2: writeFields.semester_price_e2.optional(),
  enabled_inscriptions: z.boolean().optional(),
  enabled_preregisters: z.boolean().optional(),
  responsibles: writeFields.responsibles.optional(),
});
export type UpdatePeriodInput = z.output<typeof updatePeriodSchema>;

/** PATCH /periods/{id}/open-inscriptions. */
export const openInscriptionsSchema = z.object({
  enabled_inscriptions: z.boolean().optional(),
  enabled_preregisters: z.boolean().optional(),
});
export type OpenInscriptionsInput = z.output<typeof openInscriptionsSchema>;

const responsibleOutSchema = z.object({
  name: z.string(),
  identity_document: z.string().nullable(),
  title: z.string().nullable(),
});

/** A period as the API shows it (spec.md §3). Dates are `YYYY-MM-DD`. */
export const periodSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  number: z.number().int(),
  name: z.string().describe("`año-número`, como lo muestra el selector de período."),
  enabled: z.boolean().describe("El período activo (solo uno lo está)."),
  state: z.enum(periodStates).describe("current, next, older (solo lectura) u other."),
  weeks_length: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  first_cut_start_date: z.string().nullable(),
  first_cut_end_date: z.string().nullable(),
  second_cut_start_date: z.string().nullable(),
  second_cut_end_date: z.string().nullable(),
  first_half_end_date: z.string().nullable(),
  second_half_end_date: z.string().nullable(),
  pending_evaluations_fc_reminder_date: z.string().nullable(),
  pending_evaluations_sc_reminder_date: z.string().nullable(),
  approval_minimum_avg: z.number().int(),
  approval_minimum_note: z.number().int(),
  low_performance_note: z.number().int(),
  high_performance_note: z.number().int(),
  enabled_inscriptions: z.boolean(),
  enabled_preregisters: z.boolean(),
  semester_price_e2: z.number().int().describe("Centésimas."),
  responsibles: z.object({
    principal: responsibleOutSchema.nullable(),
    vice_principal: responsibleOutSchema.nullable(),
    study_control: responsibleOutSchema.nullable(),
    manager: responsibleOutSchema.nullable(),
    signer: responsibleOutSchema.nullable(),
  }),
});
export type Period = z.infer<typeof periodSchema>;

export const pensumBriefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  version: z.number().int(),
});

export const specializationBriefSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  is_basic: z.boolean(),
});

/** GET /periods/{id}: the period with every specialization and the pensum it follows (null: none yet). */
export const periodDetailSchema = periodSchema.extend({
  specializations: z.array(specializationBriefSchema.extend({ pensum: pensumBriefSchema.nullable() })),
});
export type PeriodDetail = z.infer<typeof periodDetailSchema>;

/** A signer as `/enabled-period` and the public `/enabled-preregisters-period` show it: no cédula. */
const publicResponsibleSchema = responsibleOutSchema.omit({ identity_document: true });

/**
 * The period of `/enabled-period` (every role) and `/enabled-preregisters-period` (no session): the signers'
 * names and titles only; their identity numbers stay on the server.
 */
export const publicPeriodDetailSchema = periodDetailSchema.extend({
  responsibles: z.object({
    principal: publicResponsibleSchema.nullable(),
    vice_principal: publicResponsibleSchema.nullable(),
    study_control: publicResponsibleSchema.nullable(),
    manager: publicResponsibleSchema.nullable(),
    signer: publicResponsibleSchema.nullable(),
  }),
});
export type PublicPeriodDetail = z.infer<typeof publicPeriodDetailSchema>;

/** GET /enabled-period/pensums: the pensums of the current period with their semesters. */
export const periodPensumSchema = pensumBriefSchema.extend({
  specialization: specializationBriefSchema,
  semesters: z.array(z.object({ id: z.number().int(), number: z.number().int(), code: z.string() })),
});
export type PeriodPensum = z.infer<typeof periodPensumSchema>;

/** GET /periods/{id}/courses-by-specialization. */
export const coursesBySpecializationSchema = specializationBriefSchema.extend({
  pensum: pensumBriefSchema,
  semesters: z.array(
    z.object({
      id: z.number().int(),
      number: z.number().int(),
      code: z.string(),
      courses: z.array(
        z.object({
          id: z.number().int(),
          code: z.string(),
          title: z.string(),
          credits: z.number().int(),
          enabled: z.boolean(),
        }),
      ),
    }),
  ),
});
export type CoursesBySpecialization = z.infer<typeof coursesBySpecializationSchema>;

/** The name a period goes by: `year-number`. */
export const periodName = (p: { year: number; number: number }) => `${p.year}-${p.number}`;
