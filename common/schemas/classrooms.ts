import { z } from "zod";

/** Weekdays a schedule can use (DOMAIN.md "Schedule"): 1 Monday … 6 Saturday. */
export const weekdays = [1, 2, 3, 4, 5, 6] as const;
export const weekdayNames: Record<number, string> = {
  1: "Lunes",
  2: "Martes",
  3: "Miércoles",
  4: "Jueves",
  5: "Viernes",
  6: "Sábado",
};

const fields = {
  code: z.string().trim().min(1).max(20),
  description: z
    .string()
    .trim()
    .max(1000)
    .nullable()
    .transform((v) => v || null),
  max_capacity: z.number().int().min(1).max(10_000),
  multiple_sections: z.boolean(),
  enabled: z.boolean(),
};

/** POST /classrooms. */
export const createClassroomSchema = z.object({
  code: fields.code,
  description: fields.description.optional().transform((v) => v ?? null),
  max_capacity: fields.max_capacity,
  multiple_sections: fields.multiple_sections.default(false),
  enabled: fields.enabled.default(true),
});
export type CreateClassroomInput = z.output<typeof createClassroomSchema>;

/** PATCH /classrooms/{id}: only the fields sent change. */
export const updateClassroomSchema = z.object({
  code: fields.code.optional(),
  description: fields.description.optional(),
  max_capacity: fields.max_capacity.optional(),
  multiple_sections: fields.multiple_sections.optional(),
  enabled: fields.enabled.optional(),
});
export type UpdateClassroomInput = z.output<typeof updateClassroomSchema>;

/** A classroom as the API shows it. */
export const classroomSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string().nullable(),
  max_capacity: z.number().int(),
  multiple_sections: z.boolean().describe("Puede recibir varias secciones a la vez."),
  enabled: z.boolean(),
  /** spec.md §3 calls it `state`; same value as `enabled`. */
  state: z.boolean().describe("Igual a `enabled` (nombre de spec.md §3)."),
});
export type Classroom = z.infer<typeof classroomSchema>;

/** A class hour inside classroom answers. Times are `HH:MM`. */
export const classHourBriefSchema = z.object({
  id: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
});

/** One meeting of a course section in a classroom (GET /classrooms/{id}/schedules). */
export const classroomScheduleSchema = z.object({
  id: z.number().int(),
  day: z.number().int().describe("1 lunes … 6 sábado."),
  day_name: z.string(),
  class_hours_ids: z.array(z.number().int()),
  class_hours: z.array(classHourBriefSchema),
  classroom: z.object({ id: z.number().int(), code: z.string() }),
  course_section: z.object({
    id: z.number().int(),
    course: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
    section: z.object({
      id: z.number().int(),
      code: z.string(),
      letter_code: z.string(),
      period_id: z.number().int(),
    }),
  }),
});
export type ClassroomSchedule = z.infer<typeof classroomScheduleSchema>;

/** A course section holding a slot. */
export const slotOccupantSchema = z.object({
  schedule_id: z.number().int(),
  course_section_id: z.number().int(),
  course_code: z.string(),
  course_title: z.string(),
  section_id: z.number().int(),
  section_code: z.string(),
});

/**
 * `data` of GET /classrooms/schedules-availability. The answer also carries the list `meta`: classrooms
 * come a page at a time (`page`, `limit`, `limit=0` every one), found by `search` (code, description),
 * ordered by `sort_by` (code, max_capacity, id) and filtered by `day`, `class_hours_ids`, `available`,
 * `min_capacity`, `include_disabled`, `period_id` and `exclude_schedule_id`.
 */
export const classroomAvailabilitySchema = z.object({
  period_id: z.number().int().nullable().describe("Período consultado (null: todos los horarios)."),
  days: z.array(z.number().int()).describe("Días consultados (1 lunes … 6 sábado)."),
  class_hours: z.array(classHourBriefSchema).describe("Horas de clase consultadas, en orden."),
  classrooms: z.array(
    classroomSchema.extend({
      available: z
        .boolean()
        .describe(
          "Libre en todos los días y horas consultados (un aula de varias secciones siempre lo está).",
        ),
      free_slots: z.number().int(),
      slots: z
        .array(
          z.object({
            day: z.number().int(),
            class_hour_id: z.number().int(),
            free: z.boolean(),
            occupied_by: z.array(slotOccupantSchema),
          }),
        )
        .describe("Cada combinación de día y hora de clase consultada."),
    }),
  ),
});
export type ClassroomAvailability = z.infer<typeof classroomAvailabilitySchema>;
