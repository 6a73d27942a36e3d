import { allocate, feeSummary, type InstallmentState } from "../../../common/money/fees.js";
import type { DbOrTx } from "../client.js";
import * as s from "../schema/index.js";
import type { SeededAcademics } from "./academics.js";
import type { SeededInscription } from "./enrolment.js";
import type { SeededPeople } from "./people.js";
import { day, type Random } from "./random.js";

const INSTALLMENT_E2 = 12_500;
const installmentMethods = [1, 2, 3, 5];
const fullMethods = [2, 3, 5];
const feeRules = { graceDays: 5, lateExtraE2: 1_000 };

/** What the demo's students show about money, by position (`i % 6` of the inscriptions). */
export const moneyCaseNames = [
  "up to date",
  "late",
  "partly paid",
  "rejected report",
  "report waiting",
  "fully paid",
] as const;
export type MoneyCase = (typeof moneyCaseNames)[number];
export const moneyCaseOf = (index: number): MoneyCase => moneyCaseNames[index % moneyCaseNames.length]!;

type PaymentPlan = {
  status: 1 | 2 | 3;
  type: number;
  fromReport: boolean;
  date: string;
  amountE2: number;
  title: string;
};

/**
 * The four installment dates of the current period, around `today` so that every case holds on any day the
 * demo is made: one a week after the period began, one two weeks ago (late once its five days of grace are
 * over), one in three days (the banner's "Le quedan 3 días"), one a month ahead.
 */
function installmentDates(periodStart: string, today: string): string[] {
  return [day.add(periodStart, 7), day.add(today, -14), day.add(today, 3), day.add(today, 31)];
}

/**
 * The current period's price setting (four installments), every student's fee copied from it, and payments
 * in every status. Approved payments are allocated by the money maths (`common/money/fees.ts`) on the day
 * they were made, so paid amounts, late extras and completion are what approving them would have written.
 */
