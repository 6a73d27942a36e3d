import { randomBytes } from "node:crypto";
import { and, asc, count, eq, exists, inArray, type SQL, sql } from "drizzle-orm";
import { isAdminGroup, isCoordinator, isStudent, isTeacherGroup } from "../../../common/roles.js";
import {
  type CreateFinalDeliveryInput,
  JURY_WINDOW_HOURS,
  type UpdateFinalDeliveryInput,
} from "../../../common/schemas/final-deliveries.js";
import type { DbOrTx } from "../../db/client.js";
import {
  courseEnrolments,
  courseSections,
  courseSectionTeachers,
  courses,
  finalDeliveries,
  finalDeliveryJury,
  finalDeliveryNotes,
  finalDeliveryStudents,
  lessons,
  pensums,
  sections,
  semesters,
  students,
  teachers,
} from "../../db/schema/index.js";
import { isUniqueViolation } from "../../http/db-errors.js";
import { AppError, forbidden, notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Caller, callerStudentId, callerTeacherId, supervisedTeacherIds } from "../../http/ownership.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { missingReference } from "../../http/validation.js";
import type { FileStorage } from "../../storage/types.js";
import { visibleSpecializationIds } from "../sections/service.js";

export const finalDeliverySortable = ["id", "code", "title", "delivery_at", "course", "section"] as const;
type SortField = (typeof finalDeliverySortable)[number];

export type FinalDeliveryListParams = ListParams<SortField> & {
  course_section_id?: number;
  period_id?: number;
};

type Person = { id: number; firstName: string; lastName: string };

export type FinalDeliveryRow = {
  id: number;
  code: string;
  title: string | null;
  description: string | null;
  deliveryAt: Date | null;
  /** `YYYY-MM-DDTHH:MM` in the school's time zone. */
  deliveryAtLocal: string | null;
  finalDeliveryValuePercent: number;
  scheduledContent: string | null;
  scheduledContentResource: string | null;
  courseSectionId: number;
  course: { id: number; code: string; title: string };
  section: { id: number; code: string; periodId: number };
  jury: Person[];
  studentsCount: number;
};

const notFoundDelivery = () => notFound("final_delivery_not_found", "No se encontró la entrega final.");

/** The jury may add, remove and grade until 24 hours after the delivery date; never without a date. */
export function juryCanModify(deliveryAt: Date | null, now: Date): boolean {
  if (deliveryAt === null) return false;
  return now.getTime() <= deliveryAt.getTime() + JURY_WINDOW_HOURS * 3_600_000;
}

function assertJuryWindow(deliveryAt: Date | null, now: Date) {
  if (!juryCanModify(deliveryAt, now)) throw refuse("jury_unable_to_modify");
}

/**
 * DOMAIN.md "Final delivery": 24 hours after its date the delivery is closed to everyone, admin included:
 * its title, date, course section, percent and content, as its jury and notes. Without a date it is open.
 */
export function deliveryClosed(deliveryAt: Date | null, now: Date): boolean {
  return deliveryAt !== null && !juryCanModify(deliveryAt, now);
}

function assertOpen(deliveryAt: Date | null, now: Date) {
  if (deliveryClosed(deliveryAt, now)) throw refuse("final_delivery_closed");
}

const baseColumns = (timeZone: string) => ({
  id: finalDeliveries.id,
  code: finalDeliveries.code,
  title: finalDeliveries.title,
  description: finalDeliveries.description,
  deliveryAt: finalDeliveries.deliveryAt,
  deliveryAtLocal: sql<
    string | null
  >`to_char(${finalDeliveries.deliveryAt} at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI')`,
  finalDeliveryValuePercent: finalDeliveries.finalDeliveryValuePercent,
  scheduledContent: finalDeliveries.scheduledContent,
  scheduledContentResource: finalDeliveries.scheduledContentResource,
  courseSectionId: finalDeliveries.courseSectionId,
  courseId: courses.id,
  courseCode: courses.code,
  courseTitle: courses.title,
  sectionId: sections.id,
  sectionCode: sections.code,
  periodId: sections.periodId,
  studentsCount: sql<number>`(select count(*) from ${finalDeliveryStudents} fds
    where fds.final_delivery_id = ${finalDeliveries.id})`.mapWith(Number),
});

