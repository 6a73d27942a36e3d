import { and, asc, eq, exists, inArray, not, sql } from "drizzle-orm";
import type { CreateCourseInput, UpdateCourseInput } from "../../../common/schemas/courses.js";
import type { DbOrTx } from "../../db/client.js";
import {
  courseEnrolments,
  courseSections,
  courseSectionTeachers,
  courses,
  pensums,
  periods,
  sections,
  semesterCourses,
  semesters,
  specializations,
  students,
  teachers,
} from "../../db/schema/index.js";
import { notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { rethrowUniqueAsField } from "../../http/validation.js";

export type CourseRow = typeof courses.$inferSelect;
export type PlacementRow = {
  courseId: number;
  pensumId: number;
  pensumName: string;
  pensumVersion: number;
  specializationId: number;
  specializationTitle: string;
  semesterId: number;
  semesterNumber: number;
  semesterCode: string;
};
export type CourseWithPlacements = CourseRow & { placements: PlacementRow[] };

export const courseSortable = [
  "code",
  "id",
  "title",
  "credits",
  "hours",
  "max_absences_to_fail",
  "enabled",
  "created_at",
] as const;
type SortField = (typeof courseSortable)[number];

export type CourseListParams = ListParams<SortField> & {
  specialization_id?: number;
  pensum_id?: number;
  semester_id?: number;
  enabled?: boolean;
  unassigned?: boolean;
};

/** The pensums and semesters that include each course, in one query. */
async function placementsOf(db: DbOrTx, courseIds: number[]): Promise<Map<number, PlacementRow[]>> {
  const byCourse = new Map<number, PlacementRow[]>();
  if (courseIds.length === 0) return byCourse;
  const rows = await db
    .select({
      courseId: semesterCourses.courseId,
      pensumId: pensums.id,
      pensumName: pensums.name,
      pensumVersion: pensums.version,
      specializationId: specializations.id,
      specializationTitle: specializations.title,
      semesterId: semesters.id,
      semesterNumber: semesters.number,
      semesterCode: semesters.code,
    })
    .from(semesterCourses)
    .innerJoin(semesters, eq(semesters.id, semesterCourses.semesterId))
    .innerJoin(pensums, eq(pensums.id, semesterCourses.pensumId))
    .innerJoin(specializations, eq(specializations.id, pensums.specializationId))
    .where(inArray(semesterCourses.courseId, courseIds))
    .orderBy(asc(specializations.title), asc(pensums.version), asc(semesters.number));
  for (const row of rows) {
    const list = byCourse.get(row.courseId) ?? [];
    list.push(row);
    byCourse.set(row.courseId, list);
  }
  return byCourse;
}

/** Courses matching the search (code, title) and filters, one page, each with the pensums that include it. */
export async function listCourses(opts: {
  db: DbOrTx;
  list: CourseListParams;
}): Promise<Page<CourseWithPlacements>> {
  const { db, list } = opts;
  const inPensum = (extra?: ReturnType<typeof eq>) =>
    db
      .select({ one: sql`1` })
      .from(semesterCourses)
      .innerJoin(pensums, eq(pensums.id, semesterCourses.pensumId))
      .where(and(eq(semesterCourses.courseId, courses.id), extra));
  const where = and(
    searchCondition(list.search, [courses.code, courses.title]),
    list.enabled === undefined ? undefined : eq(courses.enabled, list.enabled),
    list.specialization_id === undefined
      ? undefined
      : exists(inPensum(eq(pensums.specializationId, list.specialization_id))),
    list.pensum_id === undefined ? undefined : exists(inPensum(eq(semesterCourses.pensumId, list.pensum_id))),
    list.semester_id === undefined
      ? undefined
      : exists(inPensum(eq(semesterCourses.semesterId, list.semester_id))),
    list.unassigned === undefined
      ? undefined
      : list.unassigned
        ? not(exists(inPensum()))
        : exists(inPensum()),
  );
  const page = await paginate({
    db,
    query: db.select().from(courses).where(where).$dynamic(),
    list,
    sortColumns: {
      id: courses.id,
      code: courses.code,
      title: courses.title,
      credits: courses.credits,
      hours: courses.hours,
      max_absences_to_fail: courses.maxAbsencesToFail,
      enabled: courses.enabled,
      created_at: courses.createdAt,
    },
    tieBreaker: courses.id,
  });
  const placements = await placementsOf(
    db,
    page.rows.map((r) => r.id),
  );
  return { rows: page.rows.map((r) => ({ ...r, placements: placements.get(r.id) ?? [] })), meta: page.meta };
}

export async function getCourse(opts: { db: DbOrTx; id: number }): Promise<CourseWithPlacements> {
  const [row] = await opts.db.select().from(courses).where(eq(courses.id, opts.id));
  if (!row) throw notFound();
  const placements = await placementsOf(opts.db, [row.id]);
  return { ...row, placements: placements.get(row.id) ?? [] };
}

/** A duplicate code is the database's to catch (safe under concurrency): a 422 on `code`. */
function translateWriteError(error: unknown): never {
  rethrowUniqueAsField(error, { courses_code_lower_unique: "code" });
}

export async function createCourse(opts: {
  db: DbOrTx;
  input: CreateCourseInput;
}): Promise<CourseWithPlacements> {
  const { input } = opts;
  try {
    const [row] = await opts.db
      .insert(courses)
      .values({
        code: input.code,
        title: input.title,
        description: input.description,
        credits: input.credits,
        hours: input.hours,
        maxAbsencesToFail: input.max_absences_to_fail,
        enabled: input.enabled,
        supportsFinalDelivery: input.supports_final_delivery,
      })
      .returning();
    return { ...row!, placements: [] };
  } catch (error) {
    translateWriteError(error);
  }
}

export async function updateCourse(opts: {
  db: DbOrTx;
  id: number;
  input: UpdateCourseInput;
}): Promise<CourseWithPlacements> {
  const { input } = opts;
  try {
    const [row] = await opts.db
      .update(courses)
      .set({
        code: input.code,
        title: input.title,
        description: input.description,
        credits: input.credits,
        hours: input.hours,
        maxAbsencesToFail: input.max_absences_to_fail,
        enabled: input.enabled,
        supportsFinalDelivery: input.supports_final_delivery,
        updatedAt: new Date(),
      })
      .where(eq(courses.id, opts.id))
      .returning();
    if (!row) throw notFound();
    const placements = await placementsOf(opts.db, [row.id]);
    return { ...row, placements: placements.get(row.id) ?? [] };
  } catch (error) {
    translateWriteError(error);
  }
}

/**
 * Deletes a course no pensum includes (`course_has_pensums`) and no section teaches (`course_has_sections`).
 * The row is locked first, so a pensum cannot take the course between the check and the delete; the
 * foreign keys (restrict) agree.
 */
export async function deleteCourse(opts: { db: DbOrTx; id: number }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.id, opts.id))
      .for("update");
    if (!row) throw notFound();
    const [inPensum] = await tx
      .select({ one: sql`1` })
      .from(semesterCourses)
      .where(eq(semesterCourses.courseId, opts.id))
      .limit(1);
    if (inPensum) throw refuse("course_has_pensums");
    const [taught] = await tx
      .select({ one: sql`1` })
      .from(courseSections)
      .where(eq(courseSections.courseId, opts.id))
      .limit(1);
    if (taught) throw refuse("course_has_sections");
    await tx.delete(courses).where(eq(courses.id, opts.id));
  });
}

