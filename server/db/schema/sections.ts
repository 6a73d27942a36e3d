import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  unique,
  varchar,
} from "drizzle-orm/pg-core";
import { courses, semesters } from "./academics.js";
import { timestamps } from "./columns.js";
import { teachers } from "./people.js";
import { periods } from "./periods.js";

export const shifts = ["morning", "afternoon", "mixed"] as const;

/** A group of students of a semester in a period, e.g. "1A". */
export const sections = pgTable(
  "sections",
  {
    id: serial().primaryKey(),
    periodId: integer()
      .notNull()
      .references(() => periods.id, { onDelete: "restrict" }),
    semesterId: integer()
      .notNull()
      .references(() => semesters.id, { onDelete: "restrict" }),
    letterCode: varchar({ length: 3 }).notNull(),
    /** Semester code + letter. */
    code: varchar({ length: 30 }).notNull(),
    title: varchar({ length: 150 }),
    /** morning (Mañana), afternoon (Tarde), mixed (Mixto). */
    shift: varchar({ length: 10 }).notNull().default("morning"),
    malesLimit: smallint().notNull().default(0),
    femalesLimit: smallint().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique("sections_period_semester_letter_unique").on(t.periodId, t.semesterId, t.letterCode),
    unique("sections_id_period_unique").on(t.id, t.periodId),
    unique("sections_id_period_semester_unique").on(t.id, t.periodId, t.semesterId),
    index("sections_semester_idx").on(t.semesterId),
    check("sections_shift_valid", sql`${t.shift} in ('morning', 'afternoon', 'mixed')`),
    check("sections_limits_range", sql`${t.malesLimit} >= 0 and ${t.femalesLimit} >= 0`),
  ],
);

/** One course taught to one section; created with the section for every course of its semester. */
export const courseSections = pgTable(
  "course_sections",
  {
    id: serial().primaryKey(),
    sectionId: integer()
      .notNull()
      .references(() => sections.id, { onDelete: "cascade" }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "restrict" }),
    ...timestamps,
  },
  (t) => [
    unique("course_sections_section_course_unique").on(t.sectionId, t.courseId),
    unique("course_sections_id_section_unique").on(t.id, t.sectionId),
    index("course_sections_course_idx").on(t.courseId),
  ],
);

export const courseSectionTeachers = pgTable(
  "course_section_teachers",
  {
    courseSectionId: integer()
      .notNull()
      .references(() => courseSections.id, { onDelete: "cascade" }),
    teacherId: integer()
      .notNull()
      .references(() => teachers.id, { onDelete: "restrict" }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: "course_section_teachers_pk", columns: [t.courseSectionId, t.teacherId] }),
    index("course_section_teachers_teacher_idx").on(t.teacherId),
  ],
);
