import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { absenceCount, average, courseResult } from "../../../common/enrolment/progression.js";
import { courseStanding, periodHasEnded, type Standing } from "../../../common/grades/standing.js";
import { Role } from "../../../common/roles.js";
import type { CreateStudentInput, UpdateStudentInput } from "../../../common/schemas/students.js";
import { studentPictureMaxBytes } from "../../../common/schemas/students.js";
import { validationMessage } from "../../../common/validation/messages.js";
import { type AuditContext, recordStudentUpdated, systemAudit } from "../../audit/record.js";
import type { Config } from "../../config.js";
import type { Db, DbOrTx } from "../../db/client.js";
import {
  binnacles,
  courseEnrolments,
  courseSections,
  courses,
  documentRequests,
  finalDeliveryStudents,
  inscriptions,
  lessonStudents,
  lessons,
  notificationReceivers,
  payments,
  periods,
  preInscriptions,
  sections,
  semesters,
  specializations,
  studentPeriodFees,
  students,
  users,
} from "../../db/schema/index.js";
import { isForeignKeyViolation } from "../../http/db-errors.js";
import { conflict, notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import type { Caller } from "../../http/ownership.js";
import { lastCountedTotal, type Page, paginate } from "../../http/pagination.js";
import { fieldError, rethrowUniqueAsField, validationError } from "../../http/validation.js";
import type { Mailer } from "../../mail/index.js";
import { type FileStorage, StorageWriteError } from "../../storage/types.js";
import { sendAccountConfirmation } from "../auth/service.js";
import { courseSectionRecords, recordKey } from "../course-sections/records.js";
import { deletePicture, detectImage, reencodePicture, storePicture } from "../users/pictures.js";
import { storageUnavailable } from "../users/service.js";
import { assertCanSeeStudent, scopeCondition, studentScope } from "./policy.js";

// ---------------------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------------------

/** The rows of a raw query, whichever driver ran it (node-postgres and PGlite both answer `rows`). */
async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows?: T[] }).rows ?? (result as unknown as T[]);
}

export type InscriptionRow = {
  id: number;
  studentId: number;
  kind: string;
  status: string;
  approvedAt: Date | null;
  retiredAt: Date | null;
  period: { id: number; year: number; number: number };
  specialization: { id: number; code: string; title: string };
  semester: { id: number; number: number; code: string };
  section: { id: number; code: string };
};

export type StudentRow = {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  identityDocument: string;
  gender: string;
  birthDate: string | null;
  phone: string | null;
  address: string | null;
  status: string;
  /** The record's version (issue 27: an update that read an older one is refused). */
  version: number;
  email: string;
  profilePicture: string | null;
  confirmed: boolean;
  latestInscription: InscriptionRow | null;
};

/** A student's own columns (no account, no inscription). */
const studentOwnColumns = {
  id: students.id,
  userId: students.userId,
  firstName: students.firstName,
  lastName: students.lastName,
  identityDocument: students.identityDocument,
  gender: students.gender,
  birthDate: students.birthDate,
  phone: students.phone,
  address: students.address,
  status: students.status,
  version: students.version,
};

const studentColumns = {
  ...studentOwnColumns,
  email: users.email,
  profilePicture: users.profilePicture,
  confirmed: sql<boolean>`${users.emailConfirmedAt} is not null`.mapWith(Boolean),
};

const inscriptionColumns = {
  id: inscriptions.id,
  studentId: inscriptions.studentId,
  kind: inscriptions.kind,
  status: inscriptions.status,
  approvedAt: inscriptions.approvedAt,
  retiredAt: inscriptions.retiredAt,
  period: { id: periods.id, year: periods.year, number: periods.number },
  specialization: { id: specializations.id, code: specializations.code, title: specializations.title },
  semester: { id: semesters.id, number: semesters.number, code: semesters.code },
  section: { id: sections.id, code: sections.code },
};

/** Inscriptions with their period, specialization, semester and section (to be filtered and ordered). */
const inscriptionsQuery = (db: DbOrTx) =>
  db
    .select(inscriptionColumns)
    .from(inscriptions)
    .innerJoin(periods, eq(periods.id, inscriptions.periodId))
    .innerJoin(specializations, eq(specializations.id, inscriptions.specializationId))
    .innerJoin(semesters, eq(semesters.id, inscriptions.semesterId))
    .innerJoin(sections, eq(sections.id, inscriptions.sectionId));

/** The newest inscription (by period year and number) of each of the students. */
async function latestInscriptions(db: DbOrTx, studentIds: number[]): Promise<Map<number, InscriptionRow>> {
  if (studentIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([inscriptions.studentId], inscriptionColumns)
    .from(inscriptions)
    .innerJoin(periods, eq(periods.id, inscriptions.periodId))
    .innerJoin(specializations, eq(specializations.id, inscriptions.specializationId))
    .innerJoin(semesters, eq(semesters.id, inscriptions.semesterId))
    .innerJoin(sections, eq(sections.id, inscriptions.sectionId))
    .where(inArray(inscriptions.studentId, studentIds))
    .orderBy(asc(inscriptions.studentId), desc(periods.year), desc(periods.number));
  return new Map(rows.map((r) => [r.studentId, r]));
}

async function withLatestInscriptions<R extends { id: number }>(
  db: DbOrTx,
  rows: R[],
): Promise<(R & { latestInscription: InscriptionRow | null })[]> {
  const latest = await latestInscriptions(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, latestInscription: latest.get(r.id) ?? null }));
}

