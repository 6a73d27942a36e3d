import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { isAdmin as isAdminRole, isCoordinator as isCoordinatorRole, Role } from "../../../common/roles.js";
import type {
  AssignTeachersInput,
  CreateTeacherInput,
  IsCoordinatorInput,
  SpecializationIdsInput,
  UpdateTeacherInput,
} from "../../../common/schemas/teachers.js";
import { profilePictureMaxBytes } from "../../../common/schemas/users.js";
import { validationMessage } from "../../../common/validation/messages.js";
import type { SessionCache } from "../../auth/session-cache.js";
import type { Config } from "../../config.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { PgErrorCode, pgErrorOf, translateDbError, withDbErrors } from "../../db/constraints.js";
import {
  coordinatorSupervisions,
  courseSections,
  courseSectionTeachers,
  finalDeliveryJury,
  lessons,
  periods,
  sections,
  specializations,
  teacherSpecializations,
  teachers,
  users,
} from "../../db/schema/index.js";
import { AppError, forbidden, notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Caller, callerTeacherId, supervisedTeacherIds } from "../../http/ownership.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { fieldError, uniqueViolation, validationError } from "../../http/validation.js";
import type { Mailer } from "../../mail/index.js";
import { type FileStorage, StorageWriteError } from "../../storage/types.js";
import { sendAccountConfirmation } from "../auth/service.js";
import { deletePicture, detectImage, reencodePicture, storePicture } from "../users/pictures.js";
import { hasOwnPicture } from "../users/presenter.js";
import { storageUnavailable } from "../users/service.js";

export type Upload = { data: Buffer; mimetype: string; truncated: boolean };

/** Columns a teachers list may be sorted by (the route's allow-list). */
export const teacherSortable = [
  "last_name",
  "id",
  "first_name",
  "identity_document",
  "email",
  "enabled",
  "is_coordinator",
  "created_at",
] as const;
export type TeacherListParams = ListParams<(typeof teacherSortable)[number]> & {
  enabled?: boolean;
  is_coordinator?: boolean;
  specialization_id?: number;
};

/** Course sections of the enabled period a teacher is assigned to (the list's "Materias" column). */
const currentCoursesCount = sql<number>`(
  select count(*) from ${courseSectionTeachers}
  join ${courseSections} on ${courseSections.id} = ${courseSectionTeachers.courseSectionId}
  join ${sections} on ${sections.id} = ${courseSections.sectionId}
  join ${periods} on ${periods.id} = ${sections.periodId}
  where ${courseSectionTeachers.teacherId} = ${teachers.id} and ${periods.enabled}
)`.mapWith(Number);

const listColumns = {
  id: teachers.id,
  userId: teachers.userId,
  firstName: teachers.firstName,
  lastName: teachers.lastName,
  identityDocument: teachers.identityDocument,
  email: users.email,
  enabled: teachers.enabled,
  isCoordinator: teachers.isCoordinator,
  specializationId: teachers.specializationId,
  profilePicture: users.profilePicture,
  coursesCount: currentCoursesCount,
};

export type TeacherListRow = {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  identityDocument: string;
  email: string;
  enabled: boolean;
  isCoordinator: boolean;
  specializationId: number | null;
  profilePicture: string | null;
  coursesCount: number;
};

/**
 * The ids a caller may see: everyone for the administration; a coordinator only the teachers they
 * supervise (and themselves); undefined means no restriction.
 */
async function visibleTeacherIds(db: DbOrTx, caller: Caller): Promise<number[] | undefined> {
  if (!isCoordinatorRole(caller.type)) return undefined;
  return supervisedTeacherIds(db, caller);
}

