import { and, eq, inArray, sql } from "drizzle-orm";
import type {
  CreateSpecializationInput,
  NestedSpecializationInput,
  UpdateSpecializationInput,
} from "../../../common/schemas/specializations.js";
import type { DbOrTx } from "../../db/client.js";
import { withDbErrors } from "../../db/constraints.js";
import {
  courses,
  pensums,
  periodPensums,
  periods,
  semesterCourses,
  semesters,
  specializations,
  teachers,
  users,
} from "../../db/schema/index.js";
import { isForeignKeyViolation } from "../../http/db-errors.js";
import { notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { fieldError, rethrowUniqueAsField } from "../../http/validation.js";

export type SpecializationRow = typeof specializations.$inferSelect & { pensumsCount: number };

export const specializationSortable = ["id", "title", "code", "is_basic", "enabled", "created_at"] as const;
type SortField = (typeof specializationSortable)[number];

export type SpecializationListParams = ListParams<SortField> & { is_basic?: boolean; enabled?: boolean };

// The outer column is written out: in a single-table select Drizzle leaves columns unqualified, and an
// unqualified "id" inside the subquery would name the pensum's own.
const pensumsCount =
  sql<number>`(select count(*) from ${pensums} where ${pensums.specializationId} = "specializations"."id")`
    .mapWith(Number)
    .as("pensums_count");

const selection = {
  id: specializations.id,
  title: specializations.title,
  code: specializations.code,
  description: specializations.description,
  isBasic: specializations.isBasic,
  enabled: specializations.enabled,
  createdAt: specializations.createdAt,
  updatedAt: specializations.updatedAt,
  pensumsCount,
};

export async function listSpecializations(opts: {
  db: DbOrTx;
  list: SpecializationListParams;
}): Promise<Page<SpecializationRow>> {
  const { db, list } = opts;
  const where = and(
    searchCondition(list.search, [specializations.title, specializations.code]),
    list.is_basic === undefined ? undefined : eq(specializations.isBasic, list.is_basic),
    list.enabled === undefined ? undefined : eq(specializations.enabled, list.enabled),
  );
  return paginate({
    db,
    query: db.select(selection).from(specializations).where(where).$dynamic(),
    list,
    sortColumns: {
      id: specializations.id,
      title: specializations.title,
      code: specializations.code,
      is_basic: specializations.isBasic,
      enabled: specializations.enabled,
      created_at: specializations.createdAt,
    },
    tieBreaker: specializations.id,
  });
}

export async function getSpecialization(opts: { db: DbOrTx; id: number }): Promise<SpecializationRow> {
  const [row] = await opts.db.select(selection).from(specializations).where(eq(specializations.id, opts.id));
  if (!row) throw notFound();
  return row;
}

/** Code is unique; only one specialization may be the basic cycle. Both guarded by the database. */
function translateWriteError(error: unknown, field = ""): never {
  rethrowUniqueAsField(error, {
    specializations_code_lower_unique: `${field}code`,
    specializations_single_basic: `${field}is_basic`,
  });
}

export async function createSpecialization(opts: {
  db: DbOrTx;
  input: CreateSpecializationInput;
}): Promise<SpecializationRow> {
  const { input } = opts;
  const [row] = await opts.db
    .insert(specializations)
    .values({
      title: input.title,
      code: input.code,
      description: input.description,
      isBasic: input.is_basic,
      enabled: input.enabled,
    })
    .returning({ id: specializations.id })
    .catch((e) => translateWriteError(e));
  return getSpecialization({ db: opts.db, id: row!.id });
}

export async function updateSpecialization(opts: {
  db: DbOrTx;
  id: number;
  input: UpdateSpecializationInput;
}): Promise<SpecializationRow> {
  const { input } = opts;
  const [row] = await opts.db
    .update(specializations)
    .set({
      title: input.title,
      code: input.code,
      description: input.description,
      isBasic: input.is_basic,
      enabled: input.enabled,
      updatedAt: new Date(),
    })
    .where(eq(specializations.id, opts.id))
    .returning({ id: specializations.id })
    .catch((e) => translateWriteError(e));
  if (!row) throw notFound();
  return getSpecialization({ db: opts.db, id: row.id });
}

/**
 * Deletes a specialization with no pensum (`specialization_has_pensums`) and no coordinator
 * (`specialization_has_coordinator`: reassign the coordinator first).
 */
export async function deleteSpecialization(opts: { db: DbOrTx; id: number }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: specializations.id })
      .from(specializations)
      .where(eq(specializations.id, opts.id))
      .for("update");
    if (!row) throw notFound();
    const [pensum] = await tx
      .select({ id: pensums.id })
      .from(pensums)
      .where(eq(pensums.specializationId, opts.id))
      .limit(1);
    if (pensum) throw refuse("specialization_has_pensums");
    const [coordinator] = await tx
      .select({ id: teachers.id })
      .from(teachers)
      .where(and(eq(teachers.specializationId, opts.id), eq(teachers.isCoordinator, true)))
      .limit(1);
    if (coordinator) throw refuse("specialization_has_coordinator");
    await tx
      .delete(specializations)
      .where(eq(specializations.id, opts.id))
      .catch((error: unknown) => {
        // A pensum written between the check and the delete: its foreign key refuses the delete.
        if (isForeignKeyViolation(error)) throw refuse("specialization_has_pensums");
        throw error;
      });
  });
}

