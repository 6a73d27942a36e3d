import { z } from "zod";
import { classHourBriefSchema } from "./classrooms.js";

export { weekdayNames, weekdays } from "./classrooms.js";

const id = z.number().int().min(1).max(2_147_483_647);
const day = z.number().int().min(1).max(6);
const classHoursIds = z
  .array(id)
  .min(1)
  .max(24)
  .transform((ids) => [...new Set(ids)]);

/** Schedule shifts (spec.md §2): the section's `shift` values and their Spanish labels. */
export const shiftLabels: Record<string, string> = { morning: "Mañana", afternoon: "Tarde", mixed: "Mixto" };

/** POST /schedules: one meeting of a course section (a day, a classroom, one or more class hours). */
export const createScheduleSchema = z.object({
  course_section_id: id,
  day,
  classroom_id: id,
  class_hours_ids: classHoursIds,
});
export type CreateScheduleInput = z.output<typeof createScheduleSchema>;

/** PATCH /schedules/{id}: the fields sent change; `class_hours_ids` replaces the hours. */
export const updateScheduleSchema = z.object({
  day: day.optional(),
  classroom_id: id.optional(),
  class_hours_ids: classHoursIds.optional(),
});
export type UpdateScheduleInput = z.output<typeof updateScheduleSchema>;

/** An entry without class hours is dropped (spec.md §4: "Bulk schedule store drops entries with no class_hours_ids"). */
const hasHours = (entry: unknown) => {
  if (!entry || typeof entry !== "object") return true;
  const hours = (entry as { class_hours_ids?: unknown }).class_hours_ids;
  return !(
    hours === undefined ||
    hours === null ||
    hours === "" ||
    (Array.isArray(hours) && hours.length === 0)
  );
};

/** POST /schedules/bulk-store: the whole weekly schedule of a course section, replacing the one it had. */
export const bulkStoreSchedulesSchema = z.object({
  course_section_id: id,
  schedules: z.preprocess(
    (v) => (Array.isArray(v) ? v.filter(hasHours) : v),
    z.array(z.object({ day, classroom_id: id, class_hours_ids: classHoursIds })).max(60),
  ),
});
export type BulkStoreSchedulesInput = z.output<typeof bulkStoreSchedulesSchema>;

const teacherBriefSchema = z.object({ id: z.number().int(), name: z.string() });

/** One meeting of a course section as the API shows it (spec.md §3: class_hours_ids, classroom, course_section.course.title). */
export const scheduleSchema = z.object({
  id: z.number().int(),
  day: z.number().int().describe("1 lunes … 6 sábado."),
  day_name: z.string(),
  class_hours_ids: z.array(z.number().int()),
  class_hours: z.array(classHourBriefSchema),
  classroom: z.object({ id: z.number().int(), code: z.string(), multiple_sections: z.boolean() }),
  course_section: z.object({
    id: z.number().int(),
    course: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
    section: z.object({
      id: z.number().int(),
      code: z.string(),
      letter_code: z.string(),
      shift: z.string(),
      period_id: z.number().int(),
    }),
    teachers: z.array(teacherBriefSchema),
  }),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** One occupied slot (day × class hour) of a period: who holds it, where, with which teachers. */
export const gridSlotSchema = z.object({
  day: z.number().int(),
  class_hour_id: z.number().int(),
  schedule_id: z.number().int(),
  course_section_id: z.number().int(),
  course: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  section: z.object({ id: z.number().int(), code: z.string() }),
  classroom: z.object({ id: z.number().int(), code: z.string(), multiple_sections: z.boolean() }),
  teachers: z.array(teacherBriefSchema),
});
export type GridSlot = z.infer<typeof gridSlotSchema>;

/**
 * `data` of GET /schedules/grid: the class hours of the school day and the occupied slots of a period,
 * for one section, classroom or teacher, or all of them (the occupancy a schedule editor checks against).
 */
export const weeklyGridSchema = z.object({
  period_id: z.number().int().nullable(),
  class_hours: z.array(classHourBriefSchema),
  slots: z.array(gridSlotSchema),
});
export type WeeklyGrid = z.infer<typeof weeklyGridSchema>;

/** `data` of GET /sections/{id}/courses/{course}/schedules: a course section and its weekly schedule. */
export const courseSectionSchedulesSchema = z.object({
  course_section: z.object({
    id: z.number().int(),
    course: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
    section: z.object({
      id: z.number().int(),
      code: z.string(),
      letter_code: z.string(),
      shift: z.string(),
      period_id: z.number().int(),
    }),
    teachers: z.array(teacherBriefSchema),
  }),
  schedules: z.array(scheduleSchema),
});
export type CourseSectionSchedules = z.infer<typeof courseSectionSchedulesSchema>;
