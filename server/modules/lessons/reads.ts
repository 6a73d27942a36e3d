import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, ne, type SQL, sql } from "drizzle-orm";
import { absenceCount } from "../../../common/enrolment/progression.js";
import type { Attendance } from "../../../common/schemas/lessons.js";
import type { DbOrTx } from "../../db/client.js";
import {
  courseEnrolments,
  courseSections,
  courseSectionTeachers,
  courses,
  finalDeliveries,
  lessonStudentChanges,
  lessonStudents,
  lessons,
  periods,
  schedules,
  sections,
  students,
  teachers,
} from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { courseSectionsOf } from "./policy.js";

export type CourseSectionBrief = {
  id: number;
  course: { id: number; code: string; title: string; maxAbsencesToFail: number };
  section: { id: number; code: string; periodId: number };
  teachers: { id: number; name: string }[];
};

/** The teachers of some course sections, by course section id (one query). */
export async function teachersOf(db: DbOrTx, courseSectionIds: number[]) {
  const map = new Map<number, { id: number; name: string }[]>();
  if (courseSectionIds.length === 0) return map;
  const rows = await db
    .select({
      courseSectionId: courseSectionTeachers.courseSectionId,
      id: teachers.id,
      firstName: teachers.firstName,
      lastName: teachers.lastName,
    })
    .from(courseSectionTeachers)
    .innerJoin(teachers, eq(teachers.id, courseSectionTeachers.teacherId))
    .where(inArray(courseSectionTeachers.courseSectionId, [...new Set(courseSectionIds)]))
    .orderBy(asc(teachers.lastName), asc(teachers.id));
  for (const r of rows) {
    map.set(r.courseSectionId, [
      ...(map.get(r.courseSectionId) ?? []),
      { id: r.id, name: `${r.firstName} ${r.lastName}` },
    ]);
  }
  return map;
}

const briefColumns = {
  id: courseSections.id,
  course: {
    id: courses.id,
    code: courses.code,
    title: courses.title,
    maxAbsencesToFail: courses.maxAbsencesToFail,
  },
  section: { id: sections.id, code: sections.code, periodId: sections.periodId },
};

/** A course section with its course, section and teachers; 404 `course_section_not_found`. */
export async function courseSectionBrief(db: DbOrTx, id: number): Promise<CourseSectionBrief> {
  const [row] = await db
    .select(briefColumns)
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .innerJoin(sections, eq(sections.id, courseSections.sectionId))
    .where(eq(courseSections.id, id));
  if (!row) throw notFound("course_section_not_found");
  return { ...row, teachers: (await teachersOf(db, [id])).get(id) ?? [] };
}

export type LessonRow = typeof lessons.$inferSelect & {
  absences: number;
  delays: number;
  notes: number;
  courseSection: CourseSectionBrief;
};

const countOf = (condition: SQL) =>
  sql<number>`(select count(*) from ${lessonStudents} where ${lessonStudents.lessonId} = ${lessons.id} and ${condition})`.mapWith(
    Number,
  );

const lessonColumns = {
  lesson: getTableColumns(lessons),
  absences: countOf(sql`${lessonStudents.attendance} = 'absent'`),
  delays: countOf(sql`${lessonStudents.attendance} = 'delayed'`),
  notes: countOf(sql`${lessonStudents.note} is not null`),
  ...briefColumns,
};

type LessonSelect = {
  lesson: typeof lessons.$inferSelect;
  absences: number;
  delays: number;
  notes: number;
  id: number;
  course: CourseSectionBrief["course"];
  section: CourseSectionBrief["section"];
};

function lessonsQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(lessonColumns)
    .from(lessons)
    .innerJoin(courseSections, eq(courseSections.id, lessons.courseSectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .innerJoin(sections, eq(sections.id, courseSections.sectionId))
    .where(where)
    .$dynamic();
}

async function withTeachers(db: DbOrTx, rows: LessonSelect[]): Promise<LessonRow[]> {
  const byCs = await teachersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r.lesson,
    absences: r.absences,
    delays: r.delays,
    notes: r.notes,
    courseSection: { id: r.id, course: r.course, section: r.section, teachers: byCs.get(r.id) ?? [] },
  }));
}

export const lessonSortable = ["date", "id", "course", "section", "weight"] as const;
export type LessonListParams = ListParams<(typeof lessonSortable)[number]> & {
  period_id?: number;
  course_section_id?: number;
  section_id?: number;
  course_id?: number;
  teacher_id?: number;
  evaluated?: boolean;
  from?: string;
  to?: string;
};

