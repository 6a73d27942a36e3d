import { asc, eq, inArray, sql } from "drizzle-orm";
import {
  type CreatePriceSettingInput,
  installmentDateErrors,
  type PriceSettingUpdateResult,
  type UpdatePriceSettingInput,
} from "../../../common/schemas/price-settings.js";
import type { AuditContext, AuditValues } from "../../audit/record.js";
import { recordAudit } from "../../audit/record.js";
import type { DbOrTx } from "../../db/client.js";
import {
  feeInstallments,
  periodPriceInstallments,
  periodPriceSettings,
  periods,
  studentPeriodFees,
} from "../../db/schema/index.js";
import { isUniqueViolation } from "../../http/db-errors.js";
import { notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate } from "../../http/pagination.js";
import { validationError } from "../../http/validation.js";

export type PriceSettingRow = typeof periodPriceSettings.$inferSelect & {
  period: { id: number; year: number; number: number; startDate: string; endDate: string };
  installments: { id: number; date: string; amountE2: number }[];
  feesCount: number;
  paidFeesCount: number;
};

export const priceSettingSortable = ["id", "created_at"] as const;
export type PriceSettingListParams = ListParams<(typeof priceSettingSortable)[number]>;

/** A fee with money in: something paid on an installment, or credit kept. */
const feeHasMoney = sql`(${studentPeriodFees.creditE2} > 0 or exists (
  select 1 from ${feeInstallments}
  where ${feeInstallments.feeId} = ${studentPeriodFees.id} and ${feeInstallments.paidAmountE2} > 0))`;

const feesCount = sql<number>`(select count(*) from ${studentPeriodFees}
  where ${studentPeriodFees.priceSettingId} = ${periodPriceSettings.id})`.mapWith(Number);
const paidFeesCount = sql<number>`(select count(*) from ${studentPeriodFees}
  where ${studentPeriodFees.priceSettingId} = ${periodPriceSettings.id} and ${feeHasMoney})`.mapWith(Number);

function selectSettings(db: DbOrTx) {
  return db
    .select({
      setting: periodPriceSettings,
      period: {
        id: periods.id,
        year: periods.year,
        number: periods.number,
        startDate: periods.startDate,
        endDate: periods.endDate,
      },
      feesCount,
      paidFeesCount,
    })
    .from(periodPriceSettings)
    .innerJoin(periods, eq(periods.id, periodPriceSettings.periodId));
}

type SelectedSetting = Awaited<ReturnType<ReturnType<typeof selectSettings>["execute"]>>[number];

async function withInstallments(db: DbOrTx, rows: SelectedSetting[]): Promise<PriceSettingRow[]> {
  const ids = rows.map((r) => r.setting.id);
  const installments = ids.length
    ? await db
        .select()
        .from(periodPriceInstallments)
        .where(inArray(periodPriceInstallments.priceSettingId, ids))
        .orderBy(asc(periodPriceInstallments.date), asc(periodPriceInstallments.id))
    : [];
  return rows.map((r) => ({
    ...r.setting,
    period: r.period,
    feesCount: r.feesCount,
    paidFeesCount: r.paidFeesCount,
    installments: installments
      .filter((i) => i.priceSettingId === r.setting.id)
      .map((i) => ({ id: i.id, date: i.date, amountE2: i.amountE2 })),
  }));
}

async function assertPeriod(db: DbOrTx, periodId: number): Promise<{ start_date: string; end_date: string }> {
  const [row] = await db
    .select({ start_date: periods.startDate, end_date: periods.endDate })
    .from(periods)
    .where(eq(periods.id, periodId));
  if (!row) throw notFound("period_not_found");
  return row;
}

