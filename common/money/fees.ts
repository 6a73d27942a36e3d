/**
 * The money maths of a student's period fee, written once and used by the server (approval, period fee,
 * debtors report, receipts), the payment banner and the report wizard.
 *
 * Every amount is an integer number of hundredths (`…E2`); nothing here adds floating point numbers.
 * Dates are `YYYY-MM-DD` in the school's time zone; `today` is always passed in, never read from the clock.
 */

import { numberInWords } from "../text/number-words.js";

export { numberInWords };

/**
 * The rules a fee copied from its period's price setting, and the day the student was inscribed in the period
 * (`null` when the fee has no inscription): an installment dated before it is due on that day instead.
 */
export type FeeTerms = { graceDays: number; lateExtraE2: number; inscribedOn: string | null };

/**
 * One installment as stored. `lateExtraE2` is the late extra already charged to this installment: 0 until a
 * payment is allocated to it while it is late; from then on it is fixed, so the extra is charged once.
 */
export type InstallmentState = {
  id: number;
  date: string;
  amountE2: number;
  paidE2: number;
  lateExtraE2: number;
};

export type Allocation = {
  installmentId: number;
  /** Hundredths of the payment that go to this installment. */
  amountE2: number;
  /** The late extra this allocation charges to the installment (store it on the row); 0 when already charged or on time. */
  chargesLateExtraE2: number;
  /** The installment is fully paid after this allocation. */
  completes: boolean;
};

