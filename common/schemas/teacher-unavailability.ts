import { z } from "zod";
import { ruleIssue } from "../validation/zod.js";
import { classHourBriefSchema } from "./classrooms.js";

const id = z.number().int().min(1).max(2_147_483_647);

/** One slot of the week a teacher cannot teach: a day (1 Monday … 6 Saturday) and a class hour. */
export const unavailableSlotSchema = z.object({
  day: z.number().int().min(1).max(6),
  class_hour_id: id,
});
export type UnavailableSlot = z.infer<typeof unavailableSlotSchema>;

/** Key of a slot of the week, `"day:classHourId"`. */
export const unavailableSlotKey = (slot: UnavailableSlot) => `${slot.day}:${slot.class_hour_id}`;

/**
 * PUT /teachers/{id}/unavailability: the whole set, replacing the one the teacher had (empty: always
 * available). A slot listed twice is a 422 on the repeated one. 6 days × at most 24 class hours.
 */
export const updateTeacherUnavailabilitySchema = z.object({
  slots: z
    .array(unavailableSlotSchema)
    .max(6 * 24)
    .superRefine((slots, ctx) => {
      const seen = new Set<string>();
      slots.forEach((slot, i) => {
        const key = unavailableSlotKey(slot);
        if (seen.has(key)) ctx.addIssue({ code: "custom", path: [i], input: slot, ...ruleIssue("distinct") });
        seen.add(key);
      });
    }),
});
export type UpdateTeacherUnavailabilityInput = z.output<typeof updateTeacherUnavailabilitySchema>;

/**
 * `data` of GET (and PUT) /teachers/{id}/unavailability: the slots, by day then class hour start, and the
 * class hours of the school day (the grid's rows: a coordinator cannot list class hours themself).
 */
export const teacherUnavailabilitySchema = z.object({
  slots: z.array(unavailableSlotSchema),
  class_hours: z.array(classHourBriefSchema).describe("Horas de clase del día, en orden."),
});
export type TeacherUnavailability = z.infer<typeof teacherUnavailabilitySchema>;
