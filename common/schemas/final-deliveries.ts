import { z } from "zod";
import { recordId } from "../validation/ids.js";

export const FINAL_DELIVERY_CODE_MAX = 30;
export const FINAL_DELIVERY_TITLE_MAX = 200;
export const FINAL_DELIVERY_TEXT_MAX = 5000;
/** The scheduled content's file: PDF, Word, plain text or an image, up to 10 MB (spec.md §3). */
export const SCHEDULED_CONTENT_MAX_BYTES = 10 * 1024 * 1024;
export const scheduledContentTypes = {
  "application/pdf": "pdf",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "text/plain": "txt",
  "image/png": "png",
  "image/jpeg": "jpg",
} as const;
/** Hours after the delivery date during which the jury and its notes can still change (spec.md §9). */
export const JURY_WINDOW_HOURS = 24;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => v || null);

/** A wall-clock date and time in the school's time zone, `YYYY-MM-DDTHH:MM`. */
const localDateTime = z.iso.datetime({ local: true, precision: -1 });

const fields = {
  course_section_id: recordId(),
  code: z.string().trim().min(1).max(FINAL_DELIVERY_CODE_MAX),
  title: optionalText(FINAL_DELIVERY_TITLE_MAX),
  description: optionalText(FINAL_DELIVERY_TEXT_MAX),
  delivery_at: localDateTime.nullable(),
  final_delivery_value_percent: z.number().int().min(0).max(100),
  scheduled_content: optionalText(FINAL_DELIVERY_TEXT_MAX),
};

/** POST /final-deliveries: the students are the course section's enrolled ones. */
export const createFinalDeliverySchema = z.object({
  course_section_id: fields.course_section_id,
  code: fields.code,
  title: fields.title.optional().transform((v) => v ?? null),
  description: fields.description.optional().transform((v) => v ?? null),
  delivery_at: fields.delivery_at.optional().transform((v) => v ?? null),
  final_delivery_value_percent: fields.final_delivery_value_percent,
  scheduled_content: fields.scheduled_content.optional().transform((v) => v ?? null),
});
export type CreateFinalDeliveryInput = z.output<typeof createFinalDeliverySchema>;

/** PATCH /final-deliveries/{id}: only the fields sent change (the course section stays). */
export const updateFinalDeliverySchema = z.object({
  code: fields.code.optional(),
  title: fields.title.optional(),
  description: fields.description.optional(),
  delivery_at: fields.delivery_at.optional(),
  final_delivery_value_percent: fields.final_delivery_value_percent.optional(),
  scheduled_content: fields.scheduled_content.optional(),
});
export type UpdateFinalDeliveryInput = z.output<typeof updateFinalDeliverySchema>;

/** PATCH /final-deliveries/{id}/teachers/{teacher}/students/{student}. */
export const juryNoteSchema = z.object({ note: z.number().min(0).max(20).multipleOf(0.01) });
export type JuryNoteInput = z.output<typeof juryNoteSchema>;

const person = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

export const finalDeliverySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  delivery_at: z.string().nullable().describe("ISO 8601 (UTC)."),
  delivery_at_local: z.string().nullable().describe("`YYYY-MM-DDTHH:MM` en la zona horaria de la escuela."),
  final_delivery_value_percent: z.number().int(),
  scheduled_content: z.string().nullable(),
  scheduled_content_resource: z.string().nullable().describe("Nombre del archivo subido, si hay."),
  course_section_id: z.number().int(),
  course: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  section: z.object({ id: z.number().int(), code: z.string(), period_id: z.number().int() }),
  jury: z.array(person),
  students_count: z.number().int(),
  jury_can_modify: z.boolean().describe("Falso cuando no tiene fecha o pasaron 24 horas desde ella."),
  closed: z
    .boolean()
    .describe("Pasaron 24 horas desde su fecha: nadie puede cambiar la entrega, su jurado ni sus notas."),
});
export type FinalDelivery = z.infer<typeof finalDeliverySchema>;

/** GET /final-deliveries/{id}/students: each student with every jury member's note and their average. */
export const finalDeliveryStudentSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  identity_document: z.string(),
  notes: z.array(z.object({ teacher_id: z.number().int(), note: z.number() })),
  average: z
    .number()
    .nullable()
    .describe("Promedio de las notas del jurado (dos decimales); null sin notas."),
});
export type FinalDeliveryStudent = z.infer<typeof finalDeliveryStudentSchema>;
