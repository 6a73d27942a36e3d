import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { average, type CourseResult, courseResult } from "../../../common/enrolment/progression.js";
import { courseStanding, periodHasEnded } from "../../../common/grades/standing.js";
import { isCoordinator } from "../../../common/roles.js";
import type {
  AssignTeachersInput,
  CreateSectionInput,
  UpdateSectionInput,
} from "../../../common/schemas/sections.js";
import type { DbOrTx } from "../../db/client.js";
import { withDbErrors } from "../../db/constraints.js";
import {
  courseEnrolments,
  courseSections,
  courseSectionTeachers,
  courses,
  finalDeliveries,
  inscriptions,
  lessons,
  pensums,
  periodPensums,
  periods,
  schedules,
  sections,
  semesterCourses,
  semesters,
  specializations,
  students,
  teachers,
  users,
} from "../../db/schema/index.js";
import { isForeignKeyViolation } from "../../http/db-errors.js";
import { forbidden, notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Caller, supervisedTeacherIds } from "../../http/ownership.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { fieldError } from "../../http/validation.js";
import { courseSectionRecords, recordKey } from "../course-sections/records.js";
import { assertCoursesEnabled } from "../courses/service.js";
import { assertPeriodWritable } from "../periods/read-only.js";

// ---------------------------------------------------------------------------------------------------------
// Who sees which sections
// ---------------------------------------------------------------------------------------------------------

/**
 * The specializations whose sections the caller may see: every one (null) for the administration; for a
 * coordinator only the specialization they coordinate (DOMAIN.md: a coordinator looks after one
 * specialization), none when they coordinate none.
 */
export async function visibleSpecializationIds(db: DbOrTx, caller: Caller): Promise<number[] | null> {
  if (!isCoordinator(caller.type)) return null;
  const [row] = await db
    .select({ specializationId: teachers.specializationId })
    .from(teachers)
    .where(and(eq(teachers.userId, caller.id), eq(teachers.isCoordinator, true)));
  return row?.specializationId ? [row.specializationId] : [];
}

function scopeCondition(scope: number[] | null): SQL | undefined {
  if (scope === null) return undefined;
  if (scope.length === 0) return sql`false`;
  return inArray(pensums.specializationId, scope);
}

// ---------------------------------------------------------------------------------------------------------
// Sections
// ---------------------------------------------------------------------------------------------------------

const malesCount =
  sql<number>`(select count(*) from ${inscriptions} i join ${students} st on st.id = i.student_id
  where i.section_id = ${sections.id} and i.status = 'active' and st.gender <> 'female')`.mapWith(Number);
const femalesCount =
  sql<number>`(select count(*) from ${inscriptions} i join ${students} st on st.id = i.student_id
  where i.section_id = ${sections.id} and i.status = 'active' and st.gender = 'female')`.mapWith(Number);
const coursesCount = sql<number>`(select count(*) from ${courseSections} c
  where c.section_id = ${sections.id})`.mapWith(Number);

const sectionColumns = {
  id: sections.id,
  periodId: sections.periodId,
  semesterId: sections.semesterId,
  letterCode: sections.letterCode,
  code: sections.code,
  title: sections.title,
  shift: sections.shift,
  malesLimit: sections.malesLimit,
  femalesLimit: sections.femalesLimit,
  period: { id: periods.id, year: periods.year, number: periods.number },
  semester: { id: semesters.id, number: semesters.number, code: semesters.code },
  specialization: { id: specializations.id, code: specializations.code, title: specializations.title },
  malesCount,
  femalesCount,
  coursesCount,
};

function sectionsQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(sectionColumns)
    .from(sections)
    .innerJoin(periods, eq(periods.id, sections.periodId))
    .innerJoin(semesters, eq(semesters.id, sections.semesterId))
    .innerJoin(pensums, eq(pensums.id, semesters.pensumId))
    .innerJoin(specializations, eq(specializations.id, pensums.specializationId))
    .where(where)
    .$dynamic();
}

