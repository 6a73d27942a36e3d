import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Counters of the login and recovery rate limits (server/auth/rate-limiter.ts), kept in the database so
 * every server sharing it sees the same counts. Written by rate-limiter-flexible's Drizzle store: `key`
 * is the limit's prefix and subject (an address, or an address and a hashed e-mail), `points` the
 * attempts counted, `expire` the end of the window or of the block.
 */
export const authRateLimits = pgTable("auth_rate_limits", {
  key: text().primaryKey(),
  points: integer().notNull().default(0),
  expire: timestamp({ withTimezone: true }),
});