// ---------------------------------------------------------------------------------------------------------
// List
// ---------------------------------------------------------------------------------------------------------

export const studentSortable = [
  "last_name",
  "first_name",
  "identity_document",
  "email",
  "gender",
  "status",
  "id",
] as const;

export type StudentListParams = ListParams<(typeof studentSortable)[number]> & {
  period_id?: number;
  specialization_id?: number;
  semester_id?: number;
  section_id?: number;
  status?: string;
  gender?: string;
};

/**
 * The words of a search as a prefix query of PostgreSQL's full-text search: lower-cased, without accents,
 * split where the stored words are split (anything but letters and digits), each word a prefix
 * (`jose:* & perez:*`). Only [a-z0-9] reaches the query, so nothing in it is syntax. Null: no words.
 */
export function searchQuery(search: string | undefined): string | null {
  if (!search) return null;
  const words = search
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(" & ") : null;
}

/**
 * How many students a search may match and still be gathered from the GIN index before sorting (measured
 * on 20,000 students: 337 matches take ~1 ms gathered, ~5 ms found by walking the names in order; 2,700 take
 * about the same either way; 20,000 take ~20 ms gathered, ~1 ms walked).
 */
const SEARCH_GATHER_FIRST_MAX = 2_000;

/**
 * Students matching the list's search (name, cédula, e-mail: every word a prefix of a stored word,
 * ignoring case and accents, answered by a GIN index) and filters; the inscription filters (period,
 * specialization, semester, section) must all hold for one inscription. Scoped to what the caller reaches.
 *
 * One statement. The page is cut from the students' own rows, and only the page's rows read their account
 * (e-mail, picture) and latest inscription: those are scalar subqueries of the select list, which
 * PostgreSQL evaluates after the sort and the limit (a join would be made for every row walked before the
 * limit). A search gathers its students from the GIN index first (a subquery the planner may not flatten,
 * `offset 0`) and sorts those: otherwise the planner walks the name index in order, testing every student
 * until enough match (thousands of rows for a common first name); only a search already counted with more
 * than SEARCH_GATHER_FIRST_MAX matches walks. The total rides along or is remembered; the statement is
 * prepared (one per shape).
 */
export async function listStudents(opts: {
  db: DbOrTx;
  caller: Caller;
  list: StudentListParams;
}): Promise<Page<StudentRow>> {
  const { db, list } = opts;
  const scope = await studentScope(db, opts.caller);
  const query = searchQuery(list.search);
  const inscriptionFilters = [
    list.period_id === undefined ? undefined : eq(inscriptions.periodId, list.period_id),
    list.specialization_id === undefined
      ? undefined
      : eq(inscriptions.specializationId, list.specialization_id),
    list.semester_id === undefined ? undefined : eq(inscriptions.semesterId, list.semester_id),
    list.section_id === undefined ? undefined : eq(inscriptions.sectionId, list.section_id),
  ].filter((c): c is SQL => c !== undefined);
  /** The student `id` has one inscription meeting every inscription filter. */
  const inscribed = (id: SQL) =>
    inscriptionFilters.length === 0
      ? undefined
      : sql`exists (select 1 from ${inscriptions} where ${inscriptions.studentId} = ${id} and ${and(...inscriptionFilters)})`;
  const ownWhere = and(
    scopeCondition(scope),
    query === null ? undefined : sql`${students.searchVector} @@ to_tsquery('simple', ${query})`,
    // A search made only of punctuation matches nothing rather than everything.
    list.search !== undefined && query === null ? sql`false` : undefined,
    list.status === undefined ? undefined : eq(students.status, list.status),
    list.gender === undefined ? undefined : eq(students.gender, list.gender),
  );
  const where = and(ownWhere, inscribed(sql`${students.id}`));
  // The where clause reads students only (users is joined for the e-mail): count students alone.
  const countQuery = db.select({ id: students.id }).from(students).where(where).$dynamic();
  // A search gathers its students from the GIN index first, unless it was counted before and matched
  // many (a prefix of most names, "v" of every cédula): those are found soon enough in the list's order.
  const gatherFirst = query !== null && (lastCountedTotal(db, countQuery) ?? 0) <= SEARCH_GATHER_FIRST_MAX;
  // The rows the page is cut from: the students' own columns, and the e-mail only when it is the sort.
  const byEmail = list.sort_by.field === "email";
  const own = {
    ...studentOwnColumns,
    sortEmail: byEmail ? users.email : sql<string | null>`null`.as("sort_email"),
  };
  let matchingQuery = db.select(own).from(students).$dynamic();
  if (byEmail) matchingQuery = matchingQuery.innerJoin(users, eq(users.id, students.userId));
  // A search with inscription filters: the searched students in the list's order (a subquery), then only
  // as many checked for the inscription as the page needs (rather than every inscription of a period).
  const searchThenInscription = gatherFirst && inscriptionFilters.length > 0;
  if (!searchThenInscription) matchingQuery = matchingQuery.where(where);
  else {
    const column = {
      last_name: students.lastName,
      first_name: students.firstName,
      identity_document: students.identityDocument,
      email: users.email,
      gender: students.gender,
      status: students.status,
      id: students.id,
    }[list.sort_by.field];
    matchingQuery = matchingQuery
      .where(ownWhere)
      .orderBy(list.sort_by.direction === "desc" ? desc(column) : asc(column), asc(students.id));
  }
  // `offset 0` keeps a search's subquery whole: its students come from the GIN index, then are sorted.
  // (Written as SQL: Drizzle leaves out a numeric offset of 0.)
  const matching = (gatherFirst ? matchingQuery.offset(sql`0` as unknown as number) : matchingQuery).as(
    "matching",
  );
  const page = await paginate({
    db,
    query: db
      .select({
        id: matching.id,
        userId: matching.userId,
        firstName: matching.firstName,
        lastName: matching.lastName,
        identityDocument: matching.identityDocument,
        gender: matching.gender,
        birthDate: matching.birthDate,
        phone: matching.phone,
        address: matching.address,
        status: matching.status,
        version: matching.version,
        account: accountOfStudent("matching"),
        latest: latestInscriptionOfStudent("matching"),
      })
      .from(matching)
      .where(searchThenInscription ? inscribed(sql`${sql.identifier("matching")}.id`) : undefined)
      .$dynamic(),
    list,
    sortColumns: {
      last_name: matching.lastName,
      first_name: matching.firstName,
      identity_document: matching.identityDocument,
      email: matching.sortEmail,
      gender: matching.gender,
      status: matching.status,
      id: matching.id,
    },
    tieBreaker: matching.id,
    countQuery,
    rememberTotal: true,
    prepared: true,
  });
  return {
    rows: page.rows.map(({ account, latest, ...row }) => {
      const [email, profilePicture, confirmed] = jsonOf(account) as [string, string | null, boolean];
      return {
        ...row,
        email,
        profilePicture,
        confirmed: Boolean(confirmed),
        latestInscription: latestRow(row.id, jsonOf(latest) as LatestArray | null),
      };
    }),
    meta: page.meta,
  };
}

