import { z } from "zod";
import { courseNumberFields } from "./courses.js";

const fields = {
  title: z.string().trim().min(1).max(150),
  code: z.string().trim().min(1).max(20),
  description: z
    .string()
    .trim()
    .max(1000)
    .nullable()
    .transform((v) => v || null),
  is_basic: z.boolean(),
  enabled: z.boolean(),
};

/** POST /specializations. */
export const createSpecializationSchema = z.object({
  title: fields.title,
  code: fields.code,
  description: fields.description.optional().transform((v) => v ?? null),
  is_basic: fields.is_basic.default(false),
  enabled: fields.enabled.default(true),
});
export type CreateSpecializationInput = z.output<typeof createSpecializationSchema>;

/** PATCH /specializations/{id}: only the fields sent change. */
export const updateSpecializationSchema = z.object({
  title: fields.title.optional(),
  code: fields.code.optional(),
  description: fields.description.optional(),
  is_basic: fields.is_basic.optional(),
  enabled: fields.enabled.optional(),
});
export type UpdateSpecializationInput = z.output<typeof updateSpecializationSchema>;

/** A specialization as the API shows it. */
export const specializationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  is_basic: z.boolean().describe("Ciclo básico: el ciclo común a todas las especialidades (a lo sumo una)."),
  enabled: z.boolean(),
  pensums_count: z.number().int().describe("Pensums (todas las versiones) de la especialidad."),
});
export type Specialization = z.infer<typeof specializationSchema>;

/** GET /specializations/{id}/coordinator: the coordinator, or null when it has none. */
export const specializationCoordinatorSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    is_coordinator: z.boolean(),
    specialization_id: z.number().int().nullable(),
  })
  .nullable();
export type SpecializationCoordinator = z.infer<typeof specializationCoordinatorSchema>;

/** A course of the nested create: a new course, or an existing one by id. */
const nestedCourseSchema = z.union([
  z.object({ id: z.number().int().min(1) }),
  z.object({
    code: z.string().trim().min(1).max(20),
    title: z.string().trim().min(1).max(150),
    ...courseNumberFields,
    supports_final_delivery: z.boolean().default(false),
  }),
]);

/**
 * POST /specializations/periods/pensums/semesters/courses: a specialization, its first pensum, the pensum's
 * semesters in order and their courses, in one transaction; optionally attached to a period that has not
 * started.
 */
export const nestedSpecializationSchema = z.object({
  specialization: createSpecializationSchema,
  pensum: z.object({ name: z.string().trim().min(1).max(150) }),
  semesters: z
    .array(
      z.object({
        code: z.string().trim().min(1).max(20),
        courses: z.array(nestedCourseSchema).max(30).default([]),
      }),
    )
    .min(1)
    .max(20),
  period_id: z.number().int().min(1).nullable().optional(),
});
export type NestedSpecializationInput = z.output<typeof nestedSpecializationSchema>;
