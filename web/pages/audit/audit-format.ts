import type { TFunction } from "i18next";
import { formatDateTime } from "../../../common/dates/format";
import type { AuditEntry } from "../../api/audit";

/** "23/11/2026 09:15:02" at the school. */
export const formatAuditTime = (iso: string) => formatDateTime(iso, { seconds: true });

/** The Spanish (or English) name of an action code; the code itself when the catalogue lacks it. */
export const actionLabel = (t: TFunction, action: string) =>
  t(`audit.actions.${action}`, { defaultValue: action });

export const entityLabel = (t: TFunction, entityType: string) =>
  t(`audit.entities.${entityType}`, { defaultValue: entityType });

/** Who did it: name and e-mail as they were, or "Sistema" when nobody was logged in. */
export function actorLabel(t: TFunction, entry: Pick<AuditEntry, "actor_id" | "actor_name" | "actor_email">) {
  if (entry.actor_id === null) return t("audit.system");
  const parts = [entry.actor_name, entry.actor_email].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : `#${entry.actor_id}`;
}

/** A value of old/new values as a person reads it (roles by name, booleans as Sí/No). */
export function formatAuditValue(t: TFunction, entry: AuditEntry, key: string, value: unknown): string {
  if (value === undefined || value === null) return "—";
  if (entry.entity_type === "user" && key === "type" && typeof value === "number")
    return t(`roles.${value}`, { defaultValue: String(value) });
  if (typeof value === "boolean") return value ? t("common.yes") : t("common.no");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
