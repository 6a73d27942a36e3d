import { schoolDateOf } from "../../../common/dates/format";
import {
  allocate,
  byDueDate,
  daysBetween,
  dueDate,
  type FeeTerms,
  feeSummary,
  fullPaymentE2,
  type InstallmentState,
  isLate,
  isPaid,
  lastOnTimeDay,
  lateExtraDueE2,
  pendingE2,
} from "../../../common/money/fees";
import { defaultSchoolTimeZone } from "../../../common/time";
import type { PeriodFee } from "../../api/period-fee";

/**
 * What the payment banner and the report wizard read from a period fee, through the shared money maths
 * (common/money/fees.ts): nothing here adds money itself.
 */

/** Today in the school's time zone, `YYYY-MM-DD` (the maths never reads the clock). */
export const schoolToday = (now: Date = new Date(), timeZone: string = defaultSchoolTimeZone): string =>
  schoolDateOf(now, timeZone);

export const feeTerms = (fee: PeriodFee): FeeTerms => ({
  graceDays: fee.installment_grace_period_days,
  lateExtraE2: fee.late_installment_extra_e2,
  inscribedOn: fee.inscribed_on,
});

export const feeInstallments = (fee: PeriodFee): InstallmentState[] =>
  byDueDate(
    fee.installments.map((i) => ({
      id: i.id,
      date: i.date,
      amountE2: i.amount_e2,
      paidE2: i.paid_amount_e2,
      lateExtraE2: i.late_extra_e2,
    })),
  );

/** A payment as the banner needs it (the session's `latest_inscription.payments` or the payments list). */
export type BannerPayment = { id: number; status: number; date: string };

/** The newest payment: latest date, then the latest id. */
export function latestPayment(payments: readonly BannerPayment[]): BannerPayment | null {
  let latest: BannerPayment | null = null;
  for (const p of payments) {
    if (!latest || p.date > latest.date || (p.date === latest.date && p.id > latest.id)) latest = p;
  }
  return latest;
}

/** How many days before an installment's date the banner starts showing (spec.md §9). */
export const BANNER_DAYS_AHEAD = 5;

/**
 * The five conditions of spec.md §4 "Payment banner", all required: the fee is not completed; its period is
 * the student's latest inscription period; at least one payment is approved (2); the latest payment is
 * approved or rejected (2 or 3); the first unpaid installment is due within 5 days or already past.
 */
export function bannerConditionsHold(input: {
  fee: PeriodFee;
  latestPeriodId: number | null | undefined;
  payments: readonly BannerPayment[];
  today: string;
}): boolean {
  const { fee, latestPeriodId, payments, today } = input;
  if (fee.completed_at !== null) return false;
  if (latestPeriodId == null || fee.period_id !== latestPeriodId) return false;
  if (!payments.some((p) => p.status === 2)) return false;
  const latest = latestPayment(payments);
  if (!latest || (latest.status !== 2 && latest.status !== 3)) return false;
  const terms = feeTerms(fee);
  const next = feeSummary(feeInstallments(fee), terms, today).nextDue;
  return next !== null && daysBetween(today, dueDate(next, terms)) <= BANNER_DAYS_AHEAD;
}

/**
 * Whether the banner shows. Outside production the check passes unconditionally (spec.md §4): a
 * development build (`vite`, `import.meta.env.PROD` false) shows it whenever the student has a fee.
 */
export function bannerShows(
  input: Parameters<typeof bannerConditionsHold>[0] & { production: boolean },
): boolean {
  return !input.production || bannerConditionsHold(input);
}

/** What the banner says besides the greeting. */
export type BannerFacts = {
  /** Installments not fully paid. */
  pendingCount: number;
  /** The latest payment was rejected: 'El último pago fue rechazado'. */
  rejected: boolean;
  /** The next installment, with what it owes now and its last day without the late extra. */
  next: { date: string; pendingE2: number; lastOnTimeDay: string } | null;
  /** The next installment is late: the extra charged. */
  lateExtraE2: number | null;
  /** The next installment is not late yet: days left to pay it without the extra, and the extra. */
  daysLeft: { days: number; extraE2: number } | null;
};

export function bannerFacts(fee: PeriodFee, payments: readonly BannerPayment[], today: string): BannerFacts {
  const terms = feeTerms(fee);
  const summary = feeSummary(feeInstallments(fee), terms, today);
  const next = summary.nextDue;
  const late = next !== null && isLate(next, terms, today);
  const extra = next ? lateExtraDueE2(next, terms, today) : 0;
  return {
    pendingCount: summary.unpaidCount,
    rejected: latestPayment(payments)?.status === 3,
    next: next
      ? {
          date: dueDate(next, terms),
          pendingE2: pendingE2(next, terms, today),
          lastOnTimeDay: lastOnTimeDay(next, terms),
        }
      : null,
    lateExtraE2: late && extra > 0 ? extra : null,
    daysLeft:
      next && !late && terms.lateExtraE2 > 0
        ? { days: daysBetween(today, lastOnTimeDay(next, terms)), extraE2: terms.lateExtraE2 }
        : null,
  };
}

export type ReportMode = "installment" | "fully";

/** One installment of the report summary (step 2 "Resumen de pago"). */
export type SummaryRow = {
  id: number;
  date: string;
  amountE2: number;
  /** Owed now, late extra included. */
  pendingE2: number;
  /** Already paid before this report. */
  paidE2: number;
  /** Fully paid already: marked approved. */
  approved: boolean;
  /** Partly paid already: marked with a minus (what was paid). */
  partial: boolean;
  /** What this report pays into it (0: untouched). */
  newE2: number;
  /** What it still owes after this report. */
  remainderE2: number;
  late: boolean;
};

/**
 * The summary of a report: installment mode spreads the typed amount over the unpaid installments in
 * date order, each up to its pending amount; full mode takes every unpaid installment whole.
 */
export function reportSummary(
  fee: PeriodFee,
  mode: ReportMode,
  amountE2: number | null,
  today: string,
): { rows: SummaryRow[]; totalE2: number; creditE2: number; selectedCount: number } {
  const terms = feeTerms(fee);
  const installments = feeInstallments(fee);
  const totalE2 = mode === "fully" ? fullPaymentE2(installments, terms, today) : (amountE2 ?? 0);
  const { allocations, creditE2 } = allocate(installments, Math.max(0, totalE2), terms, today);
  const byId = new Map(allocations.map((a) => [a.installmentId, a.amountE2]));
  const rows = installments.map((i) => {
    const pending = pendingE2(i, terms, today);
    const newE2 = byId.get(i.id) ?? 0;
    const approved = isPaid(i);
    return {
      id: i.id,
      date: i.date,
      amountE2: i.amountE2,
      pendingE2: pending,
      paidE2: i.paidE2,
      approved,
      partial: !approved && i.paidE2 > 0,
      newE2,
      remainderE2: pending - newE2,
      late: isLate(i, terms, today),
    };
  });
  return { rows, totalE2, creditE2, selectedCount: allocations.length };
}