export type SectionRow = Awaited<ReturnType<ReturnType<typeof sectionsQuery>["execute"]>>[number];

export const sectionSortable = [
  "code",
  "id",
  "letter_code",
  "title",
  "shift",
  "semester",
  "specialization",
  "males_limit",
  "females_limit",
  "created_at",
] as const;

export type SectionListParams = ListParams<(typeof sectionSortable)[number]> & {
  period_id?: number;
  semester_id?: number;
  specialization_id?: number;
  shift?: string;
};

/** Sections matching the search (code, title, specialization) and filters, as far as the caller may see. */
export async function listSections(opts: {
  db: DbOrTx;
  caller: Caller;
  list: SectionListParams;
}): Promise<Page<SectionRow>> {
  const { db, list } = opts;
  const scope = await visibleSpecializationIds(db, opts.caller);
  const where = and(
    scopeCondition(scope),
    searchCondition(list.search, [sections.code, sections.title, specializations.title]),
    list.period_id === undefined ? undefined : eq(sections.periodId, list.period_id),
    list.semester_id === undefined ? undefined : eq(sections.semesterId, list.semester_id),
    list.specialization_id === undefined ? undefined : eq(specializations.id, list.specialization_id),
    list.shift === undefined ? undefined : eq(sections.shift, list.shift),
  );
  return paginate({
    db,
    query: sectionsQuery(db, where),
    list,
    sortColumns: {
      code: sections.code,
      id: sections.id,
      letter_code: sections.letterCode,
      title: sections.title,
      shift: sections.shift,
      semester: semesters.number,
      specialization: specializations.title,
      males_limit: sections.malesLimit,
      females_limit: sections.femalesLimit,
      created_at: sections.createdAt,
    },
    tieBreaker: sections.id,
  });
}

/** One section the caller may see: 404 when it does not exist, 403 when it is outside their scope. */
export async function getSection(opts: { db: DbOrTx; caller: Caller; id: number }): Promise<SectionRow> {
  const { db } = opts;
  const [row] = await sectionsQuery(db, eq(sections.id, opts.id));
  if (!row) throw notFound();
  const scope = await visibleSpecializationIds(db, opts.caller);
  if (scope !== null && !scope.includes(row.specialization.id)) throw forbidden();
  return row;
}

export type SectionDetailRow = SectionRow & { courses: CourseSectionRow[]; teachers: TeacherRow[] };

export async function getSectionDetail(opts: {
  db: DbOrTx;
  caller: Caller;
  id: number;
}): Promise<SectionDetailRow> {
  const section = await getSection(opts);
  const rows = await courseSectionRows(opts.db, eq(courseSections.sectionId, section.id));
  return { ...section, courses: rows, teachers: distinctTeachers(rows) };
}

/** The courses of a semester, in the order of their codes. */
async function semesterCourseIds(db: DbOrTx, semesterId: number): Promise<number[]> {
  const rows = await db
    .select({ id: semesterCourses.courseId })
    .from(semesterCourses)
    .innerJoin(courses, eq(courses.id, semesterCourses.courseId))
    .where(eq(semesterCourses.semesterId, semesterId))
    .orderBy(asc(courses.code));
  return rows.map((r) => r.id);
}

/**
 * Creates a section and, in the same transaction, one course section per course of its semester. The
 * semester must belong to the pensum the period follows for its specialization; the letter is unique per
 * period and semester (`letter_code_already_exists`, guarded by a unique constraint).
 */
