import { and, asc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type {
  BulkDeletePrelationsInput,
  CreatePrelationInput,
  PrelationType,
  UpdatePrelationInput,
} from "../../../common/schemas/prelations.js";
import type { DbOrTx } from "../../db/client.js";
import { translateDbError } from "../../db/constraints.js";
import {
  courses,
  pensums,
  prelations,
  semesterCourses,
  semesters,
  specializations,
} from "../../db/schema/index.js";
import { notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { fieldError, missingReference } from "../../http/validation.js";
import { assertCoursesEnabled } from "../courses/service.js";
import { assertPensumEditable } from "../semesters/service.js";

const course = alias(courses, "prelation_course");
const courseSemester = alias(semesters, "prelation_course_semester");
const courseLink = alias(semesterCourses, "prelation_course_link");
const required = alias(courses, "prelation_required");
const requiredSemester = alias(semesters, "prelation_required_semester");
const requiredLink = alias(semesterCourses, "prelation_required_link");

const courseFields = (
  c: typeof course | typeof required,
  s: typeof courseSemester | typeof requiredSemester,
) => ({
  id: c.id,
  code: c.code,
  title: c.title,
  enabled: c.enabled,
  semesterId: s.id,
  semesterNumber: s.number,
  semesterCode: s.code,
});

function selectPrelations(db: DbOrTx) {
  return db
    .select({
      id: prelations.id,
      type: prelations.type,
      pensum: {
        id: pensums.id,
        name: pensums.name,
        version: pensums.version,
        specializationId: specializations.id,
        specializationTitle: specializations.title,
      },
      course: courseFields(course, courseSemester),
      required: courseFields(required, requiredSemester),
    })
    .from(prelations)
    .innerJoin(pensums, eq(pensums.id, prelations.pensumId))
    .innerJoin(specializations, eq(specializations.id, pensums.specializationId))
    .innerJoin(course, eq(course.id, prelations.courseId))
    .innerJoin(
      courseLink,
      and(eq(courseLink.pensumId, prelations.pensumId), eq(courseLink.courseId, prelations.courseId)),
    )
    .innerJoin(courseSemester, eq(courseSemester.id, courseLink.semesterId))
    .innerJoin(required, eq(required.id, prelations.requiredCourseId))
    .innerJoin(
      requiredLink,
      and(
        eq(requiredLink.pensumId, prelations.pensumId),
        eq(requiredLink.courseId, prelations.requiredCourseId),
      ),
    )
    .innerJoin(requiredSemester, eq(requiredSemester.id, requiredLink.semesterId));
}

export type PrelationRow = Awaited<ReturnType<typeof selectPrelations>>[number];

export const prelationSortable = [
  "id",
  "type",
  "course_code",
  "course_title",
  "required_course_code",
  "required_course_title",
  "semester",
  "pensum",
] as const;
type SortField = (typeof prelationSortable)[number];

export type PrelationListParams = ListParams<SortField> & {
  pensum_id?: number;
  specialization_id?: number;
  course_id?: number;
  required_course_id?: number;
  type?: PrelationType;
};

/** Prelations matching the search (either course's code or title) and filters, one page. */
export async function listPrelations(opts: {
  db: DbOrTx;
  list: PrelationListParams;
}): Promise<Page<PrelationRow>> {
  const { db, list } = opts;
  const where = and(
    searchCondition(list.search, [course.code, course.title, required.code, required.title]),
    list.pensum_id === undefined ? undefined : eq(prelations.pensumId, list.pensum_id),
    list.specialization_id === undefined ? undefined : eq(pensums.specializationId, list.specialization_id),
    list.course_id === undefined ? undefined : eq(prelations.courseId, list.course_id),
    list.required_course_id === undefined
      ? undefined
      : eq(prelations.requiredCourseId, list.required_course_id),
    list.type === undefined ? undefined : eq(prelations.type, list.type),
  );
  return paginate({
    db,
    query: selectPrelations(db).where(where).$dynamic(),
    list,
    sortColumns: {
      id: prelations.id,
      type: prelations.type,
      course_code: course.code,
      course_title: course.title,
      required_course_code: required.code,
      required_course_title: required.title,
      semester: courseSemester.number,
      pensum: pensums.name,
    },
    tieBreaker: prelations.id,
  });
}

export async function getPrelation(opts: { db: DbOrTx; id: number }): Promise<PrelationRow> {
  const [row] = await selectPrelations(opts.db).where(eq(prelations.id, opts.id));
  if (!row) throw notFound();
  return row;
}

/** What a course requires, in every pensum or in one (`GET /courses/{id}/prelations`). */
export async function listCoursePrelations(opts: {
  db: DbOrTx;
  courseId: number;
  pensumId?: number;
}): Promise<PrelationRow[]> {
  const [exists] = await opts.db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.id, opts.courseId));
  if (!exists) throw notFound();
  return selectPrelations(opts.db)
    .where(
      and(
        eq(prelations.courseId, opts.courseId),
        opts.pensumId === undefined ? undefined : eq(prelations.pensumId, opts.pensumId),
      ),
    )
    .orderBy(asc(requiredSemester.number), asc(required.code), asc(prelations.id));
}

