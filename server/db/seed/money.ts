import type { DbOrTx } from "../client.js";
import * as s from "../schema/index.js";
import type { SeededAcademics } from "./academics.js";
import type { SeededInscription } from "./enrolment.js";
import type { SeededPeople } from "./people.js";
import { day, type Random } from "./random.js";

const INSTALLMENT_E2 = 4000;
const INSTALLMENTS = 5;
const installmentMethods = [1, 2, 3, 5];
const fullMethods = [2, 3, 5];

type PaymentPlan = {
  status: 1 | 2 | 3;
  type: number;
  fromReport: boolean;
  date: string;
  amountE2: number;
  title: string;
  /** Installment index → amount, for approved payments. */
  allocations: [number, number][];
};

/**
 * The current period's price setting, every student's fee copied from it, and payments in every
 * status: approved ones allocated over the installments, pending and rejected reports without.
 */
export async function seedMoney(
  db: DbOrTx,
  random: Random,
  academics: SeededAcademics,
  people: SeededPeople,
  inscriptions: SeededInscription[],
  today: string,
  now: Date,
) {
  const start = academics.currentPeriod.startDate;
  const dates = Array.from({ length: INSTALLMENTS }, (_, k) => day.add(start, 21 * k));
  const rules = {
    installmentPaymentMethods: installmentMethods,
    fullPaymentMethods: fullMethods,
    installmentGracePeriodDays: 5,
    lateInstallmentExtraE2: 500,
  };
  const [setting] = await db
    .insert(s.periodPriceSettings)
    .values({ periodId: academics.currentPeriodId, ...rules })
    .returning({ id: s.periodPriceSettings.id });
  await db
    .insert(s.periodPriceInstallments)
    .values(dates.map((date) => ({ priceSettingId: setting!.id, date, amountE2: INSTALLMENT_E2 })));

  const plans = inscriptions.map((_, i) => planFor(i, dates, today, random));
  const fees = await db
    .insert(s.studentPeriodFees)
    .values(
      inscriptions.map((ins, i) => ({
        studentId: ins.student.id,
        periodId: academics.currentPeriodId,
        inscriptionId: ins.id,
        priceSettingId: setting!.id,
        ...rules,
        completedAt: plans[i]!.some((p) => p.title === "Pago completo") ? now : null,
      })),
    )
    .returning({ id: s.studentPeriodFees.id });

  const installmentRows = await db
    .insert(s.feeInstallments)
    .values(
      fees.flatMap((fee, i) => {
        const paid = new Array<number>(INSTALLMENTS).fill(0);
        for (const p of plans[i]!) for (const [k, amount] of p.allocations) paid[k]! += amount;
        return dates.map((date, k) => ({
          feeId: fee.id,
          date,
          amountE2: INSTALLMENT_E2,
          paidAmountE2: paid[k]!,
        }));
      }),
    )
    .returning({ id: s.feeInstallments.id });

  const admin = people.admins[0]!.userId;
  const flat = inscriptions.flatMap((ins, i) =>
    plans[i]!.map((plan) => ({ ins, plan, fee: fees[i]!.id, i })),
  );
  if (flat.length === 0) return;
  const paymentRows = await db
    .insert(s.payments)
    .values(
      flat.map(({ ins, plan, fee }) => ({
        studentId: ins.student.id,
        periodId: academics.currentPeriodId,
        feeId: fee,
        title: plan.title,
        status: plan.status,
        type: plan.type,
        fromReport: plan.fromReport,
        date: plan.date,
        amountE2: plan.amountE2,
        receiptNumber: plan.type === 1 ? null : String(random.int(10_000_000, 999_999_999)),
        createdByUserId: plan.fromReport ? ins.student.userId : admin,
        reviewedByUserId: plan.status === 1 ? null : admin,
        reviewedAt: plan.status === 1 ? null : new Date(`${plan.date}T15:00:00Z`),
      })),
    )
    .returning({ id: s.payments.id });
  const allocations = flat.flatMap(({ plan, i }, n) =>
    plan.allocations.map(([k, amountE2]) => ({
      paymentId: paymentRows[n]!.id,
      feeInstallmentId: installmentRows[i * INSTALLMENTS + k]!.id,
      amountE2,
    })),
  );
  await db.insert(s.paymentAllocations).values(allocations);
}

/** A deterministic mix of payment histories, by position. */
function planFor(i: number, dates: string[], today: string, random: Random): PaymentPlan[] {
  const approved = (k: number[], type = random.pick(installmentMethods)): PaymentPlan => ({
    status: 2,
    type,
    fromReport: type !== 1,
    date: day.add(dates[k[0]!]!, 1),
    amountE2: INSTALLMENT_E2 * k.length,
    title: k.length === 1 ? `Cuota ${k[0]! + 1}` : `Cuotas ${k.map((x) => x + 1).join(" y ")}`,
    allocations: k.map((x) => [x, INSTALLMENT_E2]),
  });
  const report = (status: 1 | 3, k: number, date: string): PaymentPlan => ({
    status,
    type: random.pick([2, 3, 5]),
    fromReport: true,
    date,
    amountE2: INSTALLMENT_E2,
    title: `Cuota ${k + 1}`,
    allocations: [],
  });
  switch (i % 6) {
    case 0:
      return [];
    case 1:
      return [approved([0]), report(1, 1, day.add(today, -1))];
    case 2:
      return [approved([0, 1])];
    case 3:
      return [approved([0]), report(3, 1, day.add(dates[1]!, 2))];
    case 4:
      return [
        {
          status: 2,
          type: random.pick(fullMethods),
          fromReport: false,
          date: day.add(dates[0]!, 1),
          amountE2: INSTALLMENT_E2 * INSTALLMENTS,
          title: "Pago completo",
          allocations: dates.map((_, k) => [k, INSTALLMENT_E2]),
        },
      ];
    default:
      return [approved([0], 1), approved([1]), report(1, 2, today)];
  }
}
