import { createHash } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { average, creditWeightedAverage } from "../../../common/enrolment/progression.js";
import { isStudent } from "../../../common/roles.js";
import {
  type CreateDocumentRequestInput,
  type CreateDocumentRequestTypeInput,
  type DocumentRequestStatus,
  type GeneratableType,
  generatableTypes,
  type UpdateDocumentRequestTypeInput,
  VERIFICATION_CODE_LENGTH,
} from "../../../common/schemas/document-requests.js";
import { dateIn } from "../../clock.js";
import type { Config } from "../../config.js";
import type { DbOrTx } from "../../db/client.js";
import {
  documentRequests,
  documentRequestTypes,
  inscriptions,
  issuedDocuments,
  periodResponsibles,
  periods,
  sections,
  semesters,
  specializations,
  students,
  users,
} from "../../db/schema/index.js";
import { isUniqueViolation } from "../../http/db-errors.js";
import { forbidden, notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Caller, callerStudentId } from "../../http/ownership.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { fieldError } from "../../http/validation.js";
import type { Mailer } from "../../mail/index.js";
import { generationGate, renderDocumentPdf, sharedByKey } from "../../pdf/documents.js";
import type { FileStorage } from "../../storage/types.js";
import { listStudentCourses } from "../students/service.js";
import { type DocumentErrorCode, documentError } from "./errors.js";
import { assertGraduated, graduateStanding, notGraduatedDescription } from "./graduate.js";
import { documentReadyEmail } from "./mail.js";
import { notifyDocumentReady } from "./notify.js";
import type { DocumentFacts, Signer } from "./pdf.js";

// ---------------------------------------------------------------------------------------------------------
// Rows

export type IssuedBrief = { code: string; issuedAt: Date; revokedAt: Date | null };

export type DocumentRequestRow = {
  id: number;
  studentId: number;
  typeId: number;
  periodId: number | null;
  status: DocumentRequestStatus;
  observation: string | null;
  generatedAt: Date | null;
  retiredAt: Date | null;
  canceledAt: Date | null;
  createdAt: Date;
  student: { id: number; firstName: string; lastName: string; identityDocument: string };
  type: { id: number; name: string; color: string | null; textColor: string | null };
  period: { id: number; year: number; number: number } | null;
  document: IssuedBrief | null;
};

export const documentRequestSortable = [
  "id",
  "created_at",
  "status",
  "type_id",
  "student",
  "generated_at",
] as const;
type SortField = (typeof documentRequestSortable)[number];

export type DocumentRequestListParams = ListParams<SortField> & {
  status?: DocumentRequestStatus;
  type_id?: number;
  student_id?: number;
  period_id?: number;
};

const requestColumns = {
  id: documentRequests.id,
  studentId: documentRequests.studentId,
  typeId: documentRequests.typeId,
  periodId: documentRequests.periodId,
  status: documentRequests.status,
  observation: documentRequests.observation,
  generatedAt: documentRequests.generatedAt,
  retiredAt: documentRequests.retiredAt,
  canceledAt: documentRequests.canceledAt,
  createdAt: documentRequests.createdAt,
  student: {
    id: students.id,
    firstName: students.firstName,
    lastName: students.lastName,
    identityDocument: students.identityDocument,
  },
  type: {
    id: documentRequestTypes.id,
    name: documentRequestTypes.name,
    color: documentRequestTypes.color,
    textColor: documentRequestTypes.textColor,
  },
  periodYear: periods.year,
  periodNumber: periods.number,
};

