import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { CourseRecord } from "../../../common/enrolment/progression.js";
import type { DbOrTx } from "../../db/client.js";
import {
  courseEnrolments,
  courseSections,
  courses,
  finalDeliveries,
  finalDeliveryNotes,
  finalDeliveryStudents,
  inscriptions,
  lessonStudents,
  lessons,
  periods,
  sections,
  semesters,
  specializations,
  students,
  users,
} from "../../db/schema/index.js";
import { notFound, refuse } from "../../http/errors.js";

/**
 * Reads shared by re-inscriptions and withdrawals: the student, their inscriptions (newest period first)
 * and what each course of an inscription gave (notes, absences, final delivery).
 */

export const periodName = (p: { year: number; number: number }) => `${p.year}-${p.number}`;

export type StudentRow = {
  id: number;
  firstName: string;
  lastName: string;
  identityDocument: string;
  email: string;
  gender: string;
  status: string;
};

/** The student, locked `FOR UPDATE` when `lock` (writes on one student take turns). 404 when missing. */
export async function loadStudent(
  db: DbOrTx,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<StudentRow> {
  const query = db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      identityDocument: students.identityDocument,
      email: users.email,
      gender: students.gender,
      status: students.status,
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(students.id, id));
  const [row] = opts.lock ? await query.for("update", { of: students }) : await query;
  if (!row) throw notFound("resource_not_found", "No se encontró el estudiante.");
  return row;
}

export const presentStudent = (s: StudentRow) => ({
  id: s.id,
  first_name: s.firstName,
  last_name: s.lastName,
  identity_document: s.identityDocument,
  email: s.email,
  gender: s.gender,
  status: s.status,
});

export type InscriptionRow = {
  id: number;
  status: string;
  kind: string;
  createdAt: Date;
  approvedAt: Date | null;
  period: {
    id: number;
    year: number;
    number: number;
    startDate: string;
    endDate: string | null;
    enabled: boolean;
    approvalMinimumAvg: number;
    approvalMinimumNote: number;
  };
  semester: { id: number; number: number; code: string; pensumId: number };
  specialization: { id: number; code: string; title: string; isBasic: boolean };
  section: { id: number; code: string };
};

/** Select list of an inscription with its period, semester, specialization and section. */
export const inscriptionColumns = {
  id: inscriptions.id,
  status: inscriptions.status,
  kind: inscriptions.kind,
  createdAt: inscriptions.createdAt,
  approvedAt: inscriptions.approvedAt,
  period: {
    id: periods.id,
    year: periods.year,
    number: periods.number,
    startDate: periods.startDate,
    endDate: periods.endDate,
    enabled: periods.enabled,
    approvalMinimumAvg: periods.approvalMinimumAvg,
    approvalMinimumNote: periods.approvalMinimumNote,
  },
  semester: {
    id: semesters.id,
    number: semesters.number,
    code: semesters.code,
    pensumId: semesters.pensumId,
  },
  specialization: {
    id: specializations.id,
    code: specializations.code,
    title: specializations.title,
    isBasic: specializations.isBasic,
  },
  section: { id: sections.id, code: sections.code },
};

/** A select of inscriptions joined with what `inscriptionColumns` reads. */
export const selectInscriptions = (db: DbOrTx) =>
  db
    .select(inscriptionColumns)
    .from(inscriptions)
    .innerJoin(periods, eq(periods.id, inscriptions.periodId))
    .innerJoin(semesters, eq(semesters.id, inscriptions.semesterId))
    .innerJoin(specializations, eq(specializations.id, inscriptions.specializationId))
    .innerJoin(sections, eq(sections.id, inscriptions.sectionId));

/** Every inscription of the student, the newest period first. */
export async function studentInscriptions(db: DbOrTx, studentId: number): Promise<InscriptionRow[]> {
  return selectInscriptions(db)
    .where(eq(inscriptions.studentId, studentId))
    .orderBy(desc(periods.startDate), desc(inscriptions.id));
}

/** The enabled (current) period and the next one (the first that starts after it), if any. */
export async function currentAndNextPeriod(db: DbOrTx) {
  const [current] = await db.select().from(periods).where(eq(periods.enabled, true));
  if (!current) return { current: null, next: null };
  const [next] = await db
    .select()
    .from(periods)
    .where(gt(periods.startDate, current.startDate))
    .orderBy(periods.startDate)
    .limit(1);
  return { current, next: next ?? null };
}

export type PeriodRow = typeof periods.$inferSelect;

