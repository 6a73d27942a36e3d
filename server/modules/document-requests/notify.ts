import type { DbOrTx } from "../../db/client.js";
import { sendNotification } from "../notifications/send.js";

/** Automatic notification (type 6, "Envío automático"). */
const AUTO = 6;

/**
 * The one automatic notification of document requests: to the student, their document is ready. Sent in
 * the generation's transaction through the notifications' one send path (live delivery after commit).
 */
export async function notifyDocumentReady(
  tx: DbOrTx,
  opts: { userId: number; typeId: number; typeName: string; senderUserId: number | null },
): Promise<void> {
  await sendNotification(tx, {
    type: AUTO,
    content: `Su ${opts.typeName.toLowerCase()} está lista: la enviamos a su correo y puede descargarla en Solicitudes de documentos.`,
    code: "document_ready",
    // The web app names the type in the reader's language (by its number; a type of its own by its name).
    params: { document_type: opts.typeId, document_name: opts.typeName },
    back: "/document-requests",
    senderUserId: opts.senderUserId,
    userIds: [opts.userId],
  });
}
