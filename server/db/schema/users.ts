import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

/** Every person who can log in. `type` is the role number of spec.md §6 (1 student … 6 god). */
export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    type: integer().notNull(),
    /** Display name; administrators have only this, others also have a profile row. */
    name: varchar({ length: 255 }).notNull(),
    email: varchar({ length: 255 }).notNull(),
    /** scrypt hash; null until the account is confirmed and a password chosen. */
    passwordHash: text(),
    profilePicture: varchar({ length: 255 }),
    disabled: boolean().notNull().default(false),
    emailConfirmedAt: timestamp({ withTimezone: true }),
    /** Access tokens issued before this instant are refused (set when the password changes). */
    tokensValidAfter: timestamp({ withTimezone: true }),
    /**
     * Session generation: every access token carries the value it was issued under; a password change or
     * recovery increments it, which ends every older session at once (no same-second window).
     */
    sessionVersion: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    check("users_type_valid", sql`${t.type} between 1 and 6`),
  ],
);

/** Single-use e-mailed tokens (account confirmation, password recovery), stored as SHA-256 hashes. */
export const userTokens = pgTable(
  "user_tokens",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: varchar({ length: 20 }).notNull(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("user_tokens_user_idx").on(t.userId),
    check("user_tokens_purpose_valid", sql`${t.purpose} in ('confirm', 'recover')`),
  ],
);

/** Access tokens revoked by logout, kept until they would have expired anyway. */
export const revokedTokens = pgTable("revoked_tokens", {
  jti: varchar({ length: 64 }).primaryKey(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});
