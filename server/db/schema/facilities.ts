import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  pgTable,
  serial,
  text,
  time,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns.js";

export const classrooms = pgTable(
  "classrooms",
  {
    id: serial().primaryKey(),
    code: varchar({ length: 20 }).notNull(),
    description: text(),
    maxCapacity: integer().notNull(),
    /** May host several sections in the same slot. */
    multipleSections: boolean().notNull().default(false),
    enabled: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    // Codes are unique whatever their case: "MAGNA" and "magna" are the same classroom.
    uniqueIndex("classrooms_code_lower_unique").on(sql`lower(${t.code})`),
    // Target of schedule_slots' (classroom_id, classroom_shared) key, so the flag follows the classroom.
    unique("classrooms_id_multiple_sections_unique").on(t.id, t.multipleSections),
    check("classrooms_max_capacity_positive", sql`${t.maxCapacity} > 0`),
  ],
);

/** A slot of the school day, e.g. 07:00–07:45. Times are 'HH:MM:SS' strings. */
export const classHours = pgTable(
  "class_hours",
  {
    id: serial().primaryKey(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    ...timestamps,
  },
  (t) => [
    unique("class_hours_start_end_unique").on(t.startTime, t.endTime),
    check("class_hours_end_after_start", sql`${t.endTime} > ${t.startTime}`),
  ],
);
