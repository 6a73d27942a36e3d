import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { pensums, specializations } from "./academics.js";
import { timestamps } from "./columns.js";

/** An academic period (e.g. 2025-1). Exactly one is enabled: the current one. */
export const periods = pgTable(
  "periods",
  {
    id: serial().primaryKey(),
    year: smallint().notNull(),
    number: smallint().notNull(),
    enabled: boolean().notNull().default(false),
    weeksLength: smallint().notNull().default(16),
    startDate: date().notNull(),
    endDate: date().notNull(),
    firstCutStartDate: date(),
    firstCutEndDate: date(),
    secondCutStartDate: date(),
    secondCutEndDate: date(),
    firstHalfEndDate: date(),
    secondHalfEndDate: date(),
    pendingEvaluationsFcReminderDate: date(),
    pendingEvaluationsScReminderDate: date(),
    approvalMinimumAvg: smallint().notNull().default(10),
    approvalMinimumNote: smallint().notNull().default(10),
    lowPerformanceNote: smallint().notNull().default(12),
    highPerformanceNote: smallint().notNull().default(16),
    enabledInscriptions: boolean().notNull().default(false),
    enabledPreregisters: boolean().notNull().default(false),
    semesterPriceE2: integer("semester_price_e2").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique("periods_year_number_unique").on(t.year, t.number),
    uniqueIndex("periods_single_enabled").on(t.enabled).where(sql`${t.enabled}`),
    check("periods_number_positive", sql`${t.number} >= 1`),
    check("periods_weeks_positive", sql`${t.weeksLength} >= 1`),
    check(
      "periods_date_order",
      sql`${t.startDate} <= ${t.endDate}
        and ${t.firstCutStartDate} >= ${t.startDate} and ${t.firstCutStartDate} <= ${t.firstCutEndDate}
        and ${t.firstCutEndDate} <= ${t.endDate} and ${t.secondCutStartDate} >= ${t.startDate}
        and ${t.secondCutStartDate} <= ${t.secondCutEndDate} and ${t.secondCutEndDate} <= ${t.endDate}
        and ${t.firstCutEndDate} <= ${t.secondCutStartDate}`,
    ),
    check(
      "periods_notes_range",
      sql`${t.approvalMinimumAvg} between 0 and 20 and ${t.approvalMinimumNote} between 0 and 20
        and ${t.lowPerformanceNote} between 0 and 20 and ${t.highPerformanceNote} between 0 and 20`,
    ),
    check("periods_semester_price_range", sql`${t.semesterPriceE2} >= 0`),
  ],
);

export const periodResponsibleRoles = [
  "principal",
  "vice_principal",
  "study_control",
  "manager",
  "signer",
] as const;

/** People who sign a period's documents, one per role. */
export const periodResponsibles = pgTable(
  "period_responsibles",
  {
    id: serial().primaryKey(),
    periodId: integer()
      .notNull()
      .references(() => periods.id, { onDelete: "cascade" }),
    role: varchar({ length: 20 }).notNull(),
    name: varchar({ length: 200 }).notNull(),
    identityDocument: varchar({ length: 20 }),
    /** Job title printed under the signature, e.g. "Director". */
    title: varchar({ length: 150 }),
  },
  (t) => [
    unique("period_responsibles_period_role_unique").on(t.periodId, t.role),
    check(
      "period_responsibles_role_valid",
      sql`${t.role} in ('principal', 'vice_principal', 'study_control', 'manager', 'signer')`,
    ),
  ],
);

/** The pensum each specialization follows in a period (one per specialization). */
export const periodPensums = pgTable(
  "period_pensums",
  {
    periodId: integer()
      .notNull()
      .references(() => periods.id, { onDelete: "cascade" }),
    specializationId: integer()
      .notNull()
      .references(() => specializations.id, { onDelete: "restrict" }),
    pensumId: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: "period_pensums_pk", columns: [t.periodId, t.specializationId] }),
    foreignKey({
      name: "period_pensums_pensum_fk",
      columns: [t.pensumId, t.specializationId],
      foreignColumns: [pensums.id, pensums.specializationId],
    }).onDelete("restrict"),
    index("period_pensums_pensum_idx").on(t.pensumId),
  ],
);