/** Teachers matching search (names, cédula, e-mail) and filters, scoped to what the caller may see. */
export async function listTeachers(opts: {
  db: DbOrTx;
  caller: Caller;
  list: TeacherListParams;
  /** Only the teachers a coordinator supervises. */
  supervisedBy?: number;
}): Promise<Page<TeacherListRow>> {
  const { db, list } = opts;
  const visible = await visibleTeacherIds(db, opts.caller);
  const where = and(
    searchCondition(list.search, [
      teachers.firstName,
      teachers.lastName,
      sql`${teachers.firstName} || ' ' || ${teachers.lastName}`,
      teachers.identityDocument,
      users.email,
    ]),
    visible === undefined ? undefined : inArray(teachers.id, visible.length ? visible : [0]),
    list.enabled === undefined ? undefined : eq(teachers.enabled, list.enabled),
    list.is_coordinator === undefined ? undefined : eq(teachers.isCoordinator, list.is_coordinator),
    list.specialization_id === undefined
      ? undefined
      : sql`exists (select 1 from ${teacherSpecializations} where ${teacherSpecializations.teacherId} = ${teachers.id}
          and ${teacherSpecializations.specializationId} = ${list.specialization_id})
          or ${teachers.specializationId} = ${list.specialization_id}`,
    opts.supervisedBy === undefined
      ? undefined
      : sql`exists (select 1 from ${coordinatorSupervisions} where ${coordinatorSupervisions.teacherId} = ${teachers.id}
          and ${coordinatorSupervisions.coordinatorId} = ${opts.supervisedBy})`,
  );
  return paginate({
    db,
    query: db
      .select(listColumns)
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(where)
      .$dynamic(),
    list,
    sortColumns: {
      id: teachers.id,
      first_name: teachers.firstName,
      last_name: teachers.lastName,
      identity_document: teachers.identityDocument,
      email: users.email,
      enabled: teachers.enabled,
      is_coordinator: teachers.isCoordinator,
      created_at: teachers.createdAt,
    },
    tieBreaker: teachers.id,
  });
}

export type TeacherDetailRow = TeacherListRow & {
  gender: string;
  birthDate: string | null;
  phone: string | null;
  address: string | null;
  confirmed: boolean;
  specialization: { id: number; code: string; title: string } | null;
  specializations: { id: number; code: string; title: string }[];
  supervisedTeachers: { id: number; firstName: string; lastName: string }[];
  supervisors: { id: number; firstName: string; lastName: string }[];
  lessonsCount: number;
};

/** The teacher row (404 when missing), without any ownership check. */
export async function findTeacher(db: DbOrTx, id: number) {
  const [row] = await db.select().from(teachers).where(eq(teachers.id, id));
  if (!row) throw notFound("teacher_not_found", "El profesor no existe.");
  return row;
}

/**
 * 404 for a teacher that does not exist; then a coordinator may only reach the teachers they supervise
 * (and themselves): 403 `coordinator_not_owner_or_not_supervising`.
 */
export async function assertCanSeeTeacher(db: DbOrTx, caller: Caller, id: number) {
  const teacher = await findTeacher(db, id);
  const visible = await visibleTeacherIds(db, caller);
  if (visible !== undefined && !visible.includes(id))
    throw new AppError(403, "coordinator_not_owner_or_not_supervising");
  return teacher;
}

/** One teacher with specializations, supervision links and counts. */
export async function getTeacher(opts: {
  db: DbOrTx;
  caller: Caller;
  id: number;
}): Promise<TeacherDetailRow> {
  await assertCanSeeTeacher(opts.db, opts.caller, opts.id);
  return loadTeacherDetail(opts.db, opts.id);
}