function selectRequests(db: DbOrTx) {
  return db
    .select(requestColumns)
    .from(documentRequests)
    .innerJoin(students, eq(students.id, documentRequests.studentId))
    .innerJoin(documentRequestTypes, eq(documentRequestTypes.id, documentRequests.typeId))
    .leftJoin(periods, eq(periods.id, documentRequests.periodId));
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectRequests>["execute"]>>[number];

/** The newest issued document of each request. */
async function attachDocuments(db: DbOrTx, rows: SelectedRow[]): Promise<DocumentRequestRow[]> {
  const ids = rows.map((r) => r.id);
  const issued = ids.length
    ? await db
        .select({
          requestId: issuedDocuments.requestId,
          code: issuedDocuments.code,
          issuedAt: issuedDocuments.issuedAt,
          revokedAt: issuedDocuments.revokedAt,
        })
        .from(issuedDocuments)
        .where(inArray(issuedDocuments.requestId, ids))
        .orderBy(desc(issuedDocuments.issuedAt), desc(issuedDocuments.id))
    : [];
  const newest = new Map<number, IssuedBrief>();
  for (const d of issued) if (!newest.has(d.requestId)) newest.set(d.requestId, d);
  return rows.map(({ periodYear, periodNumber, ...r }) => ({
    ...r,
    status: r.status as DocumentRequestStatus,
    period:
      r.periodId !== null && periodYear !== null && periodNumber !== null
        ? { id: r.periodId, year: periodYear, number: periodNumber }
        : null,
    document: newest.get(r.id) ?? null,
  }));
}

/** A student sees only their own requests; the administration every one. */
async function scopeOf(db: DbOrTx, caller: Caller): Promise<SQL | undefined> {
  if (!isStudent(caller.type)) return undefined;
  const own = await callerStudentId(db, caller);
  return eq(documentRequests.studentId, own ?? -1);
}

export async function listDocumentRequests(opts: {
  db: DbOrTx;
  caller: Caller;
  list: DocumentRequestListParams;
}): Promise<Page<DocumentRequestRow>> {
  const { db, list } = opts;
  const where = and(
    await scopeOf(db, opts.caller),
    searchCondition(list.search, [
      students.firstName,
      students.lastName,
      students.identityDocument,
      documentRequestTypes.name,
    ]),
    list.status === undefined ? undefined : eq(documentRequests.status, list.status),
    list.type_id === undefined ? undefined : eq(documentRequests.typeId, list.type_id),
    list.student_id === undefined ? undefined : eq(documentRequests.studentId, list.student_id),
    list.period_id === undefined ? undefined : eq(documentRequests.periodId, list.period_id),
  );
  const page = await paginate({
    db,
    query: selectRequests(db).where(where).$dynamic(),
    list,
    sortColumns: {
      id: documentRequests.id,
      created_at: documentRequests.createdAt,
      status: documentRequests.status,
      type_id: documentRequests.typeId,
      student: students.lastName,
      generated_at: documentRequests.generatedAt,
    },
    tieBreaker: documentRequests.id,
  });
  return { rows: await attachDocuments(db, page.rows), meta: page.meta };
}

async function findRequest(db: DbOrTx, id: number): Promise<DocumentRequestRow> {
  const rows = await selectRequests(db).where(eq(documentRequests.id, id));
  if (rows.length === 0) throw documentError(404, "document_request_not_found");
  return (await attachDocuments(db, rows))[0]!;
}

/** One request; a student only their own (someone else's: 404, as if it did not exist). */
export async function getDocumentRequest(opts: {
  db: DbOrTx;
  caller: Caller;
  id: number;
}): Promise<DocumentRequestRow> {
  const row = await findRequest(opts.db, opts.id);
  if (isStudent(opts.caller.type) && (await callerStudentId(opts.db, opts.caller)) !== row.studentId)
    throw documentError(404, "document_request_not_found");
  return row;
}

/** The period of the student's newest inscription, or null. */
async function latestInscriptionPeriod(db: DbOrTx, studentId: number): Promise<number | null> {
  const [row] = await db
    .select({ periodId: inscriptions.periodId })
    .from(inscriptions)
    .innerJoin(periods, eq(periods.id, inscriptions.periodId))
    .where(eq(inscriptions.studentId, studentId))
    .orderBy(desc(periods.year), desc(periods.number), desc(inscriptions.id))
    .limit(1);
  return row?.periodId ?? null;
}

/** The student a request is for: a student only themself (another's id: 403); staff must name one. */
async function requestedStudent(db: DbOrTx, caller: Caller, studentId: number | undefined): Promise<number> {
  if (isStudent(caller.type)) {
    const own = await callerStudentId(db, caller);
    if (own === null) throw forbidden();
    if (studentId !== undefined && studentId !== own) throw forbidden();
    return own;
  }
  if (studentId === undefined) throw fieldError("student_id", "required");
  const [student] = await db.select({ id: students.id }).from(students).where(eq(students.id, studentId));
  if (!student) throw fieldError("student_id", "exists");
  return student.id;
}

/**
 * Whether the student may have the graduate recommendation letter (type 4) and, if not, why: the same
 * check the request and the generation make, for the request screen to show before anyone sends it.
 */
export async function letterEligibility(opts: {
  db: DbOrTx;
  caller: Caller;
  studentId?: number;
  today: string;
}) {
  const studentId = await requestedStudent(opts.db, opts.caller, opts.studentId);
  const standing = await graduateStanding(opts.db, studentId, opts.today);
  return {
    eligible: standing.graduated,
    missing: standing.missing,
    reason: standing.graduated ? null : notGraduatedDescription(standing),
  };
}

/**
 * A student asks for themself (a `student_id` other than their own: 403, nothing written); the
 * administration for any student (`student_id` required). One pending request per student and type.
 */
export async function createDocumentRequest(opts: {
  db: DbOrTx;
  caller: Caller;
  input: CreateDocumentRequestInput;
  /** The school's today (the injected clock), to judge whether the student graduated (type 4). */
  today: string;
}): Promise<DocumentRequestRow> {
  const { db, input } = opts;
  const studentId = await requestedStudent(db, opts.caller, input.student_id);
  const id = await db.transaction(async (tx) => {
    const [type] = await tx
      .select({ enabled: documentRequestTypes.enabled })
      .from(documentRequestTypes)
      .where(eq(documentRequestTypes.id, input.type_id));
    if (!type) throw documentError(400, "document_request_type_not_found");
    if (!type.enabled) throw documentError(400, "document_request_type_disabled");
    // Serialise the student's requests so two clicks cannot both pass the pending check.
    await tx.execute(sql`select id from students where id = ${studentId} for update`);
    const [pending] = await tx
      .select({ id: documentRequests.id })
      .from(documentRequests)
      .where(
        and(
          eq(documentRequests.studentId, studentId),
          eq(documentRequests.typeId, input.type_id),
          eq(documentRequests.status, "pending"),
        ),
      );
    if (pending) throw documentError(400, "document_request_already_pending");
    if (input.type_id === 4) await assertGraduated(tx, studentId, opts.today);
    const [row] = await tx
      .insert(documentRequests)
      .values({
        studentId,
        typeId: input.type_id,
        periodId: await latestInscriptionPeriod(tx, studentId),
        observation: input.observation,
      })
      .returning({ id: documentRequests.id });
    return row!.id;
  });
  return findRequest(db, id);
}

/** Only a request that never had a document issued (a student: their own pending one). */
export async function deleteDocumentRequest(opts: { db: DbOrTx; caller: Caller; id: number }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const row = await getDocumentRequest({ db: tx, caller: opts.caller, id: opts.id });
    if (isStudent(opts.caller.type) && row.status !== "pending")
      throw documentError(400, "document_request_already_closed");
    const [issued] = await tx
      .select({ id: issuedDocuments.id })
      .from(issuedDocuments)
      .where(eq(issuedDocuments.requestId, row.id))
      .limit(1);
    if (issued) throw documentError(400, "document_request_has_documents");
    await tx.delete(documentRequests).where(eq(documentRequests.id, row.id));
  });
}

