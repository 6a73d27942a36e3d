import { z } from "zod";

/** Who sent a notification; null when the system did (spec.md §2 "Notification dropdown"). */
export const notificationSenderSchema = z.object({
  name: z.string().nullable(),
  email: z.string(),
  profile_picture: z.string().nullable().describe("Dirección de la foto (con sesión), o null."),
});
export type NotificationSender = z.infer<typeof notificationSenderSchema>;

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
  back: z.string().nullable().describe("Ruta de la aplicación a la que lleva."),
  receiver_user_id: z.number().int().nullable().describe("Solo para el tipo 7."),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Relations a notification list may embed (`with=sender`). */
export const notificationRelations = ["sender"] as const;

/** Columns the notification list may be sorted by; newest first by default. */
export const notificationSortable = ["created_at", "id", "type"] as const;