export async function loadTeacherDetail(db: DbOrTx, id: number): Promise<TeacherDetailRow> {
  const [row] = await db
    .select({
      ...listColumns,
      gender: teachers.gender,
      birthDate: teachers.birthDate,
      phone: teachers.phone,
      address: teachers.address,
      confirmedAt: users.emailConfirmedAt,
      lessonsCount: sql<number>`(
        select count(*) from ${lessons}
        join ${courseSectionTeachers} on ${courseSectionTeachers.courseSectionId} = ${lessons.courseSectionId}
        where ${courseSectionTeachers.teacherId} = ${teachers.id}
      )`.mapWith(Number),
    })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(teachers.id, id));
  if (!row) throw notFound("teacher_not_found", "El profesor no existe.");
  const brief = { id: specializations.id, code: specializations.code, title: specializations.title };
  const specs = await db
    .select(brief)
    .from(teacherSpecializations)
    .innerJoin(specializations, eq(specializations.id, teacherSpecializations.specializationId))
    .where(eq(teacherSpecializations.teacherId, id))
    .orderBy(asc(specializations.title));
  const [specialization] = row.specializationId
    ? await db.select(brief).from(specializations).where(eq(specializations.id, row.specializationId))
    : [];
  const person = { id: teachers.id, firstName: teachers.firstName, lastName: teachers.lastName };
  const supervised = await db
    .select(person)
    .from(coordinatorSupervisions)
    .innerJoin(teachers, eq(teachers.id, coordinatorSupervisions.teacherId))
    .where(eq(coordinatorSupervisions.coordinatorId, id))
    .orderBy(asc(teachers.lastName), asc(teachers.firstName));
  const supervisors = await db
    .select(person)
    .from(coordinatorSupervisions)
    .innerJoin(teachers, eq(teachers.id, coordinatorSupervisions.coordinatorId))
    .where(eq(coordinatorSupervisions.teacherId, id))
    .orderBy(asc(teachers.lastName), asc(teachers.firstName));
  const { confirmedAt, ...rest } = row;
  return {
    ...rest,
    confirmed: confirmedAt !== null,
    specialization: specialization ?? null,
    specializations: specs,
    supervisedTeachers: supervised,
    supervisors,
  };
}

/** Unique e-mail and cédula are the database's to guard: a duplicate is a 422 on its field. */
const uniqueFields: Record<string, string> = {
  users_email_lower_unique: "email",
  teachers_identity_document_unique: "identity_document",
};
function translateWriteError(error: unknown): never {
  const pg = pgErrorOf(error);
  const field =
    pg?.code === PgErrorCode.uniqueViolation && pg.constraint ? uniqueFields[pg.constraint] : undefined;
  if (field) throw uniqueViolation(field);
  throw translateDbError(error) ?? error;
}

async function assertSpecializationExists(db: DbOrTx, id: number, field = "specialization_id") {
  const [row] = await db
    .select({ id: specializations.id })
    .from(specializations)
    .where(eq(specializations.id, id));
  if (!row) throw fieldError(field, "exists");
}

/**
 * spec.md §3: `specialization_id` only for coordinators. A teacher's is dropped; a coordinator without one
 * is refused (`coordinator_missing_specialization`).
 */
async function coordinatorSpecialization(
  db: DbOrTx,
  isCoordinator: boolean,
  specializationId: number | null,
): Promise<number | null> {
  if (!isCoordinator) return null;
  if (specializationId === null) throw refuse("coordinator_missing_specialization");
  await assertSpecializationExists(db, specializationId);
  return specializationId;
}

/** Checks an upload and answers the re-encoded picture (WebP), or a 422 on `profile_picture`. */
export async function preparePicture(upload: Upload | null): Promise<Buffer | null> {
  if (!upload) return null;
  const field = "profile_picture";
  if (upload.truncated || upload.data.length > profilePictureMaxBytes)
    throw fieldError(field, "max", { kind: "file", max: profilePictureMaxBytes / 1024 });
  if (upload.data.length === 0) return null;
  if (!detectImage(upload.data)) throw fieldError(field, "mimes", { values: ["jpeg", "png", "webp"] });
  const picture = await reencodePicture(upload.data);
  if (!picture) throw fieldError(field, "image");
  return picture;
}

async function savePicture(storage: FileStorage, userId: number, picture: Buffer): Promise<string> {
  return storePicture(storage, userId, picture).catch((err: unknown) => {
    if (err instanceof StorageWriteError) throw storageUnavailable();
    throw err;
  });
}

const roleOf = (isCoordinator: boolean) => (isCoordinator ? Role.coordinator : Role.teacher);

/**
 * Creates the account (unconfirmed, type 2 or 3) and the teacher profile in one transaction, with the
 * optional picture, and e-mails the account-confirmation link (the same message administrators get).
 */
