import { and, asc, eq, gt, gte, inArray, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type {
  CreateSemesterInput,
  MoveSemesterCourseInput,
  UpdateSemesterInput,
} from "../../../common/schemas/semesters.js";
import type { DbOrTx } from "../../db/client.js";
import {
  courses,
  pensums,
  periodPensums,
  periods,
  prelations,
  sections,
  semesterCourses,
  semesters,
} from "../../db/schema/index.js";
import { isForeignKeyViolation } from "../../http/db-errors.js";
import { notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type ListMeta, paginate } from "../../http/pagination.js";
import { fieldError, rethrowUniqueAsField } from "../../http/validation.js";

export type SemesterCourseRow = {
  id: number;
  code: string;
  title: string;
  credits: number;
  hours: number;
  enabled: boolean;
};

export type SemesterRow = {
  id: number;
  pensumId: number;
  specializationId: number;
  number: number;
  code: string;
  hasSections: boolean;
  courses: SemesterCourseRow[];
};

const hasSections = sql<boolean>`exists (select 1 from ${sections} where ${sections.semesterId} = ${semesters.id})`;

/**
 * Semesters (by id or of a pensum) in order, each with its courses (by code) and whether sections use it.
 * Two queries whatever the number of semesters.
 */
export async function loadSemesters(
  db: DbOrTx,
  where: { ids: number[] } | { pensumId: number },
): Promise<SemesterRow[]> {
  if ("ids" in where && where.ids.length === 0) return [];
  const rows = await db
    .select({
      id: semesters.id,
      pensumId: semesters.pensumId,
      specializationId: pensums.specializationId,
      number: semesters.number,
      code: semesters.code,
      hasSections,
    })
    .from(semesters)
    .innerJoin(pensums, eq(pensums.id, semesters.pensumId))
    .where("ids" in where ? inArray(semesters.id, where.ids) : eq(semesters.pensumId, where.pensumId))
    .orderBy(asc(semesters.pensumId), asc(semesters.number));
  if (rows.length === 0) return [];
  const courseRows = await db
    .select({
      semesterId: semesterCourses.semesterId,
      id: courses.id,
      code: courses.code,
      title: courses.title,
      credits: courses.credits,
      hours: courses.hours,
      enabled: courses.enabled,
    })
    .from(semesterCourses)
    .innerJoin(courses, eq(courses.id, semesterCourses.courseId))
    .where(
      inArray(
        semesterCourses.semesterId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(courses.code));
  const bySemester = new Map<number, SemesterCourseRow[]>();
  for (const { semesterId, ...course } of courseRows)
    bySemester.set(semesterId, [...(bySemester.get(semesterId) ?? []), course]);
  const order = new Map(rows.map((r, i) => [r.id, i]));
  return rows
    .map((r) => ({ ...r, courses: bySemester.get(r.id) ?? [] }))
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/**
 * A pensum used by a period that has started (on or before `today`) is frozen: its semesters and courses
 * change only through a new version (`pensum_is_not_versioned`).
 */
export async function assertPensumEditable(db: DbOrTx, pensumId: number, today: string): Promise<void> {
  const [used] = await db
    .select({ id: periodPensums.periodId })
    .from(periodPensums)
    .innerJoin(periods, eq(periods.id, periodPensums.periodId))
    .where(and(eq(periodPensums.pensumId, pensumId), lte(periods.startDate, today)))
    .limit(1);
  if (used) throw refuse("pensum_is_not_versioned");
}

export const semesterSortable = ["number", "id", "code"] as const;
export type SemesterListParams = ListParams<(typeof semesterSortable)[number]> & {
  pensum_id?: number;
  specialization_id?: number;
};

export async function listSemesters(opts: {
  db: DbOrTx;
  list: SemesterListParams;
}): Promise<{ rows: SemesterRow[]; meta: ListMeta }> {
  const { db, list } = opts;
  const page = await paginate({
    db,
    query: db
      .select({ id: semesters.id })
      .from(semesters)
      .innerJoin(pensums, eq(pensums.id, semesters.pensumId))
      .where(
        and(
          list.pensum_id === undefined ? undefined : eq(semesters.pensumId, list.pensum_id),
          list.specialization_id === undefined
            ? undefined
            : eq(pensums.specializationId, list.specialization_id),
          list.search
            ? sql`${semesters.code} ilike ${`%${list.search.replace(/[\\%_]/g, "\\$&")}%`}`
            : undefined,
        ),
      )
      .$dynamic(),
    list,
    sortColumns: { number: semesters.number, id: semesters.id, code: semesters.code },
    tieBreaker: semesters.id,
  });
  const loaded = await loadSemesters(db, { ids: page.rows.map((r) => r.id) });
  const byId = new Map(loaded.map((s) => [s.id, s]));
  return { rows: page.rows.map((r) => byId.get(r.id)!), meta: page.meta };
}

export async function getSemester(opts: { db: DbOrTx; id: number }): Promise<SemesterRow> {
  const [row] = await loadSemesters(opts.db, { ids: [opts.id] });
  if (!row) throw notFound();
  return row;
}

/** Locks the semester row (and reads its pensum), or 404. */
async function lockSemester(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: semesters.id, pensumId: semesters.pensumId, number: semesters.number })
    .from(semesters)
    .where(eq(semesters.id, id))
    .for("update");
  if (!row) throw notFound();
  return row;
}

async function semesterHasSections(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: sections.id })
    .from(sections)
    .where(eq(sections.semesterId, id))
    .limit(1);
  return row !== undefined;
}

