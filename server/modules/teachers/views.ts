import { and, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import {
  courseEnrolments,
  courseSections,
  courseSectionTeachers,
  courses,
  lessons,
  pensums,
  periods,
  sections,
  semesters,
  specializations,
} from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";

/**
 * What a teacher teaches: their course sections of a period (`courses`, `/teachers/{id}`), of the periods
 * before the current one (`historic`), and the lessons of those course sections (`lessons`).
 */

export const courseSectionSortable = ["period", "course", "section", "specialization", "semester"] as const;
export type CourseSectionListParams = ListParams<(typeof courseSectionSortable)[number]> & {
  period_id?: number;
};

export type TeacherCourseSectionRow = {
  courseSectionId: number;
  courseId: number;
  courseCode: string;
  courseTitle: string;
  sectionId: number;
  sectionCode: string;
  letterCode: string;
  shift: string;
  semesterId: number;
  semesterNumber: number;
  semesterCode: string;
  specializationId: number;
  specializationCode: string;
  specializationTitle: string;
  periodId: number;
  periodYear: number;
  periodNumber: number;
  studentsCount: number;
  lessonsCount: number;
};

/** The enabled period, or null when none is. */
async function currentPeriod(db: DbOrTx) {
  const [row] = await db.select().from(periods).where(eq(periods.enabled, true));
  return row ?? null;
}

async function assertPeriod(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: periods.id }).from(periods).where(eq(periods.id, id));
  if (!row) throw notFound("period_not_found");
}

function courseSectionsQuery(db: DbOrTx, teacherId: number, where: SQL | undefined) {
  return db
    .select({
      courseSectionId: courseSections.id,
      courseId: courses.id,
      courseCode: courses.code,
      courseTitle: courses.title,
      sectionId: sections.id,
      sectionCode: sections.code,
      letterCode: sections.letterCode,
      shift: sections.shift,
      semesterId: semesters.id,
      semesterNumber: semesters.number,
      semesterCode: semesters.code,
      specializationId: specializations.id,
      specializationCode: specializations.code,
      specializationTitle: specializations.title,
      periodId: periods.id,
      periodYear: periods.year,
      periodNumber: periods.number,
      studentsCount: sql<number>`(
        select count(*) from ${courseEnrolments}
        where ${courseEnrolments.courseSectionId} = ${courseSections.id} and ${courseEnrolments.status} = 'enrolled'
      )`.mapWith(Number),
      lessonsCount: sql<number>`(
        select count(*) from ${lessons} where ${lessons.courseSectionId} = ${courseSections.id}
      )`.mapWith(Number),
    })
    .from(courseSectionTeachers)
    .innerJoin(courseSections, eq(courseSections.id, courseSectionTeachers.courseSectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .innerJoin(sections, eq(sections.id, courseSections.sectionId))
    .innerJoin(semesters, eq(semesters.id, sections.semesterId))
    .innerJoin(pensums, eq(pensums.id, semesters.pensumId))
    .innerJoin(specializations, eq(specializations.id, pensums.specializationId))
    .innerJoin(periods, eq(periods.id, sections.periodId))
    .where(and(eq(courseSectionTeachers.teacherId, teacherId), where))
    .$dynamic();
}

const courseSectionSort = {
  period: sql`${periods.year} * 100 + ${periods.number}`,
  course: courses.title,
  section: sections.code,
  specialization: specializations.title,
  semester: semesters.number,
};

const courseSectionSearch = (search: string | undefined) =>
  searchCondition(search, [courses.code, courses.title, sections.code, specializations.title]);

/**
 * The teacher's course sections of `period_id`, by default the enabled period (none when no period is
 * enabled).
 */
export async function listTeacherCourseSections(opts: {
  db: DbOrTx;
  teacherId: number;
  list: CourseSectionListParams;
}): Promise<Page<TeacherCourseSectionRow>> {
  const { db, list } = opts;
  let periodId = list.period_id;
  if (periodId !== undefined) await assertPeriod(db, periodId);
  else periodId = (await currentPeriod(db))?.id ?? 0;
  return paginate({
    db,
    query: courseSectionsQuery(
      db,
      opts.teacherId,
      and(eq(periods.id, periodId), courseSectionSearch(list.search)),
    ),
    list,
    sortColumns: courseSectionSort,
    tieBreaker: courseSections.id,
  });
}

/**
 * The teacher's course sections of past periods: those that started before the enabled one (or, with no
 * period enabled, that have ended).
 */
export async function listTeacherHistoric(opts: {
  db: DbOrTx;
  teacherId: number;
  list: CourseSectionListParams;
  today: string;
}): Promise<Page<TeacherCourseSectionRow>> {
  const { db, list } = opts;
  const current = await currentPeriod(db);
  const past = current ? lt(periods.startDate, current.startDate) : lt(periods.endDate, opts.today);
  return paginate({
    db,
    query: courseSectionsQuery(
      db,
      opts.teacherId,
      and(
        past,
        list.period_id === undefined ? undefined : eq(periods.id, list.period_id),
        courseSectionSearch(list.search),
      ),
    ),
    list,
    sortColumns: courseSectionSort,
    tieBreaker: courseSections.id,
  });
}

export const lessonSortable = ["date", "id", "course", "section"] as const;
export type LessonListParams = ListParams<(typeof lessonSortable)[number]> & {
  period_id?: number;
  course_section_id?: number;
};

export type TeacherLessonRow = {
  id: number;
  date: string;
  title: string | null;
  evaluated: boolean;
  weight: number;
  registeredAt: Date | null;
  courseSectionId: number;
  courseId: number;
  courseCode: string;
  courseTitle: string;
  sectionId: number;
  sectionCode: string;
};

/** Lessons of the teacher's course sections in `period_id` (by default the enabled period). */
export async function listTeacherLessons(opts: {
  db: DbOrTx;
  teacherId: number;
  list: LessonListParams;
}): Promise<Page<TeacherLessonRow>> {
  const { db, list } = opts;
  let periodId = list.period_id;
  if (periodId !== undefined) await assertPeriod(db, periodId);
  else periodId = (await currentPeriod(db))?.id ?? 0;
  const own = db
    .select({ id: courseSectionTeachers.courseSectionId })
    .from(courseSectionTeachers)
    .where(eq(courseSectionTeachers.teacherId, opts.teacherId));
  return paginate({
    db,
    query: db
      .select({
        id: lessons.id,
        date: lessons.date,
        title: lessons.title,
        evaluated: lessons.evaluated,
        weight: lessons.weight,
        registeredAt: lessons.registeredAt,
        courseSectionId: courseSections.id,
        courseId: courses.id,
        courseCode: courses.code,
        courseTitle: courses.title,
        sectionId: sections.id,
        sectionCode: sections.code,
      })
      .from(lessons)
      .innerJoin(courseSections, eq(courseSections.id, lessons.courseSectionId))
      .innerJoin(courses, eq(courses.id, courseSections.courseId))
      .innerJoin(sections, eq(sections.id, courseSections.sectionId))
      .where(
        and(
          inArray(lessons.courseSectionId, own),
          eq(sections.periodId, periodId),
          list.course_section_id === undefined ? undefined : eq(courseSections.id, list.course_section_id),
          searchCondition(list.search, [lessons.title, courses.title, courses.code, sections.code]),
        ),
      )
      .$dynamic(),
    list,
    sortColumns: { date: lessons.date, id: lessons.id, course: courses.title, section: sections.code },
    tieBreaker: lessons.id,
  });
}