// ---------------------------------------------------------------------------------------------------------
// Generation

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** 10 characters of Crockford's base32 (50 random bits) from the platform's secure generator. */
export function verificationCode(): string {
  const bytes = new Uint8Array(VERIFICATION_CODE_LENGTH);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => CROCKFORD[b & 31]).join("");
}

export const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

const sendingFailure: Record<GeneratableType, DocumentErrorCode> = {
  1: "certificate_sending_failed",
  2: "certificate_note_sending_failed",
  4: "letter_sending_failed",
};

const signerOrder = ["principal", "study_control", "signer"] as const;

/** What the document prints, from the records the students and periods modules keep. */
export async function documentFacts(opts: {
  db: DbOrTx;
  caller: Caller;
  request: DocumentRequestRow;
  kind: GeneratableType;
  institution: string;
  /** The school's today: a course of a period still running is "En curso" with its note so far. */
  today: string;
}): Promise<Omit<DocumentFacts, "issuedOn" | "code" | "verifyUrl"> & { periodId: number | null }> {
  const { db, request, kind } = opts;
  const [student] = await db
    .select({
      firstName: students.firstName,
      lastName: students.lastName,
      identityDocument: students.identityDocument,
      gender: students.gender,
    })
    .from(students)
    .where(eq(students.id, request.studentId));
  if (!student) throw notFound("student_not_found");
  const periodId = request.periodId ?? (await latestInscriptionPeriod(db, request.studentId));
  const [inscription] =
    periodId === null
      ? []
      : await db
          .select({
            section: sections.code,
            semester: semesters.number,
            specialization: specializations.title,
            period: {
              year: periods.year,
              number: periods.number,
              startDate: periods.startDate,
              endDate: periods.endDate,
            },
          })
          .from(inscriptions)
          .innerJoin(sections, eq(sections.id, inscriptions.sectionId))
          .innerJoin(semesters, eq(semesters.id, inscriptions.semesterId))
          .innerJoin(specializations, eq(specializations.id, inscriptions.specializationId))
          .innerJoin(periods, eq(periods.id, inscriptions.periodId))
          .where(and(eq(inscriptions.studentId, request.studentId), eq(inscriptions.periodId, periodId)))
          .orderBy(desc(inscriptions.id))
          .limit(1);
  // A certificate speaks of a period the student was inscribed in; a letter may go without.
  if (!inscription && kind !== 4) throw refuse("student_has_no_inscription");
  const responsibles =
    periodId === null
      ? []
      : await db
          .select({
            role: periodResponsibles.role,
            name: periodResponsibles.name,
            title: periodResponsibles.title,
            identityDocument: periodResponsibles.identityDocument,
          })
          .from(periodResponsibles)
          .where(eq(periodResponsibles.periodId, periodId));
  const signers: Signer[] = signerOrder
    .map((role) => responsibles.find((r) => r.role === role))
    .filter((r) => r !== undefined)
    // One signature per person (the principal is often the period's signer too).
    .filter((r, i, all) => all.findIndex((o) => o!.name === r!.name) === i)
    .map((r) => ({ name: r.name, title: r.title, identityDocument: r.identityDocument }));

  let grades: DocumentFacts["grades"];
  if (kind === 2 && periodId !== null) {
    const courses = (
      await listStudentCourses({
        db,
        caller: opts.caller,
        id: request.studentId,
        filter: { periodId },
        today: opts.today,
      })
    ).filter((c) => c.status === "enrolled");
    courses.sort((a, b) => a.course.code.localeCompare(b.course.code));
    const graded = courses.filter((c) => c.note !== null);
    grades = {
      lines: courses.map((c) => ({
        code: c.course.code,
        title: c.course.title,
        credits: c.course.credits,
        note: c.note,
        standing: c.standing,
        failedByAbsences: c.failedByAbsences,
      })),
      average: average(graded.map((c) => c.note!)),
      weightedAverage: creditWeightedAverage(
        courses.map((c) => ({ note: c.note, credits: c.course.credits })),
      ),
      credits: courses.reduce((acc, c) => acc + c.course.credits, 0),
    };
  }
  return {
    kind,
    institution: opts.institution,
    student,
    specialization: inscription?.specialization ?? null,
    semester: inscription?.semester ?? null,
    section: inscription?.section ?? null,
    period: inscription?.period ?? null,
    grades,
    signers,
    periodId,
  };
}