/** Every id names an enabled course (else 422 on `courses_ids` / 400 `disabled_course_detected`). */
async function checkCourses(tx: DbOrTx, ids: number[], field = "courses_ids") {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: courses.id, enabled: courses.enabled })
    .from(courses)
    .where(inArray(courses.id, ids));
  if (found.length !== new Set(ids).size) throw fieldError(field, "exists");
  if (found.some((c) => !c.enabled)) throw refuse("disabled_course_detected");
}

/** A course in two semesters of the same pensum, or twice in one: 422 on `courses_ids`. */
const translateCourseWrite = (error: unknown): never =>
  rethrowUniqueAsField(error, {
    semester_courses_pk: "courses_ids",
    semester_courses_pensum_course_unique: "courses_ids",
  });

const translateSemesterWrite = (error: unknown): never =>
  rethrowUniqueAsField(error, {
    semesters_pensum_number_unique: "number",
    semesters_pensum_code_unique: "code",
  });

/** Adds a semester to a pensum, after its last one unless `number` is given. */
export async function createSemester(opts: {
  db: DbOrTx;
  input: CreateSemesterInput;
  today: string;
}): Promise<SemesterRow> {
  const { input } = opts;
  const id = await opts.db.transaction(async (tx) => {
    const [pensum] = await tx
      .select({ id: pensums.id })
      .from(pensums)
      .where(eq(pensums.id, input.pensum_id))
      .for("update");
    if (!pensum) throw fieldError("pensum_id", "exists");
    await assertPensumEditable(tx, pensum.id, opts.today);
    const ids = [...new Set(input.courses_ids)];
    await checkCourses(tx, ids);
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${semesters.number}), 0)`.mapWith(Number) })
      .from(semesters)
      .where(eq(semesters.pensumId, pensum.id));
    const [row] = await tx
      .insert(semesters)
      .values({ pensumId: pensum.id, code: input.code, number: input.number ?? (last?.max ?? 0) + 1 })
      .returning({ id: semesters.id })
      .catch(translateSemesterWrite);
    if (ids.length > 0)
      await tx
        .insert(semesterCourses)
        .values(ids.map((courseId) => ({ semesterId: row!.id, pensumId: pensum.id, courseId })))
        .catch(translateCourseWrite);
    return row!.id;
  });
  return getSemester({ db: opts.db, id });
}

export async function updateSemester(opts: {
  db: DbOrTx;
  /** The school's date: a pensum in use by a started period is frozen. */
  today: string;
  id: number;
  input: UpdateSemesterInput;
}): Promise<SemesterRow> {
  await opts.db.transaction(async (tx) => {
    const semester = await lockSemester(tx, opts.id);
    await assertPensumEditable(tx, semester.pensumId, opts.today);
    await tx
      .update(semesters)
      .set({ code: opts.input.code, number: opts.input.number, updatedAt: new Date() })
      .where(eq(semesters.id, opts.id))
      .catch(translateSemesterWrite);
    if (opts.input.number !== undefined) await checkPrelationOrder(tx, semester.pensumId);
  });
  return getSemester({ db: opts.db, id: opts.id });
}

/**
 * Deletes a semester no section uses (`semester_has_sections`) and closes the gap in the numbering. Its
 * courses leave the pensum, and so do their prelations.
 */
export async function deleteSemester(opts: { db: DbOrTx; id: number; today: string }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const semester = await lockSemester(tx, opts.id);
    if (await semesterHasSections(tx, opts.id)) throw refuse("semester_has_sections");
    await assertPensumEditable(tx, semester.pensumId, opts.today);
    await tx
      .delete(semesters)
      .where(eq(semesters.id, opts.id))
      .catch((error: unknown) => {
        if (isForeignKeyViolation(error)) throw refuse("semester_has_sections");
        throw error;
      });
    // Two steps keep (pensum, number) unique at every row.
    const after = and(eq(semesters.pensumId, semester.pensumId), gt(semesters.number, semester.number));
    await tx
      .update(semesters)
      .set({ number: sql`${semesters.number} + 1000` })
      .where(after);
    await tx
      .update(semesters)
      .set({ number: sql`${semesters.number} - 1001` })
      .where(and(eq(semesters.pensumId, semester.pensumId), gt(semesters.number, 1000)));
  });
}

export async function getSemesterCourses(opts: { db: DbOrTx; id: number }): Promise<SemesterCourseRow[]> {
  return (await getSemester(opts)).courses;
}

/**
 * Replaces the semester's courses. A semester with sections cannot lose courses (`semester_has_sections`);
 * a course already in another semester of the pensum is a 422; disabled courses are refused
 * (`disabled_course_detected`). Prelations of removed courses go with them.
 */
export async function putSemesterCourses(opts: {
  db: DbOrTx;
  /** The school's date: a pensum in use by a started period is frozen. */
  today: string;
  id: number;
  coursesIds: number[];
}): Promise<SemesterCourseRow[]> {
  await opts.db.transaction(async (tx) => {
    const semester = await lockSemester(tx, opts.id);
    const wanted = [...new Set(opts.coursesIds)];
    const current = (
      await tx
        .select({ id: semesterCourses.courseId })
        .from(semesterCourses)
        .where(eq(semesterCourses.semesterId, opts.id))
    ).map((r) => r.id);
    const removed = current.filter((id) => !wanted.includes(id));
    const added = wanted.filter((id) => !current.includes(id));
    if (removed.length === 0 && added.length === 0) return;
    if (removed.length > 0 && (await semesterHasSections(tx, opts.id))) throw refuse("semester_has_sections");
    await assertPensumEditable(tx, semester.pensumId, opts.today);
    await checkCourses(tx, added);
    if (removed.length > 0)
      await tx
        .delete(semesterCourses)
        .where(and(eq(semesterCourses.semesterId, opts.id), inArray(semesterCourses.courseId, removed)));
    if (added.length > 0)
      await tx
        .insert(semesterCourses)
        .values(added.map((courseId) => ({ semesterId: opts.id, pensumId: semester.pensumId, courseId })))
        .catch(translateCourseWrite);
  });
  return getSemesterCourses({ db: opts.db, id: opts.id });
}

/** Every prelation of the pensum still points from an earlier semester to a later one. */
async function checkPrelationOrder(tx: DbOrTx, pensumId: number) {
  const sc = alias(semesterCourses, "sc");
  const s = alias(semesters, "s");
  const rc = alias(semesterCourses, "rc");
  const r = alias(semesters, "r");
  const [broken] = await tx
    .select({ id: prelations.id })
    .from(prelations)
    .innerJoin(sc, and(eq(sc.pensumId, prelations.pensumId), eq(sc.courseId, prelations.courseId)))
    .innerJoin(s, eq(s.id, sc.semesterId))
    .innerJoin(rc, and(eq(rc.pensumId, prelations.pensumId), eq(rc.courseId, prelations.requiredCourseId)))
    .innerJoin(r, eq(r.id, rc.semesterId))
    .where(and(eq(prelations.pensumId, pensumId), gte(r.number, s.number)))
    .limit(1);
  if (broken) throw refuse("target_must_be_related_to_next_semesters");
}

/**
 * Moves a course to another semester of the same pensum. The source semester must have no sections
 * (`semester_has_sections`), and the move must keep every prelation pointing forward
 * (`target_must_be_related_to_next_semesters`).
 */
export async function moveSemesterCourse(opts: {
  db: DbOrTx;
  /** The school's date: a pensum in use by a started period is frozen. */
  today: string;
  id: number;
  courseId: number;
  input: MoveSemesterCourseInput;
}): Promise<SemesterCourseRow[]> {
  await opts.db.transaction(async (tx) => {
    const semester = await lockSemester(tx, opts.id);
    const [link] = await tx
      .select({ courseId: semesterCourses.courseId })
      .from(semesterCourses)
      .where(and(eq(semesterCourses.semesterId, opts.id), eq(semesterCourses.courseId, opts.courseId)));
    if (!link) throw notFound();
    const [target] = await tx
      .select({ id: semesters.id })
      .from(semesters)
      .where(and(eq(semesters.id, opts.input.semester_id), eq(semesters.pensumId, semester.pensumId)));
    if (!target) throw fieldError("semester_id", "exists");
    if (target.id === opts.id) return;
    if (await semesterHasSections(tx, opts.id)) throw refuse("semester_has_sections");
    await assertPensumEditable(tx, semester.pensumId, opts.today);
    await tx
      .update(semesterCourses)
      .set({ semesterId: target.id })
      .where(and(eq(semesterCourses.semesterId, opts.id), eq(semesterCourses.courseId, opts.courseId)));
    await checkPrelationOrder(tx, semester.pensumId);
  });
  return getSemesterCourses({ db: opts.db, id: opts.input.semester_id });
}