export type CoordinatorRow = {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  isCoordinator: boolean;
  specializationId: number | null;
};

/** The coordinator of a specialization, or null. */
export async function getSpecializationCoordinator(opts: {
  db: DbOrTx;
  id: number;
}): Promise<CoordinatorRow | null> {
  await getSpecialization(opts);
  const [row] = await opts.db
    .select({
      id: teachers.id,
      userId: teachers.userId,
      firstName: teachers.firstName,
      lastName: teachers.lastName,
      email: users.email,
      isCoordinator: teachers.isCoordinator,
      specializationId: teachers.specializationId,
    })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(and(eq(teachers.specializationId, opts.id), eq(teachers.isCoordinator, true)))
    .limit(1);
  return row ?? null;
}

export type NestedResult = { specializationId: number; pensumId: number; periodId: number | null };

/**
 * Specialization + first pensum + its semesters (numbered in order) + their courses (new or existing),
 * in one transaction, attached to `period_id` when given. A period that has already started refuses the
 * attachment (`cant_attach_a_pensum_to_an_active_period`) and nothing is written.
 */
export async function createNested(opts: {
  db: DbOrTx;
  input: NestedSpecializationInput;
  /** The school's date: a period that started on or before it is active. */
  today: string;
}): Promise<NestedResult> {
  const { input } = opts;
  return opts.db.transaction(async (tx) => {
    let period: { id: number; started: boolean } | undefined;
    if (input.period_id) {
      [period] = await tx
        .select({ id: periods.id, started: sql<boolean>`${periods.startDate} <= ${opts.today}::date` })
        .from(periods)
        .where(eq(periods.id, input.period_id));
      if (!period) throw fieldError("period_id", "exists");
      if (period.started) throw refuse("cant_attach_a_pensum_to_an_active_period");
    }
    const spec = input.specialization;
    const [created] = await tx
      .insert(specializations)
      .values({
        title: spec.title,
        code: spec.code,
        description: spec.description,
        isBasic: spec.is_basic,
        enabled: spec.enabled,
      })
      .returning({ id: specializations.id })
      .catch((e) => translateWriteError(e, "specialization."));
    const specializationId = created!.id;
    const [pensum] = await tx
      .insert(pensums)
      .values({ specializationId, name: input.pensum.name, version: 1 })
      .returning({ id: pensums.id });
    const pensumId = pensum!.id;

    // Existing courses must exist; new ones are created (their codes are unique).
    const existingIds = input.semesters.flatMap((s) => s.courses.flatMap((c) => ("id" in c ? [c.id] : [])));
    if (existingIds.length > 0) {
      const found = await tx.select({ id: courses.id }).from(courses).where(inArray(courses.id, existingIds));
      const known = new Set(found.map((c) => c.id));
      const index = (() => {
        for (const [si, s] of input.semesters.entries())
          for (const [ci, c] of s.courses.entries()) if ("id" in c && !known.has(c.id)) return [si, ci];
        return null;
      })();
      if (index) throw fieldError(`semesters.${index[0]}.courses.${index[1]}.id`, "exists");
    }
    for (const [i, semester] of input.semesters.entries()) {
      const [row] = await tx
        .insert(semesters)
        .values({ pensumId, number: i + 1, code: semester.code })
        .returning({ id: semesters.id })
        .catch((e) => rethrowUniqueAsField(e, { semesters_pensum_code_unique: `semesters.${i}.code` }));
      const ids: number[] = [];
      for (const [ci, course] of semester.courses.entries()) {
        if ("id" in course) {
          ids.push(course.id);
          continue;
        }
        const [c] = await tx
          .insert(courses)
          .values({
            code: course.code,
            title: course.title,
            credits: course.credits,
            hours: course.hours,
            maxAbsencesToFail: course.max_absences_to_fail,
            supportsFinalDelivery: course.supports_final_delivery,
          })
          .returning({ id: courses.id })
          .catch((e) =>
            rethrowUniqueAsField(e, { courses_code_lower_unique: `semesters.${i}.courses.${ci}.code` }),
          );
        ids.push(c!.id);
      }
      if (ids.length > 0)
        await tx
          .insert(semesterCourses)
          .values(ids.map((courseId) => ({ semesterId: row!.id, pensumId, courseId })))
          .catch((e) =>
            rethrowUniqueAsField(e, {
              semester_courses_pk: `semesters.${i}.courses`,
              semester_courses_pensum_course_unique: `semesters.${i}.courses`,
            }),
          );
    }
    if (period) {
      await withDbErrors(() =>
        tx.insert(periodPensums).values({ periodId: period.id, specializationId, pensumId }),
      );
    }
    return { specializationId, pensumId, periodId: period?.id ?? null };
  });
}
