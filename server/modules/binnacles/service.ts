import { and, eq } from "drizzle-orm";
import { isAdminGroup, isTeacherGroup } from "../../../common/roles.js";
import type { CreateBinnacleInput, UpdateBinnacleInput } from "../../../common/schemas/binnacles.js";
import type { DbOrTx } from "../../db/client.js";
import {
  binnacles,
  courseEnrolments,
  courseSections,
  courses,
  periods,
  sections,
  students,
  users,
} from "../../db/schema/index.js";
import { AppError, forbidden, notFound } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { assertTeachesCourseSection, type Caller } from "../../http/ownership.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { missingReference } from "../../http/validation.js";
import { assertCanSeeStudent, scopeCondition, studentScope } from "../students/policy.js";

/** Columns a binnacle list may be sorted by (the route's allow-list). */
export const binnacleSortable = [
  "id",
  "incidence_date",
  "subject",
  "category",
  "student",
  "created_at",
] as const;
type SortField = (typeof binnacleSortable)[number];

export type BinnacleListParams = ListParams<SortField> & {
  student_id?: number;
  period_id?: number;
  course_section_id?: number;
};

export type BinnacleRow = {
  id: number;
  incidenceDate: string;
  subject: string;
  description: string | null;
  category: string | null;
  periodId: number | null;
  courseSectionId: number | null;
  createdAt: Date;
  student: { id: number; firstName: string; lastName: string; identityDocument: string };
  course: { id: number; code: string; title: string } | null;
  section: { id: number; code: string } | null;
  author: { id: number; name: string | null } | null;
};

const columns = {
  id: binnacles.id,
  incidenceDate: binnacles.incidenceDate,
  subject: binnacles.subject,
  description: binnacles.description,
  category: binnacles.category,
  periodId: binnacles.periodId,
  courseSectionId: binnacles.courseSectionId,
  createdAt: binnacles.createdAt,
  studentId: students.id,
  studentFirstName: students.firstName,
  studentLastName: students.lastName,
  studentIdentityDocument: students.identityDocument,
  courseId: courses.id,
  courseCode: courses.code,
  courseTitle: courses.title,
  sectionId: sections.id,
  sectionCode: sections.code,
  authorId: users.id,
  authorName: users.name,
};

type Flat = {
  [K in keyof typeof columns]: unknown;
};

function toRow(r: Flat): BinnacleRow {
  return {
    id: r.id as number,
    incidenceDate: r.incidenceDate as string,
    subject: r.subject as string,
    description: r.description as string | null,
    category: r.category as string | null,
    periodId: r.periodId as number | null,
    courseSectionId: r.courseSectionId as number | null,
    createdAt: r.createdAt as Date,
    student: {
      id: r.studentId as number,
      firstName: r.studentFirstName as string,
      lastName: r.studentLastName as string,
      identityDocument: r.studentIdentityDocument as string,
    },
    course:
      r.courseId === null
        ? null
        : { id: r.courseId as number, code: r.courseCode as string, title: r.courseTitle as string },
    section: r.sectionId === null ? null : { id: r.sectionId as number, code: r.sectionCode as string },
    author: r.authorId === null ? null : { id: r.authorId as number, name: r.authorName as string | null },
  };
}

const baseQuery = (db: DbOrTx) =>
  db
    .select(columns)
    .from(binnacles)
    .innerJoin(students, eq(students.id, binnacles.studentId))
    .leftJoin(users, eq(users.id, binnacles.authorUserId))
    .leftJoin(courseSections, eq(courseSections.id, binnacles.courseSectionId))
    .leftJoin(courses, eq(courses.id, courseSections.courseId))
    .leftJoin(sections, eq(sections.id, courseSections.sectionId));

/**
 * Binnacle entries the caller reaches (spec.md §6 "Binnacles list: all"): the administration every one, a
 * student only entries about themself, a teacher those about the students of their course sections, a
 * coordinator those about their specialization's students (and the ones they teach).
 */
export async function listBinnacles(opts: {
  db: DbOrTx;
  caller: Caller;
  list: BinnacleListParams;
}): Promise<Page<BinnacleRow>> {
  const { db, list } = opts;
  const scope = await studentScope(db, opts.caller);
  const where = and(
    scopeCondition(scope),
    searchCondition(list.search, [
      binnacles.subject,
      binnacles.category,
      binnacles.description,
      students.firstName,
      students.lastName,
      students.identityDocument,
    ]),
    list.student_id === undefined ? undefined : eq(binnacles.studentId, list.student_id),
    list.period_id === undefined ? undefined : eq(binnacles.periodId, list.period_id),
    list.course_section_id === undefined ? undefined : eq(binnacles.courseSectionId, list.course_section_id),
  );
  const page = await paginate({
    db,
    query: baseQuery(db).where(where).$dynamic(),
    list,
    sortColumns: {
      id: binnacles.id,
      incidence_date: binnacles.incidenceDate,
      subject: binnacles.subject,
      category: binnacles.category,
      student: students.lastName,
      created_at: binnacles.createdAt,
    },
    tieBreaker: binnacles.id,
  });
  return { rows: page.rows.map(toRow), meta: page.meta };
}

async function findBinnacle(db: DbOrTx, id: number): Promise<BinnacleRow> {
  const [row] = await baseQuery(db).where(eq(binnacles.id, id));
  if (!row) throw notFound("binnacle_not_found", "No se encontró la bitácora.");
  return toRow(row);
}

/** One entry (404 when missing) once the caller may see its student (403 otherwise). */
export async function getBinnacle(opts: { db: DbOrTx; caller: Caller; id: number }): Promise<BinnacleRow> {
  const row = await findBinnacle(opts.db, opts.id);
  await assertCanSeeStudent(opts.db, opts.caller, row.student.id);
  return row;
}

