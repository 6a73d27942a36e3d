import { z } from "zod";

/** total: the required course must be passed; partial: it must have been taken (DOMAIN.md "Prelation"). */
export const prelationTypes = ["total", "partial"] as const;
export type PrelationType = (typeof prelationTypes)[number];

const id = z.number().int().min(1).max(2_147_483_647);

/** POST /prelations: inside `pensum_id`, `course_id` requires `required_course_id`. */
export const createPrelationSchema = z.object({
  pensum_id: id,
  course_id: id,
  required_course_id: id,
  type: z.enum(prelationTypes).default("total"),
});
export type CreatePrelationInput = z.output<typeof createPrelationSchema>;

/** PATCH /prelations/{id}: the required course or the type. */
export const updatePrelationSchema = z.object({
  required_course_id: id.optional(),
  type: z.enum(prelationTypes).optional(),
});
export type UpdatePrelationInput = z.output<typeof updatePrelationSchema>;

/** DELETE /prelations with a body: partial prelations removed together. */
export const bulkDeletePrelationsSchema = z.object({
  ids: z.array(id).min(1).max(500),
});
export type BulkDeletePrelationsInput = z.output<typeof bulkDeletePrelationsSchema>;

const courseInPensum = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  enabled: z.boolean(),
  semester_id: z.number().int(),
  semester_number: z.number().int(),
  semester_code: z.string(),
});

/** A prelation as the API shows it. */
export const prelationSchema = z.object({
  id: z.number().int(),
  type: z.enum(prelationTypes),
  pensum_id: z.number().int(),
  pensum: z.object({
    id: z.number().int(),
    name: z.string(),
    version: z.number().int(),
    specialization_id: z.number().int(),
    specialization_title: z.string(),
  }),
  course_id: z.number().int().describe("La materia que tiene el requisito."),
  course: courseInPensum,
  required_course_id: z.number().int().describe("La materia requerida (debe cursarse antes)."),
  required_course: courseInPensum,
});
export type Prelation = z.infer<typeof prelationSchema>;
