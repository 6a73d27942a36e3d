import { z } from "zod";
import { recordId } from "../validation/ids.js";

export const BINNACLE_SUBJECT_MAX = 200;
export const BINNACLE_DESCRIPTION_MAX = 5000;
export const BINNACLE_CATEGORY_MAX = 50;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => v || null);

const fields = {
  student_id: recordId(),
  course_section_id: recordId().nullable(),
  incidence_date: z.iso.date(),
  subject: z.string().trim().min(1).max(BINNACLE_SUBJECT_MAX),
  description: optionalText(BINNACLE_DESCRIPTION_MAX),
  category: optionalText(BINNACLE_CATEGORY_MAX),
};

/** POST /binnacles: an entry about one student, optionally about one of their course sections. */
export const createBinnacleSchema = z.object({
  student_id: fields.student_id,
  course_section_id: fields.course_section_id.optional().transform((v) => v ?? null),
  incidence_date: fields.incidence_date,
  subject: fields.subject,
  description: fields.description.optional().transform((v) => v ?? null),
  category: fields.category.optional().transform((v) => v ?? null),
});
export type CreateBinnacleInput = z.output<typeof createBinnacleSchema>;

/** PATCH /binnacles/{id}: only the fields sent change (the student stays). */
export const updateBinnacleSchema = z.object({
  course_section_id: fields.course_section_id.optional(),
  incidence_date: fields.incidence_date.optional(),
  subject: fields.subject.optional(),
  description: fields.description.optional(),
  category: fields.category.optional(),
});
export type UpdateBinnacleInput = z.output<typeof updateBinnacleSchema>;

/** A binnacle entry as the API shows it. */
export const binnacleSchema = z.object({
  id: z.number().int(),
  incidence_date: z.string(),
  subject: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  student: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    identity_document: z.string(),
  }),
  student_id: z.number().int(),
  course_section_id: z.number().int().nullable(),
  course: z.object({ id: z.number().int(), code: z.string(), title: z.string() }).nullable(),
  section: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  period_id: z.number().int().nullable(),
  author: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  created_at: z.string(),
});
export type Binnacle = z.infer<typeof binnacleSchema>;
