import type { DbOrTx } from "../../db/client.js";
import { notificationReceivers, notifications } from "../../db/schema/index.js";

/** Automatic notification (type 6, "Envío automático"). */
const AUTO = 6;

/**
 * The one automatic notification of document requests: to the student, their document is ready. Inserted
 * in the generation's transaction. (The notifications area's single send path will replace this body.)
 */
export async function notifyDocumentReady(
  tx: DbOrTx,
  opts: { userId: number; typeName: string; senderUserId: number | null },
): Promise<void> {
  const [row] = await tx
    .insert(notifications)
    .values({
      content: `Su ${opts.typeName.toLowerCase()} está lista: la enviamos a su correo y puede descargarla en Solicitudes de documentos.`,
      type: AUTO,
      code: "document_ready",
      back: "/document-requests",
      senderUserId: opts.senderUserId,
    })
    .returning({ id: notifications.id });
  await tx.insert(notificationReceivers).values({ notificationId: row!.id, userId: opts.userId });
}