/** The period of the course section, else the enabled (current) one, else none. */
async function periodOf(db: DbOrTx, courseSectionId: number | null): Promise<number | null> {
  if (courseSectionId !== null) {
    const [row] = await db
      .select({ periodId: sections.periodId })
      .from(courseSections)
      .innerJoin(sections, eq(sections.id, courseSections.sectionId))
      .where(eq(courseSections.id, courseSectionId));
    return row?.periodId ?? null;
  }
  const [current] = await db.select({ id: periods.id }).from(periods).where(eq(periods.enabled, true));
  return current?.id ?? null;
}

/**
 * Who may write about a student (spec.md §6 "create and edit: admin, teacher, coordinator"): an
 * administrator about anyone; a teacher only about the students of their own course sections, a coordinator
 * about their specialization's students (and those they teach). An entry tied to a course section needs
 * the caller (unless an administrator) to teach it and the student to be enrolled in it.
 */
async function assertMayWriteAbout(
  db: DbOrTx,
  caller: Caller,
  studentId: number,
  courseSectionId: number | null,
): Promise<void> {
  if (!isAdminGroup(caller.type) && !isTeacherGroup(caller.type)) throw forbidden();
  const [student] = await db.select({ id: students.id }).from(students).where(eq(students.id, studentId));
  if (!student) throw missingReference("student_id");
  await assertCanSeeStudent(db, caller, studentId);
  if (courseSectionId === null) return;
  const [courseSection] = await db
    .select({ id: courseSections.id })
    .from(courseSections)
    .where(eq(courseSections.id, courseSectionId));
  if (!courseSection) throw missingReference("course_section_id");
  if (isTeacherGroup(caller.type)) await assertTeachesCourseSection(db, caller, courseSectionId);
  const [enrolled] = await db
    .select({ id: courseEnrolments.id })
    .from(courseEnrolments)
    .where(
      and(eq(courseEnrolments.studentId, studentId), eq(courseEnrolments.courseSectionId, courseSectionId)),
    );
  if (!enrolled) throw new AppError(400, "student_is_not_related_to_course_section");
}

/**
 * Who may change or delete an existing entry (spec.md §6 "create and edit: admin, teacher, coordinator";
 * deleting follows editing): an administrator any; a teacher or coordinator one about a student they may
 * see and, when the entry is tied to a course section, only if they teach that course section
 * (`teacher_not_has_course_section_assigned`). Authorship grants nothing by itself: an entry written on a
 * course section belongs to whoever teaches it now.
 */
async function assertMayChangeEntry(
  db: DbOrTx,
  caller: Caller,
  entry: { studentId: number; courseSectionId: number | null },
): Promise<void> {
  if (!isAdminGroup(caller.type) && !isTeacherGroup(caller.type)) throw forbidden();
  await assertCanSeeStudent(db, caller, entry.studentId);
  if (entry.courseSectionId !== null && isTeacherGroup(caller.type))
    await assertTeachesCourseSection(db, caller, entry.courseSectionId);
}

export async function createBinnacle(opts: {
  db: DbOrTx;
  caller: Caller;
  input: CreateBinnacleInput;
}): Promise<BinnacleRow> {
  const { caller, input } = opts;
  const id = await opts.db.transaction(async (tx) => {
    await assertMayWriteAbout(tx, caller, input.student_id, input.course_section_id);
    const [row] = await tx
      .insert(binnacles)
      .values({
        studentId: input.student_id,
        courseSectionId: input.course_section_id,
        periodId: await periodOf(tx, input.course_section_id),
        authorUserId: caller.id,
        incidenceDate: input.incidence_date,
        subject: input.subject,
        description: input.description,
        category: input.category,
      })
      .returning({ id: binnacles.id });
    return row!.id;
  });
  return findBinnacle(opts.db, id);
}

export async function updateBinnacle(opts: {
  db: DbOrTx;
  caller: Caller;
  id: number;
  input: UpdateBinnacleInput;
}): Promise<BinnacleRow> {
  const { caller, input } = opts;
  await opts.db.transaction(async (tx) => {
    const [current] = await tx.select().from(binnacles).where(eq(binnacles.id, opts.id)).for("update");
    if (!current) throw notFound("binnacle_not_found", "No se encontró la bitácora.");
    const courseSectionId =
      input.course_section_id === undefined ? current.courseSectionId : input.course_section_id;
    // The entry where it is now (a teacher may not pull another teacher's entry onto their own course
    // section), then where it goes.
    await assertMayChangeEntry(tx, caller, current);
    await assertMayWriteAbout(tx, caller, current.studentId, courseSectionId);
    const changes: Partial<typeof binnacles.$inferInsert> = {
      incidenceDate: input.incidence_date,
      subject: input.subject,
      description: input.description,
      category: input.category,
    };
    if (input.course_section_id !== undefined) {
      changes.courseSectionId = input.course_section_id;
      changes.periodId = await periodOf(tx, input.course_section_id);
    }
    await tx
      .update(binnacles)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(binnacles.id, opts.id));
  });
  return findBinnacle(opts.db, opts.id);
}

export async function deleteBinnacle(opts: { db: DbOrTx; caller: Caller; id: number }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const [current] = await tx.select().from(binnacles).where(eq(binnacles.id, opts.id)).for("update");
    if (!current) throw notFound("binnacle_not_found", "No se encontró la bitácora.");
    await assertMayChangeEntry(tx, opts.caller, current);
    await tx.delete(binnacles).where(eq(binnacles.id, opts.id));
  });
}