/** The semester number of each course inside the pensum; a course not in it is a 422 on its field. */
async function semesterNumbers(
  tx: DbOrTx,
  pensumId: number,
  ids: { field: string; courseId: number }[],
): Promise<Map<number, number>> {
  const rows = await tx
    .select({ courseId: semesterCourses.courseId, number: semesters.number })
    .from(semesterCourses)
    .innerJoin(semesters, eq(semesters.id, semesterCourses.semesterId))
    .where(
      and(
        eq(semesterCourses.pensumId, pensumId),
        inArray(
          semesterCourses.courseId,
          ids.map((i) => i.courseId),
        ),
      ),
    );
  const byCourse = new Map(rows.map((r) => [r.courseId, r.number]));
  for (const { field, courseId } of ids) if (!byCourse.has(courseId)) throw missingReference(field);
  return byCourse;
}

/**
 * True when `requiredCourseId` already requires `courseId`, directly or through other courses of the pensum:
 * adding "course requires required" would then close a cycle. One recursive query.
 */
async function closesCycle(
  tx: DbOrTx,
  opts: { pensumId: number; courseId: number; requiredCourseId: number; ignoreId?: number },
): Promise<boolean> {
  const ignore: SQL = opts.ignoreId === undefined ? sql`true` : sql`p.id <> ${opts.ignoreId}`;
  const result = await tx.execute(sql`
    with recursive reach(course_id) as (
      select p.required_course_id from prelations p
      where p.pensum_id = ${opts.pensumId} and p.course_id = ${opts.requiredCourseId} and ${ignore}
      union
      select p.required_course_id from prelations p
      join reach r on p.course_id = r.course_id
      where p.pensum_id = ${opts.pensumId} and ${ignore}
    )
    select 1 as found from reach where course_id = ${opts.courseId} limit 1`);
  const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
  return rows.length > 0;
}

/**
 * The rules of a prelation "course requires required" in a pensum, checked inside the write's transaction
 * after the pensum row is locked (prelation writes of one pensum run one at a time, so two concurrent
 * writes cannot close a cycle together):
 * both courses in the pensum (422), not the same course (422), both enabled (`disabled_course_detected`),
 * not already there (`prelation_already_exists`), no cycle (`prelation_creates_cycle`), and the course
 * in a later semester than the required one (`target_must_be_related_to_next_semesters`).
 */
async function checkPrelation(
  tx: DbOrTx,
  p: { pensumId: number; courseId: number; requiredCourseId: number; ignoreId?: number },
) {
  const [pensum] = await tx
    .select({ id: pensums.id })
    .from(pensums)
    .where(eq(pensums.id, p.pensumId))
    .for("update");
  if (!pensum) throw missingReference("pensum_id");
  if (p.courseId === p.requiredCourseId)
    throw fieldError("required_course_id", "different", { other: "course_id" });
  const numbers = await semesterNumbers(tx, p.pensumId, [
    { field: "course_id", courseId: p.courseId },
    { field: "required_course_id", courseId: p.requiredCourseId },
  ]);
  await assertCoursesEnabled(tx, [p.courseId, p.requiredCourseId]);
  const [duplicate] = await tx
    .select({ id: prelations.id })
    .from(prelations)
    .where(
      and(
        eq(prelations.pensumId, p.pensumId),
        eq(prelations.courseId, p.courseId),
        eq(prelations.requiredCourseId, p.requiredCourseId),
        p.ignoreId === undefined ? undefined : ne(prelations.id, p.ignoreId),
      ),
    )
    .limit(1);
  if (duplicate) throw refuse("prelation_already_exists");
  if (await closesCycle(tx, p)) throw refuse("prelation_creates_cycle");
  if (numbers.get(p.courseId)! <= numbers.get(p.requiredCourseId)!)
    throw refuse("target_must_be_related_to_next_semesters");
}

