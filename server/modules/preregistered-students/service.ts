import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { Role } from "../../../common/roles.js";
import type {
  CreatePreregisteredStudentInput,
  PreregisteredStatus,
  UpdatePreregisteredStudentInput,
} from "../../../common/schemas/preregistered-students.js";
import { type AuditContext, recordAudit } from "../../audit/record.js";
import { issueUserToken, userTokenTtlMs } from "../../auth/user-tokens.js";
import type { Config } from "../../config.js";
import type { DbOrTx } from "../../db/client.js";
import { pgErrorOf } from "../../db/constraints.js";
import {
  periods,
  preInscriptions,
  specializations,
  students,
  teachers,
  users,
} from "../../db/schema/index.js";
import { PgCode } from "../../http/db-errors.js";
import { AppError, notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { fieldError, validationError } from "../../http/validation.js";
import { accountConfirmationEmail, type MailMessage } from "../../mail/index.js";
import { type PreregistrationNoticeReason, preregistrationNoticeEmail } from "./mail.js";

type PreInscriptionRow = typeof preInscriptions.$inferSelect;

/** A pre-inscription with the period and specialization it names. */
export type PreregisteredRow = PreInscriptionRow & {
  period: { id: number; year: number; number: number } | null;
  specialization: { id: number; title: string; code: string } | null;
};

/** Columns the list may be sorted by. */
export const preregisteredSortable = [
  "created_at",
  "id",
  "first_name",
  "last_name",
  "identity_document",
  "email",
  "status",
] as const;
type SortField = (typeof preregisteredSortable)[number];

export type PreregisteredListParams = ListParams<SortField> & {
  period_id?: number;
  specialization_id?: number;
  status?: PreregisteredStatus;
};

/** The period taking pre-inscriptions: the latest with `enabled_preregisters` (as `/enabled-preregisters-period`). */
async function openPeriod(db: DbOrTx) {
  const [row] = await db
    .select({ id: periods.id, year: periods.year, number: periods.number })
    .from(periods)
    .where(eq(periods.enabledPreregisters, true))
    .orderBy(desc(periods.startDate), desc(periods.id))
    .limit(1);
  // Silent code of spec.md §8: the public page shows its own "closed" screen.
  if (!row) throw refuse("unable_to_find_enabled_preregisters_period");
  return row;
}

/** What the public form needs: the open period and the enabled specializations to choose from. */
export async function preregistrationForm(opts: { db: DbOrTx }) {
  const period = await openPeriod(opts.db);
  const list = await opts.db
    .select({ id: specializations.id, title: specializations.title, code: specializations.code })
    .from(specializations)
    .where(eq(specializations.enabled, true))
    .orderBy(asc(specializations.title), asc(specializations.id));
  return { period, specializations: list };
}

/** The rows of a raw query, whichever driver ran it (node-postgres and PGlite both answer `rows`). */
async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows?: T[] }).rows ?? (result as unknown as T[]);
}

/** Spanish field messages of the duplicates an administrator's correction may carry. */
const duplicateMessages = {
  identityDocumentStudent: "Ya existe una persona registrada con esta cédula.",
  emailUser: "Ya existe una cuenta con este correo electrónico.",
  identityDocumentPeriod: "Ya existe una preinscripción con esta cédula en este período.",
  emailPeriod: "Ya existe una preinscripción con este correo electrónico en este período.",
};

/** The unique indexes of pre_inscriptions, for a duplicate that arrives at the same time as another. */
const periodDuplicateByConstraint: Record<string, [string, string]> = {
  pre_inscriptions_period_identity_document_unique: [
    "identity_document",
    duplicateMessages.identityDocumentPeriod,
  ],
  pre_inscriptions_period_email_unique: ["email", duplicateMessages.emailPeriod],
};

type DuplicateFlags = { student_doc: boolean; user_email: boolean; pre_doc: boolean; pre_email: boolean };

/**
 * Which duplicates a pre-inscription carries: the cédula of a student or teacher, the e-mail of an
 * account, or either already pre-registered in the period.
 */
