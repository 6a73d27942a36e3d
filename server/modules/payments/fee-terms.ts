import { and, eq } from "drizzle-orm";
import type { FeeTerms, InstallmentState } from "../../../common/money/fees.js";
import { dateIn } from "../../clock.js";
import type { DbOrTx } from "../../db/client.js";
import { type feeInstallments, inscriptions, type studentPeriodFees } from "../../db/schema/index.js";

type FeeRecord = Pick<
  typeof studentPeriodFees.$inferSelect,
  "installmentGracePeriodDays" | "lateInstallmentExtraE2"
>;

/**
 * The day a student was inscribed in a period: the inscription's creation instant (`created_at`) read as a
 * calendar day in the school's time zone. Null without an inscription (a fee made by hand).
 */
export function inscriptionDay(createdAt: Date | null | undefined, timeZone: string): string | null {
  return createdAt ? dateIn(timeZone, createdAt) : null;
}

/** The creation instant of the student's inscription in the period, or null. */
export async function inscriptionCreatedAt(
  db: DbOrTx,
  where: { studentId: number; periodId: number },
): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: inscriptions.createdAt })
    .from(inscriptions)
    .where(and(eq(inscriptions.studentId, where.studentId), eq(inscriptions.periodId, where.periodId)));
  return row?.createdAt ?? null;
}

/** The terms the shared money maths needs: the fee's grace days and late extra, and the inscription day. */
export const feeTermsOf = (fee: FeeRecord, inscribedOn: string | null): FeeTerms => ({
  graceDays: fee.installmentGracePeriodDays,
  lateExtraE2: fee.lateInstallmentExtraE2,
  inscribedOn,
});

/** A stored installment as the money maths reads it. */
export const installmentStateOf = (i: typeof feeInstallments.$inferSelect): InstallmentState => ({
  id: i.id,
  date: i.date,
  amountE2: i.amountE2,
  paidE2: i.paidAmountE2,
  lateExtraE2: i.lateExtraE2,
});