export async function createSection(opts: {
  db: DbOrTx;
  caller: Caller;
  input: CreateSectionInput;
}): Promise<SectionDetailRow> {
  const { db, input } = opts;
  const id = await withDbErrors(() =>
    db.transaction(async (tx) => {
      const [period] = await tx
        .select({ id: periods.id })
        .from(periods)
        .where(eq(periods.id, input.period_id));
      if (!period) throw fieldError("period_id", "exists");
      await assertPeriodWritable(tx, period.id);
      const [semester] = await tx
        .select({ id: semesters.id, code: semesters.code, pensumId: semesters.pensumId })
        .from(semesters)
        .where(eq(semesters.id, input.semester_id));
      if (!semester) throw fieldError("semester_id", "exists");
      const [attached] = await tx
        .select({ pensumId: periodPensums.pensumId })
        .from(periodPensums)
        .where(and(eq(periodPensums.periodId, period.id), eq(periodPensums.pensumId, semester.pensumId)));
      // A semester of a pensum the period does not follow is not a valid choice for that period.
      if (!attached) throw fieldError("semester_id", "in");
      const [row] = await tx
        .insert(sections)
        .values({
          periodId: period.id,
          semesterId: semester.id,
          letterCode: input.letter_code,
          code: `${semester.code}${input.letter_code}`,
          title: input.title,
          shift: input.shift,
          malesLimit: input.males_limit,
          femalesLimit: input.females_limit,
        })
        .returning({ id: sections.id });
      const courseIds = await semesterCourseIds(tx, semester.id);
      if (courseIds.length > 0) {
        await tx
          .insert(courseSections)
          .values(courseIds.map((courseId) => ({ sectionId: row!.id, courseId })));
      }
      return row!.id;
    }),
  );
  return getSectionDetail({ db, caller: opts.caller, id });
}

/** Active inscriptions of a section by gender. */
async function inscribedByGender(db: DbOrTx, sectionId: number) {
  const [row] = await db
    .select({
      males: sql<number>`count(*) filter (where ${students.gender} <> 'female')`.mapWith(Number),
      females: sql<number>`count(*) filter (where ${students.gender} = 'female')`.mapWith(Number),
    })
    .from(inscriptions)
    .innerJoin(students, eq(students.id, inscriptions.studentId))
    .where(and(eq(inscriptions.sectionId, sectionId), eq(inscriptions.status, "active")));
  return { males: row?.males ?? 0, females: row?.females ?? 0 };
}

/**
 * Changes the fields sent; a new letter renames the code. A limit below the students already inscribed
 * of that gender is refused (422 on the limit), under a lock of the section so inscriptions wait.
 */
export async function updateSection(opts: {
  db: DbOrTx;
  caller: Caller;
  id: number;
  input: UpdateSectionInput;
}): Promise<SectionDetailRow> {
  const { db, input } = opts;
  await withDbErrors(() =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select({ id: sections.id, semesterCode: semesters.code, periodId: sections.periodId })
        .from(sections)
        .innerJoin(semesters, eq(semesters.id, sections.semesterId))
        .where(eq(sections.id, opts.id))
        .for("update", { of: sections });
      if (!current) throw notFound();
      await assertPeriodWritable(tx, current.periodId);
      if (input.males_limit !== undefined || input.females_limit !== undefined) {
        const inscribed = await inscribedByGender(tx, current.id);
        if (input.males_limit !== undefined && input.males_limit < inscribed.males) {
          throw fieldError("males_limit", "min", { kind: "numeric", min: inscribed.males });
        }
        if (input.females_limit !== undefined && input.females_limit < inscribed.females) {
          throw fieldError("females_limit", "min", { kind: "numeric", min: inscribed.females });
        }
      }
      await tx
        .update(sections)
        .set({
          letterCode: input.letter_code,
          code: input.letter_code === undefined ? undefined : `${current.semesterCode}${input.letter_code}`,
          title: input.title,
          shift: input.shift,
          malesLimit: input.males_limit,
          femalesLimit: input.females_limit,
          updatedAt: new Date(),
        })
        .where(eq(sections.id, current.id));
    }),
  );
  return getSectionDetail({ db, caller: opts.caller, id: opts.id });
}

/**
 * Deletes a section nothing depends on: refused with `section_has_students` (inscriptions),
 * `section_has_schedules` (a weekly schedule) or `section_has_lessons` (lessons or final deliveries).
 * Its course sections and their teachers go with it. The foreign keys back the checks up.
 */
