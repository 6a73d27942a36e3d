import type { Notification } from "../../../common/schemas/notifications.js";
import { profilePictureUrl } from "../users/presenter.js";
import type { ReceivedNotificationRow } from "./service.js";

/** A received notification as the API shows it; `withSender` embeds the sender (null for the system). */
export function presentNotification(row: ReceivedNotificationRow, withSender: boolean): Notification {
  const n = row.notification;
  const s = row.sender;
  return {
    id: n.id,
    content: n.content,
    attachment: n.attachment,
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
    back: n.back,
    receiver_user_id: n.receiverUserId,
  };
}
