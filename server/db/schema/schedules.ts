import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns.js";
import { classHours, classrooms } from "./facilities.js";
import { teachers } from "./people.js";
import { courseSections, courseSectionTeachers, sections } from "./sections.js";

/** A course section meets on `day` (1 Monday … 6 Saturday) in a classroom, during its slots' class hours. */
export const schedules = pgTable(
  "schedules",
  {
    id: serial().primaryKey(),
    courseSectionId: integer()
      .notNull()
      .references(() => courseSections.id, { onDelete: "cascade" }),
    classroomId: integer()
      .notNull()
      .references(() => classrooms.id, { onDelete: "restrict" }),
    day: smallint().notNull(),
    ...timestamps,
  },
  (t) => [
    check("schedules_day_range", sql`${t.day} between 1 and 6`),
    unique("schedules_slot_key_unique").on(t.id, t.courseSectionId, t.classroomId, t.day),
    index("schedules_course_section_idx").on(t.courseSectionId),
    index("schedules_classroom_idx").on(t.classroomId),
  ],
);

/**
 * One row per (schedule, class hour). Everything a conflict depends on is copied here (and kept right by
 * composite foreign keys) so that unique constraints refuse double bookings even under concurrency.
 * Constraint order matters: the course-section key is checked before the section key.
 */
export const scheduleSlots = pgTable(
  "schedule_slots",
  {
    id: serial().primaryKey(),
    scheduleId: integer().notNull(),
    classHourId: integer()
      .notNull()
      .references(() => classHours.id, { onDelete: "restrict" }),
    day: smallint().notNull(),
    courseSectionId: integer().notNull(),
    sectionId: integer().notNull(),
    classroomId: integer().notNull(),
    /** classrooms.multiple_sections of the classroom (follows it through the foreign key). */
    classroomShared: boolean().notNull(),
    /**
     * The section's period, always set by the trigger `schedule_slots_period` (migration 0008) and checked by
     * a foreign key: clashes of a classroom or a teacher only count within one period. Inserts may omit it.
     */
    periodId: integer()
      .notNull()
      .$defaultFn(() => 0),
  },
  (t) => [
    unique("schedule_slots_day_course_section_class_hour_unique").on(t.day, t.classHourId, t.courseSectionId),
    unique("schedule_slots_day_section_class_hour_unique").on(t.day, t.classHourId, t.sectionId),
    unique("schedule_slots_teacher_key_unique").on(t.id, t.day, t.classHourId, t.courseSectionId),
    uniqueIndex("schedule_slots_day_classroom_class_hour_unique")
      .on(t.periodId, t.day, t.classHourId, t.classroomId)
      .where(sql`not ${t.classroomShared}`),
    check("schedule_slots_day_range", sql`${t.day} between 1 and 6`),
    foreignKey({
      name: "schedule_slots_schedule_fk",
      columns: [t.scheduleId, t.courseSectionId, t.classroomId, t.day],
      foreignColumns: [schedules.id, schedules.courseSectionId, schedules.classroomId, schedules.day],
    })
      .onDelete("cascade")
      .onUpdate("cascade"),
    foreignKey({
      name: "schedule_slots_course_section_fk",
      columns: [t.courseSectionId, t.sectionId],
      foreignColumns: [courseSections.id, courseSections.sectionId],
    }).onDelete("cascade"),
    foreignKey({
      name: "schedule_slots_section_period_fk",
      columns: [t.sectionId, t.periodId],
      foreignColumns: [sections.id, sections.periodId],
    })
      .onDelete("cascade")
      .onUpdate("cascade"),
    index("schedule_slots_period_idx").on(t.periodId),
    foreignKey({
      name: "schedule_slots_classroom_fk",
      columns: [t.classroomId, t.classroomShared],
      foreignColumns: [classrooms.id, classrooms.multipleSections],
    }).onUpdate("cascade"),
    index("schedule_slots_schedule_idx").on(t.scheduleId),
    index("schedule_slots_course_section_idx").on(t.courseSectionId),
    index("schedule_slots_classroom_idx").on(t.classroomId),
  ],
);

/**
 * The slots each teacher is busy in. Filled by database triggers (migration `teacher_slot_triggers`)
 * whenever a schedule slot or a course-section teacher is inserted: never write it directly.
 */
export const teacherSlots = pgTable(
  "teacher_slots",
  {
    teacherId: integer()
      .notNull()
      .references(() => teachers.id, { onDelete: "cascade" }),
    scheduleSlotId: integer().notNull(),
    day: smallint().notNull(),
    classHourId: integer().notNull(),
    courseSectionId: integer().notNull(),
    /** The slot's period (copied by the triggers): a teacher is busy in a slot only within one period. */
    periodId: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: "teacher_slots_pk", columns: [t.teacherId, t.scheduleSlotId] }),
    unique("teacher_slots_day_teacher_class_hour_unique").on(t.periodId, t.day, t.classHourId, t.teacherId),
    foreignKey({
      name: "teacher_slots_slot_fk",
      columns: [t.scheduleSlotId, t.day, t.classHourId, t.courseSectionId],
      foreignColumns: [
        scheduleSlots.id,
        scheduleSlots.day,
        scheduleSlots.classHourId,
        scheduleSlots.courseSectionId,
      ],
    })
      .onDelete("cascade")
      .onUpdate("cascade"),
    foreignKey({
      name: "teacher_slots_assignment_fk",
      columns: [t.courseSectionId, t.teacherId],
      foreignColumns: [courseSectionTeachers.courseSectionId, courseSectionTeachers.teacherId],
    }).onDelete("cascade"),
    index("teacher_slots_schedule_slot_idx").on(t.scheduleSlotId),
  ],
);
