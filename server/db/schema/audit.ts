import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * Append-only history of sensitive changes (who, when, what, old and new values, from where). Written
 * only through `recordAudit` (server/audit/record.ts), in the transaction of the change it describes.
 * A trigger of migration 0006 refuses every UPDATE, DELETE and TRUNCATE, so no code path can rewrite it.
 *
 * `actor_user_id` has no foreign key on purpose: the history outlives the account (and a cascading
 * `set null` would be an UPDATE the trigger refuses); the actor's e-mail and name are kept as they were.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null for the system (first start) or a visitor without a session (recovery request). */
    actorUserId: integer(),
    actorEmail: varchar({ length: 255 }),
    actorName: varchar({ length: 255 }),
    /** What happened, e.g. `user.email_changed` (catalogue in common/schemas/audit.ts). */
    action: varchar({ length: 60 }).notNull(),
    /** What it happened to, e.g. `user`, and its id. */
    entityType: varchar({ length: 60 }).notNull(),
    entityId: integer(),
    oldValues: jsonb(),
    newValues: jsonb(),
    /** The client's address as the server saw it (TRUST_PROXY decides whether X-Forwarded-For counts). */
    ipAddress: varchar({ length: 64 }),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_actor_idx").on(t.actorUserId),
    index("audit_log_action_idx").on(t.action),
  ],
);
