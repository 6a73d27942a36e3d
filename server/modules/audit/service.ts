import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { auditSortable } from "../../../common/schemas/audit.js";
import type { DbOrTx } from "../../db/client.js";
import { auditLog } from "../../db/schema/index.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";

export type AuditRow = typeof auditLog.$inferSelect;
type SortField = (typeof auditSortable)[number];

export type AuditListParams = ListParams<SortField> & {
  /** Part of a person's e-mail or name: the author's, or the e-mail a login was tried with. */
  person?: string;
  actor_id?: number;
  action?: string;
  entity_type?: string;
  entity_id?: number;
  /** `YYYY-MM-DD`, inclusive, in the school's time zone. */
  from?: string;
  to?: string;
};

/** Midnight of `date` in the school's time zone, as an instant. */
const startOfDay = (date: string, timeZone: string): SQL =>
  sql`(${date}::date::timestamp at time zone ${timeZone})`;

/** Rows of a person: their e-mail or name as author, or the e-mail a login was tried with. */
function personCondition(person: string | undefined): SQL | undefined {
  const text = person?.trim();
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${auditLog.actorEmail} ilike ${pattern} or ${auditLog.actorName} ilike ${pattern}
    or ${auditLog.newValues}->>'email' ilike ${pattern})`;
}

/**
 * One page of the audit log, newest first unless asked otherwise. `search` looks in the action, the entity
 * type, the actor's e-mail and name, the client address and the old and new values; the filters narrow by
 * person (e-mail or name), actor, action, entity and a range of days (`from`/`to` inclusive, in the school's time zone).
 */
export async function listAuditLog(opts: {
  db: DbOrTx;
  list: AuditListParams;
  timeZone: string;
}): Promise<Page<AuditRow>> {
  const { db, list, timeZone } = opts;
  const where = and(
    searchCondition(list.search, [
      auditLog.action,
      auditLog.entityType,
      auditLog.actorEmail,
      auditLog.actorName,
      auditLog.ipAddress,
      auditLog.oldValues,
      auditLog.newValues,
    ]),
    personCondition(list.person),
    list.actor_id === undefined ? undefined : eq(auditLog.actorUserId, list.actor_id),
    list.action === undefined ? undefined : eq(auditLog.action, list.action),
    list.entity_type === undefined ? undefined : eq(auditLog.entityType, list.entity_type),
    list.entity_id === undefined ? undefined : eq(auditLog.entityId, list.entity_id),
    list.from === undefined ? undefined : gte(auditLog.createdAt, startOfDay(list.from, timeZone)),
    list.to === undefined
      ? undefined
      : lt(auditLog.createdAt, sql`(${startOfDay(list.to, timeZone)} + interval '1 day')`),
  );
  return paginate({
    db,
    query: db.select().from(auditLog).where(where).$dynamic(),
    list,
    sortColumns: {
      // Rows of one transaction share their instant; the id keeps the order they were written in.
      created_at: auditLog.id,
      id: auditLog.id,
      action: auditLog.action,
      entity_type: auditLog.entityType,
      entity_id: auditLog.entityId,
      actor_email: auditLog.actorEmail,
    },
    tieBreaker: auditLog.id,
  });
}