/** Lessons the caller works on (`scope`: teacher ids, null for every one), filtered, one page. */
export async function listLessons(opts: {
  db: DbOrTx;
  scope: number[] | null;
  list: LessonListParams;
}): Promise<Page<LessonRow>> {
  const { db, list, scope } = opts;
  const where = and(
    scope === null ? undefined : inArray(lessons.courseSectionId, courseSectionsOf(db, scope)),
    list.teacher_id === undefined
      ? undefined
      : inArray(lessons.courseSectionId, courseSectionsOf(db, [list.teacher_id])),
    list.period_id === undefined ? undefined : eq(sections.periodId, list.period_id),
    list.course_section_id === undefined ? undefined : eq(lessons.courseSectionId, list.course_section_id),
    list.section_id === undefined ? undefined : eq(sections.id, list.section_id),
    list.course_id === undefined ? undefined : eq(courses.id, list.course_id),
    list.evaluated === undefined ? undefined : eq(lessons.evaluated, list.evaluated),
    list.from === undefined ? undefined : gte(lessons.date, list.from),
    list.to === undefined ? undefined : lte(lessons.date, list.to),
    searchCondition(list.search, [lessons.title, courses.code, courses.title, sections.code]),
  );
  const page = await paginate({
    db,
    query: lessonsQuery(db, where),
    list,
    sortColumns: {
      date: lessons.date,
      id: lessons.id,
      course: courses.title,
      section: sections.code,
      weight: lessons.weight,
    },
    tieBreaker: lessons.id,
  });
  return { rows: await withTeachers(db, page.rows as LessonSelect[]), meta: page.meta };
}

/** One lesson with its counts and course section; 404 when missing. */
export async function getLessonRow(db: DbOrTx, id: number): Promise<LessonRow> {
  const rows = (await lessonsQuery(db, eq(lessons.id, id))) as LessonSelect[];
  if (rows.length === 0) throw notFound();
  return (await withTeachers(db, rows))[0]!;
}

export type EnrolledStudent = {
  id: number;
  firstName: string;
  lastName: string;
  identityDocument: string;
};

/** Students enrolled (not withdrawn) in a course section, by last name. */
export async function enrolledStudents(db: DbOrTx, courseSectionId: number): Promise<EnrolledStudent[]> {
  return db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      identityDocument: students.identityDocument,
    })
    .from(courseEnrolments)
    .innerJoin(students, eq(students.id, courseEnrolments.studentId))
    .where(
      and(eq(courseEnrolments.courseSectionId, courseSectionId), eq(courseEnrolments.status, "enrolled")),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
}

/**
 * Absences and delays of every student in all the lessons of a course section, and whether they failed
 * the course by absences (three delays are one absence; more than max_absences_to_fail fails).
 */
export async function absenceTotals(db: DbOrTx, courseSectionId: number, maxAbsencesToFail: number) {
  const rows = await db
    .select({
      studentId: lessonStudents.studentId,
      absences: sql<number>`count(*) filter (where ${lessonStudents.attendance} = 'absent')`.mapWith(Number),
      delays: sql<number>`count(*) filter (where ${lessonStudents.attendance} = 'delayed')`.mapWith(Number),
    })
    .from(lessonStudents)
    .innerJoin(lessons, eq(lessons.id, lessonStudents.lessonId))
    .where(and(eq(lessons.courseSectionId, courseSectionId), ne(lessonStudents.attendance, "present")))
    .groupBy(lessonStudents.studentId);
  const map = new Map<number, { absences: number; delays: number; total: number; failed: boolean }>();
  for (const r of rows) {
    map.set(r.studentId, {
      absences: r.absences,
      delays: r.delays,
      ...absenceCount(r.absences, r.delays, maxAbsencesToFail),
    });
  }
  return (studentId: number) =>
    map.get(studentId) ?? { absences: 0, delays: 0, ...absenceCount(0, 0, maxAbsencesToFail) };
}

/** Percent still free for `lessonId`: 100 − the other lessons' weights − the final delivery's percent. */
export async function availableWeight(db: DbOrTx, courseSectionId: number, lessonId: number) {
  const [others] = await db
    .select({ sum: sql<number>`coalesce(sum(${lessons.weight}), 0)`.mapWith(Number) })
    .from(lessons)
    .where(and(eq(lessons.courseSectionId, courseSectionId), ne(lessons.id, lessonId)));
  const [delivery] = await db
    .select({ percent: finalDeliveries.finalDeliveryValuePercent })
    .from(finalDeliveries)
    .where(eq(finalDeliveries.courseSectionId, courseSectionId));
  return Math.max(0, 100 - (others?.sum ?? 0) - (delivery?.percent ?? 0));
}

export type LessonStudentView = EnrolledStudent & {
  attendance: Attendance;
  note: number | null;
  absences: number;
  delays: number;
  total: number;
  failed: boolean;
};

export type LessonDetailRow = LessonRow & {
  students: LessonStudentView[];
  availableWeight: number;
};

