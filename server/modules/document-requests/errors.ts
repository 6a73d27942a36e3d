import { AppError } from "../../http/errors.js";

/**
 * Spanish descriptions of the document requests' codes. The server sends them with each refusal (the web
 * app shows the answer's `description`), so they stay out of common/errors.ts and the login page's script.
 */
export const documentErrorText = {
  document_request_not_found: "No se encontró la solicitud de documento.",
  document_request_type_not_found: "No se encontró el tipo de documento.",
  document_request_type_disabled: "Ese tipo de documento no se puede solicitar por ahora.",
  document_request_already_pending: "Ya tiene una solicitud pendiente de ese tipo de documento.",
  document_request_wrong_type: "Esa acción no genera el tipo de documento de la solicitud.",
  document_request_not_pending: "Solo una solicitud pendiente puede generarse o marcarse como generada.",
  document_request_not_sent:
    "El documento aún no se ha generado y enviado: genérelo antes de marcarlo como generado.",
  document_request_not_generated: "Solo una solicitud generada puede marcarse como retirada.",
  document_request_already_closed: "La solicitud ya fue retirada o cancelada.",
  document_request_has_documents:
    "La solicitud ya tiene un documento emitido y no puede eliminarse; cancélela para revocarlo.",
  document_request_type_has_requests: "El tipo de documento tiene solicitudes y no puede eliminarse.",
  document_request_type_exists: "Ya existe un tipo de documento con ese número.",
  document_file_not_found: "La solicitud no tiene un documento emitido para descargar.",
  certificate_sending_failed:
    "No se pudo enviar la constancia de estudios al estudiante; la solicitud sigue pendiente.",
  certificate_note_sending_failed:
    "No se pudo enviar la constancia de notas al estudiante; la solicitud sigue pendiente.",
  letter_sending_failed:
    "No se pudo enviar la carta de recomendación de egresado al estudiante; la solicitud sigue pendiente.",
  student_has_not_graduated:
    "La carta de recomendación de egresado es solo para quien aprobó todas las materias de su pensum.",
  verification_code_not_found:
    "No existe un documento emitido con ese código de verificación. Revise el código impreso en el documento.",
} as const;

export type DocumentErrorCode = keyof typeof documentErrorText;

/** A refusal of this module: `documentError(400, "document_request_not_pending")`. */
export const documentError = (status: number, code: DocumentErrorCode) =>
  new AppError(status, code, documentErrorText[code]);
