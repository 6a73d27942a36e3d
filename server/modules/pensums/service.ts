import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type {
  CreatePensumInput,
  CreatePensumVersionInput,
  UpdatePensumInput,
} from "../../../common/schemas/pensums.js";
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
  specializations,
} from "../../db/schema/index.js";
import { isForeignKeyViolation } from "../../http/db-errors.js";
import { notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { fieldError, rethrowUniqueAsField } from "../../http/validation.js";
import { assertPensumEditable, loadSemesters, type SemesterRow } from "../semesters/service.js";

export type PensumRow = {
  id: number;
  specializationId: number;
  name: string;
  version: number;
  previousPensumId: number | null;
  enabled: boolean;
  specialization: { id: number; title: string; code: string; isBasic: boolean };
  semestersCount: number;
  coursesCount: number;
  periodsCount: number;
};

export type PensumDetailRow = PensumRow & {
  semesters: SemesterRow[];
  prelations: { id: number; courseId: number; requiredCourseId: number; type: "total" | "partial" }[];
  periods: { id: number; year: number; number: number }[];
  versions: { id: number; version: number; name: string }[];
};

export const pensumSortable = ["id", "name", "version", "specialization", "created_at"] as const;
type SortField = (typeof pensumSortable)[number];
export type PensumListParams = ListParams<SortField> & { specialization_id?: number; enabled?: boolean };

const count = (from: typeof semesters | typeof semesterCourses | typeof periodPensums, name: string) =>
  sql<number>`(select count(*) from ${from} where ${from.pensumId} = ${pensums.id})`.mapWith(Number).as(name);

const selection = {
  id: pensums.id,
  specializationId: pensums.specializationId,
  name: pensums.name,
  version: pensums.version,
  previousPensumId: pensums.previousPensumId,
  enabled: pensums.enabled,
  specialization: {
    id: specializations.id,
    title: specializations.title,
    code: specializations.code,
    isBasic: specializations.isBasic,
  },
  semestersCount: count(semesters, "semesters_count"),
  coursesCount: count(semesterCourses, "courses_count"),
  periodsCount: count(periodPensums, "periods_count"),
};

export async function listPensums(opts: { db: DbOrTx; list: PensumListParams }): Promise<Page<PensumRow>> {
  const { db, list } = opts;
  return paginate({
    db,
    query: db
      .select(selection)
      .from(pensums)
      .innerJoin(specializations, eq(specializations.id, pensums.specializationId))
      .where(
        and(
          searchCondition(list.search, [pensums.name, specializations.title, specializations.code]),
          list.specialization_id === undefined
            ? undefined
            : eq(pensums.specializationId, list.specialization_id),
          list.enabled === undefined ? undefined : eq(pensums.enabled, list.enabled),
        ),
      )
      .$dynamic(),
    list,
    sortColumns: {
      id: pensums.id,
      name: pensums.name,
      version: pensums.version,
      specialization: specializations.title,
      created_at: pensums.createdAt,
    },
    tieBreaker: pensums.id,
  });
}

async function getPensumRow(db: DbOrTx, id: number): Promise<PensumRow> {
  const [row] = await db
    .select(selection)
    .from(pensums)
    .innerJoin(specializations, eq(specializations.id, pensums.specializationId))
    .where(eq(pensums.id, id));
  if (!row) throw notFound();
  return row;
}

/** The pensum with its semesters in order, their courses, the prelations among them, its periods and versions. */
export async function getPensum(opts: { db: DbOrTx; id: number }): Promise<PensumDetailRow> {
  const { db, id } = opts;
  const pensum = await getPensumRow(db, id);
  const [semesterRows, prelationRows, periodRows, versionRows] = await Promise.all([
    loadSemesters(db, { pensumId: id }),
    db
      .select({
        id: prelations.id,
        courseId: prelations.courseId,
        requiredCourseId: prelations.requiredCourseId,
        type: prelations.type,
      })
      .from(prelations)
      .where(eq(prelations.pensumId, id))
      .orderBy(asc(prelations.id)),
    db
      .select({ id: periods.id, year: periods.year, number: periods.number })
      .from(periodPensums)
      .innerJoin(periods, eq(periods.id, periodPensums.periodId))
      .where(eq(periodPensums.pensumId, id))
      .orderBy(asc(periods.startDate)),
    db
      .select({ id: pensums.id, version: pensums.version, name: pensums.name })
      .from(pensums)
      .where(and(eq(pensums.specializationId, pensum.specializationId), eq(pensums.name, pensum.name)))
      .orderBy(asc(pensums.version)),
  ]);
  return {
    ...pensum,
    semesters: semesterRows,
    prelations: prelationRows.map((p) => ({ ...p, type: p.type === "partial" ? "partial" : "total" })),
    periods: periodRows,
    versions: versionRows,
  };
}

const translatePensumWrite = (error: unknown): never =>
  rethrowUniqueAsField(error, { pensums_specialization_name_version_unique: "name" });

/** Version 1 of a new pensum, with its semesters numbered in order and their courses, in one transaction. */
export async function createPensum(opts: { db: DbOrTx; input: CreatePensumInput }): Promise<PensumDetailRow> {
  const { input } = opts;
  const id = await opts.db.transaction(async (tx) => {
    const [spec] = await tx
      .select({ id: specializations.id })
      .from(specializations)
      .where(eq(specializations.id, input.specialization_id));
    if (!spec) throw fieldError("specialization_id", "exists");
    const [pensum] = await tx
      .insert(pensums)
      .values({ specializationId: spec.id, name: input.name, version: 1, enabled: input.enabled })
      .returning({ id: pensums.id })
      .catch(translatePensumWrite);
    const pensumId = pensum!.id;
    const allCourseIds = [...new Set(input.semesters.flatMap((s) => s.courses_ids))];
    if (allCourseIds.length > 0) {
      const found = await tx
        .select({ id: courses.id, enabled: courses.enabled })
        .from(courses)
        .where(inArray(courses.id, allCourseIds));
      if (found.length !== allCourseIds.length) throw fieldError("semesters", "exists");
      if (found.some((c) => !c.enabled)) throw refuse("disabled_course_detected");
    }
    for (const [i, semester] of input.semesters.entries()) {
      const [row] = await tx
        .insert(semesters)
        .values({ pensumId, number: i + 1, code: semester.code })
        .returning({ id: semesters.id })
        .catch((e) => rethrowUniqueAsField(e, { semesters_pensum_code_unique: `semesters.${i}.code` }));
      const ids = [...new Set(semester.courses_ids)];
      if (ids.length > 0)
        await tx
          .insert(semesterCourses)
          .values(ids.map((courseId) => ({ semesterId: row!.id, pensumId, courseId })))
          .catch((e) =>
            rethrowUniqueAsField(e, { semester_courses_pensum_course_unique: `semesters.${i}.courses_ids` }),
          );
    }
    return pensumId;
  });
  return getPensum({ db: opts.db, id });
}

/** Renames or enables a pensum; a frozen one (used by a started period) keeps its name (`pensum_is_not_versioned`). */
export async function updatePensum(opts: {
  db: DbOrTx;
  id: number;
  input: UpdatePensumInput;
  today: string;
}): Promise<PensumDetailRow> {
  const id = await opts.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: pensums.id, name: pensums.name })
      .from(pensums)
      .where(eq(pensums.id, opts.id))
      .for("update");
    if (!current) throw notFound();
    if (opts.input.name !== undefined && opts.input.name !== current.name)
      await assertPensumEditable(tx, current.id, opts.today);
    await tx
      .update(pensums)
      .set({ name: opts.input.name, enabled: opts.input.enabled, updatedAt: new Date() })
      .where(eq(pensums.id, current.id))
      .catch(translatePensumWrite);
    return current.id;
  });
  return getPensum({ db: opts.db, id });
}