const baseQuery = (db: DbOrTx, timeZone: string) =>
  db
    .select(baseColumns(timeZone))
    .from(finalDeliveries)
    .innerJoin(courseSections, eq(courseSections.id, finalDeliveries.courseSectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .innerJoin(sections, eq(sections.id, courseSections.sectionId));

type BaseRow = Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number];

/** The jury of each delivery, in one query. */
async function withJury(db: DbOrTx, rows: BaseRow[]): Promise<FinalDeliveryRow[]> {
  const ids = rows.map((r) => r.id);
  const jury =
    ids.length === 0
      ? []
      : await db
          .select({
            finalDeliveryId: finalDeliveryJury.finalDeliveryId,
            id: teachers.id,
            firstName: teachers.firstName,
            lastName: teachers.lastName,
          })
          .from(finalDeliveryJury)
          .innerJoin(teachers, eq(teachers.id, finalDeliveryJury.teacherId))
          .where(inArray(finalDeliveryJury.finalDeliveryId, ids))
          .orderBy(asc(teachers.lastName), asc(teachers.firstName), asc(teachers.id));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    title: r.title,
    description: r.description,
    deliveryAt: r.deliveryAt,
    deliveryAtLocal: r.deliveryAtLocal,
    finalDeliveryValuePercent: r.finalDeliveryValuePercent,
    scheduledContent: r.scheduledContent,
    scheduledContentResource: r.scheduledContentResource,
    courseSectionId: r.courseSectionId,
    course: { id: r.courseId, code: r.courseCode, title: r.courseTitle },
    section: { id: r.sectionId, code: r.sectionCode, periodId: r.periodId },
    studentsCount: r.studentsCount,
    jury: jury
      .filter((j) => j.finalDeliveryId === r.id)
      .map((j) => ({ id: j.id, firstName: j.firstName, lastName: j.lastName })),
  }));
}

/** A student sees only the deliveries they are part of; everyone else every delivery (spec.md §6). */
async function visibility(db: DbOrTx, caller: Caller): Promise<SQL | undefined> {
  if (!isStudent(caller.type)) return undefined;
  const studentId = await callerStudentId(db, caller);
  if (studentId === null) return sql`false`;
  return exists(
    db
      .select({ one: sql`1` })
      .from(finalDeliveryStudents)
      .where(
        and(
          eq(finalDeliveryStudents.finalDeliveryId, finalDeliveries.id),
          eq(finalDeliveryStudents.studentId, studentId),
        ),
      ),
  );
}

export async function listFinalDeliveries(opts: {
  db: DbOrTx;
  caller: Caller;
  timeZone: string;
  list: FinalDeliveryListParams;
}): Promise<Page<FinalDeliveryRow>> {
  const { db, list } = opts;
  const where = and(
    await visibility(db, opts.caller),
    searchCondition(list.search, [
      finalDeliveries.code,
      finalDeliveries.title,
      courses.code,
      courses.title,
      sections.code,
    ]),
    list.course_section_id === undefined
      ? undefined
      : eq(finalDeliveries.courseSectionId, list.course_section_id),
    list.period_id === undefined ? undefined : eq(sections.periodId, list.period_id),
  );
  const page = await paginate({
    db,
    query: baseQuery(db, opts.timeZone).where(where).$dynamic(),
    list,
    sortColumns: {
      id: finalDeliveries.id,
      code: finalDeliveries.code,
      title: finalDeliveries.title,
      delivery_at: finalDeliveries.deliveryAt,
      course: courses.title,
      section: sections.code,
    },
    tieBreaker: finalDeliveries.id,
  });
  return { rows: await withJury(db, page.rows as BaseRow[]), meta: page.meta };
}

async function findDelivery(db: DbOrTx, timeZone: string, id: number): Promise<FinalDeliveryRow> {
  const [row] = await baseQuery(db, timeZone).where(eq(finalDeliveries.id, id));
  if (!row) throw notFoundDelivery();
  const [withJ] = await withJury(db, [row]);
  return withJ!;
}

export async function getFinalDelivery(opts: {
  db: DbOrTx;
  caller: Caller;
  timeZone: string;
  id: number;
}): Promise<FinalDeliveryRow> {
  const row = await findDelivery(opts.db, opts.timeZone, opts.id);
  await assertCanSee(opts.db, opts.caller, row.id);
  return row;
}

