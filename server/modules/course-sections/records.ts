import { and, asc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { CourseRecord, DatedEvaluation } from "../../../common/enrolment/progression.js";
import type { DbOrTx } from "../../db/client.js";
import {
  courseEnrolments,
  courseSections,
  courses,
  finalDeliveries,
  finalDeliveryNotes,
  lessonStudents,
  lessons,
} from "../../db/schema/index.js";

/** An evaluated lesson of a course section (weight > 0), in date order. */
export type EvaluatedLesson = {
  id: number;
  courseSectionId: number;
  date: string;
  title: string | null;
  weight: number;
  /** The version of the lesson's attendance and notes (sent back when saving notes; issue 27). */
  version: number;
};

/** What one course section gave one enrolled student, ready for `courseResult` and `cutNotes`. */
export type StudentCourseRecord = Omit<CourseRecord, "evaluations"> & {
  courseSectionId: number;
  studentId: number;
  evaluations: (DatedEvaluation & { lessonId: number })[];
};

export type CourseSectionRecords = {
  lessons: EvaluatedLesson[];
  /** Keyed by `recordKey(courseSectionId, studentId)`. */
  records: Map<string, StudentCourseRecord>;
};

export const recordKey = (courseSectionId: number, studentId: number) => `${courseSectionId}:${studentId}`;

/**
 * The notes, absences and final deliveries of every student enrolled in the course sections `csIds`
 * (or only `studentId`'s, or `studentIds`'): five queries whatever the number of students, courses and evaluations. The
 * maths (final note, cuts, failed by absences) is `common/enrolment/progression.ts`'s, not SQL's.
 */
export async function courseSectionRecords(
  db: DbOrTx,
  csIds: number[],
  opts: { studentId?: number; studentIds?: number[] } = {},
): Promise<CourseSectionRecords> {
  const records = new Map<string, StudentCourseRecord>();
  if (csIds.length === 0) return { lessons: [], records };
  const studentIds = opts.studentId === undefined ? opts.studentIds : [opts.studentId];
  const only = (column: PgColumn) =>
    studentIds === undefined ? undefined : inArray(column, studentIds.length ? studentIds : [0]);
  const [enrolled, evaluated, notes, attendance, deliveries] = await Promise.all([
    db
      .select({
        courseSectionId: courseEnrolments.courseSectionId,
        studentId: courseEnrolments.studentId,
        status: courseEnrolments.status,
        courseId: courses.id,
        code: courses.code,
        title: courses.title,
        maxAbsencesToFail: courses.maxAbsencesToFail,
      })
      .from(courseEnrolments)
      .innerJoin(courseSections, eq(courseSections.id, courseEnrolments.courseSectionId))
      .innerJoin(courses, eq(courses.id, courseSections.courseId))
      .where(and(inArray(courseEnrolments.courseSectionId, csIds), only(courseEnrolments.studentId))),
    db
      .select({
        id: lessons.id,
        courseSectionId: lessons.courseSectionId,
        date: lessons.date,
        title: lessons.title,
        weight: lessons.weight,
        version: lessons.version,
      })
      .from(lessons)
      .where(and(inArray(lessons.courseSectionId, csIds), eq(lessons.evaluated, true), gt(lessons.weight, 0)))
      .orderBy(asc(lessons.date), asc(lessons.id)),
    db
      .select({
        lessonId: lessonStudents.lessonId,
        studentId: lessonStudents.studentId,
        note: lessonStudents.note,
      })
      .from(lessonStudents)
      .innerJoin(lessons, eq(lessons.id, lessonStudents.lessonId))
      .where(
        and(
          inArray(lessons.courseSectionId, csIds),
          eq(lessons.evaluated, true),
          gt(lessons.weight, 0),
          isNotNull(lessonStudents.note),
          only(lessonStudents.studentId),
        ),
      ),
    db
      .select({
        courseSectionId: lessons.courseSectionId,
        studentId: lessonStudents.studentId,
        absences: sql<number>`count(*) filter (where ${lessonStudents.attendance} = 'absent')`.mapWith(
          Number,
        ),
        delays: sql<number>`count(*) filter (where ${lessonStudents.attendance} = 'delayed')`.mapWith(Number),
      })
      .from(lessonStudents)
      .innerJoin(lessons, eq(lessons.id, lessonStudents.lessonId))
      .where(and(inArray(lessons.courseSectionId, csIds), only(lessonStudents.studentId)))
      .groupBy(lessons.courseSectionId, lessonStudents.studentId),
    // A final delivery counts once the jury has given the student a note: the jury's average.
    db
      .select({
        courseSectionId: finalDeliveries.courseSectionId,
        studentId: finalDeliveryNotes.studentId,
        percent: finalDeliveries.finalDeliveryValuePercent,
        note: sql<number>`avg(${finalDeliveryNotes.note})`.mapWith(Number),
      })
      .from(finalDeliveries)
      .innerJoin(finalDeliveryNotes, eq(finalDeliveryNotes.finalDeliveryId, finalDeliveries.id))
      .where(and(inArray(finalDeliveries.courseSectionId, csIds), only(finalDeliveryNotes.studentId)))
      .groupBy(
        finalDeliveries.courseSectionId,
        finalDeliveries.finalDeliveryValuePercent,
        finalDeliveryNotes.studentId,
      ),
  ]);
  const noteOf = new Map(notes.map((n) => [`${n.lessonId}:${n.studentId}`, n.note]));
  const attendanceOf = new Map(attendance.map((a) => [recordKey(a.courseSectionId, a.studentId), a]));
  const deliveryOf = new Map(deliveries.map((d) => [recordKey(d.courseSectionId, d.studentId), d]));
  const lessonsOf = new Map<number, EvaluatedLesson[]>();
  for (const l of evaluated)
    lessonsOf.set(l.courseSectionId, [...(lessonsOf.get(l.courseSectionId) ?? []), l]);
  for (const e of enrolled) {
    const key = recordKey(e.courseSectionId, e.studentId);
    const att = attendanceOf.get(key);
    const fd = deliveryOf.get(key);
    records.set(key, {
      courseSectionId: e.courseSectionId,
      studentId: e.studentId,
      courseId: e.courseId,
      code: e.code,
      title: e.title,
      evaluations: (lessonsOf.get(e.courseSectionId) ?? []).map((l) => ({
        lessonId: l.id,
        date: l.date,
        weight: l.weight,
        note: noteOf.get(`${l.id}:${e.studentId}`) ?? null,
      })),
      finalDelivery: fd ? { percent: fd.percent, note: fd.note } : null,
      absences: att?.absences ?? 0,
      delays: att?.delays ?? 0,
      maxAbsencesToFail: e.maxAbsencesToFail,
      withdrawn: e.status === "withdrawn",
    });
  }
  return { lessons: evaluated, records };
}
