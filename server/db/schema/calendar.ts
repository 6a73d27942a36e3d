import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, serial, text, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.js";
import { periods } from "./periods.js";

/** A day or range of days without lessons. */
export const holidays = pgTable(
  "holidays",
  {
    id: serial().primaryKey(),
    startDate: date().notNull(),
    endDate: date().notNull(),
    description: varchar({ length: 200 }).notNull(),
    ...timestamps,
  },
  (t) => [
    check("holidays_date_order", sql`${t.endDate} >= ${t.startDate}`),
    index("holidays_start_date_idx").on(t.startDate),
  ],
);

/** An entry of the activities calendar. */
export const activities = pgTable(
  "activities",
  {
    id: serial().primaryKey(),
    periodId: integer().references(() => periods.id, { onDelete: "cascade" }),
    title: varchar({ length: 200 }).notNull(),
    description: text(),
    observation: text(),
    startDate: date().notNull(),
    endDate: date().notNull(),
    color: varchar({ length: 20 }),
    textColor: varchar({ length: 20 }),
    ...timestamps,
  },
  (t) => [
    check("activities_date_order", sql`${t.endDate} >= ${t.startDate}`),
    index("activities_period_idx").on(t.periodId),
  ],
);