export async function deleteSection(opts: { db: DbOrTx; id: number }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: sections.id, periodId: sections.periodId })
      .from(sections)
      .where(eq(sections.id, opts.id))
      .for("update");
    if (!row) throw notFound();
    await assertPeriodWritable(tx, row.periodId);
    const [inscribed] = await tx
      .select({ id: inscriptions.id })
      .from(inscriptions)
      .where(eq(inscriptions.sectionId, row.id))
      .limit(1);
    if (inscribed) throw refuse("section_has_students");
    const ofSection = sql`(select ${courseSections.id} from ${courseSections} where ${courseSections.sectionId} = ${row.id})`;
    const [scheduled] = await tx
      .select({ id: schedules.id })
      .from(schedules)
      .where(sql`${schedules.courseSectionId} in ${ofSection}`)
      .limit(1);
    if (scheduled) throw refuse("section_has_schedules");
    const [taught] = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(sql`${lessons.courseSectionId} in ${ofSection}`)
      .limit(1);
    const [delivered] = await tx
      .select({ id: finalDeliveries.id })
      .from(finalDeliveries)
      .where(sql`${finalDeliveries.courseSectionId} in ${ofSection}`)
      .limit(1);
    if (taught || delivered) throw refuse("section_has_lessons");
    const [enrolled] = await tx
      .select({ id: courseEnrolments.id })
      .from(courseEnrolments)
      .where(sql`${courseEnrolments.courseSectionId} in ${ofSection}`)
      .limit(1);
    if (enrolled) throw refuse("section_has_students");
    await tx
      .delete(sections)
      .where(eq(sections.id, row.id))
      .catch((error: unknown) => {
        if (isForeignKeyViolation(error)) throw refuse("section_has_students");
        throw error;
      });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Course sections
// ---------------------------------------------------------------------------------------------------------

export type TeacherRow = { id: number; firstName: string; lastName: string; enabled: boolean };

export type CourseSectionRow = {
  id: number;
  sectionId: number;
  courseId: number;
  course: { id: number; code: string; title: string; credits: number; supportsFinalDelivery: boolean };
  section: { id: number; code: string; letterCode: string; periodId: number };
  teachers: TeacherRow[];
  malesCount: number;
  femalesCount: number;
  schedulesCount: number;
};

const enrolledCount = (female: boolean) =>
  sql<number>`(select count(*) from ${courseEnrolments} e join ${students} st on st.id = e.student_id
    where e.course_section_id = ${courseSections.id} and e.status = 'enrolled'
    and ${female ? sql`st.gender = 'female'` : sql`st.gender <> 'female'`})`.mapWith(Number);

const courseSectionColumns = {
  id: courseSections.id,
  sectionId: courseSections.sectionId,
  courseId: courseSections.courseId,
  course: {
    id: courses.id,
    code: courses.code,
    title: courses.title,
    credits: courses.credits,
    supportsFinalDelivery: courses.supportsFinalDelivery,
  },
  section: {
    id: sections.id,
    code: sections.code,
    letterCode: sections.letterCode,
    periodId: sections.periodId,
  },
  malesCount: enrolledCount(false),
  femalesCount: enrolledCount(true),
  schedulesCount: sql<number>`(select count(*) from ${schedules} sc
    where sc.course_section_id = ${courseSections.id})`.mapWith(Number),
};

function courseSectionsQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(courseSectionColumns)
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .innerJoin(sections, eq(sections.id, courseSections.sectionId))
    .innerJoin(semesters, eq(semesters.id, sections.semesterId))
    .innerJoin(pensums, eq(pensums.id, semesters.pensumId))
    .where(where)
    .$dynamic();
}

/** Adds each course section's teachers (one query for all of them). */
async function withTeachers(
  db: DbOrTx,
  rows: Omit<CourseSectionRow, "teachers">[],
): Promise<CourseSectionRow[]> {
  const ids = rows.map((r) => r.id);
  const assigned = ids.length
    ? await db
        .select({
          courseSectionId: courseSectionTeachers.courseSectionId,
          id: teachers.id,
          firstName: teachers.firstName,
          lastName: teachers.lastName,
          enabled: teachers.enabled,
        })
        .from(courseSectionTeachers)
        .innerJoin(teachers, eq(teachers.id, courseSectionTeachers.teacherId))
        .where(inArray(courseSectionTeachers.courseSectionId, ids))
        .orderBy(asc(teachers.lastName), asc(teachers.firstName), asc(teachers.id))
    : [];
  return rows.map((r) => ({
    ...r,
    teachers: assigned.filter((t) => t.courseSectionId === r.id).map(({ courseSectionId: _, ...t }) => t),
  }));
}

