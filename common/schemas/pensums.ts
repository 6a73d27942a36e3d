import { z } from "zod";

const name = z.string().trim().min(1).max(150);
const semesterCode = z.string().trim().min(1).max(20);
const courseIds = z.array(z.number().int().min(1)).max(30);

/** POST /pensums: version 1 of a pensum, optionally with its semesters (in order) and their courses. */
export const createPensumSchema = z.object({
  specialization_id: z.number().int().min(1),
  name,
  enabled: z.boolean().default(true),
  semesters: z
    .array(z.object({ code: semesterCode, courses_ids: courseIds.default([]) }))
    .max(20)
    .default([]),
});
export type CreatePensumInput = z.output<typeof createPensumSchema>;

/** PATCH /pensums/{id}. */
export const updatePensumSchema = z.object({
  name: name.optional(),
  enabled: z.boolean().optional(),
});
export type UpdatePensumInput = z.output<typeof updatePensumSchema>;

/** POST /pensums/{id}/versions: a copy of the pensum (semesters, courses, prelations) as its next version. */
export const createPensumVersionSchema = z.object({ name: name.optional() });
export type CreatePensumVersionInput = z.output<typeof createPensumVersionSchema>;

export const specializationBriefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  code: z.string(),
  is_basic: z.boolean(),
});

/** A pensum in lists. */
export const pensumSchema = z.object({
  id: z.number().int(),
  specialization_id: z.number().int(),
  specialization: specializationBriefSchema,
  name: z.string(),
  version: z.number().int(),
  previous_pensum_id: z.number().int().nullable(),
  enabled: z.boolean(),
  semesters_count: z.number().int(),
  courses_count: z.number().int(),
  periods_count: z.number().int().describe("Períodos que usan esta versión."),
});
export type Pensum = z.infer<typeof pensumSchema>;

export const semesterCourseSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  credits: z.number().int(),
  hours: z.number().int(),
  enabled: z.boolean(),
});
export type SemesterCourse = z.infer<typeof semesterCourseSchema>;

/** A semester as the API shows it (spec.md §3: code, specialization_id, courses_ids). */
export const semesterSchema = z.object({
  id: z.number().int(),
  pensum_id: z.number().int(),
  specialization_id: z.number().int(),
  number: z.number().int(),
  code: z.string(),
  courses_ids: z.array(z.number().int()),
  courses: z.array(semesterCourseSchema),
  credits: z.number().int().describe("Suma de los créditos de sus materias."),
  has_sections: z.boolean().describe("Alguna sección usa el semestre: no puede perder materias."),
});
export type Semester = z.infer<typeof semesterSchema>;

export const pensumPrelationSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  required_course_id: z.number().int(),
  type: z.enum(["total", "partial"]),
});
export type PensumPrelation = z.infer<typeof pensumPrelationSchema>;

/** GET /pensums/{id}: the pensum with its ordered semesters, their courses and the prelations between them. */
export const pensumDetailSchema = pensumSchema.extend({
  semesters: z.array(semesterSchema),
  prelations: z.array(pensumPrelationSchema),
  periods: z.array(z.object({ id: z.number().int(), year: z.number().int(), number: z.number().int() })),
  versions: z
    .array(z.object({ id: z.number().int(), version: z.number().int(), name: z.string() }))
    .describe("Todas las versiones del mismo pensum (misma especialidad y nombre)."),
});
export type PensumDetail = z.infer<typeof pensumDetailSchema>;
