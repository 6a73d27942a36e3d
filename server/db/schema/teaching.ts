import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  varchar,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns.js";
import { classHours } from "./facilities.js";
import { students, teachers } from "./people.js";
import { periods } from "./periods.js";
import { courseSections } from "./sections.js";
import { users } from "./users.js";

/** A grade 0–20 with two decimals, read as a JS number. */
const grade = () => numeric({ precision: 4, scale: 2, mode: "number" });

/** One class meeting of a course section; optionally evaluated with a weight (percent). */
export const lessons = pgTable(
  "lessons",
  {
    id: serial().primaryKey(),
    courseSectionId: integer()
      .notNull()
      .references(() => courseSections.id, { onDelete: "restrict" }),
    date: date().notNull(),
    title: varchar({ length: 200 }),
    description: text(),
    evaluated: boolean().notNull().default(false),
    weight: smallint().notNull().default(0),
    /** When attendance was registered, and by whom. */
    registeredAt: timestamp({ withTimezone: true }),
    registeredByTeacherId: integer().references(() => teachers.id, { onDelete: "set null" }),
    /**
     * Version of the lesson's attendance and notes (issue 27): every write of them adds one, and a save
     * that sends the version it read is refused with 409 `stale_record` when it is no longer current.
     */
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [
    unique("lessons_course_section_date_unique").on(t.courseSectionId, t.date),
    check("lessons_weight_range", sql`${t.weight} between 0 and 100`),
  ],
);

export const attendances = ["present", "absent", "delayed"] as const;

/** Attendance and note of one student in one lesson. */
export const lessonStudents = pgTable(
  "lesson_students",
  {
    lessonId: integer()
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    attendance: varchar({ length: 8 }).notNull().default("present"),
    note: grade(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: "lesson_students_pk", columns: [t.lessonId, t.studentId] }),
    index("lesson_students_student_idx").on(t.studentId),
    check("lesson_students_attendance_valid", sql`${t.attendance} in ('present', 'absent', 'delayed')`),
    check("lesson_students_note_range", sql`${t.note} between 0 and 20`),
  ],
);

/**
 * Append-only audit trail of attendance and notes (issue 9): who changed which student's attendance or
 * note in which lesson, when, from what to what. Written in the same transaction as the change; an
 * UPDATE is refused by a trigger (migration 0010). No foreign key to the lesson or the user, so the trail
 * outlives both (the author's name is copied).
 */
export const lessonStudentChanges = pgTable(
  "lesson_student_changes",
  {
    id: serial().primaryKey(),
    lessonId: integer().notNull(),
    lessonDate: date().notNull(),
    courseSectionId: integer()
      .notNull()
      .references(() => courseSections.id, { onDelete: "cascade" }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    field: varchar({ length: 10 }).notNull(),
    oldValue: varchar({ length: 10 }),
    newValue: varchar({ length: 10 }),
    changedByUserId: integer(),
    changedByName: varchar({ length: 200 }),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("lesson_student_changes_student_idx").on(t.courseSectionId, t.studentId, t.changedAt),
    index("lesson_student_changes_lesson_idx").on(t.lessonId),
    check("lesson_student_changes_field_valid", sql`${t.field} in ('attendance', 'note')`),
  ],
);

/** A thesis-style delivery of a course section, judged by a jury of teachers. One per course section. */
export const finalDeliveries = pgTable(
  "final_deliveries",
  {
    id: serial().primaryKey(),
    courseSectionId: integer()
      .notNull()
      .references(() => courseSections.id, { onDelete: "restrict" }),
    code: varchar({ length: 30 }).notNull(),
    title: varchar({ length: 200 }),
    description: text(),
    /** When it is presented; the jury may change notes until 24 hours later. */
    deliveryAt: timestamp({ withTimezone: true }),
    finalDeliveryValuePercent: smallint().notNull().default(0),
    scheduledContent: text(),
    /** Stored file of the scheduled content. */
    scheduledContentResource: varchar({ length: 255 }),
    ...timestamps,
  },
  (t) => [
    unique("final_deliveries_course_section_unique").on(t.courseSectionId),
    check("final_deliveries_percent_range", sql`${t.finalDeliveryValuePercent} between 0 and 100`),
  ],
);

export const finalDeliveryStudents = pgTable(
  "final_delivery_students",
  {
    finalDeliveryId: integer()
      .notNull()
      .references(() => finalDeliveries.id, { onDelete: "cascade" }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ name: "final_delivery_students_pk", columns: [t.finalDeliveryId, t.studentId] }),
    index("final_delivery_students_student_idx").on(t.studentId),
  ],
);

export const finalDeliveryJury = pgTable(
  "final_delivery_jury",
  {
    finalDeliveryId: integer()
      .notNull()
      .references(() => finalDeliveries.id, { onDelete: "cascade" }),
    teacherId: integer()
      .notNull()
      .references(() => teachers.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ name: "final_delivery_jury_pk", columns: [t.finalDeliveryId, t.teacherId] }),
    index("final_delivery_jury_teacher_idx").on(t.teacherId),
  ],
);

/** The note a jury member gives a student; the student's delivery note is their average. */
export const finalDeliveryNotes = pgTable(
  "final_delivery_notes",
  {
    finalDeliveryId: integer().notNull(),
    teacherId: integer().notNull(),
    studentId: integer().notNull(),
    note: grade().notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: "final_delivery_notes_pk", columns: [t.finalDeliveryId, t.teacherId, t.studentId] }),
    foreignKey({
      name: "final_delivery_notes_jury_fk",
      columns: [t.finalDeliveryId, t.teacherId],
      foreignColumns: [finalDeliveryJury.finalDeliveryId, finalDeliveryJury.teacherId],
    }).onDelete("cascade"),
    foreignKey({
      name: "final_delivery_notes_student_fk",
      columns: [t.finalDeliveryId, t.studentId],
      foreignColumns: [finalDeliveryStudents.finalDeliveryId, finalDeliveryStudents.studentId],
    }).onDelete("cascade"),
    check("final_delivery_notes_note_range", sql`${t.note} between 0 and 20`),
  ],
);

/** A log entry about a student. */
export const binnacles = pgTable(
  "binnacles",
  {
    id: serial().primaryKey(),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    authorUserId: integer().references(() => users.id, { onDelete: "set null" }),
    periodId: integer().references(() => periods.id, { onDelete: "set null" }),
    courseSectionId: integer().references(() => courseSections.id, { onDelete: "set null" }),
    incidenceDate: date().notNull(),
    subject: varchar({ length: 200 }).notNull(),
    description: text(),
    category: varchar({ length: 50 }),
    ...timestamps,
  },
  (t) => [
    index("binnacles_student_idx").on(t.studentId),
    index("binnacles_author_idx").on(t.authorUserId),
    index("binnacles_course_section_idx").on(t.courseSectionId),
  ],
);

/**
 * A teacher cannot teach on `day` (1 Monday … 6 Saturday) during a class hour (issue 28). The timetable
 * generator never places their course sections there; the schedule editor warns. Edited by the admin.
 */
export const teacherUnavailabilities = pgTable(
  "teacher_unavailabilities",
  {
    teacherId: integer()
      .notNull()
      .references(() => teachers.id, { onDelete: "cascade" }),
    day: smallint().notNull(),
    classHourId: integer()
      .notNull()
      .references(() => classHours.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ name: "teacher_unavailabilities_pk", columns: [t.teacherId, t.day, t.classHourId] }),
    check("teacher_unavailabilities_day_range", sql`${t.day} between 1 and 6`),
    index("teacher_unavailabilities_class_hour_idx").on(t.classHourId),
  ],
);