async function courseSectionRows(db: DbOrTx, where: SQL | undefined): Promise<CourseSectionRow[]> {
  return withTeachers(db, await courseSectionsQuery(db, where).orderBy(asc(courses.code)));
}

function distinctTeachers(rows: CourseSectionRow[]): TeacherRow[] {
  const byId = new Map<number, TeacherRow>();
  for (const t of rows.flatMap((r) => r.teachers)) byId.set(t.id, t);
  return [...byId.values()].sort(
    (a, b) => a.lastName.localeCompare(b.lastName, "es") || a.firstName.localeCompare(b.firstName, "es"),
  );
}

/** The teachers of a section's course sections, each once. */
export async function listSectionTeachers(opts: { db: DbOrTx; caller: Caller; id: number }) {
  const section = await getSection(opts);
  return distinctTeachers(await courseSectionRows(opts.db, eq(courseSections.sectionId, section.id)));
}

/** The course section of `courseId` in a section the caller may see (`course_section_not_found`). */
export async function getCourseSection(opts: {
  db: DbOrTx;
  caller: Caller;
  sectionId: number;
  courseId: number;
}): Promise<CourseSectionRow> {
  const section = await getSection({ db: opts.db, caller: opts.caller, id: opts.sectionId });
  const [row] = await courseSectionRows(
    opts.db,
    and(eq(courseSections.sectionId, section.id), eq(courseSections.courseId, opts.courseId)),
  );
  if (!row) throw notFound("course_section_not_found");
  return row;
}

/**
 * Replaces the teachers of a course section with `teacher_ids` in one transaction. Every teacher must
 * exist (422 on `teacher_ids`) and be enabled (`teacher_not_enabled`). A teacher who already teaches
 * elsewhere at one of this course section's class hours is refused by the teacher-slot constraint that
 * the database triggers fill (`combination_of_day_teacher_class_hour_exists`).
 */
export async function assignTeachers(opts: {
  db: DbOrTx;
  caller: Caller;
  sectionId: number;
  courseId: number;
  input: AssignTeachersInput;
}): Promise<CourseSectionRow> {
  const { db } = opts;
  const wanted = [...new Set(opts.input.teacher_ids)];
  await withDbErrors(() =>
    db.transaction(async (tx) => {
      const [cs] = await tx
        .select({ id: courseSections.id, periodId: sections.periodId })
        .from(courseSections)
        .innerJoin(sections, eq(sections.id, courseSections.sectionId))
        .where(and(eq(courseSections.sectionId, opts.sectionId), eq(courseSections.courseId, opts.courseId)))
        .for("update", { of: courseSections });
      if (!cs) {
        const [section] = await tx
          .select({ id: sections.id })
          .from(sections)
          .where(eq(sections.id, opts.sectionId));
        throw section ? notFound("course_section_not_found") : notFound();
      }
      await assertPeriodWritable(tx, cs.periodId);
      const found = wanted.length
        ? await tx
            .select({ id: teachers.id, enabled: teachers.enabled })
            .from(teachers)
            .where(inArray(teachers.id, wanted))
            .for("share")
        : [];
      if (found.length !== wanted.length) throw fieldError("teacher_ids", "exists");
      if (found.some((t) => !t.enabled)) throw refuse("teacher_not_enabled");
      // Teachers may be removed from a disabled course, not given one.
      if (wanted.length) await assertCoursesEnabled(tx, [opts.courseId]);
      const current = await tx
        .select({ id: courseSectionTeachers.teacherId })
        .from(courseSectionTeachers)
        .where(eq(courseSectionTeachers.courseSectionId, cs.id));
      const currentIds = current.map((r) => r.id);
      const removed = currentIds.filter((id) => !wanted.includes(id));
      const added = wanted.filter((id) => !currentIds.includes(id));
      if (removed.length) {
        await tx
          .delete(courseSectionTeachers)
          .where(
            and(
              eq(courseSectionTeachers.courseSectionId, cs.id),
              inArray(courseSectionTeachers.teacherId, removed),
            ),
          );
      }
      if (added.length) {
        await tx
          .insert(courseSectionTeachers)
          .values(added.map((teacherId) => ({ courseSectionId: cs.id, teacherId })));
      }
      await tx.update(courseSections).set({ updatedAt: new Date() }).where(eq(courseSections.id, cs.id));
    }),
  );
  return getCourseSection(opts);
}