/** A json value as the driver answers it (node-postgres parses json, a raw string is parsed here). */
const jsonOf = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value);

// The scalar subqueries below are written out with their own table aliases: in a select from a subquery,
// Drizzle renders columns without their table, which would be ambiguous inside them.

/** The account's e-mail, picture and whether it is confirmed, as a json array (a scalar subquery). */
const accountOfStudent = (alias: string) =>
  sql<unknown>`(select json_build_array(u.email, u.profile_picture, u.email_confirmed_at is not null)
    from ${users} u where u.id = ${sql.identifier(alias)}.user_id)`;

/**
 * The newest inscription (by period year and number) of the student, with its period, specialization,
 * semester and section, as one json array (a scalar subquery; see `latestRow` for the order).
 */
const latestInscriptionOfStudent = (alias: string) =>
  sql<unknown>`(select json_build_array(i.id, i.kind, i.status, i.approved_at, i.retired_at, p.id, p.year,
      p.number, sp.id, sp.code, sp.title, se.id, se.number, se.code, sc.id, sc.code)
    from ${inscriptions} i
    inner join ${periods} p on p.id = i.period_id
    inner join ${specializations} sp on sp.id = i.specialization_id
    inner join ${semesters} se on se.id = i.semester_id
    inner join ${sections} sc on sc.id = i.section_id
    where i.student_id = ${sql.identifier(alias)}.id
    order by p.year desc, p.number desc
    limit 1)`;

type LatestArray = [
  id: number,
  kind: string,
  status: string,
  approvedAt: string | null,
  retiredAt: string | null,
  periodId: number,
  periodYear: number,
  periodNumber: number,
  specializationId: number,
  specializationCode: string,
  specializationTitle: string,
  semesterId: number,
  semesterNumber: number,
  semesterCode: string,
  sectionId: number,
  sectionCode: string,
];

/** The subquery's json array as an InscriptionRow (null when the student has none). */
function latestRow(studentId: number, li: LatestArray | null): InscriptionRow | null {
  if (!li) return null;
  const date = (v: string | null) => (v === null ? null : new Date(v));
  return {
    id: Number(li[0]),
    studentId,
    kind: String(li[1]),
    status: String(li[2]),
    approvedAt: date(li[3]),
    retiredAt: date(li[4]),
    period: { id: Number(li[5]), year: Number(li[6]), number: Number(li[7]) },
    specialization: { id: Number(li[8]), code: String(li[9]), title: String(li[10]) },
    semester: { id: Number(li[11]), number: Number(li[12]), code: String(li[13]) },
    section: { id: Number(li[14]), code: String(li[15]) },
  };
}

// ---------------------------------------------------------------------------------------------------------
// One student
// ---------------------------------------------------------------------------------------------------------

