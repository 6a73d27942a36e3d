import {
  type DocumentRequest,
  type DocumentRequestType,
  maskIdentityDocument,
  type Verification,
} from "../../../common/schemas/document-requests.js";
import type { documentRequestTypes } from "../../db/schema/index.js";
import type { CsvColumn } from "../../http/csv.js";
import { type DocumentRequestRow, type IssuedRow, isGeneratable, verifyUrlOf } from "./service.js";

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export const statusLabels: Record<string, string> = {
  pending: "Pendiente",
  generated: "Generada",
  retired: "Retirada",
  canceled: "Cancelada",
};

export function presentDocumentRequest(row: DocumentRequestRow, appUrl: string): DocumentRequest {
  return {
    id: row.id,
    student_id: row.studentId,
    type_id: row.typeId,
    period_id: row.periodId,
    status: row.status,
    observation: row.observation,
    generated_at: iso(row.generatedAt),
    retired_at: iso(row.retiredAt),
    canceled_at: iso(row.canceledAt),
    created_at: row.createdAt.toISOString(),
    student: {
      id: row.student.id,
      first_name: row.student.firstName,
      last_name: row.student.lastName,
      identity_document: row.student.identityDocument,
    },
    type: {
      id: row.type.id,
      name: row.type.name,
      color: row.type.color,
      text_color: row.type.textColor,
    },
    period: row.period,
    document: row.document
      ? {
          code: row.document.code,
          issued_at: row.document.issuedAt.toISOString(),
          revoked_at: iso(row.document.revokedAt),
          verify_url: verifyUrlOf(appUrl, row.document.code),
        }
      : null,
  };
}

export const documentRequestCsvColumns: CsvColumn<DocumentRequestRow>[] = [
  { header: "Número", value: (r) => r.id },
  { header: "Estudiante", value: (r) => `${r.student.lastName}, ${r.student.firstName}` },
  { header: "Cédula", value: (r) => r.student.identityDocument },
  { header: "Documento", value: (r) => r.type.name },
  { header: "Período", value: (r) => (r.period ? `${r.period.year}-${r.period.number}` : "") },
  { header: "Estado", value: (r) => statusLabels[r.status] ?? r.status },
  { header: "Solicitada", value: (r) => r.createdAt },
  { header: "Generada", value: (r) => r.generatedAt },
  { header: "Código de verificación", value: (r) => r.document?.code ?? "" },
];

export function presentType(row: typeof documentRequestTypes.$inferSelect): DocumentRequestType {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    color: row.color,
    text_color: row.textColor,
    generatable: isGeneratable(row.id),
  };
}

export const typeCsvColumns: CsvColumn<typeof documentRequestTypes.$inferSelect>[] = [
  { header: "Número", value: (r) => r.id },
  { header: "Nombre", value: (r) => r.name },
  { header: "Descripción", value: (r) => r.description },
  { header: "Habilitado", value: (r) => r.enabled },
];

/** The public facts of an issued document: never grades, the cédula partly hidden. */
export function presentVerification(row: IssuedRow, institution: string): Verification {
  return {
    code: row.code,
    kind: row.kind,
    kind_name: row.kindName,
    institution,
    student_name: `${row.firstName} ${row.lastName}`,
    identity_document: maskIdentityDocument(row.identityDocument),
    specialization: row.specialization,
    period:
      row.periodYear !== null && row.periodNumber !== null ? `${row.periodYear}-${row.periodNumber}` : null,
    issued_at: row.issuedAt.toISOString(),
    revoked: row.revokedAt !== null,
    revoked_at: iso(row.revokedAt),
    revoked_reason: row.revokedReason,
  };
}