export type GenerationDeps = {
  db: DbOrTx;
  storage: FileStorage;
  mailer: Mailer;
  config: Pick<Config, "institutionName" | "appUrl" | "timeZone">;
};

export const verifyUrlOf = (appUrl: string, code: string) => `${appUrl}/verify/${code}`;
/** Where an issue's PDF is stored; `inputs` (the hash of what it prints) lets an unchanged one be reused. */
export const storageKeyOf = (requestId: number, code: string, inputs?: string) =>
  `document-requests/${requestId}/${code}${inputs ? `-${inputs}` : ""}.pdf`;

/** The hash of everything a document prints but its code: equal hashes, equal documents. */
const inputsHashOf = (requestId: number, kind: GeneratableType, facts: unknown) =>
  createHash("sha256").update(JSON.stringify({ requestId, kind, facts })).digest("hex").slice(0, 24);

/**
 * Generates the PDF of a pending request of type `kind` (the generation call must match the request's
 * type), stores it, records it with a new verification code (revoking an earlier issue of the same
 * request), e-mails it to the student and notifies them, in one transaction: if the e-mail cannot be
 * sent, nothing is recorded, the stored file is removed and the answer names the document that failed
 * (502 `certificate_sending_failed`, …); the request stays pending. Marking it generated is
 * `set-generated`.
 *
 * The PDF is built by the worker pool (server/pdf), outside the transaction, so neither the event loop nor
 * the database waits for it; generations pass one gate (as many at once as the pool has workers, the rest
 * wait in order), and a full queue answers 503 `documents_busy`. Unchanged inputs (same request,
 * same facts, same day) reuse the issue in force, its code and its stored file: it is sent again and no new
 * file is written. Identical generations at once build one PDF.
 */