/** Installments fall inside their period (from some days before its start to its end): else a 422 per date. */
function assertInstallmentDates(
  installments: readonly { date: string }[],
  period: { start_date: string; end_date: string },
): void {
  const errors = installmentDateErrors(installments, period);
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** GET /periods/{id}/price-settings: the period's settings (one at most), a page at a time. */
export async function listPriceSettings(opts: {
  db: DbOrTx;
  periodId: number;
  list: PriceSettingListParams;
}): Promise<Page<PriceSettingRow>> {
  const { db } = opts;
  await assertPeriod(db, opts.periodId);
  const page = await paginate({
    db,
    query: selectSettings(db).where(eq(periodPriceSettings.periodId, opts.periodId)).$dynamic(),
    list: opts.list,
    sortColumns: { id: periodPriceSettings.id, created_at: periodPriceSettings.createdAt },
    tieBreaker: periodPriceSettings.id,
  });
  return { rows: await withInstallments(db, page.rows), meta: page.meta };
}

export async function getPriceSetting(opts: { db: DbOrTx; id: number }): Promise<PriceSettingRow> {
  const rows = await selectSettings(opts.db).where(eq(periodPriceSettings.id, opts.id));
  const [row] = await withInstallments(opts.db, rows);
  if (!row) throw notFound();
  return row;
}

/** What the audit log keeps of a setting. */
function snapshot(
  setting: typeof periodPriceSettings.$inferSelect,
  installments: { date: string; amountE2: number }[],
): AuditValues {
  return {
    period_id: setting.periodId,
    installments: installments.map((i) => ({ date: i.date, amount_e2: i.amountE2 })),
    installment_payment_methods: setting.installmentPaymentMethods,
    full_payment_methods: setting.fullPaymentMethods,
    installment_grace_period_days: setting.installmentGracePeriodDays,
    late_installment_extra_e2: setting.lateInstallmentExtraE2,
  };
}

/** Only the keys whose values differ, as `[old, new]`. */
function changedOnly(before: AuditValues, after: AuditValues): [AuditValues, AuditValues] {
  const oldValues: AuditValues = {};
  const newValues: AuditValues = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      oldValues[key] = before[key];
      newValues[key] = after[key];
    }
  }
  return [oldValues, newValues];
}

const sortedDates = <T extends { date: string }>(list: readonly T[]) =>
  [...list].sort((a, b) => a.date.localeCompare(b.date));
const sortedMethods = (list: readonly number[]) => [...list].sort((a, b) => a - b);

/** POST /period-price-settings: one setting per period (`period_price_setting_already_exists`). */
export async function createPriceSetting(opts: {
  db: DbOrTx;
  input: CreatePriceSettingInput;
  audit: AuditContext;
}): Promise<PriceSettingRow> {
  const { db, input } = opts;
  let id = 0;
  try {
    await db.transaction(async (tx) => {
      assertInstallmentDates(input.installments, await assertPeriod(tx, input.period_id));
      const [setting] = await tx
        .insert(periodPriceSettings)
        .values({
          periodId: input.period_id,
          installmentPaymentMethods: sortedMethods(input.installment_payment_methods),
          fullPaymentMethods: sortedMethods(input.full_payment_methods),
          installmentGracePeriodDays: input.installment_grace_period_days,
          lateInstallmentExtraE2: input.late_installment_extra_e2,
        })
        .returning();
      const installments = sortedDates(input.installments).map((i) => ({
        date: i.date,
        amountE2: i.amount_e2,
      }));
      await tx
        .insert(periodPriceInstallments)
        .values(installments.map((i) => ({ priceSettingId: setting!.id, ...i })));
      await recordAudit(tx, {
        ...opts.audit,
        action: "price_setting.created",
        entityType: "price_setting",
        entityId: setting!.id,
        newValues: snapshot(setting!, installments),
      });
      id = setting!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, "period_price_settings_period_unique"))
      throw refuse("period_price_setting_already_exists");
    throw error;
  }
  return getPriceSetting({ db, id });
}

/**
 * PATCH /period-price-settings/{id}. A setting already copied into students' fees is not rewritten under
 * them silently: `apply_to_unpaid_fees` must say what to do (`price_setting_fees_choice_required`). True
 * rewrites, in this same transaction, every fee of the setting that has no money in yet (each fee row
 * locked first, so a payment being approved meanwhile is either seen or waits); fees with money in are
 * left as they are and counted.
 */