async function duplicateFlags(
  db: DbOrTx,
  input: { identityDocument: string; email: string; periodId: number | null; excludeId?: number },
): Promise<DuplicateFlags> {
  const other = input.excludeId === undefined ? sql`` : sql` and ${preInscriptions.id} <> ${input.excludeId}`;
  const [found] = await queryRows<DuplicateFlags>(
    db,
    sql`select
      exists(select 1 from ${students} where ${students.identityDocument} = ${input.identityDocument})
        or exists(select 1 from ${teachers} where ${teachers.identityDocument} = ${input.identityDocument})
        as student_doc,
      exists(select 1 from ${users} where lower(${users.email}) = lower(${input.email})) as user_email,
      exists(select 1 from ${preInscriptions} where ${preInscriptions.periodId} = ${input.periodId}
        and ${preInscriptions.identityDocument} = ${input.identityDocument}${other}) as pre_doc,
      exists(select 1 from ${preInscriptions} where ${preInscriptions.periodId} = ${input.periodId}
        and lower(${preInscriptions.email}) = lower(${input.email})${other}) as pre_email`,
  );
  return found ?? { student_doc: false, user_email: false, pre_doc: false, pre_email: false };
}

/** The duplicates as field messages (the administrators' corrections). Empty when there is none. */
async function duplicatesOf(
  db: DbOrTx,
  input: { identityDocument: string; email: string; periodId: number | null; excludeId?: number },
): Promise<Record<string, string[]>> {
  const found = await duplicateFlags(db, input);
  const errors: Record<string, string[]> = {};
  if (found.student_doc) errors.identity_document = [duplicateMessages.identityDocumentStudent];
  else if (found.pre_doc) errors.identity_document = [duplicateMessages.identityDocumentPeriod];
  if (found.user_email) errors.email = [duplicateMessages.emailUser];
  else if (found.pre_email) errors.email = [duplicateMessages.emailPeriod];
  return errors;
}

/**
 * Stores a pre-inscription of the public form in the period open for them
 * (`unable_to_find_enabled_preregisters_period` when none is). The form answers the same whether the
 * person or the e-mail is on file or not (no enumeration, DOMAIN.md "Pre-inscription"):
 * - a cédula of a student or teacher, or the e-mail of an account: stored all the same; the approval
 *   tells the administrator, and the owner of an account's e-mail is told by mail;
 * - already pre-registered in the period (same cédula or e-mail): nothing more is stored (the first one
 *   stays), and the owner of the e-mail is told by mail when it is the e-mail that repeats.
 * Returns the notice to send once stored, if any.
 */
export async function createPreregistration(opts: {
  db: DbOrTx;
  input: CreatePreregisteredStudentInput;
  appUrl: string;
}): Promise<{ notice: MailMessage | null }> {
  const { db, input } = opts;
  const period = await openPeriod(db);
  const [specialization] = await db
    .select({ id: specializations.id })
    .from(specializations)
    .where(and(eq(specializations.id, input.specialization_id), eq(specializations.enabled, true)));
  if (!specialization) throw fieldError("specialization_id", "exists");
  const found = await duplicateFlags(db, {
    identityDocument: input.identity_document,
    email: input.email,
    periodId: period.id,
  });
  const notice = (reason: PreregistrationNoticeReason) =>
    preregistrationNoticeEmail({ to: input.email, reason, recoverUrl: `${opts.appUrl}/recover-account` });
  if (found.pre_email) return { notice: notice("already_preregistered") };
  if (found.pre_doc) return { notice: null };
  try {
    await db.insert(preInscriptions).values({
      periodId: period.id,
      firstName: input.first_name,
      lastName: input.last_name,
      identityDocument: input.identity_document,
      email: input.email,
      phone: input.phone,
      birthDate: input.birth_date,
      gender: input.gender,
      address: input.address,
      specializationId: specialization.id,
      socialNetworks: input.social_networks,
    });
  } catch (error) {
    // The same one sent twice at once: the unique index keeps the first, the second is answered alike.
    const pg = pgErrorOf(error);
    if (pg?.code === PgCode.uniqueViolation && pg.constraint && periodDuplicateByConstraint[pg.constraint]) {
      return { notice: null };
    }
    throw error;
  }
  return { notice: found.user_email ? notice("account_exists") : null };
}

