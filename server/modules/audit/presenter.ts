import type { AuditEntry } from "../../../common/schemas/audit.js";
import type { CsvColumn } from "../../http/csv.js";
import type { AuditRow } from "./service.js";

const asValues = (v: unknown) => (v && typeof v === "object" ? (v as Record<string, unknown>) : null);

/** An audit row as the API shows it. */
export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    actor_id: row.actorUserId,
    actor_email: row.actorEmail,
    actor_name: row.actorName,
    action: row.action,
    entity_type: row.entityType,
    entity_id: row.entityId,
    old_values: asValues(row.oldValues),
    new_values: asValues(row.newValues),
    ip_address: row.ipAddress,
  };
}

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** The audit log as a CSV file (`GET /audit-log?format=csv`), with the page's Spanish labels. */
export const auditCsvColumns: CsvColumn<AuditRow>[] = [
  { header: "Fecha y hora", value: (row) => row.createdAt },
  {
    header: "Autor",
    value: (row) => row.actorName ?? (row.actorUserId === null ? "Sistema (sin sesión)" : null),
  },
  { header: "Correo del autor", value: (row) => row.actorEmail },
  { header: "Acción", value: (row) => row.action },
  { header: "Registro", value: (row) => row.entityType },
  { header: "Id del registro", value: (row) => row.entityId },
  { header: "Valores anteriores", value: (row) => json(row.oldValues) },
  { header: "Valores nuevos", value: (row) => json(row.newValues) },
  { header: "Dirección IP", value: (row) => row.ipAddress },
];
