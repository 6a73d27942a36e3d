import { z } from "zod";

/** A class-hour end must come after its start (spec.md §5; DOMAIN.md "Class hour"). */
export const CLASS_HOUR_ORDER_MESSAGE = "La hora de fin debe ser posterior a la hora de inicio.";

const hour = z.number().int().min(0).max(23);
const minute = z.number().int().min(0).max(59);

const minutesOf = (h: number, m: number) => h * 60 + m;

/** POST /class-hours and PATCH /class-hours/{id} (every field is sent: a class hour is four numbers). */
export const classHourInputSchema = z
  .object({ start_hour: hour, start_minute: minute, end_hour: hour, end_minute: minute })
  .superRefine((v, ctx) => {
    if (minutesOf(v.end_hour, v.end_minute) <= minutesOf(v.start_hour, v.start_minute))
      ctx.addIssue({
        code: "custom",
        path: ["end_hour"],
        input: v.end_hour,
        message: CLASS_HOUR_ORDER_MESSAGE,
      });
  });
export type ClassHourInput = z.output<typeof classHourInputSchema>;

/** `HH:MM` of an hour and minute (minutes padded to two digits). */
export const hhmm = (h: number, m: number) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;

/** A class hour as the API shows it: spec.md §3 fields plus `start_time`/`end_time` as `HH:MM`. */
export const classHourSchema = z.object({
  id: z.number().int(),
  start_hour: z.number().int(),
  start_minute: z.number().int(),
  end_hour: z.number().int(),
  end_minute: z.number().int(),
  start_time: z.string().describe("HH:MM"),
  end_time: z.string().describe("HH:MM"),
});
export type ClassHour = z.infer<typeof classHourSchema>;