async function findStudent(db: DbOrTx, id: number) {
  const [row] = await db
    .select(studentColumns)
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(students.id, id));
  if (!row) throw notFound("student_not_found", "No se encontró el estudiante.");
  return row;
}

/** The student (404 when missing) once the caller is allowed to see them (403 otherwise). */
export async function getStudent(opts: { db: DbOrTx; caller: Caller; id: number }): Promise<StudentRow> {
  const row = await findStudent(opts.db, opts.id);
  await assertCanSeeStudent(opts.db, opts.caller, row.id);
  const [withLatest] = await withLatestInscriptions(opts.db, [row]);
  return withLatest!;
}

export type Upload = { data: Buffer; mimetype: string; truncated: boolean };

/** The picture of a new student, re-encoded (422 on `profile_picture` when it is not a usable image). */
async function preparePicture(upload: Upload | null): Promise<Buffer | null> {
  if (!upload || (upload.data.length === 0 && !upload.truncated)) return null;
  const field = "profile_picture";
  if (upload.truncated || upload.data.length > studentPictureMaxBytes)
    throw fieldError(field, "max", { kind: "file", max: studentPictureMaxBytes / 1024 });
  if (!detectImage(upload.data)) throw fieldError(field, "mimes", { values: ["jpeg", "png", "webp"] });
  const picture = await reencodePicture(upload.data);
  if (!picture) throw fieldError(field, "image");
  return picture;
}