export async function createTeacher(opts: {
  db: Db;
  storage: FileStorage;
  config: Pick<Config, "appUrl">;
  mailer: Mailer;
  input: CreateTeacherInput;
  upload: Upload | null;
}): Promise<TeacherDetailRow> {
  const { db, input } = opts;
  const picture = await preparePicture(opts.upload);
  const specializationId = await coordinatorSpecialization(db, input.is_coordinator, input.specialization_id);
  // The account's id is taken first, so the photo is stored (outside the transaction) under it.
  const userId = await reserveUserId(db);
  const stored = picture ? await savePicture(opts.storage, userId, picture) : null;
  try {
    const id = await db.transaction(async (tx) => {
      await tx.insert(users).values({
        id: userId,
        type: roleOf(input.is_coordinator),
        name: `${input.first_name} ${input.last_name}`,
        email: input.email,
        disabled: !input.enabled,
        profilePicture: stored,
      });
      const [teacher] = await tx
        .insert(teachers)
        .values({
          userId,
          firstName: input.first_name,
          lastName: input.last_name,
          identityDocument: input.identity_document,
          gender: input.gender,
          birthDate: input.birth_date,
          phone: input.phone,
          address: input.address,
          enabled: input.enabled,
          isCoordinator: input.is_coordinator,
          specializationId,
        })
        .returning();
      // Last step: the link is written only for an account that is there.
      await sendAccountConfirmation({ db: tx, config: opts.config, mailer: opts.mailer, userId });
      return teacher!.id;
    });
    return loadTeacherDetail(db, id);
  } catch (error) {
    if (stored) await deletePicture(opts.storage, stored).catch(() => {});
    translateWriteError(error);
  }
}

/** The next id of `users`, taken before the account is written (its photo is stored under it). */
async function reserveUserId(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`select nextval(pg_get_serial_sequence('users', 'id'))::int as id`);
  const rows = (result as { rows?: { id: number }[] }).rows ?? (result as unknown as { id: number }[]);
  return Number(rows[0]!.id);
}

/** What a teacher or coordinator may change of their own profile (spec.md §6 "Profile update"). */
const ownProfileFields = new Set([
  "first_name",
  "last_name",
  "birth_date",
  "phone",
  "address",
  "remove_profile_picture",
]);

/**
 * spec.md §6: teachers and coordinators update their own profile through the teachers resource; only an
 * administrator edits anyone (every field). Anyone else gets 403; a teacher sending a field that is not
 * theirs to change gets a 422 naming it.
 */
export async function assertCanUpdateTeacher(
  db: DbOrTx,
  caller: Caller,
  id: number,
  input: Record<string, unknown>,
): Promise<void> {
  await findTeacher(db, id);
  if (isAdminRole(caller.type)) return;
  if ((await callerTeacherId(db, caller)) !== id) throw forbidden();
  const prohibited = Object.keys(input).filter((k) => input[k] !== undefined && !ownProfileFields.has(k));
  if (prohibited.length > 0)
    throw validationError(
      Object.fromEntries(prohibited.map((f) => [f, [validationMessage("prohibited", f)]])),
    );
}

/**
 * Changes the fields sent (admin). Names and e-mail go to the account too; `is_coordinator` sets the role
 * (a demoted coordinator stops supervising); a disabled teacher cannot log in and their sessions end.
 */
export async function updateTeacher(opts: {
  db: Db;
  storage: FileStorage;
  sessions: SessionCache;
  id: number;
  input: UpdateTeacherInput;
  upload: Upload | null;
}): Promise<TeacherDetailRow> {
  const { db, input } = opts;
  const current = await findTeacher(db, opts.id);
  const [account] = await db.select().from(users).where(eq(users.id, current.userId));
  const picture = await preparePicture(opts.upload);
  const isCoordinator = input.is_coordinator ?? current.isCoordinator;
  const enabled = input.enabled ?? current.enabled;
  if (isCoordinator && !current.isCoordinator && !enabled) throw refuse("teacher_not_enabled");
  const specializationId = await coordinatorSpecialization(
    db,
    isCoordinator,
    input.specialization_id !== undefined ? input.specialization_id : current.specializationId,
  );
  const firstName = input.first_name ?? current.firstName;
  const lastName = input.last_name ?? current.lastName;
  const stored = picture ? await savePicture(opts.storage, current.userId, picture) : null;
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(teachers)
        .set({
          firstName,
          lastName,
          identityDocument: input.identity_document,
          gender: input.gender,
          birthDate: input.birth_date,
          phone: input.phone,
          address: input.address,
          enabled,
          isCoordinator,
          specializationId,
          updatedAt: sql`now()`,
        })
        .where(eq(teachers.id, current.id));
      const accountChanges: Partial<typeof users.$inferInsert> = {
        name: `${firstName} ${lastName}`,
        email: input.email,
        type: roleOf(isCoordinator),
        disabled: !enabled,
        updatedAt: sql`now()` as unknown as Date,
      };
      if (enabled === false && current.enabled)
        accountChanges.sessionVersion = sql`${users.sessionVersion} + 1` as unknown as number;
      if (stored) accountChanges.profilePicture = stored;
      else if (input.remove_profile_picture) accountChanges.profilePicture = null;
      await tx.update(users).set(accountChanges).where(eq(users.id, current.userId));
      if (!isCoordinator && current.isCoordinator)
        await tx.delete(coordinatorSupervisions).where(eq(coordinatorSupervisions.coordinatorId, current.id));
    });
  } catch (error) {
    if (stored) await deletePicture(opts.storage, stored).catch(() => {});
    translateWriteError(error);
  }
  opts.sessions.forgetUser(current.userId);
  if ((stored || input.remove_profile_picture) && hasOwnPicture(account?.profilePicture))
    await deletePicture(opts.storage, account!.profilePicture).catch(() => {});
  return loadTeacherDetail(db, current.id);
}