/**
 * Refuses with `disabled_course_detected` when any of `ids` names a disabled course. Every write that puts a
 * course to use (a prelation, a semester's courses, a teacher assignment) calls it inside its transaction;
 * the rows are share-locked so the course cannot be disabled until that write commits.
 */
export async function assertCoursesEnabled(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: courses.id, enabled: courses.enabled })
    .from(courses)
    .where(inArray(courses.id, ids))
    .for("share");
  if (rows.some((r) => !r.enabled)) throw refuse("disabled_course_detected");
}

export type CourseSectionTeacher = { id: number; firstName: string; lastName: string };
export type CourseSectionBriefRow = {
  id: number;
  courseId: number;
  section: {
    id: number;
    code: string;
    letterCode: string;
    shift: string;
    semesterId: number;
    semesterNumber: number;
  };
  teachers: CourseSectionTeacher[];
  malesAssigned: number;
  femalesAssigned: number;
};

/** The enabled period's id, or a refusal when there is none. */
export async function enabledPeriodId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: periods.id }).from(periods).where(eq(periods.enabled, true)).limit(1);
  if (!row) throw refuse("unable_to_find_enabled_period");
  return row.id;
}

/**
 * Course sections of `courseIds` in a period, with their teachers and how many male and female students
 * are enrolled (withdrawn enrolments do not count). Three queries whatever the number of sections.
 */
