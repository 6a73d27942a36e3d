import { z } from "zod";
import { recordId } from "../validation/ids.js";
import { after } from "../validation/zod.js";

/** Optional text: empty means none (spec.md §5 drops empty strings before sending; the server agrees). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));
const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/)
  .nullable()
  .optional();

const fields = {
  title: z.string().trim().min(1).max(200),
  description: optionalText(2000),
  observation: optionalText(2000),
  start_date: z.iso.date(),
  end_date: z.iso.date(),
  period_id: recordId().nullable(),
  color,
  text_color: color,
};

/** POST /activities. */
export const createActivitySchema = z
  .object({
    title: fields.title,
    description: fields.description,
    observation: fields.observation,
    start_date: fields.start_date,
    end_date: fields.end_date,
    period_id: fields.period_id.optional(),
    color: fields.color,
    text_color: fields.text_color,
  })
  .superRefine(after("end_date", "start_date", { orEqual: true }));
export type CreateActivityInput = z.output<typeof createActivitySchema>;

/** PATCH /activities/{id}: only the fields sent change. */
export const updateActivitySchema = z
  .object({
    title: fields.title.optional(),
    description: fields.description,
    observation: fields.observation,
    start_date: fields.start_date.optional(),
    end_date: fields.end_date.optional(),
    period_id: fields.period_id.optional(),
    color: fields.color,
    text_color: fields.text_color,
  })
  .superRefine(after("end_date", "start_date", { orEqual: true }));
export type UpdateActivityInput = z.output<typeof updateActivitySchema>;

/** An activity of the calendar ("Cronograma de actividades") as the API shows it. */
export const activitySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  observation: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  period_id: z.number().int().nullable(),
  color: z.string().nullable(),
  text_color: z.string().nullable(),
});
export type Activity = z.infer<typeof activitySchema>;
