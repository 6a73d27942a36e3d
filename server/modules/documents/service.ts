import { and, eq, type SQL, sql } from "drizzle-orm";
import { isStudent } from "../../../common/roles.js";
import type { CreateDocumentInput, UpdateDocumentInput } from "../../../common/schemas/documents.js";
import type { DbOrTx } from "../../db/client.js";
import {
  courses,
  documents,
  inscriptions,
  pensums,
  periods,
  semesterCourses,
  semesters,
  specializations,
  students,
} from "../../db/schema/index.js";
import { notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import type { Caller } from "../../http/ownership.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { fieldError, missingReference } from "../../http/validation.js";
import type { FileStorage } from "../../storage/types.js";
import { type DocumentUploads, discardUploads } from "./upload.js";

export const documentSortable = [
  "created_at",
  "title",
  "id",
  "specialization",
  "semester",
  "course",
  "updated_at",
] as const;
type SortField = (typeof documentSortable)[number];

export type DocumentListParams = ListParams<SortField> & {
  specialization_id?: number;
  semester_id?: number;
  course_id?: number;
};

const documentColumns = {
  id: documents.id,
  title: documents.title,
  description: documents.description,
  file: documents.file,
  coverPicture: documents.coverPicture,
  specializationId: documents.specializationId,
  semesterId: documents.semesterId,
  courseId: documents.courseId,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
  specialization: { id: specializations.id, title: specializations.title },
  semester: { id: semesters.id, number: semesters.number, code: semesters.code },
  course: { id: courses.id, code: courses.code, title: courses.title },
};

const documentsQuery = (db: DbOrTx) =>
  db
    .select(documentColumns)
    .from(documents)
    .leftJoin(specializations, eq(specializations.id, documents.specializationId))
    .leftJoin(semesters, eq(semesters.id, documents.semesterId))
    .leftJoin(courses, eq(courses.id, documents.courseId));

export type DocumentRow = Awaited<ReturnType<ReturnType<typeof documentsQuery>["execute"]>>[number];

/**
 * What a student is studying now: the specialization and semester number of their active inscription in
 * the enabled period, or null (not inscribed in it, or not a student profile).
 */
async function currentStudy(db: DbOrTx, caller: Caller) {
  const [row] = await db
    .select({ specializationId: inscriptions.specializationId, semesterNumber: semesters.number })
    .from(inscriptions)
    .innerJoin(students, eq(students.id, inscriptions.studentId))
    .innerJoin(periods, and(eq(periods.id, inscriptions.periodId), eq(periods.enabled, true)))
    .innerJoin(semesters, eq(semesters.id, inscriptions.semesterId))
    .where(and(eq(students.userId, caller.id), eq(inscriptions.status, "active")));
  return row ?? null;
}

/**
 * The documents the caller may see and download. The staff (administration, coordinators, teachers) see
 * the whole library. A student sees the general documents (no specialization) and those of the
 * specialization they are inscribed in this period, when a semester is set only for that semester's
 * number (pensum versions copy their semesters, so the number is what a semester means to a student).
 */
export async function visibilityCondition(db: DbOrTx, caller: Caller): Promise<SQL | undefined> {
  if (!isStudent(caller.type)) return undefined;
  const study = await currentStudy(db, caller);
  const general = sql`${documents.specializationId} is null`;
  if (!study) return general;
  return sql`(${general} or (${documents.specializationId} = ${study.specializationId} and (
    ${documents.semesterId} is null or exists (select 1 from ${semesters} ds
      where ds.id = ${documents.semesterId} and ds.number = ${study.semesterNumber}))))`;
}

/** Documents matching the search (title, description, course) and filters that the caller may see. */
export async function listDocuments(opts: {
  db: DbOrTx;
  caller: Caller;
  list: DocumentListParams;
}): Promise<Page<DocumentRow>> {
  const { db, list } = opts;
  const where = and(
    await visibilityCondition(db, opts.caller),
    searchCondition(list.search, [documents.title, documents.description, courses.title, courses.code]),
    list.specialization_id === undefined ? undefined : eq(documents.specializationId, list.specialization_id),
    list.semester_id === undefined ? undefined : eq(documents.semesterId, list.semester_id),
    list.course_id === undefined ? undefined : eq(documents.courseId, list.course_id),
  );
  return paginate({
    db,
    query: documentsQuery(db).where(where).$dynamic(),
    list,
    sortColumns: {
      created_at: documents.createdAt,
      updated_at: documents.updatedAt,
      title: documents.title,
      id: documents.id,
      specialization: specializations.title,
      semester: semesters.number,
      course: courses.title,
    },
    tieBreaker: documents.id,
  });
}

/** One document the caller may see (404 otherwise: a student does not learn that it exists). */
export async function getDocument(opts: { db: DbOrTx; caller: Caller; id: number }): Promise<DocumentRow> {
  const [row] = await documentsQuery(opts.db).where(
    and(eq(documents.id, opts.id), await visibilityCondition(opts.db, opts.caller)),
  );
  if (!row) throw notFound();
  return row;
}

type Placement = { specializationId: number | null; semesterId: number | null; courseId: number | null };

/**
 * The specialization, semester and course must agree: the semester belongs to a pensum of the
 * specialization (`document_semester_not_related_to_specialization`) and the course to the semester
 * (`document_semester_not_related_to_course`). A semester needs its specialization, a course its semester.
 */
async function assertPlacement(tx: DbOrTx, p: Placement) {
  if (p.semesterId !== null && p.specializationId === null) throw fieldError("specialization_id", "required");
  if (p.courseId !== null && p.semesterId === null) throw fieldError("semester_id", "required");
  if (p.specializationId !== null) {
    const [found] = await tx
      .select({ id: specializations.id })
      .from(specializations)
      .where(eq(specializations.id, p.specializationId));
    if (!found) throw missingReference("specialization_id");
  }
  if (p.semesterId !== null) {
    const [semester] = await tx
      .select({ specializationId: pensums.specializationId })
      .from(semesters)
      .innerJoin(pensums, eq(pensums.id, semesters.pensumId))
      .where(eq(semesters.id, p.semesterId));
    if (!semester) throw missingReference("semester_id");
    if (semester.specializationId !== p.specializationId)
      throw refuse("document_semester_not_related_to_specialization");
  }
  if (p.courseId !== null) {
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, p.courseId));
    if (!course) throw missingReference("course_id");
    const [inSemester] = await tx
      .select({ id: semesterCourses.courseId })
      .from(semesterCourses)
      .where(and(eq(semesterCourses.semesterId, p.semesterId!), eq(semesterCourses.courseId, p.courseId)));
    if (!inSemester) throw refuse("document_semester_not_related_to_course");
  }
}