/** A write's database refusal as its code (the unique constraint is `prelation_already_exists`). */
function rethrow(error: unknown): never {
  throw translateDbError(error) ?? error;
}

export async function createPrelation(opts: {
  db: DbOrTx;
  input: CreatePrelationInput;
  today: string;
}): Promise<PrelationRow> {
  const { input } = opts;
  const id = await opts.db
    .transaction(async (tx) => {
      await assertPensumEditable(tx, input.pensum_id, opts.today);
      await checkPrelation(tx, {
        pensumId: input.pensum_id,
        courseId: input.course_id,
        requiredCourseId: input.required_course_id,
      });
      const [row] = await tx
        .insert(prelations)
        .values({
          pensumId: input.pensum_id,
          courseId: input.course_id,
          requiredCourseId: input.required_course_id,
          type: input.type,
        })
        .returning({ id: prelations.id });
      return row!.id;
    })
    .catch(rethrow);
  return getPrelation({ db: opts.db, id });
}

export async function updatePrelation(opts: {
  db: DbOrTx;
  id: number;
  input: UpdatePrelationInput;
  today: string;
}): Promise<PrelationRow> {
  const { input } = opts;
  await opts.db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(prelations).where(eq(prelations.id, opts.id));
      if (!current) throw notFound();
      await assertPensumEditable(tx, current.pensumId, opts.today);
      if (input.required_course_id !== undefined && input.required_course_id !== current.requiredCourseId) {
        await checkPrelation(tx, {
          pensumId: current.pensumId,
          courseId: current.courseId,
          requiredCourseId: input.required_course_id,
          ignoreId: current.id,
        });
      }
      await tx
        .update(prelations)
        .set({ requiredCourseId: input.required_course_id, type: input.type, updatedAt: new Date() })
        .where(eq(prelations.id, opts.id));
    })
    .catch(rethrow);
  return getPrelation({ db: opts.db, id: opts.id });
}

/** Removes one prelation, unless its pensum is frozen (`pensum_is_not_versioned`). */
export async function deletePrelation(opts: { db: DbOrTx; id: number; today: string }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ pensumId: prelations.pensumId })
      .from(prelations)
      .where(eq(prelations.id, opts.id))
      .for("update");
    if (!row) throw notFound();
    await assertPensumEditable(tx, row.pensumId, opts.today);
    await tx.delete(prelations).where(eq(prelations.id, opts.id));
  });
}

/**
 * Removes several prelations at once, all or none: only `partial` ones may be removed in bulk. When any id is
 * unknown the answer is 404, when any is `total` it is 400 `only_partial_prelations_can_be_bulk_deleted`,
 * and nothing is removed (a total prelation is removed on its own, with `DELETE /prelations/{id}`).
 */
export async function bulkDeletePrelations(opts: {
  db: DbOrTx;
  input: BulkDeletePrelationsInput;
  today: string;
}): Promise<number> {
  const ids = [...new Set(opts.input.ids)];
  return opts.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: prelations.id, type: prelations.type, pensumId: prelations.pensumId })
      .from(prelations)
      .where(inArray(prelations.id, ids))
      .for("update");
    if (rows.length !== ids.length) throw notFound();
    if (rows.some((r) => r.type !== "partial")) throw refuse("only_partial_prelations_can_be_bulk_deleted");
    for (const pensumId of new Set(rows.map((r) => r.pensumId)))
      await assertPensumEditable(tx, pensumId, opts.today);
    await tx.delete(prelations).where(inArray(prelations.id, ids));
    return ids.length;
  });
}