export async function seedMoney(
  db: DbOrTx,
  random: Random,
  academics: SeededAcademics,
  people: SeededPeople,
  inscriptions: SeededInscription[],
  days: { today: string; inscribedOn: string },
) {
  const { today } = days;
  const terms = { ...feeRules, inscribedOn: days.inscribedOn };
  const dates = installmentDates(academics.currentPeriod.startDate, today);
  const rules = {
    installmentPaymentMethods: installmentMethods,
    fullPaymentMethods: fullMethods,
    installmentGracePeriodDays: terms.graceDays,
    lateInstallmentExtraE2: terms.lateExtraE2,
  };
  const [setting] = await db
    .insert(s.periodPriceSettings)
    .values({ periodId: academics.currentPeriodId, ...rules })
    .returning({ id: s.periodPriceSettings.id });
  await db
    .insert(s.periodPriceInstallments)
    .values(dates.map((date) => ({ priceSettingId: setting!.id, date, amountE2: INSTALLMENT_E2 })));

  const plans = inscriptions.map((_, i) => planFor(moneyCaseOf(i), dates, today, random));
  // Each fee's installments after its approved payments, in the order they were made.
  const outcomes = plans.map((plan) => {
    let rows: InstallmentState[] = dates.map((date, k) => ({
      id: k,
      date,
      amountE2: INSTALLMENT_E2,
      paidE2: 0,
      lateExtraE2: 0,
    }));
    let creditE2 = 0;
    let completedOn: string | null = null;
    const allocations: { payment: number; installment: number; amountE2: number }[] = [];
    plan.forEach((p, payment) => {
      if (p.status !== 2) return;
      const result = allocate(rows, p.amountE2, terms, p.date);
      rows = rows.map((row) => {
        const a = result.allocations.find((x) => x.installmentId === row.id);
        if (!a) return row;
        allocations.push({ payment, installment: row.id, amountE2: a.amountE2 });
        return {
          ...row,
          paidE2: row.paidE2 + a.amountE2,
          lateExtraE2: row.lateExtraE2 + a.chargesLateExtraE2,
        };
      });
      creditE2 += result.creditE2;
      if (completedOn === null && feeSummary(rows, terms, p.date).completed) completedOn = p.date;
    });
    return { rows, creditE2, completedOn: completedOn as string | null, allocations };
  });

  const fees = await db
    .insert(s.studentPeriodFees)
    .values(
      inscriptions.map((ins, i) => ({
        studentId: ins.student.id,
        periodId: academics.currentPeriodId,
        inscriptionId: ins.id,
        priceSettingId: setting!.id,
        ...rules,
        creditE2: outcomes[i]!.creditE2,
        completedAt: outcomes[i]!.completedOn ? new Date(`${outcomes[i]!.completedOn}T15:00:00Z`) : null,
      })),
    )
    .returning({ id: s.studentPeriodFees.id });

  const installmentRows = await db
    .insert(s.feeInstallments)
    .values(
      fees.flatMap((fee, i) =>
        outcomes[i]!.rows.map((row) => ({
          feeId: fee.id,
          date: row.date,
          amountE2: row.amountE2,
          paidAmountE2: row.paidE2,
          lateExtraE2: row.lateExtraE2,
        })),
      ),
    )
    .returning({ id: s.feeInstallments.id });

  const admin = people.admins[0]!.userId;
  const flat = inscriptions.flatMap((ins, i) =>
    plans[i]!.map((plan, payment) => ({ ins, plan, fee: fees[i]!.id, i, payment })),
  );
  if (flat.length === 0) return;
  const paymentRows = await db
    .insert(s.payments)
    .values(
      flat.map(({ ins, plan, fee }, n) => ({
        studentId: ins.student.id,
        periodId: academics.currentPeriodId,
        feeId: fee,
        title: plan.title,
        status: plan.status,
        type: plan.type,
        fromReport: plan.fromReport,
        date: plan.date,
        amountE2: plan.amountE2,
        // Unique per method (one transfer is reported once): a step wider than the random part.
        receiptNumber: plan.type === 1 ? null : String(40_000_000 + n * 10_007 + random.int(0, 9_999)),
        createdByUserId: plan.fromReport ? ins.student.userId : admin,
        // Reported (or taken at the desk) on the day it was paid, 10:00 in Caracas; reviewed an hour later.
        createdAt: new Date(`${plan.date}T14:00:00Z`),
        updatedAt: new Date(`${plan.date}T14:00:00Z`),
        reviewedByUserId: plan.status === 1 ? null : admin,
        reviewedAt: plan.status === 1 ? null : new Date(`${plan.date}T15:00:00Z`),
      })),
    )
    .returning({ id: s.payments.id });
  const paymentIndex = new Map(flat.map((f, n) => [`${f.i}:${f.payment}`, paymentRows[n]!.id]));
  const allocations = outcomes.flatMap((outcome, i) =>
    outcome.allocations.map((a) => ({
      paymentId: paymentIndex.get(`${i}:${a.payment}`)!,
      feeInstallmentId: installmentRows[i * dates.length + a.installment]!.id,
      amountE2: a.amountE2,
    })),
  );
  if (allocations.length > 0) await db.insert(s.paymentAllocations).values(allocations);
}

/** The payments of one demo case, oldest first. */
function planFor(kind: MoneyCase, dates: string[], today: string, random: Random): PaymentPlan[] {
  const installment = (
    k: number,
    date: string,
    amountE2 = INSTALLMENT_E2,
    type = random.pick(installmentMethods),
  ) => ({
    status: 2 as const,
    type,
    fromReport: type !== 1,
    date,
    amountE2,
    title: amountE2 < INSTALLMENT_E2 ? `Abono a la cuota ${k + 1}` : `Cuota ${k + 1}`,
  });
  const report = (status: 1 | 3, k: number, date: string): PaymentPlan => ({
    status,
    type: random.pick([2, 3, 5]),
    fromReport: true,
    date,
    amountE2: INSTALLMENT_E2,
    title: `Cuota ${k + 1}`,
  });
  const firstOnTime = installment(0, day.add(dates[0]!, 1));
  switch (kind) {
    case "up to date":
      // The second one paid on its last day of grace: no extra.
      return [firstOnTime, installment(1, day.add(dates[1]!, 5))];
    case "late":
      return [installment(0, day.add(dates[0]!, 2), INSTALLMENT_E2, 1)];
    case "partly paid":
      // A part of the second installment paid after its grace: the late extra is charged then, once.
      return [firstOnTime, installment(1, day.add(today, -3), 5_000)];
    case "rejected report":
      return [firstOnTime, report(3, 1, day.add(dates[1]!, 2))];
    case "report waiting":
      return [firstOnTime, installment(1, day.add(dates[1]!, 1)), report(1, 2, day.add(today, -1))];
    case "fully paid":
      return [
        {
          status: 2,
          type: random.pick(fullMethods),
          fromReport: false,
          date: day.add(dates[0]!, 1),
          amountE2: INSTALLMENT_E2 * dates.length,
          title: "Pago completo",
        },
      ];
  }
}