export type FeeSummary = {
  /** Everything still owed, late extras included. */
  pendingE2: number;
  /** What is owed on late installments, late extras included. */
  overdueE2: number;
  /** Installments not yet fully paid. */
  unpaidCount: number;
  /** Installments late (past their date plus the grace days and not fully paid). */
  lateCount: number;
  /** The first installment (by date) not yet fully paid. */
  nextDue: InstallmentState | null;
  /** Every installment is fully paid. */
  completed: boolean;
};

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`Fecha inválida: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

function fromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

function assertE2(value: number, name: string): void {
  if (!Number.isSafeInteger(value))
    throw new RangeError(`${name} debe ser un entero de centésimas: ${value}`);
}

/**
 * The day an installment falls due: its date, or the inscription date when the student was inscribed after
 * it (nobody owes a late extra for the days before they were inscribed).
 */
export function dueDate(i: InstallmentState, terms: FeeTerms): string {
  return terms.inscribedOn !== null && terms.inscribedOn > i.date ? terms.inscribedOn : i.date;
}

/** The last day an installment can be paid without the late extra: its due date plus the grace days. */
export function lastOnTimeDay(i: InstallmentState, terms: FeeTerms): string {
  return addDays(dueDate(i, terms), terms.graceDays);
}

/** Fully paid: what was paid covers the amount and any late extra already charged. */
export function isPaid(i: InstallmentState): boolean {
  return i.paidE2 >= i.amountE2 + i.lateExtraE2;
}

/** Late: today is past the installment's due date plus the grace days and it is not fully paid. */
export function isLate(i: InstallmentState, terms: FeeTerms, today: string): boolean {
  return !isPaid(i) && today > lastOnTimeDay(i, terms);
}

/** The late extra owed by the installment: the one already charged, or the fee's when it is late now (once). */
export function lateExtraDueE2(i: InstallmentState, terms: FeeTerms, today: string): number {
  if (i.lateExtraE2 > 0) return i.lateExtraE2;
  return isLate(i, terms, today) ? terms.lateExtraE2 : 0;
}

/** What is still owed on an installment: amount + late extra (once, when late) − paid; never below 0. */
export function pendingE2(i: InstallmentState, terms: FeeTerms, today: string): number {
  return Math.max(0, i.amountE2 + lateExtraDueE2(i, terms, today) - i.paidE2);
}

/** Installments in date order (then id), the order money is allocated in. */
export function byDueDate<T extends InstallmentState>(installments: readonly T[]): T[] {
  return [...installments].sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
}

/**
 * Spreads an amount over the unpaid installments in date order, each up to its pending amount.
 * What is left over is credit.
 */
export function allocate(
  installments: readonly InstallmentState[],
  amountE2: number,
  terms: FeeTerms,
  today: string,
): { allocations: Allocation[]; creditE2: number } {
  assertE2(amountE2, "El monto");
  if (amountE2 < 0) throw new RangeError("El monto no puede ser negativo");
  let left = amountE2;
  const allocations: Allocation[] = [];
  for (const i of byDueDate(installments)) {
    if (left === 0) break;
    const pending = pendingE2(i, terms, today);
    if (pending === 0) continue;
    const paid = Math.min(left, pending);
    left -= paid;
    allocations.push({
      installmentId: i.id,
      amountE2: paid,
      chargesLateExtraE2: i.lateExtraE2 === 0 ? lateExtraDueE2(i, terms, today) : 0,
      completes: paid === pending,
    });
  }
  return { allocations, creditE2: left };
}

/** What paying the whole fee costs today: every unpaid installment for its full pending amount. */
export function fullPaymentE2(
  installments: readonly InstallmentState[],
  terms: FeeTerms,
  today: string,
): number {
  let total = 0;
  for (const i of installments) total += pendingE2(i, terms, today);
  return total;
}

/** The fee at a glance: pending and overdue totals, counts, the next installment due, completion. */
export function feeSummary(
  installments: readonly InstallmentState[],
  terms: FeeTerms,
  today: string,
): FeeSummary {
  let pending = 0;
  let overdue = 0;
  let unpaidCount = 0;
  let lateCount = 0;
  let nextDue: InstallmentState | null = null;
  for (const i of byDueDate(installments)) {
    if (isPaid(i)) continue;
    const owed = pendingE2(i, terms, today);
    unpaidCount += 1;
    pending += owed;
    if (isLate(i, terms, today)) {
      lateCount += 1;
      overdue += owed;
    }
    nextDue ??= i;
  }
  return {
    pendingE2: pending,
    overdueE2: overdue,
    unpaidCount,
    lateCount,
    nextDue,
    completed: unpaidCount === 0,
  };
}

/**
 * Reads an amount typed in currency units ("1234", "1234.5", "1.234,50", "1234,5") as hundredths, without
 * floating point. Null when it is not a non-negative amount with at most two decimals.
 */
export function parseAmountE2(text: string | number): number | null {
  let value = typeof text === "number" ? String(text) : text.trim();
  if (/e/i.test(value)) return null;
  // "1.234,50" (Spanish) → "1234.50"; "1,234.50" is not accepted.
  if (value.includes(",")) value = value.replace(/\.(?=\d{3}(\D|$))/g, "").replace(",", ".");
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const units = Number(match[1]);
  const cents = Number((match[2] ?? "0").padEnd(2, "0"));
  const e2 = units * 100 + cents;
  return Number.isSafeInteger(e2) ? e2 : null;
}

/** An amount in hundredths as Spanish figures: 123450 → "1.234,50". */
export function formatAmount(e2: number): string {
  assertE2(e2, "El monto");
  const sign = e2 < 0 ? "-" : "";
  const abs = Math.abs(e2);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${sign}${units},${String(abs % 100).padStart(2, "0")}`;
}

/** An amount in hundredths in Spanish words, for receipts: 123450 → "mil doscientos treinta y cuatro con 50/100". */
export function amountInWords(e2: number): string {
  assertE2(e2, "El monto");
  if (e2 < 0) throw new RangeError("El monto no puede ser negativo");
  return `${numberInWords(Math.floor(e2 / 100))} con ${String(e2 % 100).padStart(2, "0")}/100`;
}

/** Payment method codes and their Spanish names (spec §3). */
export const paymentMethods = {
  1: "Efectivo",
  2: "100% Banco",
  3: "Transferencia Bancaria",
  4: "Transferencia de Curso",
  5: "Zelle",
} as const;
export type PaymentMethod = keyof typeof paymentMethods;
export const paymentMethodCodes = [1, 2, 3, 4, 5] as const;