/** A unique index of pre_inscriptions refused the write: the same 422 the checks give. */
function translatePreregistrationError(error: unknown): never {
  const pg = pgErrorOf(error);
  const duplicate =
    pg?.code === PgCode.uniqueViolation && pg.constraint
      ? periodDuplicateByConstraint[pg.constraint]
      : undefined;
  if (duplicate) throw validationError({ [duplicate[0]]: [duplicate[1]] });
  throw error;
}

/**
 * Corrects a pre-inscription still waiting for approval (administrators): only the fields sent change,
 * under the same rules as the public form (duplicates other than itself are a 422). An approved one is
 * refused with `preregistration_already_approved` (its student is edited instead).
 */
export async function updatePreregistered(opts: {
  db: DbOrTx;
  id: number;
  input: UpdatePreregisteredStudentInput;
}): Promise<PreregisteredRow> {
  const { input } = opts;
  await opts.db
    .transaction(async (tx) => {
      const [pre] = await tx
        .select()
        .from(preInscriptions)
        .where(eq(preInscriptions.id, opts.id))
        .for("update");
      if (!pre) throw notFound();
      if (pre.status === "approved") throw refuse("preregistration_already_approved");
      if (input.specialization_id !== undefined) {
        const [specialization] = await tx
          .select({ id: specializations.id })
          .from(specializations)
          .where(and(eq(specializations.id, input.specialization_id), eq(specializations.enabled, true)));
        if (!specialization) throw fieldError("specialization_id", "exists");
      }
      const identityDocument = input.identity_document ?? pre.identityDocument;
      const email = input.email ?? pre.email;
      const duplicates = await duplicatesOf(tx, {
        identityDocument,
        email,
        periodId: pre.periodId,
        excludeId: pre.id,
      });
      // Only what this change brings: a duplicate it already had is not the editor's doing.
      if (input.identity_document === undefined) delete duplicates.identity_document;
      if (input.email === undefined) delete duplicates.email;
      if (Object.keys(duplicates).length > 0) throw validationError(duplicates);
      await tx
        .update(preInscriptions)
        .set({
          firstName: input.first_name,
          lastName: input.last_name,
          identityDocument: input.identity_document,
          email: input.email,
          phone: input.phone,
          birthDate: input.birth_date,
          gender: input.gender,
          address: input.address,
          specializationId: input.specialization_id,
          socialNetworks:
            input.social_networks === undefined
              ? undefined
              : {
                  instagrams: input.social_networks.instagrams ?? pre.socialNetworks.instagrams ?? "",
                  facebook: input.social_networks.facebook ?? pre.socialNetworks.facebook ?? "",
                  twitter: input.social_networks.twitter ?? pre.socialNetworks.twitter ?? "",
                },
          updatedAt: sql`now()`,
        })
        .where(eq(preInscriptions.id, pre.id));
    })
    .catch(translatePreregistrationError);
  return getPreregistered({ db: opts.db, id: opts.id });
}

/** The select of pre-inscriptions with their period and specialization. */
function selectPreregistered(db: DbOrTx) {
  return db
    .select({
      ...preInscriptionColumns,
      periodRef: { id: periods.id, year: periods.year, number: periods.number },
      specializationRef: {
        id: specializations.id,
        title: specializations.title,
        code: specializations.code,
      },
    })
    .from(preInscriptions)
    .leftJoin(periods, eq(periods.id, preInscriptions.periodId))
    .leftJoin(specializations, eq(specializations.id, preInscriptions.specializationId));
}

const preInscriptionColumns = {
  id: preInscriptions.id,
  periodId: preInscriptions.periodId,
  firstName: preInscriptions.firstName,
  lastName: preInscriptions.lastName,
  identityDocument: preInscriptions.identityDocument,
  email: preInscriptions.email,
  phone: preInscriptions.phone,
  birthDate: preInscriptions.birthDate,
  gender: preInscriptions.gender,
  address: preInscriptions.address,
  specializationId: preInscriptions.specializationId,
  socialNetworks: preInscriptions.socialNetworks,
  status: preInscriptions.status,
  approvedAt: preInscriptions.approvedAt,
  studentId: preInscriptions.studentId,
  createdAt: preInscriptions.createdAt,
  updatedAt: preInscriptions.updatedAt,
};

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectPreregistered>["execute"]>>[number];

