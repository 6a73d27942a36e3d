import { z } from "zod";
import { parseTypedTime } from "../../../common/dates/format";
import { type ClassHour, classHourInputSchema, hhmm } from "../../../common/schemas/class-hours";
import { ruleIssue } from "../../../common/validation/zod";

/** The class-hour form's fields: two times typed on a 24-hour clock, HH:MM. */
export type ClassHourValues = { start_time: string; end_time: string };

export const toValues = (hour?: ClassHour): ClassHourValues => ({
  start_time: hour ? hhmm(hour.start_hour, hour.start_minute) : "",
  end_time: hour ? hhmm(hour.end_hour, hour.end_minute) : "",
});

const typedTime = z
  .string()
  .trim()
  .min(1)
  .refine((text) => parseTypedTime(text) !== null, ruleIssue("time"));

const numbersOf = (text: string) => {
  const [hour, minute] = (parseTypedTime(text) ?? "").split(":").map(Number);
  return { hour: hour!, minute: minute! };
};

/**
 * The form's two times as the API's payload (four numbers, unchanged): each time must be readable
 * (00:00 to 23:59), then the shared schema checks that the end comes after the start.
 */
export const classHourTimesSchema = z
  .object({ start_time: typedTime, end_time: typedTime })
  .transform(({ start_time, end_time }) => {
    const [start, end] = [numbersOf(start_time), numbersOf(end_time)];
    return { start_hour: start.hour, start_minute: start.minute, end_hour: end.hour, end_minute: end.minute };
  })
  .pipe(classHourInputSchema);

const FIELD_OF: Record<string, keyof ClassHourValues> = {
  start_hour: "start_time",
  start_minute: "start_time",
  end_hour: "end_time",
  end_minute: "end_time",
};

/**
 * Errors named after the API's fields (`end_hour`: the shared schema's and the server's 422) moved to the
 * form's time they belong to; the first message of a time wins.
 */
export function onTimeFields<T>(errors: Record<string, T>): Record<string, T> {
  const moved: Record<string, T> = {};
  for (const [field, message] of Object.entries(errors)) {
    const target = FIELD_OF[field] ?? field;
    if (!(target in moved)) moved[target] = message;
  }
  return moved;
}