export async function updatePriceSetting(opts: {
  db: DbOrTx;
  id: number;
  input: UpdatePriceSettingInput;
  audit: AuditContext;
}): Promise<{ setting: PriceSettingRow; result: PriceSettingUpdateResult }> {
  const { db, input } = opts;
  const result = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(periodPriceSettings)
      .where(eq(periodPriceSettings.id, opts.id))
      .for("update");
    if (!before) throw notFound();
    if (input.installments)
      assertInstallmentDates(input.installments, await assertPeriod(tx, before.periodId));
    const oldInstallments = await tx
      .select({ date: periodPriceInstallments.date, amountE2: periodPriceInstallments.amountE2 })
      .from(periodPriceInstallments)
      .where(eq(periodPriceInstallments.priceSettingId, opts.id))
      .orderBy(asc(periodPriceInstallments.date));
    // Lock the fees first (in id order, like every writer of a fee), then look at their money in a new
    // statement: under READ COMMITTED only a statement started after the locks were granted sees what a
    // payment approved meanwhile wrote on the installments (a subquery of the locking statement would not).
    const locked = await tx
      .select({ id: studentPeriodFees.id })
      .from(studentPeriodFees)
      .where(eq(studentPeriodFees.priceSettingId, opts.id))
      .orderBy(asc(studentPeriodFees.id))
      .for("update");
    const fees = locked.length
      ? await tx
          .select({ id: studentPeriodFees.id, hasMoney: sql<boolean>`${feeHasMoney}` })
          .from(studentPeriodFees)
          .where(
            inArray(
              studentPeriodFees.id,
              locked.map((f) => f.id),
            ),
          )
      : [];
    if (fees.length > 0 && input.apply_to_unpaid_fees === undefined)
      throw refuse("price_setting_fees_choice_required");

    const [after] = await tx
      .update(periodPriceSettings)
      .set({
        installmentPaymentMethods:
          input.installment_payment_methods && sortedMethods(input.installment_payment_methods),
        fullPaymentMethods: input.full_payment_methods && sortedMethods(input.full_payment_methods),
        installmentGracePeriodDays: input.installment_grace_period_days,
        lateInstallmentExtraE2: input.late_installment_extra_e2,
        updatedAt: new Date(),
      })
      .where(eq(periodPriceSettings.id, opts.id))
      .returning();
    const newInstallments = input.installments
      ? sortedDates(input.installments).map((i) => ({ date: i.date, amountE2: i.amount_e2 }))
      : oldInstallments;
    if (input.installments) {
      await tx.delete(periodPriceInstallments).where(eq(periodPriceInstallments.priceSettingId, opts.id));
      await tx
        .insert(periodPriceInstallments)
        .values(newInstallments.map((i) => ({ priceSettingId: opts.id, ...i })));
    }

    const unpaid = input.apply_to_unpaid_fees ? fees.filter((f) => !f.hasMoney).map((f) => f.id) : [];
    if (unpaid.length > 0) {
      await tx
        .update(studentPeriodFees)
        .set({
          installmentPaymentMethods: after!.installmentPaymentMethods,
          fullPaymentMethods: after!.fullPaymentMethods,
          installmentGracePeriodDays: after!.installmentGracePeriodDays,
          lateInstallmentExtraE2: after!.lateInstallmentExtraE2,
          updatedAt: new Date(),
        })
        .where(inArray(studentPeriodFees.id, unpaid));
      if (input.installments) {
        // Nothing was paid on these fees, so no allocation points at their installments.
        await tx.delete(feeInstallments).where(inArray(feeInstallments.feeId, unpaid));
        await tx
          .insert(feeInstallments)
          .values(unpaid.flatMap((feeId) => newInstallments.map((i) => ({ feeId, ...i }))));
      }
    }
    const outcome = { fees_updated: unpaid.length, fees_kept: fees.length - unpaid.length };
    const [oldValues, newValues] = changedOnly(
      snapshot(before, oldInstallments),
      snapshot(after!, newInstallments),
    );
    await recordAudit(tx, {
      ...opts.audit,
      action: "price_setting.updated",
      entityType: "price_setting",
      entityId: opts.id,
      oldValues,
      newValues: {
        ...newValues,
        ...(fees.length > 0 ? { apply_to_unpaid_fees: input.apply_to_unpaid_fees, ...outcome } : {}),
      },
    });
    return outcome;
  });
  return { setting: await getPriceSetting({ db, id: opts.id }), result };
}

/** DELETE /period-price-settings/{id}: refused once students' fees were copied from it (`price_setting_has_fees`). */
export async function deletePriceSetting(opts: {
  db: DbOrTx;
  id: number;
  audit: AuditContext;
}): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const [setting] = await tx
      .select()
      .from(periodPriceSettings)
      .where(eq(periodPriceSettings.id, opts.id))
      .for("update");
    if (!setting) throw notFound();
    const [used] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(studentPeriodFees)
      .where(eq(studentPeriodFees.priceSettingId, opts.id));
    if (used && used.count > 0)
      throw refuse(
        "price_setting_has_fees",
        `La configuración ya se copió en las cuotas de ${used.count} estudiante(s) y no puede eliminarse.`,
      );
    const installments = await tx
      .select({ date: periodPriceInstallments.date, amountE2: periodPriceInstallments.amountE2 })
      .from(periodPriceInstallments)
      .where(eq(periodPriceInstallments.priceSettingId, opts.id))
      .orderBy(asc(periodPriceInstallments.date));
    await tx.delete(periodPriceSettings).where(eq(periodPriceSettings.id, opts.id));
    await recordAudit(tx, {
      ...opts.audit,
      action: "price_setting.deleted",
      entityType: "price_setting",
      entityId: opts.id,
      oldValues: snapshot(setting, installments),
    });
  });
}
