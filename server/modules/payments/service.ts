import { and, asc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import {
  allocate,
  byDueDate,
  dueDate,
  feeSummary,
  fullPaymentE2,
  isLate,
  pendingE2,
} from "../../../common/money/fees.js";
import { isAdmin, isAdminGroup, isStudent } from "../../../common/roles.js";
import {
  type CreatePaymentInput,
  debtorSortable,
  type PaymentMode,
  paymentSortable,
  paymentStatus,
} from "../../../common/schemas/payments.js";
import { type AuditContext, recordAudit } from "../../audit/record.js";
import type { DbOrTx, Tx } from "../../db/client.js";
import { withDbErrors } from "../../db/constraints.js";
import {
  auditLog,
  feeInstallments,
  inscriptions,
  paymentAllocations,
  payments,
  periods,
  sections,
  specializations,
  studentPeriodFees,
  students,
  users,
} from "../../db/schema/index.js";
import { forbidden, notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Caller, callerStudentId } from "../../http/ownership.js";
import { type Page, pageMeta, paginate } from "../../http/pagination.js";
import { fieldError } from "../../http/validation.js";
import { searchQuery } from "../students/service.js";
import {
  feeTermsOf,
  inscriptionCreatedAt,
  inscriptionDay,
  installmentStateOf as stateOf,
} from "./fee-terms.js";
import { answerOnce, type StoredAnswer } from "./idempotency.js";
import { notifyPaymentApproved, notifyPaymentRejected, notifyPaymentReported } from "./notify.js";

export type PaymentRecord = typeof payments.$inferSelect;

/** A payment with its student and period, as lists, details and receipts read it. */
export type PaymentRow = PaymentRecord & {
  student: {
    id: number;
    userId: number;
    firstName: string;
    lastName: string;
    identityDocument: string;
    email: string | null;
  };
  period: { id: number; year: number; number: number };
};

/** Columns the payments list may be sorted by (the route's allow-list; written in the API contract). */
export { debtorSortable, paymentSortable };

type SortField = (typeof paymentSortable)[number];

export type PaymentListParams = ListParams<SortField> & {
  period_id?: number;
  status?: number;
  type?: number;
  student_id?: number;
  date_from?: string;
  date_to?: string;
  from_report?: boolean;
};

const studentColumns = {
  id: students.id,
  userId: students.userId,
  firstName: students.firstName,
  lastName: students.lastName,
  identityDocument: students.identityDocument,
  email: users.email,
};

function paymentSelect(db: DbOrTx) {
  return db
    .select({
      payment: payments,
      student: studentColumns,
      period: { id: periods.id, year: periods.year, number: periods.number },
    })
    .from(payments)
    .innerJoin(students, eq(students.id, payments.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(periods, eq(periods.id, payments.periodId));
}

type Selected = { payment: PaymentRecord; student: PaymentRow["student"]; period: PaymentRow["period"] };
const flatten = (r: Selected): PaymentRow => ({ ...r.payment, student: r.student, period: r.period });

/**
 * Payments matching the list's filters (period, status, method, student, date range, reported or not)
 * and search (the student's name, cédula or e-mail by the students' full-text index; the receipt number
 * or the title), one page of them, newest first by default.
 */
export async function listPayments(opts: {
  db: DbOrTx;
  list: PaymentListParams;
  /** Remember totals between requests (only when this process alone writes the database). */
  rememberTotals?: boolean;
}): Promise<Page<PaymentRow>> {
  const { db, list } = opts;
  const words = searchQuery(list.search);
  const search = list.search
    ? sql`(${payments.studentId} in (select ${students.id} from ${students}
          where ${words === null ? sql`false` : sql`${students.searchVector} @@ to_tsquery('simple', ${words})`})
        or lower(${payments.receiptNumber}) = ${list.search.toLowerCase()}
        or lower(${payments.title}) like ${`%${list.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\')`
    : undefined;
  const where = and(
    list.period_id === undefined ? undefined : eq(payments.periodId, list.period_id),
    list.status === undefined ? undefined : eq(payments.status, list.status),
    list.type === undefined ? undefined : eq(payments.type, list.type),
    list.student_id === undefined ? undefined : eq(payments.studentId, list.student_id),
    list.date_from === undefined ? undefined : gte(payments.date, list.date_from),
    list.date_to === undefined ? undefined : lte(payments.date, list.date_to),
    list.from_report === undefined ? undefined : eq(payments.fromReport, list.from_report),
    search,
  );
  // The joins only add columns (every payment has its student and period): count the payments alone.
  const countQuery = db.select({ id: payments.id }).from(payments).where(where).$dynamic();
  const counted = opts.rememberTotals && list.limit > 0 && !list.withoutTotal;
  const total = counted ? await rememberedTotal(db, countQuery) : undefined;
  const page = await paginate({
    db,
    query: paymentSelect(db).where(where).$dynamic(),
    countQuery,
    list: total === undefined ? list : { ...list, withoutTotal: true },
    sortColumns: {
      id: payments.id,
      date: payments.date,
      amount_e2: payments.amountE2,
      status: payments.status,
      type: payments.type,
      created_at: payments.createdAt,
      student_name: sql`lower(${students.lastName} || ' ' || ${students.firstName})`,
    },
    tieBreaker: payments.id,
    // Several servers on PostgreSQL: the total is counted again only when the database changed.
    rememberTotal: true,
  });
  const meta = total === undefined ? page.meta : pageMeta(total, list.page, list.limit);
  return { rows: page.rows.map(flatten), meta };
}

/**
 * Totals of the payments list, remembered per database and filter when one process owns the database (the
 * embedded one): counting 100,000 payments is most of a list request's cost there. Every payment write of
 * this module bumps the database's version after it commits, and a total counted under an older version is
 * never answered; a total is also kept at most `TOTAL_TTL_MS`, for writes this module does not see (a backup
 * restore).
 */
const TOTAL_TTL_MS = 10_000;
const totalsOf = new WeakMap<
  object,
  { version: number; totals: Map<string, { total: number; version: number; at: number }> }
>();

function totalsState(db: DbOrTx) {
  let state = totalsOf.get(db);
  if (!state) {
    state = { version: 0, totals: new Map() };
    totalsOf.set(db, state);
  }
  return state;
}

/** After a payment write commits: totals counted before it are stale. */
function paymentsChanged(db: DbOrTx): void {
  const state = totalsOf.get(db);
  if (state) {
    state.version += 1;
    state.totals.clear();
  }
}

async function rememberedTotal(
  db: DbOrTx,
  countQuery: { toSQL(): { sql: string; params: unknown[] }; getSQL(): SQL },
) {
  const state = totalsState(db);
  const { sql: text, params } = countQuery.toSQL();
  const key = `${text}\u0000${JSON.stringify(params)}`;
  const now = Date.now();
  const known = state.totals.get(key);
  if (known && known.version === state.version && now - known.at < TOTAL_TTL_MS) return known.total;
  const version = state.version;
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(sql`(${countQuery.getSQL()}) as list_count`);
  const total = row?.total ?? 0;
  if (state.totals.size > 500) state.totals.clear();
  state.totals.set(key, { total, version, at: now });
  return total;
}

export async function getPayment(opts: { db: DbOrTx; id: number }): Promise<PaymentRow> {
  const [row] = await paymentSelect(opts.db).where(eq(payments.id, opts.id));
  if (!row) throw notFound("payment_not_found");
  return flatten(row);
}

/** Staff reach every payment; a student only their own (others: 403). */
export async function assertCanSeePayment(db: DbOrTx, caller: Caller, payment: PaymentRow): Promise<void> {
  if (isAdminGroup(caller.type)) return;
  if (isStudent(caller.type) && (await callerStudentId(db, caller)) === payment.studentId) return;
  throw forbidden();
}

export type PaymentAllocationRow = { feeInstallmentId: number; installmentDate: string; amountE2: number };
export type PaymentAuditRow = {
  id: number;
  createdAt: Date;
  action: string;
  actorId: number | null;
  actorName: string | null;
  actorEmail: string | null;
  oldStatus: number | null;
  newStatus: number | null;
};
export type PaymentDetailRow = PaymentRow & {
  allocations: PaymentAllocationRow[];
  audit: PaymentAuditRow[];
};

export async function paymentAllocationsOf(db: DbOrTx, paymentId: number): Promise<PaymentAllocationRow[]> {
  return db
    .select({
      feeInstallmentId: paymentAllocations.feeInstallmentId,
      installmentDate: feeInstallments.date,
      amountE2: paymentAllocations.amountE2,
    })
    .from(paymentAllocations)
    .innerJoin(feeInstallments, eq(feeInstallments.id, paymentAllocations.feeInstallmentId))
    .where(eq(paymentAllocations.paymentId, paymentId))
    .orderBy(asc(feeInstallments.date), asc(feeInstallments.id));
}

const statusOf = (values: unknown): number | null => {
  const status = (values as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : null;
};

/** GET /payments/{id}: the payment, where its money went and every status change (the audit log). */
export async function getPaymentDetail(opts: { db: DbOrTx; id: number }): Promise<PaymentDetailRow> {
  const { db } = opts;
  const payment = await getPayment(opts);
  const allocations = await paymentAllocationsOf(db, payment.id);
  const audit = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "payment"), eq(auditLog.entityId, payment.id)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return {
    ...payment,
    allocations,
    audit: audit.map((a) => ({
      id: a.id,
      createdAt: a.createdAt,
      action: a.action,
      actorId: a.actorUserId,
      actorName: a.actorName,
      actorEmail: a.actorEmail,
      oldStatus: statusOf(a.oldValues),
      newStatus: statusOf(a.newValues),
    })),
  };
}

type FeeRecord = typeof studentPeriodFees.$inferSelect;
type InstallmentRecord = typeof feeInstallments.$inferSelect;

type LockedFee = { fee: FeeRecord; installments: InstallmentRecord[]; inscribedOn: string | null };

/**
 * The student's fee of the period, its row locked (`FOR UPDATE`) until the transaction ends: every write
 * that reads and changes what a fee owes goes through here, one at a time per fee. With the day the student
 * was inscribed in the period (installments dated before it are due from it).
 */
async function lockFee(
  tx: DbOrTx,
  where: { feeId: number } | { studentId: number; periodId: number },
  timeZone: string,
): Promise<LockedFee> {
  const [fee] = await tx
    .select()
    .from(studentPeriodFees)
    .where(
      "feeId" in where
        ? eq(studentPeriodFees.id, where.feeId)
        : and(
            eq(studentPeriodFees.studentId, where.studentId),
            eq(studentPeriodFees.periodId, where.periodId),
          ),
    )
    .for("update");
  if (!fee) throw notFound("student_period_fee_not_found");
  const installments = await tx
    .select()
    .from(feeInstallments)
    .where(eq(feeInstallments.feeId, fee.id))
    .orderBy(asc(feeInstallments.date), asc(feeInstallments.id));
  const createdAt = await inscriptionCreatedAt(tx, { studentId: fee.studentId, periodId: fee.periodId });
  return { fee, installments, inscribedOn: inscriptionDay(createdAt, timeZone) };
}

export type PaymentInput = Omit<CreatePaymentInput, "from_report" | "title" | "observation"> & {
  from_report: boolean;
  title?: string | null;
  observation?: string | null;
};

/**
 * Reports a payment (`from_report`: a student for themself, an admin for a student; it waits for review)
 * or records one taken at the desk (an admin, `from_report` false: approved and allocated at once).
 * One transaction under the fee's row lock. Refusals (nothing written):
 * - a student for another student: 403; the date after today (school's time zone): 422 on `date`;
 * - no fee for the student and period: 404 `student_period_fee_not_found`; all paid: `student_period_fee_completed`;
 * - a method the fee does not allow for the mode: `payment_method_not_allowed`;
 * - `fully` with another amount than the total pending: `payment_full_amount_mismatch`;
 * - a report past the total pending: `payment_amount_exceeds_pending` (the desk keeps the rest as credit);
 * - a receipt number already reported for the method, rejected ones aside: `receipt_number_already_reported`
 *   (the partial unique index `payments_type_receipt_number_unique` decides, so two reports at once cannot both pass).
 */
export async function createPayment(opts: CreatePaymentOptions): Promise<PaymentRow> {
  const { db } = opts;
  await assertMayCreate(opts);
  const id = await withDbErrors(() => db.transaction((tx) => insertPayment(tx, opts)));
  paymentsChanged(db);
  return getPayment({ db, id });
}

export type CreatePaymentOptions = {
  db: DbOrTx;
  caller: Caller;
  input: PaymentInput;
  audit: AuditContext;
  today: string;
  /** The instant stamped on an approval at the desk (the clock's). */
  now: Date;
  /** The school's time zone (the day of the student's inscription). */
  timeZone: string;
};

/**
 * `createPayment` sent with an `Idempotency-Key` (issue 27): the payment and its answer (`present`ed, as the
 * route sends it) are written in one transaction with the key (./idempotency.ts), so a retry of a request
 * whose answer was lost gets that answer back and no second payment.
 */
export async function createPaymentOnce(
  opts: CreatePaymentOptions & {
    key: string;
    fingerprint: string;
    present: (row: PaymentRow) => unknown;
  },
): Promise<StoredAnswer> {
  const { db } = opts;
  await assertMayCreate(opts);
  const answer = await withDbErrors(() =>
    answerOnce({
      db,
      userId: opts.caller.id,
      key: opts.key,
      fingerprint: opts.fingerprint,
      now: opts.now,
      write: async (tx) => {
        const id = await insertPayment(tx, opts);
        return { status: 201, body: { data: opts.present(await getPayment({ db: tx, id })) } };
      },
    }),
  );
  if (!answer.replayed) paymentsChanged(db);
  return answer;
}

/** Who may create the payment, and its date (not after today): checked before any transaction. */
async function assertMayCreate(opts: CreatePaymentOptions): Promise<void> {
  const { db, caller, input, today } = opts;
  if (isStudent(caller.type)) {
    if (!input.from_report || (await callerStudentId(db, caller)) !== input.student_id) throw forbidden();
  } else if (!isAdmin(caller.type)) throw forbidden();
  if (input.date > today) throw fieldError("date", "before_or_equal", { date: today });
}

/** The payment's rows, audit and notification (or approval at the desk) in the caller's transaction. */
async function insertPayment(tx: Tx, opts: CreatePaymentOptions): Promise<number> {
  const { caller, input, today } = opts;
  const [student] = await tx
    .select({ id: students.id })
    .from(students)
    .where(eq(students.id, input.student_id));
  if (!student) throw notFound("student_not_found");
  const locked = await lockFee(tx, { studentId: input.student_id, periodId: input.period_id }, opts.timeZone);
  const { fee, installments } = locked;
  const mode: PaymentMode = input.mode;
  const allowed = mode === "fully" ? fee.fullPaymentMethods : fee.installmentPaymentMethods;
  if (!allowed.includes(input.type)) throw refuse("payment_method_not_allowed");
  const terms = feeTermsOf(fee, locked.inscribedOn);
  const states = installments.map(stateOf);
  const pending = fullPaymentE2(states, terms, today);
  if (pending === 0) throw refuse("student_period_fee_completed");
  if (mode === "fully" && input.amount !== pending) throw refuse("payment_full_amount_mismatch");
  if (input.from_report && input.amount > pending) throw refuse("payment_amount_exceeds_pending");
  const desk = !input.from_report;
  const [row] = await tx
    .insert(payments)
    .values({
      studentId: input.student_id,
      periodId: input.period_id,
      feeId: fee.id,
      title: input.title ?? null,
      observation: input.observation ?? null,
      status: paymentStatus.pending,
      type: input.type,
      fromReport: input.from_report,
      date: input.date,
      amountE2: input.amount,
      receiptNumber: input.receipt_number,
      createdByUserId: caller.id,
      // The day it was reported, beside the day it says it was paid (the review shows both): the clock's.
      createdAt: opts.now,
      updatedAt: opts.now,
    })
    .returning();
  const payment = row!;
  await recordAudit(tx, {
    ...opts.audit,
    action: desk ? "payment.created" : "payment.reported",
    entityType: "payment",
    entityId: payment.id,
    newValues: {
      status: paymentStatus.pending,
      type: payment.type,
      amount_e2: payment.amountE2,
      receipt_number: payment.receiptNumber,
      mode,
    },
  });
  if (desk) {
    await approveLocked(tx, {
      payment,
      ...locked,
      caller,
      audit: opts.audit,
      today,
      now: opts.now,
    });
  } else {
    await notifyPaymentReported(tx, {
      paymentId: payment.id,
      studentId: payment.studentId,
      amountE2: payment.amountE2,
      type: payment.type,
      senderUserId: caller.id,
    });
  }
  return payment.id;
}

/**
 * Approves a pending payment whose fee row the caller holds locked: spreads its amount over the unpaid
 * installments in date order (the shared maths), charging late extras once, keeps the rest as credit,
 * completes the fee when everything is paid, and records and notifies the change.
 */
async function approveLocked(
  tx: DbOrTx,
  opts: LockedFee & {
    payment: PaymentRecord;
    caller: Caller;
    audit: AuditContext;
    today: string;
    now: Date;
  },
): Promise<void> {
  const { payment, fee, installments } = opts;
  // The installments are judged as of the day the money was paid (never after today): a transfer made
  // within the grace days and approved later pays no late extra.
  const asOf = payment.date < opts.today ? payment.date : opts.today;
  const states = installments.map(stateOf);
  const terms = feeTermsOf(fee, opts.inscribedOn);
  const { allocations, creditE2 } = allocate(states, payment.amountE2, terms, asOf);
  const { now } = opts;
  const paidAfter = new Map(states.map((s) => [s.id, s]));
  for (const a of allocations) {
    const before = paidAfter.get(a.installmentId)!;
    paidAfter.set(a.installmentId, {
      ...before,
      paidE2: before.paidE2 + a.amountE2,
      lateExtraE2: before.lateExtraE2 + a.chargesLateExtraE2,
    });
    await tx
      .update(feeInstallments)
      .set({
        paidAmountE2: sql`${feeInstallments.paidAmountE2} + ${a.amountE2}`,
        lateExtraE2: sql`${feeInstallments.lateExtraE2} + ${a.chargesLateExtraE2}`,
        updatedAt: now,
      })
      .where(eq(feeInstallments.id, a.installmentId));
  }
  if (allocations.length > 0) {
    await tx.insert(paymentAllocations).values(
      allocations.map((a) => ({
        paymentId: payment.id,
        feeInstallmentId: a.installmentId,
        amountE2: a.amountE2,
      })),
    );
  }
  const completed = feeSummary([...paidAfter.values()], terms, asOf).completed;
  await tx
    .update(studentPeriodFees)
    .set({
      creditE2: sql`${studentPeriodFees.creditE2} + ${creditE2}`,
      completedAt: completed ? (fee.completedAt ?? now) : fee.completedAt,
      updatedAt: now,
    })
    .where(eq(studentPeriodFees.id, fee.id));
  await tx
    .update(payments)
    .set({
      status: paymentStatus.approved,
      reviewedByUserId: opts.caller.id,
      reviewedAt: now,
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id));
  await recordAudit(tx, {
    ...opts.audit,
    action: "payment.approved",
    entityType: "payment",
    entityId: payment.id,
    oldValues: { status: payment.status },
    newValues: {
      status: paymentStatus.approved,
      allocations: allocations.map((a) => ({
        fee_installment_id: a.installmentId,
        amount_e2: a.amountE2,
        late_extra_e2: a.chargesLateExtraE2,
      })),
      credit_e2: creditE2,
      fee_completed: completed,
    },
  });
  await notifyPaymentApproved(tx, {
    paymentId: payment.id,
    studentId: payment.studentId,
    amountE2: payment.amountE2,
    date: payment.date,
    senderUserId: opts.caller.id,
  });
}

/**
 * PATCH /payments/{id} (status only). Approving (2) a pending payment allocates it under the fee's row
 * lock; approving an approved one changes nothing. Rejecting (3) only a pending one (a rejected one stays
 * as it is). Any other move: `payment_not_pending`. The payment's row is locked first, then its fee, so two
 * approvals of one payment allocate once and two payments of one fee are allocated one after the other.
 */
export async function updatePaymentStatus(opts: {
  db: DbOrTx;
  id: number;
  status: 2 | 3;
  caller: Caller;
  audit: AuditContext;
  today: string;
  /** The instant stamped on the review (the clock's). */
  now: Date;
  /** The school's time zone (the day of the student's inscription). */
  timeZone: string;
}): Promise<PaymentRow> {
  const { db, id, status } = opts;
  await withDbErrors(() =>
    db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, id)).for("update");
      if (!payment) throw notFound("payment_not_found");
      if (payment.status === status) return;
      if (payment.status !== paymentStatus.pending) throw refuse("payment_not_pending");
      if (status === paymentStatus.approved) {
        const locked = await lockFee(
          tx,
          payment.feeId === null
            ? { studentId: payment.studentId, periodId: payment.periodId }
            : { feeId: payment.feeId },
          opts.timeZone,
        );
        await approveLocked(tx, {
          payment,
          ...locked,
          caller: opts.caller,
          audit: opts.audit,
          today: opts.today,
          now: opts.now,
        });
        return;
      }
      const { now } = opts;
      await tx
        .update(payments)
        .set({
          status: paymentStatus.rejected,
          reviewedByUserId: opts.caller.id,
          reviewedAt: now,
          updatedAt: now,
        })
        .where(eq(payments.id, id));
      await recordAudit(tx, {
        ...opts.audit,
        action: "payment.rejected",
        entityType: "payment",
        entityId: id,
        oldValues: { status: payment.status },
        newValues: { status: paymentStatus.rejected },
      });
      await notifyPaymentRejected(tx, {
        paymentId: id,
        studentId: payment.studentId,
        amountE2: payment.amountE2,
        date: payment.date,
        senderUserId: opts.caller.id,
      });
    }),
  );
  paymentsChanged(db);
  return getPayment({ db, id });
}

