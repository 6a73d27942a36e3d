import { z } from "zod";
import { after } from "../validation/zod.js";

const description = z.string().trim().min(1).max(200);

/**
 * POST /holidays: one day (`start_date` only) or a range (`end_date` on or after `start_date`).
 * A missing or empty `end_date` means the holiday lasts one day.
 */
export const createHolidaySchema = z
  .object({
    description,
    start_date: z.iso.date(),
    end_date: z
      .union([z.iso.date(), z.literal(""), z.null()])
      .optional()
      .transform((v) => v || undefined),
  })
  .superRefine(after("end_date", "start_date", { orEqual: true }));
export type CreateHolidayInput = z.output<typeof createHolidaySchema>;

/** PATCH /holidays/{id}: only the fields sent change; the stored dates keep their order (checked by the service). */
export const updateHolidaySchema = z
  .object({
    description: description.optional(),
    start_date: z.iso.date().optional(),
    end_date: z.iso.date().optional(),
  })
  .superRefine(after("end_date", "start_date", { orEqual: true }));
export type UpdateHolidayInput = z.output<typeof updateHolidaySchema>;

/** A holiday as the API shows it. `date` is `start_date` (spec.md speaks of "a date or a date range"). */
export const holidaySchema = z.object({
  id: z.number().int(),
  description: z.string(),
  date: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  days: z.number().int().describe("Días que abarca, contando ambos extremos."),
});
export type Holiday = z.infer<typeof holidaySchema>;
