import { z } from "zod";

/**
 * What the audit log records (issue 6 item 8), as `<entity>.<event>` codes. Later modules add their own
 * codes here (for example `grade.changed`, `payment.approved`) and a label under `audit.actions` in the
 * web app's i18n files; `recordAudit` (server/audit/record.ts) accepts only codes of this list.
 */
export const auditActions = [
  "user.created",
  "user.updated",
  "user.email_changed",
  "user.role_changed",
  "user.disabled",
  "user.enabled",
  "user.account_confirmed",
  "user.password_changed",
  "user.password_reset_requested",
  "user.password_recovered",
  "price_setting.created",
  "price_setting.updated",
  "price_setting.deleted",
  "payment.reported",
  "payment.created",
  "payment.approved",
  "payment.rejected",
  "payment.deleted",
  "auth.login",
  "auth.login_failed",
  "note.changed",
  "student.updated",
] as const;
export type AuditAction = (typeof auditActions)[number];

/** Kinds of record an audit row can be about. */
export const auditEntityTypes = ["user", "price_setting", "payment", "student"] as const;
export type AuditEntityType = (typeof auditEntityTypes)[number];

/** Columns the audit list may be sorted by; newest first by default. */
export const auditSortable = [
  "created_at",
  "id",
  "action",
  "entity_type",
  "entity_id",
  "actor_email",
] as const;

/** Old or new values of a change: a JSON object (never a password hash or a token). */
export const auditValuesSchema = z.record(z.string(), z.unknown()).nullable();

/** One row of the audit log as GET /api/audit-log shows it. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string().describe("Instante ISO 8601."),
  actor_id: z.number().int().nullable().describe("Quien hizo el cambio; null: el sistema o un visitante."),
  actor_email: z.string().nullable().describe("Correo del autor en ese momento."),
  actor_name: z.string().nullable().describe("Nombre del autor en ese momento."),
  action: z.string().describe(`Código de la acción: ${auditActions.join(", ")}.`),
  entity_type: z.string(),
  entity_id: z.number().int().nullable(),
  old_values: auditValuesSchema,
  new_values: auditValuesSchema,
  ip_address: z.string().nullable().describe("Dirección del cliente."),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The list's own filters (besides page, limit, search and sort_by), as the web app sends them. */
export type AuditFilters = {
  /** A person's e-mail or name (part of it): who acted, or whose login was tried. */
  person?: string;
  actor_id?: number;
  action?: string;
  entity_type?: string;
  entity_id?: number;
  /** `YYYY-MM-DD`, inclusive, in the school's time zone. */
  from?: string;
  to?: string;
};