/**
 * Deletes a pensum no period uses (`pensum_has_periods`) and whose semesters have no sections
 * (`pensum_semesters_has_sections`), with its semesters, their course lists and its prelations.
 */
export async function deletePensum(opts: { db: DbOrTx; id: number }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: pensums.id })
      .from(pensums)
      .where(eq(pensums.id, opts.id))
      .for("update");
    if (!row) throw notFound();
    const [period] = await tx
      .select({ id: periodPensums.periodId })
      .from(periodPensums)
      .where(eq(periodPensums.pensumId, opts.id))
      .limit(1);
    if (period) throw refuse("pensum_has_periods");
    const [section] = await tx
      .select({ id: sections.id })
      .from(sections)
      .innerJoin(semesters, eq(semesters.id, sections.semesterId))
      .where(eq(semesters.pensumId, opts.id))
      .limit(1);
    if (section) throw refuse("pensum_semesters_has_sections");
    await tx
      .delete(pensums)
      .where(eq(pensums.id, opts.id))
      .catch((error: unknown) => {
        // A period or section written meanwhile: their foreign keys refuse the delete.
        if (isForeignKeyViolation(error, "period_pensums_pensum_fk")) throw refuse("pensum_has_periods");
        if (isForeignKeyViolation(error)) throw refuse("pensum_semesters_has_sections");
        throw error;
      });
  });
}