/**
 * Deletes the teacher and their account. Refused while course sections or final-delivery juries name
 * them (their history would lose its teacher): deactivate them instead.
 */
export async function deleteTeacher(opts: {
  db: Db;
  storage: FileStorage;
  sessions: SessionCache;
  id: number;
}) {
  const { db } = opts;
  const teacher = await findTeacher(db, opts.id);
  const [assigned] = await db
    .select({ id: courseSectionTeachers.courseSectionId })
    .from(courseSectionTeachers)
    .where(eq(courseSectionTeachers.teacherId, teacher.id))
    .limit(1);
  const [jury] = await db
    .select({ id: finalDeliveryJury.finalDeliveryId })
    .from(finalDeliveryJury)
    .where(eq(finalDeliveryJury.teacherId, teacher.id))
    .limit(1);
  if (assigned || jury)
    throw refuse(
      "teacher_has_course_sections",
      "El profesor tiene materias o jurados asignados y no puede eliminarse; puede desactivarlo.",
    );
  const [account] = await db.select().from(users).where(eq(users.id, teacher.userId));
  await withDbErrors(() => db.delete(users).where(eq(users.id, teacher.userId)));
  opts.sessions.forgetUser(teacher.userId);
  if (hasOwnPicture(account?.profilePicture))
    await deletePicture(opts.storage, account!.profilePicture).catch(() => {});
}

/**
 * PATCH /teachers/{id}/is-coordinator: makes a teacher coordinator of a specialization (one coordinator per
 * specialization: `specialization_has_coordinator`), or a plain teacher again (their supervision ends).
 */
export async function setCoordinator(opts: {
  db: Db;
  sessions: SessionCache;
  id: number;
  input: IsCoordinatorInput;
}): Promise<TeacherDetailRow> {
  const { db, input } = opts;
  const teacher = await findTeacher(db, opts.id);
  if (input.is_coordinator && !teacher.enabled) throw refuse("teacher_not_enabled");
  const specializationId = await coordinatorSpecialization(
    db,
    input.is_coordinator,
    input.specialization_id ?? (input.is_coordinator ? teacher.specializationId : null),
  );
  await withDbErrors(() =>
    db.transaction(async (tx) => {
      await tx
        .update(teachers)
        .set({ isCoordinator: input.is_coordinator, specializationId, updatedAt: sql`now()` })
        .where(eq(teachers.id, teacher.id));
      await tx
        .update(users)
        .set({ type: roleOf(input.is_coordinator), updatedAt: sql`now()` })
        .where(eq(users.id, teacher.userId));
      if (!input.is_coordinator)
        await tx.delete(coordinatorSupervisions).where(eq(coordinatorSupervisions.coordinatorId, teacher.id));
    }),
  );
  opts.sessions.forgetUser(teacher.userId);
  return loadTeacherDetail(db, teacher.id);
}

async function assertSpecializationsExist(db: DbOrTx, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: specializations.id })
    .from(specializations)
    .where(inArray(specializations.id, unique));
  if (found.length !== unique.length) throw fieldError("specialization_ids", "exists");
  return unique;
}