function toRow({ periodRef, specializationRef, ...row }: SelectedRow): PreregisteredRow {
  return {
    ...row,
    period: periodRef?.id == null ? null : periodRef,
    specialization: specializationRef?.id == null ? null : specializationRef,
  } as PreregisteredRow;
}

/** Pre-inscriptions matching the search (names, cédula, e-mail) and filters, one page of them. */
export async function listPreregistered(opts: {
  db: DbOrTx;
  list: PreregisteredListParams;
}): Promise<Page<PreregisteredRow>> {
  const { db, list } = opts;
  const where = and(
    searchCondition(list.search, [
      preInscriptions.firstName,
      preInscriptions.lastName,
      preInscriptions.identityDocument,
      preInscriptions.email,
      sql`${preInscriptions.firstName} || ' ' || ${preInscriptions.lastName}`,
    ]),
    list.period_id === undefined ? undefined : eq(preInscriptions.periodId, list.period_id),
    list.specialization_id === undefined
      ? undefined
      : eq(preInscriptions.specializationId, list.specialization_id),
    list.status === undefined ? undefined : eq(preInscriptions.status, list.status),
  );
  const page = await paginate({
    db,
    query: selectPreregistered(db).where(where).$dynamic(),
    list,
    sortColumns: {
      created_at: preInscriptions.createdAt,
      id: preInscriptions.id,
      first_name: preInscriptions.firstName,
      last_name: preInscriptions.lastName,
      identity_document: preInscriptions.identityDocument,
      email: preInscriptions.email,
      status: preInscriptions.status,
    },
    tieBreaker: preInscriptions.id,
  });
  return { rows: page.rows.map(toRow), meta: page.meta };
}

export async function getPreregistered(opts: { db: DbOrTx; id: number }): Promise<PreregisteredRow> {
  const [row] = await selectPreregistered(opts.db).where(eq(preInscriptions.id, opts.id));
  if (!row) throw notFound();
  return toRow(row);
}

/**
 * Deletes a pre-inscription still waiting for approval. An approved one is the record of where a student
 * came from (an inscription may point at it): refused with `preregistration_already_approved`.
 */
export async function deletePreregistered(opts: { db: DbOrTx; id: number }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: preInscriptions.status })
      .from(preInscriptions)
      .where(eq(preInscriptions.id, opts.id))
      .for("update");
    if (!row) throw notFound();
    if (row.status === "approved") throw refuse("preregistration_already_approved");
    await tx.delete(preInscriptions).where(eq(preInscriptions.id, opts.id));
  });
}

/** What the administrator may do about a pre-inscription whose person or e-mail is already on file. */
const duplicateChoice =
  "Si es la misma persona, ya está registrada: elimine esta preinscripción. Si no lo es, corrija el dato de la preinscripción y apruébela.";

/** 409 of an approval: the pre-inscription's e-mail belongs to an account. */
const emailInUse = (email: string, owner: string) =>
  new AppError(
    409,
    "preregistration_email_in_use",
    `El correo electrónico ${email} ya pertenece a la cuenta de ${owner}. ${duplicateChoice}`,
  );

/** 409 of an approval: the pre-inscription's cédula belongs to a student or a teacher. */
const personExists = (document: string, who: string) =>
  new AppError(
    409,
    "preregistration_person_exists",
    `La cédula ${document} ya pertenece ${who}. ${duplicateChoice}`,
  );