/**
 * The next version of a pensum: a copy of its semesters, their courses and its prelations, numbered after
 * the latest version of the same name in the specialization. The source stays as it is (periods keep it).
 */
export async function createPensumVersion(opts: {
  db: DbOrTx;
  id: number;
  input: CreatePensumVersionInput;
}): Promise<PensumDetailRow> {
  const id = await opts.db.transaction(async (tx) => {
    const [source] = await tx.select().from(pensums).where(eq(pensums.id, opts.id)).for("update");
    if (!source) throw notFound();
    const name = opts.input.name ?? source.name;
    const [latest] = await tx
      .select({ max: sql<number>`coalesce(max(${pensums.version}), 0)`.mapWith(Number) })
      .from(pensums)
      .where(and(eq(pensums.specializationId, source.specializationId), eq(pensums.name, name)));
    const [copy] = await tx
      .insert(pensums)
      .values({
        specializationId: source.specializationId,
        name,
        version: (latest?.max ?? 0) + 1,
        previousPensumId: source.id,
        enabled: source.enabled,
      })
      .returning({ id: pensums.id })
      .catch(translatePensumWrite);
    const pensumId = copy!.id;
    const oldSemesters = await tx
      .select({ id: semesters.id, number: semesters.number, code: semesters.code })
      .from(semesters)
      .where(eq(semesters.pensumId, source.id))
      .orderBy(asc(semesters.number));
    if (oldSemesters.length === 0) return pensumId;
    const newSemesters = await tx
      .insert(semesters)
      .values(oldSemesters.map((s) => ({ pensumId, number: s.number, code: s.code })))
      .returning({ id: semesters.id, number: semesters.number });
    const idByNumber = new Map(newSemesters.map((s) => [s.number, s.id]));
    const links = await tx
      .select({ semesterId: semesterCourses.semesterId, courseId: semesterCourses.courseId })
      .from(semesterCourses)
      .where(eq(semesterCourses.pensumId, source.id));
    const numberById = new Map(oldSemesters.map((s) => [s.id, s.number]));
    if (links.length > 0)
      await tx.insert(semesterCourses).values(
        links.map((l) => ({
          semesterId: idByNumber.get(numberById.get(l.semesterId)!)!,
          pensumId,
          courseId: l.courseId,
        })),
      );
    const rules = await tx
      .select({
        courseId: prelations.courseId,
        requiredCourseId: prelations.requiredCourseId,
        type: prelations.type,
      })
      .from(prelations)
      .where(eq(prelations.pensumId, source.id));
    if (rules.length > 0) await tx.insert(prelations).values(rules.map((p) => ({ ...p, pensumId })));
    return pensumId;
  });
  return getPensum({ db: opts.db, id });
}