/** Deletes a payment that is not approved (an approved one carries allocations: `payment_is_approved`). */
export async function deletePayment(opts: { db: DbOrTx; id: number; audit: AuditContext }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, opts.id)).for("update");
    if (!payment) throw notFound("payment_not_found");
    if (payment.status === paymentStatus.approved) throw refuse("payment_is_approved");
    await tx.delete(payments).where(eq(payments.id, opts.id));
    await recordAudit(tx, {
      ...opts.audit,
      action: "payment.deleted",
      entityType: "payment",
      entityId: opts.id,
      oldValues: {
        status: payment.status,
        type: payment.type,
        amount_e2: payment.amountE2,
        receipt_number: payment.receiptNumber,
        student_id: payment.studentId,
      },
    });
  });
  paymentsChanged(opts.db);
}

/** POST /inscriptions/{id}/payments: the inscription's student and period (sent ones must match). */
export async function inscriptionTarget(
  db: DbOrTx,
  inscriptionId: number,
  sent: { student_id?: number; period_id?: number },
): Promise<{ studentId: number; periodId: number }> {
  const [row] = await db
    .select({ studentId: inscriptions.studentId, periodId: inscriptions.periodId })
    .from(inscriptions)
    .where(eq(inscriptions.id, inscriptionId));
  if (!row) throw notFound("inscription_not_found");
  if (
    (sent.student_id !== undefined && sent.student_id !== row.studentId) ||
    (sent.period_id !== undefined && sent.period_id !== row.periodId)
  ) {
    throw refuse("payment_inscription_mismatch");
  }
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Debtors report
// ---------------------------------------------------------------------------------------------------

export type DebtorListParams = ListParams<(typeof debtorSortable)[number]> & {
  period_id?: number;
  section_id?: number;
  specialization_id?: number;
};

export type DebtorRow = {
  studentId: number;
  firstName: string;
  lastName: string;
  identityDocument: string;
  email: string | null;
  feeId: number;
  periodId: number;
  section: { id: number; code: string } | null;
  specialization: { id: number; title: string } | null;
  overdueCount: number;
  overdueE2: number;
  lateExtraE2: number;
  pendingE2: number;
  oldestDueDate: string;
};

/** The given period, else the enabled one; null when there is none. */
async function reportPeriodId(db: DbOrTx, periodId: number | undefined): Promise<number | null> {
  if (periodId !== undefined) {
    const [row] = await db.select({ id: periods.id }).from(periods).where(eq(periods.id, periodId));
    if (!row) throw notFound("period_not_found");
    return row.id;
  }
  const [current] = await db.select({ id: periods.id }).from(periods).where(eq(periods.enabled, true));
  return current?.id ?? null;
}

/**
 * Students of the period (by default the current one) with installments overdue today (past their date
 * plus the grace days, not fully paid), with what those owe now, late extras included (the shared maths),
 * their section and specialization. The database narrows to fees with an unpaid installment past its
 * date plus grace; the maths decides the amounts. Sorted and paged here (a school's debtors fit in memory);
 * `totalOwedE2` sums every matching debtor, not only the page.
 */
export async function listDebtors(opts: {
  db: DbOrTx;
  list: DebtorListParams;
  today: string;
  /** The school's time zone (the day of each student's inscription). */
  timeZone: string;
}): Promise<Page<DebtorRow> & { totalOwedE2: number }> {
  const { db, list, today } = opts;
  const periodId = await reportPeriodId(db, list.period_id);
  if (periodId === null) return { rows: [], meta: pageMeta(0, list.page, list.limit), totalOwedE2: 0 };
  const words = searchQuery(list.search);
  const candidates = await db
    .select({
      fee: studentPeriodFees,
      inscribedAt: inscriptions.createdAt,
      student: studentColumns,
      section: { id: sections.id, code: sections.code },
      specialization: { id: specializations.id, title: specializations.title },
    })
    .from(studentPeriodFees)
    .innerJoin(students, eq(students.id, studentPeriodFees.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(
      inscriptions,
      and(
        eq(inscriptions.studentId, studentPeriodFees.studentId),
        eq(inscriptions.periodId, studentPeriodFees.periodId),
      ),
    )
    .leftJoin(sections, eq(sections.id, inscriptions.sectionId))
    .leftJoin(specializations, eq(specializations.id, inscriptions.specializationId))
    .where(
      and(
        eq(studentPeriodFees.periodId, periodId),
        sql`${studentPeriodFees.completedAt} is null`,
        list.section_id === undefined ? undefined : eq(inscriptions.sectionId, list.section_id),
        list.specialization_id === undefined
          ? undefined
          : eq(inscriptions.specializationId, list.specialization_id),
        list.search === undefined
          ? undefined
          : words === null
            ? sql`false`
            : sql`${students.searchVector} @@ to_tsquery('simple', ${words})`,
        // A superset (an installment's due date is never before its date); the maths below decides.
        sql`exists (select 1 from ${feeInstallments} fi where fi.fee_id = ${studentPeriodFees.id}
          and fi.paid_amount_e2 < fi.amount_e2 + fi.late_extra_e2
          and fi.date + ${studentPeriodFees.installmentGracePeriodDays}::int < ${today}::date)`,
      ),
    );
  const feeIds = candidates.map((c) => c.fee.id);
  const installments = feeIds.length
    ? await db.select().from(feeInstallments).where(inArray(feeInstallments.feeId, feeIds))
    : [];
  const byFee = new Map<number, InstallmentRecord[]>();
  for (const i of installments) byFee.set(i.feeId, [...(byFee.get(i.feeId) ?? []), i]);
  const debtors: DebtorRow[] = [];
  for (const c of candidates) {
    const terms = feeTermsOf(c.fee, inscriptionDay(c.inscribedAt, opts.timeZone));
    const states = byDueDate((byFee.get(c.fee.id) ?? []).map(stateOf));
    const late = states.filter((s) => isLate(s, terms, today));
    if (late.length === 0) continue;
    let overdue = 0;
    let extras = 0;
    for (const s of late) {
      overdue += pendingE2(s, terms, today);
      extras += s.lateExtraE2 > 0 ? s.lateExtraE2 : terms.lateExtraE2;
    }
    debtors.push({
      studentId: c.student.id,
      firstName: c.student.firstName,
      lastName: c.student.lastName,
      identityDocument: c.student.identityDocument,
      email: c.student.email,
      feeId: c.fee.id,
      periodId: c.fee.periodId,
      section: c.section,
      specialization: c.specialization,
      overdueCount: late.length,
      overdueE2: overdue,
      lateExtraE2: extras,
      pendingE2: fullPaymentE2(states, terms, today),
      oldestDueDate: dueDate(late[0]!, terms),
    });
  }
  const key: Record<(typeof debtorSortable)[number], (d: DebtorRow) => string | number> = {
    last_name: (d) => `${d.lastName} ${d.firstName}`.toLowerCase(),
    overdue_e2: (d) => d.overdueE2,
    oldest_due_date: (d) => d.oldestDueDate,
    section: (d) => d.section?.code ?? "",
    specialization: (d) => d.specialization?.title ?? "",
  };
  const read = key[list.sort_by.field];
  const sign = list.sort_by.direction === "desc" ? -1 : 1;
  debtors.sort((a, b) => {
    const x = read(a);
    const y = read(b);
    const order = typeof x === "number" ? x - (y as number) : String(x).localeCompare(String(y), "es");
    return sign * order || a.studentId - b.studentId;
  });
  const totalOwedE2 = debtors.reduce((sum, d) => sum + d.overdueE2, 0);
  const rows = list.limit > 0 ? debtors.slice((list.page - 1) * list.limit, list.page * list.limit) : debtors;
  return { rows, meta: pageMeta(debtors.length, list.page, list.limit), totalOwedE2 };
}