export const courseSectionSortable = ["course_code", "course_title", "section_code", "id"] as const;

export type CourseSectionListParams = ListParams<(typeof courseSectionSortable)[number]> & {
  period_id?: number;
  section_id?: number;
  course_id?: number;
  teacher_id?: number;
  /** Only course sections without any teacher (true) or with one (false). */
  without_teacher?: boolean;
  /** Only those whose final delivery the caller may manage (a coordinator: taught by them or by a teacher they
   * supervise, or without a teacher yet); the administration manages every one. */
  manageable?: boolean;
};

/** Course sections matching the search (course code and title, section code) and filters. */
export async function listCourseSections(opts: {
  db: DbOrTx;
  caller: Caller;
  list: CourseSectionListParams;
}): Promise<Page<CourseSectionRow>> {
  const { db, list } = opts;
  const scope = await visibleSpecializationIds(db, opts.caller);
  const hasTeacher = sql`exists (select 1 from ${courseSectionTeachers} t where t.course_section_id = ${courseSections.id})`;
  const supervised =
    list.manageable && isCoordinator(opts.caller.type)
      ? await supervisedTeacherIds(db, opts.caller)
      : undefined;
  const where = and(
    scopeCondition(scope),
    searchCondition(list.search, [courses.code, courses.title, sections.code]),
    list.period_id === undefined ? undefined : eq(sections.periodId, list.period_id),
    list.section_id === undefined ? undefined : eq(courseSections.sectionId, list.section_id),
    list.course_id === undefined ? undefined : eq(courseSections.courseId, list.course_id),
    list.teacher_id === undefined
      ? undefined
      : sql`exists (select 1 from ${courseSectionTeachers} t
          where t.course_section_id = ${courseSections.id} and t.teacher_id = ${list.teacher_id})`,
    list.without_teacher === undefined
      ? undefined
      : list.without_teacher
        ? sql`not ${hasTeacher}`
        : hasTeacher,
    supervised === undefined
      ? undefined
      : sql`(not ${hasTeacher} or exists (select 1 from ${courseSectionTeachers} t
          where t.course_section_id = ${courseSections.id} and t.teacher_id in ${supervised.length ? sql`(${sql.join(supervised, sql`, `)})` : sql`(null)`}))`,
  );
  const page = await paginate({
    db,
    query: courseSectionsQuery(db, where),
    list,
    sortColumns: {
      course_code: courses.code,
      course_title: courses.title,
      section_code: sections.code,
      id: courseSections.id,
    },
    tieBreaker: courseSections.id,
  });
  return { rows: await withTeachers(db, page.rows), meta: page.meta };
}

// ---------------------------------------------------------------------------------------------------------
// Students and notes
// ---------------------------------------------------------------------------------------------------------

export const sectionStudentSortable = [
  "last_name",
  "first_name",
  "identity_document",
  "gender",
  "id",
] as const;

export type SectionStudentRow = {
  id: number;
  firstName: string;
  lastName: string;
  identityDocument: string;
  gender: string;
  email: string;
  status: string;
};

const studentColumns = {
  id: students.id,
  firstName: students.firstName,
  lastName: students.lastName,
  identityDocument: students.identityDocument,
  gender: students.gender,
  email: users.email,
  status: inscriptions.status,
};

