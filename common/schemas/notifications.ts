import { z } from "zod";

/** Who sent a notification; null when the system did (spec.md §2 "Notification dropdown"). */
export const notificationSenderSchema = z.object({
  name: z.string().nullable(),
  email: z.string(),
  profile_picture: z.string().nullable().describe("Dirección de la foto (con sesión), o null."),
});
export type NotificationSender = z.infer<typeof notificationSenderSchema>;

/**
 * Parameters of a system notification's text (amounts in hundredths, ISO dates, type numbers, names): the
 * web app renders `code` with them in the reader's language (web/layout/notification-text.ts).
 */
export const notificationParamsSchema = z.record(z.string(), z.unknown());
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

/** A notification as its receiver sees it (spec.md §3 Notification). */
export const notificationSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  attachment: z.string().nullable().describe("Dirección del archivo adjunto."),
  created_at: z.string().describe("Instante ISO 8601."),
  sender: notificationSenderSchema
    .nullable()
    .optional()
    .describe("Con `with=sender`: quien la envió; null si la envió el sistema."),
  pivot: z.object({ read_at: z.string().nullable() }).describe("Lectura del receptor (la sesión)."),
  type: z.number().int().describe("Audiencia (spec.md §9): 1 todos … 6 automática, 7 un usuario, 8, 9."),
  code: z.string().nullable().describe("Código de una notificación automática, p. ej. payment_approved."),
  params: notificationParamsSchema
    .nullable()
    .describe(
      "Parámetros del texto de una notificación automática (montos en centésimas, fechas ISO), para " +
        "mostrarla en el idioma de quien la lee; null en las demás y en las anteriores a los códigos.",
    ),
  back: z.string().nullable().describe("Ruta de la aplicación a la que lleva."),
  receiver_user_id: z.number().int().nullable().describe("Solo para el tipo 7."),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Relations a notification list may embed (`with=sender`). */
export const notificationRelations = ["sender"] as const;

/** Columns the notification list may be sorted by; newest first by default. */
export const notificationSortable = ["created_at", "id", "type"] as const;

/** The audiences of spec.md §9 (a notification's `type`). */
export const Audience = {
  all: 1,
  admins: 2,
  coordinators: 3,
  teachers: 4,
  students: 5,
  auto: 6,
  single: 7,
  sectionStudents: 8,
  courseSections: 9,
} as const;
export type AudienceNumber = (typeof Audience)[keyof typeof Audience];

/** Audiences people compose (6 is only ever sent by the system). */
export const composableAudiences = [1, 2, 3, 4, 5, 7, 8, 9] as const;
/** The audiences a teacher or coordinator may use (only within their own sections). */
export const teacherAudiences = [7, 8, 9] as const;

/** Largest notification text. */
export const NOTIFICATION_CONTENT_MAX = 5000;

/** Drops null and empty-string fields, and `receiver_user_id` unless the type is 7 (spec.md §5). */
export function cleanNotificationFields(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === null || value === undefined) continue;
    if (typeof value === "string" && value.trim() === "") continue;
    out[key] = value;
  }
  if (Number(out.type) !== Audience.single) delete out.receiver_user_id;
  if (Number(out.type) !== Audience.sectionStudents) delete out.section_id;
  if (Number(out.type) !== Audience.courseSections) delete out.course_section_id;
  return out;
}

/** POST /notifications: compose (JSON, or multipart with an `attachment` file). */
export const notificationCreateSchema = z.object({
  type: z.coerce
    .number()
    .int()
    .refine((t) => (composableAudiences as readonly number[]).includes(t), {
      message: "El tipo seleccionado no es válido.",
    }),
  content: z.string().trim().min(1).max(NOTIFICATION_CONTENT_MAX),
  receiver_user_id: z.coerce.number().int().positive().optional(),
  section_id: z.coerce.number().int().positive().optional(),
  course_section_id: z.coerce.number().int().positive().optional(),
});
export type NotificationCreate = z.infer<typeof notificationCreateSchema>;

/**
 * PATCH /notifications/{id}: what a receiver may change of their copy, its reading (true: read, keeping
 * the first reading time; false: unread again).
 */
export const notificationUpdateSchema = z.object({ read: z.boolean() });
export type NotificationUpdate = z.infer<typeof notificationUpdateSchema>;

/** What the compose page may offer the caller (GET /notifications/audiences). */
export const notificationAudiencesSchema = z.object({
  types: z.array(z.number().int()).describe("Audiencias que la sesión puede usar."),
  sections: z
    .array(z.object({ id: z.number().int(), code: z.string(), students: z.number().int() }))
    .describe("Secciones del período habilitado a las que puede escribir (tipo 8)."),
  course_sections: z
    .array(
      z.object({
        id: z.number().int(),
        section_code: z.string(),
        course_name: z.string(),
        students: z.number().int(),
      }),
    )
    .describe("Materias/secciones del período habilitado a las que puede escribir (tipo 9)."),
});
export type NotificationAudiences = z.infer<typeof notificationAudiencesSchema>;

/** A user a notification of type 7 may go to (GET /notifications/receivers). */
export const notificationReceiverOptionSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  type: z.number().int(),
});
export type NotificationReceiverOption = z.infer<typeof notificationReceiverOptionSchema>;
