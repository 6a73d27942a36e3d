import { and, asc, eq } from "drizzle-orm";
import {
  dueDate,
  feeSummary,
  formatAmount,
  isLate,
  isPaid,
  lastOnTimeDay,
  lateExtraDueE2,
  pendingE2,
} from "../../../common/money/fees.js";
import type { PeriodFee } from "../../../common/schemas/inscriptions.js";
import type { DbOrTx } from "../../db/client.js";
import { type feeInstallments, payments, type studentPeriodFees } from "../../db/schema/index.js";
import { feeTermsOf, inscriptionCreatedAt, inscriptionDay, installmentStateOf } from "./fee-terms.js";

/** A student's period fee as read for `GET /students/{id}/period-fee` (and the student's dashboard). */
export type PeriodFeeRow = typeof studentPeriodFees.$inferSelect & {
  installments: (typeof feeInstallments.$inferSelect)[];
  /** When the student was inscribed in the fee's period (null: no inscription). */
  inscribedAt: Date | null;
  /** The student's payments of the period, oldest first. */
  payments: (typeof payments.$inferSelect)[];
};

/** What a fee's row alone does not say: the inscription's instant and the payments of the period. */
export async function periodFeeExtras(
  db: DbOrTx,
  fee: { studentId: number; periodId: number },
): Promise<Pick<PeriodFeeRow, "inscribedAt" | "payments">> {
  const [inscribedAt, rows] = await Promise.all([
    inscriptionCreatedAt(db, fee),
    db
      .select()
      .from(payments)
      .where(and(eq(payments.studentId, fee.studentId), eq(payments.periodId, fee.periodId)))
      .orderBy(asc(payments.date), asc(payments.id)),
  ]);
  return { inscribedAt, payments: rows };
}

/**
 * The fee seen `today` through the shared money maths (common/money/fees.ts), installments dated before the
 * student's inscription due from its day. Carries spec.md §3's names (`fee_installments`,
 * `late_installment_extra`, `payments`) beside the older ones.
 */
export function presentPeriodFee(row: PeriodFeeRow, today: string, timeZone: string): PeriodFee {
  const inscribedOn = inscriptionDay(row.inscribedAt, timeZone);
  const terms = feeTermsOf(row, inscribedOn);
  const states = row.installments.map(installmentStateOf);
  const summary = feeSummary(states, terms, today);
  const installments = states.map((i) => {
    const extra = lateExtraDueE2(i, terms, today);
    const pending = pendingE2(i, terms, today);
    return {
      id: i.id,
      date: i.date,
      amount_e2: i.amountE2,
      paid_amount_e2: i.paidE2,
      late_extra_e2: i.lateExtraE2,
      amount_string: formatAmount(i.amountE2),
      due_date: dueDate(i, terms),
      last_on_time_date: lastOnTimeDay(i, terms),
      paid: isPaid(i),
      is_late: isLate(i, terms, today),
      late_extra_amount_e2: extra,
      late_extra_amount_string: formatAmount(extra),
      pending_e2: pending,
      pending_string: formatAmount(pending),
    };
  });
  return {
    id: row.id,
    student_id: row.studentId,
    period_id: row.periodId,
    inscription_id: row.inscriptionId,
    inscribed_on: inscribedOn,
    installment_payment_methods: row.installmentPaymentMethods,
    full_payment_methods: row.fullPaymentMethods,
    installment_grace_period_days: row.installmentGracePeriodDays,
    late_installment_extra_e2: row.lateInstallmentExtraE2,
    late_installment_extra: row.lateInstallmentExtraE2,
    credit_e2: row.creditE2,
    completed_at: row.completedAt?.toISOString() ?? null,
    total_e2: row.installments.reduce((sum, i) => sum + i.amountE2, 0),
    paid_e2: row.installments.reduce((sum, i) => sum + i.paidAmountE2, 0),
    installments,
    fee_installments: installments,
    payments: row.payments.map((p) => ({
      id: p.id,
      title: p.title,
      status: p.status,
      from_report: p.fromReport,
      type: p.type,
      date: p.date,
      amount: p.amountE2,
      amount_e2: p.amountE2,
      receipt_number: p.receiptNumber,
      student_id: p.studentId,
      period_id: p.periodId,
      created_at: p.createdAt.toISOString(),
    })),
    today,
    pending_e2: summary.pendingE2,
    overdue_e2: summary.overdueE2,
    pending_installments: summary.unpaidCount,
    late_installments: summary.lateCount,
    next_due_date: summary.nextDue ? dueDate(summary.nextDue, terms) : null,
    completed: summary.completed,
  };
}
