import type { AuditEntry } from "../../../common/schemas/audit.js";
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
