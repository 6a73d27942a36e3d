import { jsonb, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * Facts about the installation itself, one row per key (for example `demo_school`: this database holds
 * the demo school that `npm run demo` created, so the demo may reopen it).
 */
export const appSettings = pgTable("app_settings", {
  key: varchar({ length: 60 }).primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