/** Who holds a cédula already: "al estudiante Ana Pérez" / "al profesor Luis Gómez", or null. */
async function holderOfDocument(db: DbOrTx, document: string): Promise<string | null> {
  const [student] = await db
    .select({ firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(eq(students.identityDocument, document));
  if (student) return `al estudiante ${student.firstName} ${student.lastName}`;
  const [teacher] = await db
    .select({ name: users.name })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(teachers.identityDocument, document));
  return teacher ? `al profesor ${teacher.name}` : null;
}

/** A unique index refused the account or the student (one written meanwhile): the same 409 the checks give. */
function translateApprovalError(error: unknown): never {
  const pg = pgErrorOf(error);
  if (pg?.code === PgCode.uniqueViolation) {
    if (pg.constraint === "users_email_lower_unique")
      throw new AppError(
        409,
        "preregistration_email_in_use",
        `El correo electrónico ya pertenece a otra cuenta. ${duplicateChoice}`,
      );
    if (pg.constraint === "students_identity_document_unique")
      throw new AppError(
        409,
        "preregistration_person_exists",
        `La cédula ya pertenece a otra persona registrada. ${duplicateChoice}`,
      );
  }
  throw error;
}

/**
 * Approves a pre-inscription (`POST /preregistered-students/{id}/confirm`): in one transaction, with the
 * pre-inscription locked, creates the user (a student, unconfirmed: no password yet), the student
 * profile and the confirmation link, and marks the pre-inscription approved. The confirmation e-mail
 * leaves once the transaction has committed. Refused: already approved
 * (`preregistration_already_approved`); 409 with who holds it and what to do, an e-mail in use by an
 * account (`preregistration_email_in_use`) or a cédula of a student or teacher (`preregistration_person_exists`).
 */
export async function approvePreregistered(opts: {
  db: DbOrTx;
  config: Pick<Config, "appUrl">;
  id: number;
  audit: AuditContext;
}): Promise<{ row: PreregisteredRow; mail: MailMessage }> {
  const mail = await opts.db
    .transaction(async (tx) => {
      const [pre] = await tx
        .select()
        .from(preInscriptions)
        .where(eq(preInscriptions.id, opts.id))
        .for("update");
      if (!pre) throw notFound();
      if (pre.status === "approved") throw refuse("preregistration_already_approved");
      const [taken] = await tx
        .select({ name: users.name })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${pre.email})`);
      if (taken) throw emailInUse(pre.email, taken.name);
      const holder = await holderOfDocument(tx, pre.identityDocument);
      if (holder) throw personExists(pre.identityDocument, holder);

      const name = `${pre.firstName} ${pre.lastName}`;
      const [user] = await tx
        .insert(users)
        .values({ type: Role.student, name, email: pre.email })
        .returning({ id: users.id, email: users.email });
      const [student] = await tx
        .insert(students)
        .values({
          userId: user!.id,
          firstName: pre.firstName,
          lastName: pre.lastName,
          identityDocument: pre.identityDocument,
          gender: pre.gender,
          birthDate: pre.birthDate,
          phone: pre.phone,
          address: pre.address,
        })
        .returning({ id: students.id });
      await tx
        .update(preInscriptions)
        .set({ status: "approved", approvedAt: sql`now()`, studentId: student!.id, updatedAt: sql`now()` })
        .where(eq(preInscriptions.id, pre.id));
      await recordAudit(tx, {
        ...opts.audit,
        action: "user.created",
        entityType: "user",
        entityId: user!.id,
        newValues: { email: user!.email, type: Role.student, from_preinscription_id: pre.id },
      });
      const { token } = await issueUserToken({ db: tx, userId: user!.id, purpose: "confirm" });
      return accountConfirmationEmail({
        to: user!.email,
        name,
        link: `${opts.config.appUrl}/confirm-account?token=${token}`,
        validDays: userTokenTtlMs.confirm / 86_400_000,
      });
    })
    .catch(translateApprovalError);
  return { row: await getPreregistered({ db: opts.db, id: opts.id }), mail };
}

/** The answer of the public form, for a real pre-inscription and a robot's alike. */
export const preregistrationReceived = {
  message: "preregistration_received" as const,
  description:
    "Su preinscripción fue recibida. La administración la revisará y le escribirá a su correo electrónico.",
};

/** 429 of the public form: too many pre-inscriptions sent from one address. */
export const tooManyPreregistrations = (retryAfterMs: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  const when = minutes === 1 ? "en 1 minuto" : `en ${minutes} minutos`;
  return new AppError(
    429,
    "too_many_requests",
    `Se enviaron demasiadas preinscripciones desde esta conexión. Intente de nuevo ${when}.`,
  );
};
