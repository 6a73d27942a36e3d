import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { specializations } from "./academics.js";
import { timestamps } from "./columns.js";
import { users } from "./users.js";

export const studentStatuses = ["active", "retired", "graduated"] as const;

/** PostgreSQL's full-text `tsvector` (read as its text form). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Profile of a user of type 1. */
export const students = pgTable(
  "students",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: varchar({ length: 100 }).notNull(),
    lastName: varchar({ length: 100 }).notNull(),
    /** Cédula, e.g. "V-12345678". */
    identityDocument: varchar({ length: 20 }).notNull(),
    gender: varchar({ length: 6 }).notNull(),
    birthDate: date(),
    phone: varchar({ length: 30 }),
    address: text(),
    status: varchar({ length: 12 }).notNull().default("active"),
    /**
     * Words of the name, cédula and e-mail, lower-cased and without accents, for the list's search. Kept by
     * triggers (migration 0009): never written by the application.
     */
    searchVector: tsvector(),
    /**
     * Version of the record as the edit form saves it (issue 27): every update adds one, and an update
     * that sends the version it read is refused with 409 `stale_record` when it is no longer current.
     */
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique("students_user_unique").on(t.userId),
    // fastupdate off (migration 0015): new rows go straight into the index, never a pending list.
    index("students_search_idx").using("gin", t.searchVector).with({ fastupdate: false }),
    index("students_last_name_idx").on(t.lastName, t.firstName, t.id),
    // The dashboard's students by status and sex, counted from the index alone.
    index("students_status_gender_idx").on(t.status, t.gender),
    unique("students_identity_document_unique").on(t.identityDocument),
    check("students_gender_valid", sql`${t.gender} in ('female', 'male')`),
    check("students_status_valid", sql`${t.status} in ('active', 'retired', 'graduated')`),
  ],
);

/** Profile of a teacher (type 2) or coordinator (type 3). */
export const teachers = pgTable(
  "teachers",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: varchar({ length: 100 }).notNull(),
    lastName: varchar({ length: 100 }).notNull(),
    identityDocument: varchar({ length: 20 }).notNull(),
    gender: varchar({ length: 6 }).notNull(),
    birthDate: date(),
    phone: varchar({ length: 30 }),
    address: text(),
    enabled: boolean().notNull().default(true),
    isCoordinator: boolean().notNull().default(false),
    /** The specialization a coordinator coordinates (at most one coordinator each). */
    specializationId: integer().references(() => specializations.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    unique("teachers_user_unique").on(t.userId),
    unique("teachers_identity_document_unique").on(t.identityDocument),
    check("teachers_gender_valid", sql`${t.gender} in ('female', 'male')`),
    check(
      "teachers_specialization_only_coordinators",
      sql`${t.specializationId} is null or ${t.isCoordinator}`,
    ),
    uniqueIndex("teachers_one_coordinator_per_specialization")
      .on(t.specializationId)
      .where(sql`${t.isCoordinator} and ${t.specializationId} is not null`),
  ],
);

/** Which teachers a coordinator supervises. */
export const coordinatorSupervisions = pgTable(
  "coordinator_supervisions",
  {
    coordinatorId: integer()
      .notNull()
      .references(() => teachers.id, { onDelete: "cascade" }),
    teacherId: integer()
      .notNull()
      .references(() => teachers.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: "coordinator_supervisions_pk", columns: [t.coordinatorId, t.teacherId] }),
    index("coordinator_supervisions_teacher_idx").on(t.teacherId),
    check("coordinator_supervisions_not_self", sql`${t.coordinatorId} <> ${t.teacherId}`),
  ],
);

/** Specializations a teacher teaches in. */
export const teacherSpecializations = pgTable(
  "teacher_specializations",
  {
    teacherId: integer()
      .notNull()
      .references(() => teachers.id, { onDelete: "cascade" }),
    specializationId: integer()
      .notNull()
      .references(() => specializations.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ name: "teacher_specializations_pk", columns: [t.teacherId, t.specializationId] }),
    index("teacher_specializations_specialization_idx").on(t.specializationId),
  ],
);