/** 422 naming each of the e-mail and cédula that someone already has (checked together, then by constraints). */
async function assertUnique(
  db: DbOrTx,
  input: { email?: string; identityDocument?: string },
  except?: { studentId: number; userId: number },
) {
  const errors: Record<string, string[]> = {};
  if (input.email !== undefined) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${input.email})`);
    if (taken && taken.id !== except?.userId) errors.email = [validationMessage("unique", "email")];
  }
  if (input.identityDocument !== undefined) {
    const [taken] = await db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.identityDocument, input.identityDocument));
    if (taken && taken.id !== except?.studentId)
      errors.identity_document = [validationMessage("unique", "identity_document")];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

const uniqueFields = {
  users_email_lower_unique: "email",
  students_identity_document_unique: "identity_document",
};

/**
 * Inserts, with the caller's transaction, one user per input (type student, unconfirmed, no password)
 * and its student profile, answering their ids in the order of `inputs`: one multi-row insert per table,
 * for one new student or a whole import. Duplicates are left to the unique constraints (see uniqueFields).
 */
export async function insertStudents(
  tx: DbOrTx,
  inputs: readonly CreateStudentInput[],
): Promise<{ id: number; userId: number; email: string }[]> {
  if (inputs.length === 0) return [];
  const created = await tx
    .insert(users)
    .values(
      inputs.map((input) => ({
        type: Role.student,
        name: `${input.first_name} ${input.last_name}`,
        email: input.email,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const userIdOf = new Map(created.map((u) => [u.email.toLowerCase(), u.id]));
  const userIds = inputs.map((input) => userIdOf.get(input.email.toLowerCase())!);
  const rows = await tx
    .insert(students)
    .values(
      inputs.map((input, i) => ({
        userId: userIds[i]!,
        firstName: input.first_name,
        lastName: input.last_name,
        identityDocument: input.identity_document,
        gender: input.gender,
        birthDate: input.birth_date ?? null,
        phone: input.phone ?? null,
        address: input.address ?? null,
      })),
    )
    .returning({ id: students.id, userId: students.userId });
  const studentIdOf = new Map(rows.map((r) => [r.userId, r.id]));
  return inputs.map((input, i) => ({
    id: studentIdOf.get(userIds[i]!)!,
    userId: userIds[i]!,
    email: input.email,
  }));
}

/**
 * Creates the user (type student, unconfirmed, no password) and the student in one transaction, with the
 * picture when one was sent, then e-mails the account-confirmation link (through the outbox without SMTP).
 */
export async function createStudent(opts: {
  db: Db;
  config: Pick<Config, "appUrl">;
  mailer: Mailer;
  storage: FileStorage;
  input: CreateStudentInput;
  upload: Upload | null;
}): Promise<StudentRow> {
  const { input } = opts;
  const picture = await preparePicture(opts.upload);
  const stored: { picture: string | null } = { picture: null };
  try {
    const id = await opts.db.transaction(async (tx) => {
      await assertUnique(tx, { email: input.email, identityDocument: input.identity_document });
      const [student] = await insertStudents(tx, [input]);
      if (picture) {
        stored.picture = await storePicture(opts.storage, student!.userId, picture).catch((err: unknown) => {
          if (err instanceof StorageWriteError) throw storageUnavailable();
          throw err;
        });
        await tx.update(users).set({ profilePicture: stored.picture }).where(eq(users.id, student!.userId));
      }
      return student!.id;
    });
    const row = await findStudent(opts.db, id);
    await sendAccountConfirmation({
      db: opts.db,
      config: opts.config,
      mailer: opts.mailer,
      userId: row.userId,
      background: true,
    });
    return { ...row, latestInscription: null };
  } catch (error) {
    if (stored.picture) await deletePicture(opts.storage, stored.picture).catch(() => {});
    rethrowUniqueAsField(error, uniqueFields);
  }
}

/**
 * Changes the fields sent (the user's name and e-mail follow the profile), making a new version of the
 * record. With `version` (the one the form read), a record saved since is refused with 409 `stale_record`
 * and nothing changes (issue 27): the compare and the write are one statement, so of two saves of one
 * version exactly one passes.
 */
export async function updateStudent(opts: {
  db: Db;
  id: number;
  input: UpdateStudentInput;
  /** Who edits, for the audit log (`student.updated`). */
  audit?: AuditContext;
}): Promise<StudentRow> {
  const { input } = opts;
  const current = await findStudent(opts.db, opts.id);
  try {
    await opts.db.transaction(async (tx) => {
      const [saved] = await tx
        .update(students)
        .set({ version: sql`${students.version} + 1` })
        .where(
          and(
            eq(students.id, current.id),
            input.version === undefined ? undefined : eq(students.version, input.version),
          ),
        )
        .returning({ id: students.id });
      if (!saved) throw conflict("stale_record");
      await assertUnique(
        tx,
        { email: input.email, identityDocument: input.identity_document },
        { studentId: current.id, userId: current.userId },
      );
      const changes: Partial<typeof students.$inferInsert> = {
        firstName: input.first_name,
        lastName: input.last_name,
        identityDocument: input.identity_document,
        gender: input.gender,
        birthDate: input.birth_date,
        phone: input.phone,
        address: input.address,
      };
      await tx
        .update(students)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(students.id, current.id));
      const firstName = input.first_name ?? current.firstName;
      const lastName = input.last_name ?? current.lastName;
      await tx
        .update(users)
        .set({ name: `${firstName} ${lastName}`, email: input.email, updatedAt: new Date() })
        .where(eq(users.id, current.userId));
      await recordStudentUpdated(tx, opts.audit ?? systemAudit, current, input);
    });
  } catch (error) {
    rethrowUniqueAsField(error, uniqueFields);
  }
  const [row] = await withLatestInscriptions(opts.db, [await findStudent(opts.db, current.id)]);
  return row!;
}

/** What keeps a student from being deleted, checked in this order. */
const dependents = [
  { table: inscriptions, column: inscriptions.studentId, code: "student_has_inscriptions" },
  { table: lessonStudents, column: lessonStudents.studentId, code: "student_has_lessons" },
  { table: payments, column: payments.studentId, code: "student_has_payments" },
  { table: studentPeriodFees, column: studentPeriodFees.studentId, code: "student_has_payments" },
  { table: documentRequests, column: documentRequests.studentId, code: "student_has_document_requests" },
  { table: binnacles, column: binnacles.studentId, code: "student_has_binnacles" },
  {
    table: finalDeliveryStudents,
    column: finalDeliveryStudents.studentId,
    code: "student_has_lessons",
  },
] as const;

/**
 * Deletes a student nobody depends on yet (no inscription, lesson, payment, binnacle or final delivery),
 * and their user account; otherwise 400 with the reason. The student row is locked meanwhile.
 */
export async function deleteStudent(opts: { db: Db; storage: FileStorage; id: number }): Promise<void> {
  const picture = await opts.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: students.id, userId: students.userId })
      .from(students)
      .where(eq(students.id, opts.id))
      .for("update");
    if (!row) throw notFound("student_not_found", "No se encontró el estudiante.");
    for (const dep of dependents) {
      const [used] = await tx.select({ one: sql`1` }).from(dep.table).where(eq(dep.column, row.id)).limit(1);
      if (used) throw refuse(dep.code);
    }
    await tx.update(preInscriptions).set({ studentId: null }).where(eq(preInscriptions.studentId, row.id));
    const [user] = await tx
      .select({ picture: users.profilePicture })
      .from(users)
      .where(eq(users.id, row.userId));
    try {
      await tx.delete(students).where(eq(students.id, row.id));
      await tx.delete(users).where(eq(users.id, row.userId));
    } catch (error) {
      // A row written after the checks (an inscription, say): its foreign key refuses the delete.
      if (isForeignKeyViolation(error)) throw refuse("student_has_inscriptions");
      throw error;
    }
    return user?.picture ?? null;
  });
  if (picture) await deletePicture(opts.storage, picture).catch(() => {});
}

// ---------------------------------------------------------------------------------------------------------
// Sub-resources (each checks the caller may see the student first)
// ---------------------------------------------------------------------------------------------------------

/** The student's inscriptions, newest period first (`specialization-history`). */
export async function listStudentInscriptions(opts: {
  db: DbOrTx;
  caller: Caller;
  id: number;
}): Promise<InscriptionRow[]> {
  const student = await findStudent(opts.db, opts.id);
  await assertCanSeeStudent(opts.db, opts.caller, student.id);
  return inscriptionsQuery(opts.db)
    .where(eq(inscriptions.studentId, student.id))
    .orderBy(desc(periods.year), desc(periods.number));
}

/** The period asked for, else the one of the student's newest inscription, else the enabled one. */
async function resolvePeriod(db: DbOrTx, studentId: number, periodId: number | undefined) {
  const columns = {
    id: periods.id,
    year: periods.year,
    number: periods.number,
    approvalMinimumAvg: periods.approvalMinimumAvg,
  };
  if (periodId !== undefined) {
    const [row] = await db.select(columns).from(periods).where(eq(periods.id, periodId));
    if (!row) throw notFound("period_not_found");
    return row;
  }
  const [latest] = await db
    .select(columns)
    .from(inscriptions)
    .innerJoin(periods, eq(periods.id, inscriptions.periodId))
    .where(eq(inscriptions.studentId, studentId))
    .orderBy(desc(periods.year), desc(periods.number))
    .limit(1);
  if (latest) return latest;
  const [current] = await db.select(columns).from(periods).where(eq(periods.enabled, true));
  return current ?? null;
}

export type CourseFilter = { periodId?: number; sectionId?: number; courseId?: number };

export type StudentCourseRow = {
  id: number;
  courseSectionId: number;
  status: string;
  course: { id: number; code: string; title: string; credits: number; maxAbsencesToFail: number };
  section: { id: number; code: string };
  period: { id: number; year: number; number: number };
  teachers: { id: number; name: string }[];
  note: number | null;
  evaluatedPercent: number;
  failedByAbsences: boolean;
  standing: Standing;
  /** False while in progress (see `standing`). */
  passed: boolean;
  absences: number;
  delays: number;
  lessons: number;
};

/**
 * The course sections the student is enrolled in (a period, else every period), each with its teachers,
 * the note so far with the final delivery, passed or failed (by absences too: the maths of
 * common/enrolment/progression.ts), absences and delays.
 */
export async function listStudentCourses(opts: {
  db: DbOrTx;
  caller: Caller;
  id: number;
  filter: CourseFilter;
  /** The school's today (the injected clock): after the period's end the notes are final. */
  today: string;
}): Promise<StudentCourseRow[]> {
  const { db, filter } = opts;
  const student = await findStudent(db, opts.id);
  await assertCanSeeStudent(db, opts.caller, student.id);
  const rows = await db
    .select({
      id: courseEnrolments.id,
      courseSectionId: courseEnrolments.courseSectionId,
      status: courseEnrolments.status,
      course: {
        id: courses.id,
        code: courses.code,
        title: courses.title,
        credits: courses.credits,
        maxAbsencesToFail: courses.maxAbsencesToFail,
      },
      section: { id: sections.id, code: sections.code },
      period: { id: periods.id, year: periods.year, number: periods.number },
      approvalMinimumNote: periods.approvalMinimumNote,
      endDate: periods.endDate,
      absences:
        sql<number>`(select count(*) from lesson_students ls inner join lessons l on l.id = ls.lesson_id
        where ls.student_id = ${student.id} and l.course_section_id = ${courseSections.id}
          and ls.attendance = 'absent')`.mapWith(Number),
      delays: sql<number>`(select count(*) from lesson_students ls inner join lessons l on l.id = ls.lesson_id
        where ls.student_id = ${student.id} and l.course_section_id = ${courseSections.id}
          and ls.attendance = 'delayed')`.mapWith(Number),
      lessons:
        sql<number>`(select count(*) from lesson_students ls inner join lessons l on l.id = ls.lesson_id
        where ls.student_id = ${student.id} and l.course_section_id = ${courseSections.id})`.mapWith(Number),
    })
    .from(courseEnrolments)
    .innerJoin(courseSections, eq(courseSections.id, courseEnrolments.courseSectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .innerJoin(sections, eq(sections.id, courseSections.sectionId))
    .innerJoin(periods, eq(periods.id, sections.periodId))
    .where(
      and(
        eq(courseEnrolments.studentId, student.id),
        filter.periodId === undefined ? undefined : eq(sections.periodId, filter.periodId),
        filter.sectionId === undefined ? undefined : eq(sections.id, filter.sectionId),
        filter.courseId === undefined ? undefined : eq(courses.id, filter.courseId),
      ),
    )
    .orderBy(desc(periods.year), desc(periods.number), asc(courses.code));
  const teacherRows = rows.length
    ? await queryRows<{ course_section_id: number; id: number; name: string }>(
        db,
        sql`select cst.course_section_id, t.id, t.first_name || ' ' || t.last_name as name
          from course_section_teachers cst inner join teachers t on t.id = cst.teacher_id
          where ${inArray(
            sql`cst.course_section_id`,
            rows.map((r) => r.courseSectionId),
          )}
          order by t.last_name, t.first_name`,
      )
    : [];
  const teachersOf = new Map<number, { id: number; name: string }[]>();
  for (const t of teacherRows) {
    const key = Number(t.course_section_id);
    teachersOf.set(key, [...(teachersOf.get(key) ?? []), { id: Number(t.id), name: String(t.name) }]);
  }
  const { records } = await courseSectionRecords(
    db,
    rows.map((r) => r.courseSectionId),
    { studentId: student.id },
  );
  return rows.map(({ approvalMinimumNote, endDate, ...r }) => {
    const record = records.get(recordKey(r.courseSectionId, student.id));
    const periodEnded = periodHasEnded(endDate, opts.today);
    const result = record
      ? courseResult(
          record,
          { approvalMinimumNote, approvalMinimumAvg: approvalMinimumNote },
          { periodEnded },
        )
      : courseStanding({ evaluations: [] }, { approvalMinimumNote, periodEnded });
    return {
      ...r,
      note: result.note,
      evaluatedPercent: result.evaluatedPercent,
      failedByAbsences: record
        ? absenceCount(record.absences, record.delays, record.maxAbsencesToFail).failed
        : false,
      standing: result.standing,
      passed: result.passed === true,
      teachers: teachersOf.get(r.courseSectionId) ?? [],
    };
  });
}

/** The average of the student's course notes in a period (default: their newest inscription's). */
export async function periodAverageNote(opts: {
  db: DbOrTx;
  caller: Caller;
  id: number;
  periodId?: number;
  today: string;
}) {
  const student = await findStudent(opts.db, opts.id);
  await assertCanSeeStudent(opts.db, opts.caller, student.id);
  const period = await resolvePeriod(opts.db, student.id, opts.periodId);
  if (!period) return { period: null, average: null, courses: 0, approvalMinimumAvg: null };
  const courseRows = await listStudentCourses({
    db: opts.db,
    caller: opts.caller,
    id: student.id,
    filter: { periodId: period.id },
    today: opts.today,
  });
  const notes = courseRows.filter((c) => c.status === "enrolled" && c.note !== null).map((c) => c.note!);
  return {
    period,
    average: average(notes),
    courses: notes.length,
    approvalMinimumAvg: period.approvalMinimumAvg,
  };
}

/** Where the student stands: their status, the enabled period and whether they are inscribed in it. */
export async function inscriptionState(opts: { db: DbOrTx; caller: Caller; id: number }) {
  const all = await listStudentInscriptions(opts);
  const student = await findStudent(opts.db, opts.id);
  const [current] = await opts.db
    .select({ id: periods.id, year: periods.year, number: periods.number })
    .from(periods)
    .where(eq(periods.enabled, true));
  const currentInscription = current ? (all.find((i) => i.period.id === current.id) ?? null) : null;
  return {
    studentStatus: student.status,
    currentPeriod: current ?? null,
    currentInscription,
    latestInscription: all[0] ?? null,
    inscriptionsCount: all.length,
  };
}

export type StudentScheduleRow = {
  id: number;
  day: number;
  courseSectionId: number;
  classroom: { id: number; code: string };
  course: { id: number; code: string; title: string };
  section: { id: number; code: string };
  classHours: { id: number; startTime: string; endTime: string }[];
};

/** The weekly schedule of the courses the student takes (not withdrawn) in a period. */
export async function listStudentSchedules(opts: {
  db: DbOrTx;
  caller: Caller;
  id: number;
  periodId?: number;
}): Promise<StudentScheduleRow[]> {
  const { db } = opts;
  const student = await findStudent(db, opts.id);
  await assertCanSeeStudent(db, opts.caller, student.id);
  const period = await resolvePeriod(db, student.id, opts.periodId);
  if (!period) return [];
  const result = await queryRows<{
    id: number;
    day: number;
    course_section_id: number;
    classroom_id: number;
    classroom_code: string;
    course_id: number;
    course_code: string;
    course_title: string;
    section_id: number;
    section_code: string;
    class_hour_id: number;
    start_time: string;
    end_time: string;
  }>(
    db,
    sql`select sc.id, sc.day, sc.course_section_id, cr.id as classroom_id, cr.code as classroom_code,
      c.id as course_id, c.code as course_code, c.title as course_title, s.id as section_id,
      s.code as section_code, ch.id as class_hour_id, ch.start_time::text as start_time,
      ch.end_time::text as end_time
    from course_enrolments ce
    inner join course_sections cs on cs.id = ce.course_section_id
    inner join sections s on s.id = cs.section_id
    inner join courses c on c.id = cs.course_id
    inner join schedules sc on sc.course_section_id = cs.id
    inner join classrooms cr on cr.id = sc.classroom_id
    inner join schedule_slots ss on ss.schedule_id = sc.id
    inner join class_hours ch on ch.id = ss.class_hour_id
    where ce.student_id = ${student.id} and ce.status = 'enrolled' and s.period_id = ${period.id}
    order by sc.day, ch.start_time, c.code`,
  );
  const byId = new Map<number, StudentScheduleRow>();
  for (const r of result) {
    const id = Number(r.id);
    let row = byId.get(id);
    if (!row) {
      row = {
        id,
        day: Number(r.day),
        courseSectionId: Number(r.course_section_id),
        classroom: { id: Number(r.classroom_id), code: String(r.classroom_code) },
        course: { id: Number(r.course_id), code: String(r.course_code), title: String(r.course_title) },
        section: { id: Number(r.section_id), code: String(r.section_code) },
        classHours: [],
      };
      byId.set(id, row);
    }
    row.classHours.push({
      id: Number(r.class_hour_id),
      startTime: String(r.start_time),
      endTime: String(r.end_time),
    });
  }
  return [...byId.values()];
}

export type StudentBinnacleRow = {
  id: number;
  incidenceDate: string;
  subject: string;
  description: string | null;
  category: string | null;
  author: string | null;
  course: { id: number; code: string; title: string } | null;
};

/** Binnacle entries about the student, newest first (optionally of one section and course). */
export async function listStudentBinnacles(opts: {
  db: DbOrTx;
  caller: Caller;
  id: number;
  filter: CourseFilter;
}): Promise<StudentBinnacleRow[]> {
  const { db, filter } = opts;
  const student = await findStudent(db, opts.id);
  await assertCanSeeStudent(db, opts.caller, student.id);
  const rows = await db
    .select({
      id: binnacles.id,
      incidenceDate: binnacles.incidenceDate,
      subject: binnacles.subject,
      description: binnacles.description,
      category: binnacles.category,
      author: users.name,
      courseId: courses.id,
      courseCode: courses.code,
      courseTitle: courses.title,
    })
    .from(binnacles)
    .leftJoin(users, eq(users.id, binnacles.authorUserId))
    .leftJoin(courseSections, eq(courseSections.id, binnacles.courseSectionId))
    .leftJoin(courses, eq(courses.id, courseSections.courseId))
    .where(
      and(
        eq(binnacles.studentId, student.id),
        filter.periodId === undefined ? undefined : eq(binnacles.periodId, filter.periodId),
        filter.sectionId === undefined ? undefined : eq(courseSections.sectionId, filter.sectionId),
        filter.courseId === undefined ? undefined : eq(courseSections.courseId, filter.courseId),
      ),
    )
    .orderBy(desc(binnacles.incidenceDate), desc(binnacles.id));
  return rows.map(({ courseId, courseCode, courseTitle, ...r }) => ({
    ...r,
    course: courseId === null ? null : { id: courseId, code: courseCode ?? "", title: courseTitle ?? "" },
  }));
}

/** Notifications the student received, newest first (at most `limit`). */
export async function listStudentNotifications(opts: {
  db: DbOrTx;
  caller: Caller;
  id: number;
  limit?: number;
}) {
  const { db } = opts;
  const student = await findStudent(db, opts.id);
  await assertCanSeeStudent(db, opts.caller, student.id);
  const result = await queryRows<{
    id: number;
    content: string;
    type: number;
    code: string | null;
    created_at: string | Date;
    read_at: string | Date | null;
    sender_name: string | null;
  }>(
    db,
    sql`select n.id, n.content, n.type, n.code, n.created_at, nr.read_at, u.name as sender_name
    from ${notificationReceivers} nr
    inner join notifications n on n.id = nr.notification_id
    left join users u on u.id = n.sender_user_id
    where nr.user_id = ${student.userId}
    order by n.created_at desc, n.id desc
    limit ${opts.limit ?? 200}`,
  );
  const iso = (v: string | Date) => new Date(v).toISOString();
  return result.map((r) => ({
    id: Number(r.id),
    content: String(r.content),
    type: Number(r.type),
    code: r.code,
    createdAt: iso(r.created_at),
    readAt: r.read_at === null ? null : iso(r.read_at),
    sender: r.sender_name === null ? null : { name: r.sender_name },
  }));
}

export type StudentLessonRow = {
  lessonId: number;
  date: string;
  title: string | null;
  evaluated: boolean;
  weight: number;
  attendance: string;
  note: number | null;
  courseSectionId: number;
  course: { id: number; code: string; title: string };
  section: { id: number; code: string };
};

/**
 * The student's lessons (attendance and note), newest first, optionally of one period, section and course
 * and of one attendance (`absent` for absences, `delayed` for delays).
 */
export async function listStudentLessons(opts: {
  db: DbOrTx;
  caller: Caller;
  id: number;
  filter: CourseFilter & { attendance?: string[] };
}): Promise<StudentLessonRow[]> {
  const { db, filter } = opts;
  const student = await findStudent(db, opts.id);
  await assertCanSeeStudent(db, opts.caller, student.id);
  return db
    .select({
      lessonId: lessons.id,
      date: lessons.date,
      title: lessons.title,
      evaluated: lessons.evaluated,
      weight: lessons.weight,
      attendance: lessonStudents.attendance,
      note: lessonStudents.note,
      courseSectionId: courseSections.id,
      course: { id: courses.id, code: courses.code, title: courses.title },
      section: { id: sections.id, code: sections.code },
    })
    .from(lessonStudents)
    .innerJoin(lessons, eq(lessons.id, lessonStudents.lessonId))
    .innerJoin(courseSections, eq(courseSections.id, lessons.courseSectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .innerJoin(sections, eq(sections.id, courseSections.sectionId))
    .where(
      and(
        eq(lessonStudents.studentId, student.id),
        filter.periodId === undefined ? undefined : eq(sections.periodId, filter.periodId),
        filter.sectionId === undefined ? undefined : eq(sections.id, filter.sectionId),
        filter.courseId === undefined ? undefined : eq(courses.id, filter.courseId),
        filter.attendance === undefined ? undefined : inArray(lessonStudents.attendance, filter.attendance),
      ),
    )
    .orderBy(desc(lessons.date), asc(courses.code));
}