export async function courseSectionsInPeriod(opts: {
  db: DbOrTx;
  periodId: number;
  courseIds: number[];
}): Promise<CourseSectionBriefRow[]> {
  const { db, periodId, courseIds } = opts;
  if (courseIds.length === 0) return [];
  const base = await db
    .select({
      id: courseSections.id,
      courseId: courseSections.courseId,
      sectionId: sections.id,
      code: sections.code,
      letterCode: sections.letterCode,
      shift: sections.shift,
      semesterId: semesters.id,
      semesterNumber: semesters.number,
    })
    .from(courseSections)
    .innerJoin(sections, eq(sections.id, courseSections.sectionId))
    .innerJoin(semesters, eq(semesters.id, sections.semesterId))
    .where(and(eq(sections.periodId, periodId), inArray(courseSections.courseId, courseIds)))
    .orderBy(asc(semesters.number), asc(sections.code), asc(courseSections.id));
  const ids = base.map((r) => r.id);
  if (ids.length === 0) return [];
  const teacherRows = await db
    .select({
      courseSectionId: courseSectionTeachers.courseSectionId,
      id: teachers.id,
      firstName: teachers.firstName,
      lastName: teachers.lastName,
    })
    .from(courseSectionTeachers)
    .innerJoin(teachers, eq(teachers.id, courseSectionTeachers.teacherId))
    .where(inArray(courseSectionTeachers.courseSectionId, ids))
    .orderBy(asc(teachers.lastName), asc(teachers.firstName));
  const counts = await db
    .select({
      courseSectionId: courseEnrolments.courseSectionId,
      males: sql<number>`count(*) filter (where ${students.gender} = 'male')`.mapWith(Number),
      females: sql<number>`count(*) filter (where ${students.gender} = 'female')`.mapWith(Number),
    })
    .from(courseEnrolments)
    .innerJoin(students, eq(students.id, courseEnrolments.studentId))
    .where(and(inArray(courseEnrolments.courseSectionId, ids), eq(courseEnrolments.status, "enrolled")))
    .groupBy(courseEnrolments.courseSectionId);
  const countBy = new Map(counts.map((c) => [c.courseSectionId, c]));
  return base.map((r) => ({
    id: r.id,
    courseId: r.courseId,
    section: {
      id: r.sectionId,
      code: r.code,
      letterCode: r.letterCode,
      shift: r.shift,
      semesterId: r.semesterId,
      semesterNumber: r.semesterNumber,
    },
    teachers: teacherRows
      .filter((t) => t.courseSectionId === r.id)
      .map((t) => ({ id: t.id, firstName: t.firstName, lastName: t.lastName })),
    malesAssigned: countBy.get(r.id)?.males ?? 0,
    femalesAssigned: countBy.get(r.id)?.females ?? 0,
  }));
}

/** The course sections of one course in a period (default: the enabled one). */
export async function listCourseSectionsOfCourse(opts: {
  db: DbOrTx;
  courseId: number;
  periodId?: number;
}): Promise<{ periodId: number; rows: CourseSectionBriefRow[] }> {
  const [course] = await opts.db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.id, opts.courseId));
  if (!course) throw notFound();
  const periodId = opts.periodId ?? (await enabledPeriodId(opts.db));
  const [period] = await opts.db.select({ id: periods.id }).from(periods).where(eq(periods.id, periodId));
  if (!period) throw notFound("period_not_found");
  return {
    periodId,
    rows: await courseSectionsInPeriod({ db: opts.db, periodId, courseIds: [opts.courseId] }),
  };
}

export type PensumCourseRow = {
  course: CourseRow;
  semesterId: number;
  semesterNumber: number;
  semesterCode: string;
  courseSections: CourseSectionBriefRow[];
};

/**
 * The courses of a pensum (of `specializationId`) by semester, each with its course sections in the period:
 * the `/courses/periods/{period}/specializations/{specialization}/pensum/{pensum}` pages.
 */
export async function listPensumCourses(opts: {
  db: DbOrTx;
  periodId: number;
  specializationId: number;
  pensumId: number;
}): Promise<PensumCourseRow[]> {
  const { db } = opts;
  const [period] = await db.select({ id: periods.id }).from(periods).where(eq(periods.id, opts.periodId));
  if (!period) throw notFound("period_not_found");
  const [pensum] = await db
    .select({ id: pensums.id })
    .from(pensums)
    .where(and(eq(pensums.id, opts.pensumId), eq(pensums.specializationId, opts.specializationId)));
  if (!pensum) throw notFound();
  const rows = await db
    .select({
      course: courses,
      semesterId: semesters.id,
      semesterNumber: semesters.number,
      semesterCode: semesters.code,
    })
    .from(semesterCourses)
    .innerJoin(courses, eq(courses.id, semesterCourses.courseId))
    .innerJoin(semesters, eq(semesters.id, semesterCourses.semesterId))
    .where(eq(semesterCourses.pensumId, opts.pensumId))
    .orderBy(asc(semesters.number), asc(courses.code));
  const sectionRows = await courseSectionsInPeriod({
    db,
    periodId: opts.periodId,
    courseIds: rows.map((r) => r.course.id),
  });
  return rows.map((r) => ({
    ...r,
    // Only the sections of this pensum's semester: another pensum may share the course.
    courseSections: sectionRows.filter(
      (cs) => cs.courseId === r.course.id && cs.section.semesterId === r.semesterId,
    ),
  }));
}
