import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * Answers of writes sent with an `Idempotency-Key` header (payments, issue 27): one row per user and key,
 * inserted in the same transaction as the write it answers, so a crash commits both or neither. The
 * primary key makes two requests with one key wait for each other: the second replays the first's answer.
 * `fingerprint` is the SHA-256 of the method, route and body: the same key with another request is refused.
 * Rows older than a day are deleted by the `idempotency-keys` job (server/modules/payments/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: varchar({ length: 255 }).notNull(),
    fingerprint: text().notNull(),
    /** The answer's status and body; written before the transaction commits. */
    statusCode: smallint().notNull(),
    body: jsonb().notNull(),
    /** The clock's instant (server/clock.ts): expiry is measured from it. */
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: "idempotency_keys_pk", columns: [t.userId, t.key] }),
    index("idempotency_keys_created_at_idx").on(t.createdAt),
    check("idempotency_keys_key_length", sql`length(${t.key}) between 1 and 255`),
  ],
);
