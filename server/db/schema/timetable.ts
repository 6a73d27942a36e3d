import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { periods } from "./periods.js";
import { users } from "./users.js";

export const timetableRunStatuses = ["running", "done", "stopped", "failed", "applied"] as const;
export type TimetableRunStatus = (typeof timetableRunStatuses)[number];

/**
 * A "Generar horario" run (issue 28): the engine searching a period's timetable in a worker thread, its
 * progress, and the proposal it found. Nothing reaches the schedules until the run is applied.
 */
export const timetableRuns = pgTable(
  "timetable_runs",
  {
    id: serial().primaryKey(),
    periodId: integer()
      .notNull()
      .references(() => periods.id, { onDelete: "cascade" }),
    status: varchar({ length: 10 }).notNull().default("running"),
    sectionIds: jsonb().$type<number[]>().notNull(),
    rebuild: boolean().notNull().default(false),
    seconds: integer().notNull(),
    progress: jsonb().$type<{ elapsed_ms: number; hard: number; soft: number; phase: string }>().notNull(),
    proposal: jsonb(),
    warnings: jsonb().$type<string[]>().notNull().default([]),
    error: text(),
    /** Set by a server that is asked to stop a run another server is searching: that one stops it. */
    stopRequested: boolean().notNull().default(false),
    /** SHA-256 of what the run read (schedules, teachers, classrooms, class hours): Apply compares it. */
    baseFingerprint: text().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** The clock's instants (server/clock.ts). */
    startedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
    appliedAt: timestamp({ withTimezone: true }),
    /** Real time of the last progress saved by the process running it: a stale one means it died. */
    heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "timetable_runs_status_valid",
      sql`${t.status} in ('running', 'done', 'stopped', 'failed', 'applied')`,
    ),
    check("timetable_runs_seconds_range", sql`${t.seconds} between 5 and 300`),
    // One search at a time per period, even when two administrators press "Generar" together.
    uniqueIndex("timetable_runs_one_running_per_period").on(t.periodId).where(sql`${t.status} = 'running'`),
    index("timetable_runs_period_idx").on(t.periodId, t.id),
  ],
);