/** A student only reaches a delivery they are part of (403 otherwise). */
async function assertCanSee(db: DbOrTx, caller: Caller, id: number) {
  if (!isStudent(caller.type)) return;
  const studentId = await callerStudentId(db, caller);
  const [row] =
    studentId === null
      ? []
      : await db
          .select({ id: finalDeliveryStudents.studentId })
          .from(finalDeliveryStudents)
          .where(
            and(
              eq(finalDeliveryStudents.finalDeliveryId, id),
              eq(finalDeliveryStudents.studentId, studentId),
            ),
          );
  if (!row) throw forbidden();
}

type CourseSectionInfo = { id: number; supportsFinalDelivery: boolean; specializationId: number };

/** The course section, locked for the rest of the transaction (one writer of its deliveries at a time). */
async function lockCourseSection(db: DbOrTx, id: number): Promise<CourseSectionInfo | null> {
  const [locked] = await db
    .select({ id: courseSections.id })
    .from(courseSections)
    .where(eq(courseSections.id, id))
    .for("update");
  if (!locked) return null;
  const [row] = await db
    .select({
      id: courseSections.id,
      supportsFinalDelivery: courses.supportsFinalDelivery,
      specializationId: pensums.specializationId,
    })
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .innerJoin(sections, eq(sections.id, courseSections.sectionId))
    .innerJoin(semesters, eq(semesters.id, sections.semesterId))
    .innerJoin(pensums, eq(pensums.id, semesters.pensumId))
    .where(eq(courseSections.id, id));
  return row ?? null;
}

/** Refused to a coordinator: the course section, or the teacher, is not one they supervise (DOMAIN.md). */
const notSupervising = (description: string) =>
  new AppError(403, "coordinator_not_owner_or_not_supervising", description);

/**
 * Who manages a course section's final delivery (spec.md §6, DOMAIN.md): the administration any; a
 * coordinator only in the specialization they coordinate, and only where the course section is taught by
 * them or by a teacher they supervise (a coordinator sees only those); one without a teacher yet is theirs.
 */
async function assertMayManage(db: DbOrTx, caller: Caller, courseSection: CourseSectionInfo) {
  if (isAdminGroup(caller.type)) return;
  if (!isCoordinator(caller.type)) throw forbidden();
  const visible = (await visibleSpecializationIds(db, caller)) ?? [];
  if (!visible.includes(courseSection.specializationId)) throw forbidden();
  const assigned = await db
    .select({ teacherId: courseSectionTeachers.teacherId })
    .from(courseSectionTeachers)
    .where(eq(courseSectionTeachers.courseSectionId, courseSection.id));
  if (assigned.length === 0) return;
  const supervised = await supervisedTeacherIds(db, caller);
  if (!assigned.some((a) => supervised.includes(a.teacherId)))
    throw notSupervising("La materia de esta sección la dicta un profesor que usted no supervisa.");
}