/** Creates a document over its stored file (and cover); on any refusal the stored files are deleted. */
export async function createDocument(opts: {
  db: DbOrTx;
  storage: FileStorage;
  caller: Caller;
  input: CreateDocumentInput;
  uploads: DocumentUploads & { file: string };
}): Promise<DocumentRow> {
  const { input, uploads } = opts;
  try {
    const id = await opts.db.transaction(async (tx) => {
      await assertPlacement(tx, {
        specializationId: input.specialization_id,
        semesterId: input.semester_id,
        courseId: input.course_id,
      });
      const [row] = await tx
        .insert(documents)
        .values({
          title: input.title,
          description: input.description,
          file: uploads.file,
          coverPicture: uploads.cover,
          specializationId: input.specialization_id,
          semesterId: input.semester_id,
          courseId: input.course_id,
          uploadedByUserId: opts.caller.id,
        })
        .returning({ id: documents.id });
      return row!.id;
    });
    return await getDocument({ db: opts.db, caller: opts.caller, id });
  } catch (error) {
    await discardUploads(opts.storage, uploads);
    throw error;
  }
}

/**
 * Changes the fields sent and replaces the file or cover sent (`remove_cover_picture` drops the cover).
 * The replaced files are deleted once the change is committed; on a refusal the new ones are.
 */
export async function updateDocument(opts: {
  db: DbOrTx;
  storage: FileStorage;
  caller: Caller;
  id: number;
  input: UpdateDocumentInput;
  uploads: DocumentUploads | null;
}): Promise<DocumentRow> {
  const { input, uploads } = opts;
  let replaced: string[] = [];
  try {
    await opts.db.transaction(async (tx) => {
      const [current] = await tx.select().from(documents).where(eq(documents.id, opts.id)).for("update");
      if (!current) throw notFound();
      const placement: Placement = {
        specializationId:
          input.specialization_id === undefined ? current.specializationId : input.specialization_id,
        semesterId: input.semester_id === undefined ? current.semesterId : input.semester_id,
        courseId: input.course_id === undefined ? current.courseId : input.course_id,
      };
      await assertPlacement(tx, placement);
      const cover = uploads?.cover ?? (input.remove_cover_picture ? null : current.coverPicture);
      await tx
        .update(documents)
        .set({
          title: input.title,
          description: input.description,
          ...placement,
          file: uploads?.file ?? current.file,
          coverPicture: cover,
          updatedAt: new Date(),
        })
        .where(eq(documents.id, opts.id));
      replaced = [
        uploads?.file ? current.file : null,
        cover !== current.coverPicture ? current.coverPicture : null,
      ].filter((k): k is string => Boolean(k));
    });
  } catch (error) {
    await discardUploads(opts.storage, uploads ?? undefined);
    throw error;
  }
  for (const key of replaced) await opts.storage.delete(key).catch(() => undefined);
  return getDocument({ db: opts.db, caller: opts.caller, id: opts.id });
}

/** Deletes a document, then (after the commit) its stored file and cover. */
export async function deleteDocument(opts: { db: DbOrTx; storage: FileStorage; id: number }): Promise<void> {
  const [row] = await opts.db
    .delete(documents)
    .where(eq(documents.id, opts.id))
    .returning({ file: documents.file, cover: documents.coverPicture });
  if (!row) throw notFound();
  await discardUploads(opts.storage, { file: row.file, cover: row.cover });
}

/** A document's stored file or cover, when the caller may see the document (404 otherwise). */
export async function openDocumentFile(opts: {
  db: DbOrTx;
  storage: FileStorage;
  caller: Caller;
  id: number;
  which: "file" | "cover";
}) {
  const row = await getDocument(opts);
  const key = opts.which === "file" ? row.file : row.coverPicture;
  const file = key ? await opts.storage.open(key) : null;
  if (!file)
    throw notFound(
      "file_not_found",
      opts.which === "file" ? "El documento no tiene archivo." : "El documento no tiene portada.",
    );
  return { ...file, key: key!, title: row.title };
}