/** A lesson with every enrolled student's attendance, note and absences in the course (a fixed number of queries). */
export async function lessonDetail(db: DbOrTx, id: number): Promise<LessonDetailRow> {
  const lesson = await getLessonRow(db, id);
  const cs = lesson.courseSection;
  const [roster, rows, totals, available] = [
    await enrolledStudents(db, cs.id),
    await db.select().from(lessonStudents).where(eq(lessonStudents.lessonId, id)),
    await absenceTotals(db, cs.id, cs.course.maxAbsencesToFail),
    await availableWeight(db, cs.id, id),
  ];
  const byStudent = new Map(rows.map((r) => [r.studentId, r]));
  return {
    ...lesson,
    availableWeight: available,
    students: roster.map((st) => {
      const row = byStudent.get(st.id);
      return {
        ...st,
        attendance: (row?.attendance ?? "present") as Attendance,
        note: row?.note ?? null,
        ...totals(st.id),
      };
    }),
  };
}

export const courseSectionSortable = ["course", "section", "id"] as const;
export type CourseSectionListParams = ListParams<(typeof courseSectionSortable)[number]> & {
  period_id?: number;
  section_id?: number;
  course_id?: number;
};

/** The course sections the caller works on in a period (default: the enabled one), with counts. */
export async function listMyCourseSections(opts: {
  db: DbOrTx;
  scope: number[] | null;
  list: CourseSectionListParams;
}) {
  const { db, scope, list } = opts;
  let periodId = list.period_id;
  if (periodId === undefined && list.section_id === undefined) {
    const [current] = await db.select({ id: periods.id }).from(periods).where(eq(periods.enabled, true));
    periodId = current?.id ?? 0;
  }
  const page = await paginate({
    db,
    query: db
      .select({
        ...briefColumns,
        students:
          sql<number>`(select count(*) from ${courseEnrolments} where ${courseEnrolments.courseSectionId} = ${courseSections.id} and ${courseEnrolments.status} = 'enrolled')`.mapWith(
            Number,
          ),
        lessons:
          sql<number>`(select count(*) from ${lessons} where ${lessons.courseSectionId} = ${courseSections.id})`.mapWith(
            Number,
          ),
        evaluatedWeight:
          sql<number>`(select coalesce(sum(${lessons.weight}), 0) from ${lessons} where ${lessons.courseSectionId} = ${courseSections.id})`.mapWith(
            Number,
          ),
        hasSchedule: sql<boolean>`exists (select 1 from ${schedules} where ${schedules.courseSectionId} = ${courseSections.id})`,
      })
      .from(courseSections)
      .innerJoin(courses, eq(courses.id, courseSections.courseId))
      .innerJoin(sections, eq(sections.id, courseSections.sectionId))
      .where(
        and(
          periodId === undefined ? undefined : eq(sections.periodId, periodId),
          list.section_id === undefined ? undefined : eq(sections.id, list.section_id),
          list.course_id === undefined ? undefined : eq(courses.id, list.course_id),
          scope === null ? undefined : inArray(courseSections.id, courseSectionsOf(db, scope)),
          searchCondition(list.search, [courses.code, courses.title, sections.code]),
        ),
      )
      .$dynamic(),
    list,
    sortColumns: { course: courses.title, section: sections.code, id: courseSections.id },
    tieBreaker: courseSections.id,
  });
  const byCs = await teachersOf(
    db,
    page.rows.map((r) => r.id),
  );
  return {
    meta: page.meta,
    rows: page.rows.map((r) => ({ ...r, teachers: byCs.get(r.id) ?? [] })),
  };
}
export type MyCourseSectionRow = Awaited<ReturnType<typeof listMyCourseSections>>["rows"][number];

/** The course section of a section and course; 404 `course_section_not_found`. */
export async function courseSectionOf(db: DbOrTx, sectionId: number, courseId: number) {
  const [row] = await db
    .select({ id: courseSections.id })
    .from(courseSections)
    .where(and(eq(courseSections.sectionId, sectionId), eq(courseSections.courseId, courseId)));
  if (!row) throw notFound("course_section_not_found");
  return row.id;
}

/** The audit trail of one student in one course section, newest first. */
export async function studentHistory(db: DbOrTx, courseSectionId: number, studentId: number) {
  return db
    .select({
      id: lessonStudentChanges.id,
      lessonId: lessonStudentChanges.lessonId,
      lessonDate: lessonStudentChanges.lessonDate,
      lessonTitle: lessons.title,
      field: lessonStudentChanges.field,
      oldValue: lessonStudentChanges.oldValue,
      newValue: lessonStudentChanges.newValue,
      changedAt: lessonStudentChanges.changedAt,
      changedByUserId: lessonStudentChanges.changedByUserId,
      changedByName: lessonStudentChanges.changedByName,
    })
    .from(lessonStudentChanges)
    .leftJoin(lessons, eq(lessons.id, lessonStudentChanges.lessonId))
    .where(
      and(
        eq(lessonStudentChanges.courseSectionId, courseSectionId),
        eq(lessonStudentChanges.studentId, studentId),
      ),
    )
    .orderBy(desc(lessonStudentChanges.changedAt), desc(lessonStudentChanges.id));
}
export type HistoryRow = Awaited<ReturnType<typeof studentHistory>>[number];
