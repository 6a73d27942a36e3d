import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns.js";

/** A career path; `is_basic` marks the common first cycle ("Ciclo básico"), at most one. */
export const specializations = pgTable(
  "specializations",
  {
    id: serial().primaryKey(),
    title: varchar({ length: 150 }).notNull(),
    code: varchar({ length: 20 }).notNull(),
    description: text(),
    isBasic: boolean().notNull().default(false),
    enabled: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    // Unique whatever the case ("cb" = "CB").
    uniqueIndex("specializations_code_lower_unique").on(sql`lower(${t.code})`),
    uniqueIndex("specializations_single_basic").on(t.isBasic).where(sql`${t.isBasic}`),
  ],
);

/** A versioned curriculum of a specialization; a new version copies its semesters and courses. */
export const pensums = pgTable(
  "pensums",
  {
    id: serial().primaryKey(),
    specializationId: integer()
      .notNull()
      .references(() => specializations.id, { onDelete: "restrict" }),
    name: varchar({ length: 150 }).notNull(),
    version: integer().notNull().default(1),
    /** The version this one was copied from. */
    previousPensumId: integer().references((): AnyPgColumn => pensums.id, { onDelete: "set null" }),
    enabled: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    unique("pensums_specialization_name_version_unique").on(t.specializationId, t.name, t.version),
    unique("pensums_id_specialization_unique").on(t.id, t.specializationId),
    check("pensums_version_positive", sql`${t.version} >= 1`),
  ],
);

/** An ordered semester of a pensum. */
export const semesters = pgTable(
  "semesters",
  {
    id: serial().primaryKey(),
    pensumId: integer()
      .notNull()
      .references(() => pensums.id, { onDelete: "cascade" }),
    number: smallint().notNull(),
    code: varchar({ length: 20 }).notNull(),
    ...timestamps,
  },
  (t) => [
    unique("semesters_pensum_number_unique").on(t.pensumId, t.number),
    unique("semesters_pensum_code_unique").on(t.pensumId, t.code),
    unique("semesters_id_pensum_unique").on(t.id, t.pensumId),
    check("semesters_number_positive", sql`${t.number} >= 1`),
  ],
);

export const courses = pgTable(
  "courses",
  {
    id: serial().primaryKey(),
    code: varchar({ length: 20 }).notNull(),
    title: varchar({ length: 150 }).notNull(),
    description: text(),
    credits: smallint().notNull().default(0),
    /** Weekly hours. */
    hours: smallint().notNull().default(0),
    maxAbsencesToFail: smallint().notNull().default(0),
    enabled: boolean().notNull().default(true),
    supportsFinalDelivery: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // Unique whatever the case ("mat-101" = "MAT-101").
    uniqueIndex("courses_code_lower_unique").on(sql`lower(${t.code})`),
    check("courses_credits_range", sql`${t.credits} >= 0`),
    check("courses_hours_range", sql`${t.hours} >= 0`),
    check("courses_max_absences_range", sql`${t.maxAbsencesToFail} >= 0`),
  ],
);

/** Courses of a semester; `pensum_id` is copied so a course appears once per pensum. */
export const semesterCourses = pgTable(
  "semester_courses",
  {
    semesterId: integer().notNull(),
    pensumId: integer().notNull(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ name: "semester_courses_pk", columns: [t.semesterId, t.courseId] }),
    unique("semester_courses_pensum_course_unique").on(t.pensumId, t.courseId),
    foreignKey({
      name: "semester_courses_semester_fk",
      columns: [t.semesterId, t.pensumId],
      foreignColumns: [semesters.id, semesters.pensumId],
    }).onDelete("cascade"),
    index("semester_courses_course_idx").on(t.courseId),
  ],
);

/** Inside a pensum, `course_id` requires `required_course_id` (total: passed; partial: taken). */
export const prelations = pgTable(
  "prelations",
  {
    id: serial().primaryKey(),
    pensumId: integer().notNull(),
    courseId: integer().notNull(),
    requiredCourseId: integer().notNull(),
    type: varchar({ length: 10 }).notNull().default("total"),
    ...timestamps,
  },
  (t) => [
    unique("prelations_pensum_course_required_unique").on(t.pensumId, t.courseId, t.requiredCourseId),
    check("prelations_type_valid", sql`${t.type} in ('total', 'partial')`),
    check("prelations_not_self", sql`${t.courseId} <> ${t.requiredCourseId}`),
    foreignKey({
      name: "prelations_course_in_pensum_fk",
      columns: [t.pensumId, t.courseId],
      foreignColumns: [semesterCourses.pensumId, semesterCourses.courseId],
    }).onDelete("cascade"),
    foreignKey({
      name: "prelations_required_in_pensum_fk",
      columns: [t.pensumId, t.requiredCourseId],
      foreignColumns: [semesterCourses.pensumId, semesterCourses.courseId],
    }).onDelete("cascade"),
    index("prelations_course_idx").on(t.courseId),
    index("prelations_required_course_idx").on(t.requiredCourseId),
  ],
);