/** The students inscribed in a section (from the inscriptions), one page of them. */
export async function listSectionStudents(opts: {
  db: DbOrTx;
  caller: Caller;
  id: number;
  list: ListParams<(typeof sectionStudentSortable)[number]> & { gender?: string };
}): Promise<Page<SectionStudentRow>> {
  const { db, list } = opts;
  const section = await getSection(opts);
  const where = and(
    eq(inscriptions.sectionId, section.id),
    searchCondition(list.search, [
      students.firstName,
      students.lastName,
      students.identityDocument,
      users.email,
    ]),
    list.gender === undefined ? undefined : eq(students.gender, list.gender),
  );
  return paginate({
    db,
    query: db
      .select(studentColumns)
      .from(inscriptions)
      .innerJoin(students, eq(students.id, inscriptions.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .where(where)
      .$dynamic(),
    list,
    sortColumns: {
      last_name: students.lastName,
      first_name: students.firstName,
      identity_document: students.identityDocument,
      gender: students.gender,
      id: students.id,
    },
    tieBreaker: students.id,
  });
}

export type StudentsCoursesNotesRow = {
  courses: CourseSectionRow["course"][];
  students: (SectionStudentRow & {
    notes: ({ courseId: number } & Omit<CourseResult, "courseId" | "code" | "title">)[];
    average: number | null;
  })[];
};

/**
 * Each student of the section with the note of each of its courses so far (DOMAIN.md "Final note", the
 * maths of `common/enrolment/progression.ts`: the evaluated lessons' weighted mean with the final
 * delivery, rounded half up), whether they failed it by absences, and the mean of their notes. A fixed
 * number of queries whatever the size of the section.
 */
export async function sectionStudentsCoursesNotes(opts: {
  db: DbOrTx;
  caller: Caller;
  id: number;
  /** The school's today (the injected clock): after the period's end the notes are final. */
  today: string;
}): Promise<StudentsCoursesNotesRow> {
  const { db } = opts;
  const section = await getSection(opts);
  const [courseRows, studentRows] = await Promise.all([
    db
      .select({
        csId: courseSections.id,
        course: courseSectionColumns.course,
        approvalMinimumNote: periods.approvalMinimumNote,
        approvalMinimumAvg: periods.approvalMinimumAvg,
        endDate: periods.endDate,
      })
      .from(courseSections)
      .innerJoin(courses, eq(courses.id, courseSections.courseId))
      .innerJoin(sections, eq(sections.id, courseSections.sectionId))
      .innerJoin(periods, eq(periods.id, sections.periodId))
      .where(eq(courseSections.sectionId, section.id))
      .orderBy(asc(courses.code)),
    db
      .select(studentColumns)
      .from(inscriptions)
      .innerJoin(students, eq(students.id, inscriptions.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .where(eq(inscriptions.sectionId, section.id))
      .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id)),
  ]);
  const { records } = studentRows.length
    ? await courseSectionRecords(
        db,
        courseRows.map((c) => c.csId),
      )
    : { records: new Map() };
  const empty = { absences: 0, delays: 0, absencesWithDelays: 0, failedByAbsences: false, withdrawn: false };
  return {
    courses: courseRows.map((c) => c.course),
    students: studentRows.map((st) => {
      const notes = courseRows.map((c) => {
        const periodEnded = periodHasEnded(c.endDate, opts.today);
        const record = records.get(recordKey(c.csId, st.id));
        if (!record) {
          const none = courseStanding({ evaluations: [] }, { ...c, periodEnded });
          return { courseId: c.course.id, ...empty, ...none, passed: none.passed === true };
        }
        const { courseId, code: _code, title: _title, ...result } = courseResult(record, c, { periodEnded });
        return { courseId, ...result };
      });
      return {
        ...st,
        notes,
        average: average(notes.filter((n) => !n.withdrawn && n.note !== null).map((n) => n.note as number)),
      };
    }),
  };
}
