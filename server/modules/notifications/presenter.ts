import type { Notification } from "../../../common/schemas/notifications.js";
import type { CsvColumn } from "../../http/csv.js";
import { profilePictureUrl } from "../users/presenter.js";
import { attachmentPrefix } from "./compose.js";
import type { ReceivedNotificationRow } from "./service.js";

/** A stored attachment is downloaded through its access check; an older plain URL is shown as is. */
export function attachmentUrl(id: number, attachment: string | null): string | null {
  if (!attachment) return null;
  return attachment.startsWith(attachmentPrefix) ? `/api/notifications/${id}/attachment` : attachment;
}

const audienceNames: Record<number, string> = {
  1: "Todos",
  2: "Administradores",
  3: "Coordinadores",
  4: "Profesores",
  5: "Estudiantes",
  6: "Envío automático",
  7: "Un usuario",
  8: "Estudiantes de una sección",
  9: "Estudiantes de una materia/sección",
};

/** The caller's notifications as a CSV file. */
export const notificationCsvColumns: CsvColumn<ReceivedNotificationRow>[] = [
  { header: "Fecha", value: (row) => row.notification.createdAt.toISOString() },
  { header: "Remitente", value: (row) => row.sender?.name ?? row.sender?.email ?? "Sistema" },
  { header: "Audiencia", value: (row) => audienceNames[row.notification.type] ?? row.notification.type },
  { header: "Contenido", value: (row) => row.notification.content },
  { header: "Leída", value: (row) => row.readAt !== null },
];

/** A received notification as the API shows it; `withSender` embeds the sender (null for the system). */
export function presentNotification(row: ReceivedNotificationRow, withSender: boolean): Notification {
  const n = row.notification;
  const s = row.sender;
  const attachment = n.attachment;
  const params = n.code ? (n.params ?? null) : null;
  return {
    id: n.id,
    content: n.content,
    attachment: attachmentUrl(n.id, attachment),
    created_at: n.createdAt.toISOString(),
    ...(withSender
      ? {
          sender: s
            ? {
                name: s.name,
                email: s.email,
                profile_picture: profilePictureUrl({ id: s.id, profilePicture: s.profilePicture }),
              }
            : null,
        }
      : {}),
    pivot: { read_at: row.readAt ? row.readAt.toISOString() : null },
    type: n.type,
    code: n.code,
    params,
    back: n.back,
    receiver_user_id: n.receiverUserId,
  };
}
