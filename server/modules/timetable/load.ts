import { createHash } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import {
  classHours,
  classrooms,
  courseEnrolments,
  courseSections,
  courseSectionTeachers,
  courses,
  inscriptions,
  scheduleSlots,
  sections,
  teachers,
  teacherUnavailabilities,
} from "../../db/schema/index.js";
import type { SchoolRows } from "./instance.js";

/** Everything of the period the generator reads, as plain rows, in a stable order. */
export async function loadSchoolRows(db: DbOrTx, periodId: number): Promise<SchoolRows> {
  const hours = await db
    .select({ id: classHours.id, startTime: classHours.startTime, endTime: classHours.endTime })
    .from(classHours)
    .orderBy(asc(classHours.startTime), asc(classHours.id));
  const rooms = await db
    .select({
      id: classrooms.id,
      code: classrooms.code,
      maxCapacity: classrooms.maxCapacity,
      multipleSections: classrooms.multipleSections,
      enabled: classrooms.enabled,
    })
    .from(classrooms)
    .orderBy(asc(classrooms.id));
  const sectionRows = await db
    .select({
      id: sections.id,
      code: sections.code,
      malesLimit: sections.malesLimit,
      femalesLimit: sections.femalesLimit,
      shift: sections.shift,
      inscribed: sql<number>`(select count(*)::int from ${inscriptions} where ${inscriptions.sectionId} = ${sections.id} and ${inscriptions.status} = 'active')`,
    })
    .from(sections)
    .where(eq(sections.periodId, periodId))
    .orderBy(asc(sections.code), asc(sections.id));
  const csRows = await db
    .select({
      id: courseSections.id,
      sectionId: courseSections.sectionId,
      title: courses.title,
      hours: courses.hours,
      enrolled: sql<number>`(select count(*)::int from ${courseEnrolments} where ${courseEnrolments.courseSectionId} = ${courseSections.id} and ${courseEnrolments.status} = 'enrolled')`,
    })
    .from(courseSections)
    .innerJoin(sections, eq(sections.id, courseSections.sectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(eq(sections.periodId, periodId))
    .orderBy(asc(courseSections.id));
  const csIds = csRows.map((c) => c.id);
  const staff =
    csIds.length === 0
      ? []
      : await db
          .select({
            courseSectionId: courseSectionTeachers.courseSectionId,
            teacherId: courseSectionTeachers.teacherId,
          })
          .from(courseSectionTeachers)
          .where(inArray(courseSectionTeachers.courseSectionId, csIds))
          .orderBy(asc(courseSectionTeachers.courseSectionId), asc(courseSectionTeachers.teacherId));
  const teacherIds = [...new Set(staff.map((s) => s.teacherId))];
  const people =
    teacherIds.length === 0
      ? []
      : await db
          .select({
            id: teachers.id,
            name: sql<string>`${teachers.firstName} || ' ' || ${teachers.lastName}`,
            gender: teachers.gender,
          })
          .from(teachers)
          .where(inArray(teachers.id, teacherIds))
          .orderBy(asc(teachers.id));
  const unavailability =
    teacherIds.length === 0
      ? []
      : await db
          .select({
            teacherId: teacherUnavailabilities.teacherId,
            day: teacherUnavailabilities.day,
            classHourId: teacherUnavailabilities.classHourId,
          })
          .from(teacherUnavailabilities)
          .where(inArray(teacherUnavailabilities.teacherId, teacherIds))
          .orderBy(
            asc(teacherUnavailabilities.teacherId),
            asc(teacherUnavailabilities.day),
            asc(teacherUnavailabilities.classHourId),
          );
  const slots = await db
    .select({
      courseSectionId: scheduleSlots.courseSectionId,
      classroomId: scheduleSlots.classroomId,
      day: scheduleSlots.day,
      classHourId: scheduleSlots.classHourId,
    })
    .from(scheduleSlots)
    .where(eq(scheduleSlots.periodId, periodId))
    .orderBy(
      asc(scheduleSlots.courseSectionId),
      asc(scheduleSlots.day),
      asc(scheduleSlots.classHourId),
      asc(scheduleSlots.classroomId),
    );
  return {
    classHours: hours,
    classrooms: rooms,
    sections: sectionRows,
    courseSections: csRows,
    courseSectionTeachers: staff,
    teachers: people,
    unavailability,
    slots,
  };
}

/**
 * What a run depended on, by part, each part a hash: Apply compares them to say what changed. Schedules and
 * teachers are hashed per section so the refusal can name the sections.
 */
export type Fingerprint = {
  schedules: Record<string, string>;
  teachers: Record<string, string>;
  /** Absent in runs started before sections' shifts counted. */
  shifts?: Record<string, string>;
  classrooms: string;
  class_hours: string;
  unavailability: string;
  hours: string;
};

const hash = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("base64url");

export function fingerprintOf(rows: SchoolRows): Fingerprint {
  const sectionOf = new Map(rows.courseSections.map((c) => [c.id, c.sectionId]));
  const bySection = <T extends { courseSectionId: number }>(list: T[]) => {
    const out = new Map<number, T[]>();
    for (const item of list) {
      const s = sectionOf.get(item.courseSectionId);
      if (s !== undefined) out.set(s, [...(out.get(s) ?? []), item]);
    }
    return Object.fromEntries(rows.sections.map((s) => [String(s.id), hash(out.get(s.id) ?? [])]));
  };
  return {
    schedules: bySection(rows.slots),
    teachers: bySection(rows.courseSectionTeachers),
    shifts: Object.fromEntries(rows.sections.map((s) => [String(s.id), s.shift ?? "mixed"])),
    classrooms: hash(rows.classrooms.map((r) => [r.id, r.enabled, r.multipleSections, r.maxCapacity])),
    class_hours: hash(rows.classHours),
    unavailability: hash(rows.unavailability),
    hours: hash(rows.courseSections.map((c) => [c.id, c.hours])),
  };
}

/** Spanish: what changed between two fingerprints (empty when nothing did). */
export function describeChanges(
  before: Fingerprint,
  after: Fingerprint,
  codeOf: (sectionId: string) => string,
) {
  const changed: string[] = [];
  const sectionsWhere = (a: Record<string, string>, b: Record<string, string>) =>
    [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== b[k]).map(codeOf);
  const schedules = sectionsWhere(before.schedules, after.schedules);
  if (schedules.length > 0)
    changed.push(`los horarios de ${listOf("la sección", "las secciones", schedules)}`);
  const staff = sectionsWhere(before.teachers, after.teachers);
  if (staff.length > 0) changed.push(`los profesores de ${listOf("la sección", "las secciones", staff)}`);
  const shifts = before.shifts && after.shifts ? sectionsWhere(before.shifts, after.shifts) : [];
  if (shifts.length > 0) changed.push(`el turno de ${listOf("la sección", "las secciones", shifts)}`);
  if (before.classrooms !== after.classrooms) changed.push("las aulas");
  if (before.class_hours !== after.class_hours) changed.push("las horas de clase");
  if (before.unavailability !== after.unavailability) changed.push("la disponibilidad de los profesores");
  if (before.hours !== after.hours) changed.push("las horas semanales de las materias");
  return changed;
}

function listOf(one: string, many: string, items: string[]) {
  if (items.length === 1) return `${one} ${items[0]}`;
  return `${many} ${items.slice(0, -1).join(", ")} y ${items.at(-1)}`;
}

/** Sections of the period among `ids` (the rest are unknown or of another period). */
export async function sectionsOfPeriod(db: DbOrTx, periodId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.periodId, periodId), inArray(sections.id, ids)));
  return rows.map((r) => r.id);
}