/** The lessons' weights plus the final delivery percent may not pass 100 (`invalid_weighting`). */
async function assertWeighting(db: DbOrTx, courseSectionId: number, percent: number) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${lessons.weight}), 0)`.mapWith(Number) })
    .from(lessons)
    .where(eq(lessons.courseSectionId, courseSectionId));
  const used = row?.total ?? 0;
  if (used + percent > 100) {
    const available = Math.max(0, 100 - used);
    throw new AppError(
      400,
      "invalid_weighting",
      `La ponderación supera el porcentaje disponible: las evaluaciones suman ${used} %, quedan ${available} % para la entrega final.`,
    );
  }
}

/** `YYYY-MM-DDTHH:MM` in the school's zone as an instant (the database does the zone arithmetic). */
const localToInstant = (value: string | null, timeZone: string): SQL | null =>
  value === null ? null : sql`(${value.replace(/Z$/, "")}::timestamp at time zone ${timeZone})`;

function translateWriteError(error: unknown): never {
  if (isUniqueViolation(error, "final_deliveries_course_section_unique"))
    throw refuse("course_section_already_has_one");
  throw error;
}

/** The delivery, locked, for a caller who may manage it; closed (`final_delivery_closed`) when `now` is given. */
async function manageableDelivery(db: DbOrTx, caller: Caller, id: number, now?: Date) {
  const [row] = await db.select().from(finalDeliveries).where(eq(finalDeliveries.id, id)).for("update");
  if (!row) throw notFoundDelivery();
  const info = await lockCourseSection(db, row.courseSectionId);
  await assertMayManage(db, caller, info!);
  // Checked on the stored date, under the lock: a new date in the request cannot reopen a closed one.
  if (now) assertOpen(row.deliveryAt, now);
  return row;
}

export async function createFinalDelivery(opts: {
  db: DbOrTx;
  caller: Caller;
  timeZone: string;
  input: CreateFinalDeliveryInput;
}): Promise<FinalDeliveryRow> {
  const { input, timeZone } = opts;
  const id = await opts.db
    .transaction(async (tx) => {
      const info = await lockCourseSection(tx, input.course_section_id);
      if (!info) throw missingReference("course_section_id");
      await assertMayManage(tx, opts.caller, info);
      if (!info.supportsFinalDelivery) throw refuse("course_section_dont_support_finals");
      const [existing] = await tx
        .select({ id: finalDeliveries.id })
        .from(finalDeliveries)
        .where(eq(finalDeliveries.courseSectionId, info.id));
      if (existing) throw refuse("course_section_already_has_one");
      await assertWeighting(tx, info.id, input.final_delivery_value_percent);
      const [row] = await tx
        .insert(finalDeliveries)
        .values({
          courseSectionId: info.id,
          code: input.code,
          title: input.title,
          description: input.description,
          deliveryAt: localToInstant(input.delivery_at, timeZone) as unknown as Date | null,
          finalDeliveryValuePercent: input.final_delivery_value_percent,
          scheduledContent: input.scheduled_content,
        })
        .returning({ id: finalDeliveries.id });
      await tx.execute(sql`insert into ${finalDeliveryStudents} (final_delivery_id, student_id)
        select ${row!.id}::int, ${courseEnrolments.studentId} from ${courseEnrolments}
        where ${courseEnrolments.courseSectionId} = ${info.id} and ${courseEnrolments.status} = 'enrolled'`);
      return row!.id;
    })
    .catch(translateWriteError);
  return findDelivery(opts.db, timeZone, id);
}

export async function updateFinalDelivery(opts: {
  db: DbOrTx;
  caller: Caller;
  timeZone: string;
  id: number;
  input: UpdateFinalDeliveryInput;
  now: Date;
}): Promise<FinalDeliveryRow> {
  const { input, timeZone } = opts;
  await opts.db.transaction(async (tx) => {
    const current = await manageableDelivery(tx, opts.caller, opts.id, opts.now);
    if (input.final_delivery_value_percent !== undefined)
      await assertWeighting(tx, current.courseSectionId, input.final_delivery_value_percent);
    const changes: Record<string, unknown> = {
      code: input.code,
      title: input.title,
      description: input.description,
      finalDeliveryValuePercent: input.final_delivery_value_percent,
      scheduledContent: input.scheduled_content,
    };
    if (input.delivery_at !== undefined) changes.deliveryAt = localToInstant(input.delivery_at, timeZone);
    await tx
      .update(finalDeliveries)
      .set({ ...changes, updatedAt: opts.now })
      .where(eq(finalDeliveries.id, opts.id));
  });
  return findDelivery(opts.db, timeZone, opts.id);
}

/** Deletes a delivery no jury member has graded yet (`final_delivery_has_notes` otherwise). */
export async function deleteFinalDelivery(opts: {
  db: DbOrTx;
  caller: Caller;
  storage: FileStorage;
  id: number;
  now: Date;
}): Promise<void> {
  const resource = await opts.db.transaction(async (tx) => {
    const current = await manageableDelivery(tx, opts.caller, opts.id, opts.now);
    const [graded] = await tx
      .select({ n: count() })
      .from(finalDeliveryNotes)
      .where(eq(finalDeliveryNotes.finalDeliveryId, opts.id));
    if ((graded?.n ?? 0) > 0) throw refuse("final_delivery_has_notes");
    await tx.delete(finalDeliveries).where(eq(finalDeliveries.id, opts.id));
    return current.scheduledContentResource;
  });
  if (resource) await opts.storage.delete(resource).catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------------------
// Jury and notes
// ---------------------------------------------------------------------------------------------------------

export async function addJuryMember(opts: {
  db: DbOrTx;
  caller: Caller;
  timeZone: string;
  id: number;
  teacherId: number;
  now: Date;
}): Promise<FinalDeliveryRow> {
  await opts.db.transaction(async (tx) => {
    const current = await manageableDelivery(tx, opts.caller, opts.id);
    assertJuryWindow(current.deliveryAt, opts.now);
    const [teacher] = await tx
      .select({ id: teachers.id, enabled: teachers.enabled })
      .from(teachers)
      .where(eq(teachers.id, opts.teacherId));
    if (!teacher) throw notFound("teacher_not_found", "No se encontró el profesor.");
    if (!teacher.enabled) throw refuse("teacher_not_enabled");
    // A coordinator names to the jury only teachers they supervise (or themself), the only ones they see.
    if (
      isCoordinator(opts.caller.type) &&
      !(await supervisedTeacherIds(tx, opts.caller)).includes(teacher.id)
    )
      throw notSupervising("Solo puede nombrar como jurado a los profesores que usted supervisa.");
    await tx
      .insert(finalDeliveryJury)
      .values({ finalDeliveryId: opts.id, teacherId: opts.teacherId })
      .onConflictDoNothing();
  });
  return findDelivery(opts.db, opts.timeZone, opts.id);
}

export async function removeJuryMember(opts: {
  db: DbOrTx;
  caller: Caller;
  timeZone: string;
  id: number;
  teacherId: number;
  now: Date;
}): Promise<FinalDeliveryRow> {
  await opts.db.transaction(async (tx) => {
    const current = await manageableDelivery(tx, opts.caller, opts.id);
    assertJuryWindow(current.deliveryAt, opts.now);
    const removed = await tx
      .delete(finalDeliveryJury)
      .where(
        and(eq(finalDeliveryJury.finalDeliveryId, opts.id), eq(finalDeliveryJury.teacherId, opts.teacherId)),
      )
      .returning({ id: finalDeliveryJury.teacherId });
    if (removed.length === 0) throw notFound("jury_member_not_found", "El profesor no es parte del jurado.");
  });
  return findDelivery(opts.db, opts.timeZone, opts.id);
}

/** A jury member's note for one student: only the member themself, within the jury's window. */
export async function setJuryNote(opts: {
  db: DbOrTx;
  caller: Caller;
  id: number;
  teacherId: number;
  studentId: number;
  note: number;
  now: Date;
}): Promise<void> {
  await opts.db.transaction(async (tx) => {
    if (!isTeacherGroup(opts.caller.type)) throw forbidden();
    if ((await callerTeacherId(tx, opts.caller)) !== opts.teacherId) throw forbidden();
    const [delivery] = await tx
      .select({ id: finalDeliveries.id, deliveryAt: finalDeliveries.deliveryAt })
      .from(finalDeliveries)
      .where(eq(finalDeliveries.id, opts.id));
    if (!delivery) throw notFoundDelivery();
    const [member] = await tx
      .select({ id: finalDeliveryJury.teacherId })
      .from(finalDeliveryJury)
      .where(
        and(eq(finalDeliveryJury.finalDeliveryId, opts.id), eq(finalDeliveryJury.teacherId, opts.teacherId)),
      )
      .for("update");
    if (!member) throw forbidden();
    const [student] = await tx
      .select({ id: finalDeliveryStudents.studentId })
      .from(finalDeliveryStudents)
      .where(
        and(
          eq(finalDeliveryStudents.finalDeliveryId, opts.id),
          eq(finalDeliveryStudents.studentId, opts.studentId),
        ),
      );
    if (!student) throw refuse("student_is_not_related_to_course_section");
    assertJuryWindow(delivery.deliveryAt, opts.now);
    await tx
      .insert(finalDeliveryNotes)
      .values({
        finalDeliveryId: opts.id,
        teacherId: opts.teacherId,
        studentId: opts.studentId,
        note: opts.note,
      })
      .onConflictDoUpdate({
        target: [
          finalDeliveryNotes.finalDeliveryId,
          finalDeliveryNotes.teacherId,
          finalDeliveryNotes.studentId,
        ],
        set: { note: opts.note, updatedAt: opts.now },
      });
  });
}

export type FinalDeliveryStudentRow = {
  id: number;
  firstName: string;
  lastName: string;
  identityDocument: string;
  notes: { teacherId: number; note: number }[];
  average: number | null;
};

/** Half up to two decimals (the notes' precision). */
const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/** The average of the jury's notes of a student (null without notes). */
export function juryAverage(notes: readonly number[]): number | null {
  if (notes.length === 0) return null;
  return round2(notes.reduce((a, b) => a + b, 0) / notes.length);
}

/** The delivery's students with each jury note and their average; a student sees only themself. */
export async function listDeliveryStudents(opts: {
  db: DbOrTx;
  caller: Caller;
  id: number;
}): Promise<FinalDeliveryStudentRow[]> {
  const { db } = opts;
  const [delivery] = await db
    .select({ id: finalDeliveries.id })
    .from(finalDeliveries)
    .where(eq(finalDeliveries.id, opts.id));
  if (!delivery) throw notFoundDelivery();
  await assertCanSee(db, opts.caller, opts.id);
  const own = isStudent(opts.caller.type) ? await callerStudentId(db, opts.caller) : null;
  const rows = await db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      identityDocument: students.identityDocument,
    })
    .from(finalDeliveryStudents)
    .innerJoin(students, eq(students.id, finalDeliveryStudents.studentId))
    .where(
      and(
        eq(finalDeliveryStudents.finalDeliveryId, opts.id),
        own === null ? undefined : eq(students.id, own),
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
  const notes = await db
    .select({
      studentId: finalDeliveryNotes.studentId,
      teacherId: finalDeliveryNotes.teacherId,
      note: finalDeliveryNotes.note,
    })
    .from(finalDeliveryNotes)
    .where(eq(finalDeliveryNotes.finalDeliveryId, opts.id));
  return rows.map((r) => {
    const mine = notes
      .filter((n) => n.studentId === r.id)
      .map((n) => ({ teacherId: n.teacherId, note: n.note }));
    return { ...r, notes: mine, average: juryAverage(mine.map((n) => n.note)) };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Scheduled content file
// ---------------------------------------------------------------------------------------------------------

export const scheduledContentPrefix = "final-deliveries/";

/** Stores the file and points the delivery at it (the previous file is removed after the commit). */
export async function storeScheduledContent(opts: {
  db: DbOrTx;
  caller: Caller;
  storage: FileStorage;
  timeZone: string;
  id: number;
  data: Buffer;
  contentType: string;
  extension: string;
  now: Date;
}): Promise<FinalDeliveryRow> {
  // Checked before the upload is stored, and again (locked) when the row is pointed at it.
  await opts.db.transaction(async (tx) => manageableDelivery(tx, opts.caller, opts.id, opts.now));
  const key = `${scheduledContentPrefix}${opts.id}-${randomBytes(8).toString("hex")}.${opts.extension}`;
  await opts.storage.put(key, opts.data, { contentType: opts.contentType });
  let previous: string | null = null;
  try {
    await opts.db.transaction(async (tx) => {
      const current = await manageableDelivery(tx, opts.caller, opts.id, opts.now);
      previous = current.scheduledContentResource;
      await tx
        .update(finalDeliveries)
        .set({ scheduledContentResource: key, updatedAt: opts.now })
        .where(eq(finalDeliveries.id, opts.id));
    });
  } catch (error) {
    await opts.storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (previous) await opts.storage.delete(previous).catch(() => undefined);
  return findDelivery(opts.db, opts.timeZone, opts.id);
}

/** The stored file of a delivery the caller may see (404 when there is none). */
export async function openScheduledContent(opts: {
  db: DbOrTx;
  caller: Caller;
  storage: FileStorage;
  id: number;
}) {
  const [row] = await opts.db
    .select({ key: finalDeliveries.scheduledContentResource, code: finalDeliveries.code })
    .from(finalDeliveries)
    .where(eq(finalDeliveries.id, opts.id));
  if (!row) throw notFoundDelivery();
  await assertCanSee(opts.db, opts.caller, opts.id);
  const file = row.key ? await opts.storage.open(row.key) : null;
  if (!file) throw notFound("file_not_found", "La entrega final no tiene archivo de contenido programado.");
  return { ...file, key: row.key!, code: row.code };
}