/** The period a re-inscription goes into: the one asked for, else the next period. */
export async function targetPeriod(db: DbOrTx, periodId?: number): Promise<PeriodRow | null> {
  if (periodId !== undefined) {
    const [row] = await db.select().from(periods).where(eq(periods.id, periodId));
    if (!row) throw notFound("period_not_found");
    return row;
  }
  const { current, next } = await currentAndNextPeriod(db);
  if (!current) throw refuse("unable_to_find_enabled_period");
  return next;
}

export type CourseRecordRow = CourseRecord & { courseSectionId: number };

/**
 * What each course of the inscriptions gave the student: evaluations (weight and note), absences and
 * delays, the final delivery's percent and jury average, withdrawn or not. Four queries.
 */
export async function courseRecords(
  db: DbOrTx,
  studentId: number,
  inscriptionIds: number[],
): Promise<Map<number, CourseRecordRow[]>> {
  const result = new Map<number, CourseRecordRow[]>(inscriptionIds.map((id) => [id, []]));
  if (inscriptionIds.length === 0) return result;
  const enrolled = await db
    .select({
      inscriptionId: courseEnrolments.inscriptionId,
      courseSectionId: courseEnrolments.courseSectionId,
      status: courseEnrolments.status,
      courseId: courses.id,
      code: courses.code,
      title: courses.title,
      maxAbsencesToFail: courses.maxAbsencesToFail,
    })
    .from(courseEnrolments)
    .innerJoin(courseSections, eq(courseSections.id, courseEnrolments.courseSectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(
      and(eq(courseEnrolments.studentId, studentId), inArray(courseEnrolments.inscriptionId, inscriptionIds)),
    )
    .orderBy(courses.code);
  const csIds = enrolled.map((e) => e.courseSectionId);
  if (csIds.length === 0) return result;
  const evaluations = await db
    .select({ courseSectionId: lessons.courseSectionId, weight: lessons.weight, note: lessonStudents.note })
    .from(lessons)
    .leftJoin(
      lessonStudents,
      and(eq(lessonStudents.lessonId, lessons.id), eq(lessonStudents.studentId, studentId)),
    )
    .where(and(inArray(lessons.courseSectionId, csIds), eq(lessons.evaluated, true), gt(lessons.weight, 0)));
  const attendance = await db
    .select({
      courseSectionId: lessons.courseSectionId,
      absences: sql<number>`count(*) filter (where ${lessonStudents.attendance} = 'absent')`.mapWith(Number),
      delays: sql<number>`count(*) filter (where ${lessonStudents.attendance} = 'delayed')`.mapWith(Number),
    })
    .from(lessonStudents)
    .innerJoin(lessons, eq(lessons.id, lessonStudents.lessonId))
    .where(and(eq(lessonStudents.studentId, studentId), inArray(lessons.courseSectionId, csIds)))
    .groupBy(lessons.courseSectionId);
  // A final delivery counts once the jury has given the student a note.
  const deliveries = await db
    .select({
      courseSectionId: finalDeliveries.courseSectionId,
      percent: finalDeliveries.finalDeliveryValuePercent,
      note: sql<number | null>`avg(${finalDeliveryNotes.note})`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
    })
    .from(finalDeliveries)
    .innerJoin(
      finalDeliveryStudents,
      and(
        eq(finalDeliveryStudents.finalDeliveryId, finalDeliveries.id),
        eq(finalDeliveryStudents.studentId, studentId),
      ),
    )
    .innerJoin(
      finalDeliveryNotes,
      and(
        eq(finalDeliveryNotes.finalDeliveryId, finalDeliveries.id),
        eq(finalDeliveryNotes.studentId, studentId),
      ),
    )
    .where(inArray(finalDeliveries.courseSectionId, csIds))
    .groupBy(finalDeliveries.courseSectionId, finalDeliveries.finalDeliveryValuePercent);
  for (const e of enrolled) {
    const att = attendance.find((a) => a.courseSectionId === e.courseSectionId);
    const fd = deliveries.find((d) => d.courseSectionId === e.courseSectionId);
    result.get(e.inscriptionId)?.push({
      courseSectionId: e.courseSectionId,
      courseId: e.courseId,
      code: e.code,
      title: e.title,
      evaluations: evaluations
        .filter((x) => x.courseSectionId === e.courseSectionId)
        .map((x) => ({ weight: x.weight, note: x.note })),
      finalDelivery: fd ? { percent: fd.percent, note: fd.note } : null,
      absences: att?.absences ?? 0,
      delays: att?.delays ?? 0,
      maxAbsencesToFail: e.maxAbsencesToFail,
      withdrawn: e.status === "withdrawn",
    });
  }
  return result;
}