/** Adds specializations the teacher teaches in (already present ones are kept). */
export async function assignSpecializations(opts: {
  db: Db;
  id: number;
  input: SpecializationIdsInput;
}): Promise<TeacherDetailRow> {
  const teacher = await findTeacher(opts.db, opts.id);
  const ids = await assertSpecializationsExist(opts.db, opts.input.specialization_ids);
  await withDbErrors(() =>
    opts.db
      .insert(teacherSpecializations)
      .values(ids.map((specializationId) => ({ teacherId: teacher.id, specializationId })))
      .onConflictDoNothing(),
  );
  return loadTeacherDetail(opts.db, teacher.id);
}

/** Removes specializations from the teacher (ids they do not have are ignored). */
export async function removeSpecializations(opts: {
  db: Db;
  id: number;
  input: SpecializationIdsInput;
}): Promise<TeacherDetailRow> {
  const teacher = await findTeacher(opts.db, opts.id);
  await opts.db
    .delete(teacherSpecializations)
    .where(
      and(
        eq(teacherSpecializations.teacherId, teacher.id),
        inArray(teacherSpecializations.specializationId, opts.input.specialization_ids),
      ),
    );
  return loadTeacherDetail(opts.db, teacher.id);
}

/**
 * POST /teachers/{id}/assign-teachers: the coordinator supervises exactly `teacher_ids` from now on (an
 * empty list ends every supervision). The coordinator and every teacher must be enabled
 * (`teacher_not_enabled`); one transaction.
 */
export async function assignSupervisedTeachers(opts: {
  db: Db;
  id: number;
  input: AssignTeachersInput;
}): Promise<TeacherDetailRow> {
  const { db } = opts;
  const coordinator = await findTeacher(db, opts.id);
  if (!coordinator.isCoordinator)
    throw refuse(
      "teacher_is_not_coordinator",
      "El profesor no es coordinador; no puede supervisar profesores.",
    );
  if (!coordinator.enabled) throw refuse("teacher_not_enabled");
  const ids = [...new Set(opts.input.teacher_ids)];
  if (ids.includes(coordinator.id))
    throw validationError({ teacher_ids: ["Un coordinador no puede supervisarse a sí mismo."] });
  const found = ids.length
    ? await db
        .select({ id: teachers.id, enabled: teachers.enabled })
        .from(teachers)
        .where(inArray(teachers.id, ids))
    : [];
  if (found.length !== ids.length) throw fieldError("teacher_ids", "exists");
  if (found.some((t) => !t.enabled)) throw refuse("teacher_not_enabled");
  await withDbErrors(() =>
    db.transaction(async (tx) => {
      await tx
        .delete(coordinatorSupervisions)
        .where(
          and(
            eq(coordinatorSupervisions.coordinatorId, coordinator.id),
            ids.length ? sql`${coordinatorSupervisions.teacherId} not in ${ids}` : undefined,
          ),
        );
      if (ids.length)
        await tx
          .insert(coordinatorSupervisions)
          .values(ids.map((teacherId) => ({ coordinatorId: coordinator.id, teacherId })))
          .onConflictDoNothing();
    }),
  );
  return loadTeacherDetail(db, coordinator.id);
}

/**
 * A coordinator may list supervised teachers only of themselves: 403 otherwise. Administrators any
 * coordinator's.
 */
export async function assertOwnSupervision(db: DbOrTx, caller: Caller, coordinatorId: number) {
  await findTeacher(db, coordinatorId);
  if (!isCoordinatorRole(caller.type)) return;
  if ((await callerTeacherId(db, caller)) !== coordinatorId)
    throw new AppError(403, "coordinator_not_owner_or_not_supervising");
}

/** The specializations a coordinator coordinates (one at most, spec.md §3), as a list. */
export async function coordinatedSpecializations(db: DbOrTx, teacherId: number) {
  const teacher = await findTeacher(db, teacherId);
  if (!teacher.isCoordinator || teacher.specializationId === null) return [];
  return db
    .select({ id: specializations.id, code: specializations.code, title: specializations.title })
    .from(specializations)
    .where(eq(specializations.id, teacher.specializationId));
}