export function generateDocument(
  deps: GenerationDeps & { caller: Caller; id: number; kind: GeneratableType; now: Date },
): Promise<DocumentRequestRow> {
  return generationGate.run(() => generateNow(deps));
}

async function generateNow(
  deps: GenerationDeps & { caller: Caller; id: number; kind: GeneratableType; now: Date },
): Promise<DocumentRequestRow> {
  const { db, storage, mailer, config } = deps;
  const { now } = deps;
  const today = dateIn(config.timeZone, now);
  // What the document prints, read before the transaction (checked again under its lock).
  const request = await findRequest(db, deps.id);
  if (request.typeId !== deps.kind) throw documentError(400, "document_request_wrong_type");
  if (request.status !== "pending") throw documentError(400, "document_request_not_pending");
  if (deps.kind === 4) await assertGraduated(db, request.studentId, today);
  const { periodId, ...facts } = await documentFacts({
    db,
    caller: deps.caller,
    request,
    kind: deps.kind,
    institution: config.institutionName,
    today,
  });
  const inputs = inputsHashOf(request.id, deps.kind, { ...facts, issuedOn: today });
  const inForce = await issueInForce(db, request.id, inputs);
  const built = inForce
    ? { code: inForce.code, pdf: await storedPdf(storage, inForce.storageKey) }
    : await sharedByKey(inputs, async () => {
        const code = verificationCode();
        const pdf = await renderDocumentPdf({
          ...facts,
          issuedOn: today,
          code,
          verifyUrl: verifyUrlOf(config.appUrl, code),
        });
        return { code, pdf };
      });
  const { code, pdf } = built;
  const verifyUrl = verifyUrlOf(config.appUrl, code);
  let storedKey: string | null = null;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from document_requests where id = ${deps.id} for update`);
      const locked = await findRequest(tx, deps.id);
      if (locked.status !== "pending") throw documentError(400, "document_request_not_pending");
      // Another generation of the same inputs may have recorded this very document meanwhile.
      const current = await issueInForce(tx, request.id, inputs);
      if (!current) {
        const key = storageKeyOf(request.id, code, inputs);
        await storage.put(key, pdf, { contentType: "application/pdf" });
        storedKey = key;
        await tx
          .update(issuedDocuments)
          .set({ revokedAt: now, revokedReason: "Reemplazado por una nueva emisión." })
          .where(and(eq(issuedDocuments.requestId, request.id), isNull(issuedDocuments.revokedAt)));
        await tx.insert(issuedDocuments).values({
          requestId: request.id,
          code,
          kind: deps.kind,
          studentId: request.studentId,
          issuedAt: now,
          issuedByUserId: deps.caller.id,
          sha256: sha256(pdf),
          storageKey: key,
        });
      }
      await tx
        .update(documentRequests)
        .set({ periodId, handledByUserId: deps.caller.id, updatedAt: now })
        .where(eq(documentRequests.id, request.id));
      const [user] = await tx
        .select({ email: users.email, userId: users.id })
        .from(students)
        .innerJoin(users, eq(users.id, students.userId))
        .where(eq(students.id, request.studentId));
      await notifyDocumentReady(tx, {
        userId: user!.userId,
        typeId: request.type.id,
        typeName: request.type.name,
        senderUserId: deps.caller.id,
      });
      // Last: once the student has the e-mail, only the commit is left.
      try {
        await mailer.send(
          documentReadyEmail({
            to: user!.email,
            name: `${facts.student.firstName} ${facts.student.lastName}`,
            typeName: request.type.name,
            code: current?.code ?? code,
            verifyUrl: current ? verifyUrlOf(config.appUrl, current.code) : verifyUrl,
            pdf: current ? await storedPdf(storage, current.storageKey) : pdf,
            filename: `${fileNameOf(request.type.name)}-${current?.code ?? code}.pdf`,
          }),
        );
      } catch {
        throw documentError(502, sendingFailure[deps.kind]);
      }
    });
  } catch (error) {
    if (storedKey) await storage.delete(storedKey).catch(() => undefined);
    throw error;
  }
  return findRequest(db, deps.id);
}

/** The issue in force of a request when it was built from the same inputs (its key carries their hash). */
async function issueInForce(db: DbOrTx, requestId: number, inputs: string) {
  const [row] = await db
    .select({ code: issuedDocuments.code, storageKey: issuedDocuments.storageKey })
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.requestId, requestId), isNull(issuedDocuments.revokedAt)));
  return row?.storageKey?.endsWith(`-${inputs}.pdf`) ? { code: row.code, storageKey: row.storageKey } : null;
}

/** The bytes of a stored PDF. */
async function storedPdf(storage: FileStorage, key: string): Promise<Buffer> {
  const opened = await storage.open(key);
  if (!opened) throw notFound();
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** "Constancia de notas" → "constancia-de-notas". */
export const fileNameOf = (typeName: string) =>
  typeName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "documento";

/** The request's current (not revoked) document, or null. */
async function activeDocument(db: DbOrTx, requestId: number) {
  const [row] = await db
    .select()
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.requestId, requestId), isNull(issuedDocuments.revokedAt)))
    .orderBy(desc(issuedDocuments.issuedAt), desc(issuedDocuments.id))
    .limit(1);
  return row ?? null;
}

/** Pending → generated, only once its document was generated and sent. */
export async function setGenerated(opts: { db: DbOrTx; caller: Caller; id: number; now: Date }) {
  const { now } = opts;
  await opts.db.transaction(async (tx) => {
    await tx.execute(sql`select id from document_requests where id = ${opts.id} for update`);
    const row = await findRequest(tx, opts.id);
    if (row.status !== "pending") throw documentError(400, "document_request_not_pending");
    if (!(await activeDocument(tx, row.id))) throw documentError(400, "document_request_not_sent");
    await tx
      .update(documentRequests)
      .set({ status: "generated", generatedAt: now, handledByUserId: opts.caller.id, updatedAt: now })
      .where(eq(documentRequests.id, row.id));
  });
  return findRequest(opts.db, opts.id);
}

/** Generated → retired (the student picked the paper up). The document stays valid. */
export async function setRetired(opts: { db: DbOrTx; caller: Caller; id: number; now: Date }) {
  const { now } = opts;
  await opts.db.transaction(async (tx) => {
    await tx.execute(sql`select id from document_requests where id = ${opts.id} for update`);
    const row = await findRequest(tx, opts.id);
    if (row.status !== "generated") throw documentError(400, "document_request_not_generated");
    await tx
      .update(documentRequests)
      .set({ status: "retired", retiredAt: now, handledByUserId: opts.caller.id, updatedAt: now })
      .where(eq(documentRequests.id, row.id));
  });
  return findRequest(opts.db, opts.id);
}

/**
 * Pending or generated → canceled. Every document issued for the request is revoked: the public
 * verification then says so.
 */
export async function setCanceled(opts: { db: DbOrTx; caller: Caller; id: number; now: Date }) {
  const { now } = opts;
  await opts.db.transaction(async (tx) => {
    await tx.execute(sql`select id from document_requests where id = ${opts.id} for update`);
    const row = await findRequest(tx, opts.id);
    if (row.status === "retired" || row.status === "canceled")
      throw documentError(400, "document_request_already_closed");
    await tx
      .update(documentRequests)
      .set({ status: "canceled", canceledAt: now, handledByUserId: opts.caller.id, updatedAt: now })
      .where(eq(documentRequests.id, row.id));
    await tx
      .update(issuedDocuments)
      .set({ revokedAt: now, revokedReason: "La solicitud fue cancelada." })
      .where(and(eq(issuedDocuments.requestId, row.id), isNull(issuedDocuments.revokedAt)));
  });
  return findRequest(opts.db, opts.id);
}

/** The request's current PDF, through the record rule (a student only their own). */
export async function openDocumentFile(opts: {
  db: DbOrTx;
  storage: FileStorage;
  caller: Caller;
  id: number;
}) {
  const row = await getDocumentRequest(opts);
  const issued = await activeDocument(opts.db, row.id);
  const file = issued ? await opts.storage.open(issued.storageKey) : null;
  if (!issued || !file) throw documentError(404, "document_file_not_found");
  return { ...file, name: `${fileNameOf(row.type.name)}-${issued.code}.pdf` };
}

// ---------------------------------------------------------------------------------------------------------
// Public verification

export async function findIssued(db: DbOrTx, code: string) {
  const [row] = await db
    .select({
      code: issuedDocuments.code,
      kind: issuedDocuments.kind,
      kindName: documentRequestTypes.name,
      issuedAt: issuedDocuments.issuedAt,
      revokedAt: issuedDocuments.revokedAt,
      revokedReason: issuedDocuments.revokedReason,
      sha256: issuedDocuments.sha256,
      firstName: students.firstName,
      lastName: students.lastName,
      identityDocument: students.identityDocument,
      studentId: issuedDocuments.studentId,
      periodId: documentRequests.periodId,
      periodYear: periods.year,
      periodNumber: periods.number,
    })
    .from(issuedDocuments)
    .innerJoin(documentRequests, eq(documentRequests.id, issuedDocuments.requestId))
    .innerJoin(documentRequestTypes, eq(documentRequestTypes.id, issuedDocuments.kind))
    .innerJoin(students, eq(students.id, issuedDocuments.studentId))
    .leftJoin(periods, eq(periods.id, documentRequests.periodId))
    .where(eq(issuedDocuments.code, code));
  if (!row) throw documentError(404, "verification_code_not_found");
  const [inscription] =
    row.periodId === null
      ? []
      : await db
          .select({ specialization: specializations.title })
          .from(inscriptions)
          .innerJoin(specializations, eq(specializations.id, inscriptions.specializationId))
          .where(and(eq(inscriptions.studentId, row.studentId), eq(inscriptions.periodId, row.periodId)))
          .orderBy(desc(inscriptions.id))
          .limit(1);
  return { ...row, specialization: inscription?.specialization ?? null };
}

export type IssuedRow = Awaited<ReturnType<typeof findIssued>>;

// ---------------------------------------------------------------------------------------------------------
// Document request types

export async function listTypes(db: DbOrTx) {
  return db.select().from(documentRequestTypes).orderBy(asc(documentRequestTypes.id));
}

export async function getType(db: DbOrTx, id: number) {
  const [row] = await db.select().from(documentRequestTypes).where(eq(documentRequestTypes.id, id));
  if (!row) throw documentError(404, "document_request_type_not_found");
  return row;
}

export async function createType(db: DbOrTx, input: CreateDocumentRequestTypeInput) {
  try {
    const [row] = await db
      .insert(documentRequestTypes)
      .values({
        id: input.id,
        name: input.name,
        description: input.description,
        enabled: input.enabled,
        color: input.color,
        textColor: input.text_color,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw documentError(400, "document_request_type_exists");
    throw error;
  }
}

export async function updateType(db: DbOrTx, id: number, input: UpdateDocumentRequestTypeInput) {
  await getType(db, id);
  const set: Partial<typeof documentRequestTypes.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description;
  if (input.enabled !== undefined) set.enabled = input.enabled;
  if (input.color !== undefined) set.color = input.color;
  if (input.text_color !== undefined) set.textColor = input.text_color;
  const [row] = await db
    .update(documentRequestTypes)
    .set(set)
    .where(eq(documentRequestTypes.id, id))
    .returning();
  return row!;
}

export async function deleteType(db: DbOrTx, id: number) {
  await db.transaction(async (tx) => {
    await getType(tx, id);
    await tx.execute(sql`select id from document_request_types where id = ${id} for update`);
    const [used] = await tx
      .select({ id: documentRequests.id })
      .from(documentRequests)
      .where(eq(documentRequests.typeId, id))
      .limit(1);
    if (used) throw documentError(400, "document_request_type_has_requests");
    await tx.delete(documentRequestTypes).where(eq(documentRequestTypes.id, id));
  });
}

export const isGeneratable = (id: number): id is GeneratableType =>
  (generatableTypes as readonly number[]).includes(id);
