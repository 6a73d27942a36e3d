import { z } from "zod";
import { addDays, paymentMethodCodes } from "../money/fees.js";

/**
 * Period price settings (spec.md §7 Periods): what a period costs, as installments (date, amount in
 * hundredths), the payment methods allowed per mode, grace days and the late extra. Every student's fee of
 * the period is a copy of it (made at inscription).
 *
 * Routes (access: spec.md §6):
 * - POST   /period-price-settings              admin
 * - GET    /periods/{id}/price-settings        admin, low admin (list; `format=csv`)
 * - GET    /period-price-settings/{id}         admin, low admin
 * - PATCH  /period-price-settings/{id}         admin (`apply_to_unpaid_fees` required once fees were copied)
 * - DELETE /period-price-settings/{id}         admin (refused with `price_setting_has_fees`)
 */

/** The largest amount of one installment or of the late extra: 10.000.000,00. */
export const MAX_AMOUNT_E2 = 1_000_000_000;
export const MAX_INSTALLMENTS = 24;
export const MAX_GRACE_DAYS = 365;

/**
 * How many days before its period begins an installment may fall (an inscription fee charged while
 * students enrol, which in the demo and at a real school happens in the weeks before classes start).
 * Installments fall from then to the period's last day (docs/DOMAIN.md "Money").
 */
export const INSTALLMENT_DAYS_BEFORE_PERIOD = 30;

/** The first and last day an installment of the period may fall on (`YYYY-MM-DD`). */
export function installmentDateRange(period: { start_date: string; end_date: string }): {
  min: string;
  max: string;
} {
  return { min: addDays(period.start_date, -INSTALLMENT_DAYS_BEFORE_PERIOD), max: period.end_date };
}

const dayMonthYear = (date: string) => date.split("-").reverse().join("/");

/**
 * The 422 errors of installments dated outside their period's range, keyed `installments.{n}.date` like the
 * form's inputs (empty when every date fits). Written once for the server and the form.
 */
export function installmentDateErrors(
  installments: readonly { date: string }[],
  period: { start_date: string; end_date: string },
): Record<string, string[]> {
  const { min, max } = installmentDateRange(period);
  const errors: Record<string, string[]> = {};
  installments.forEach((installment, n) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(installment.date)) return;
    if (installment.date < min || installment.date > max) {
      errors[`installments.${n}.date`] = [
        `La fecha debe estar entre el ${dayMonthYear(min)} y el ${dayMonthYear(max)}: desde ${INSTALLMENT_DAYS_BEFORE_PERIOD} días antes del inicio del período hasta su fin.`,
      ];
    }
  });
  return errors;
}

const amountE2 = z.number().int().min(1).max(MAX_AMOUNT_E2);
const methodList = z
  .array(z.union(paymentMethodCodes.map((code) => z.literal(code))))
  .max(5)
  .refine((list) => new Set(list).size === list.length, { message: "Hay métodos de pago repetidos." });

export const priceInstallmentInputSchema = z.object({
  date: z.iso.date(),
  amount_e2: amountE2.describe("Monto en centésimas (monto × 100)."),
});

const installmentList = z
  .array(priceInstallmentInputSchema)
  .min(1)
  .max(MAX_INSTALLMENTS)
  .refine((list) => new Set(list.map((i) => i.date)).size === list.length, {
    message: "Dos cuotas no pueden tener la misma fecha.",
  });

const fields = {
  installments: installmentList,
  installment_payment_methods: methodList.min(1),
  full_payment_methods: methodList,
  installment_grace_period_days: z.number().int().min(0).max(MAX_GRACE_DAYS),
  late_installment_extra_e2: z.number().int().min(0).max(MAX_AMOUNT_E2),
};

/** POST /period-price-settings. */
export const createPriceSettingSchema = z.object({
  period_id: z.number().int().min(1),
  ...fields,
  installment_grace_period_days: fields.installment_grace_period_days.default(0),
  late_installment_extra_e2: fields.late_installment_extra_e2.default(0),
});
export type CreatePriceSettingInput = z.output<typeof createPriceSettingSchema>;

/**
 * PATCH /period-price-settings/{id}: only the fields sent change; `installments` replaces the whole list.
 * Once students' fees were copied from the setting, `apply_to_unpaid_fees` is required: true also rewrites
 * the fees nothing was paid on yet; false changes only the setting (for fees made from now on).
 */
export const updatePriceSettingSchema = z.object({
  installments: fields.installments.optional(),
  installment_payment_methods: fields.installment_payment_methods.optional(),
  full_payment_methods: fields.full_payment_methods.optional(),
  installment_grace_period_days: fields.installment_grace_period_days.optional(),
  late_installment_extra_e2: fields.late_installment_extra_e2.optional(),
  apply_to_unpaid_fees: z.boolean().optional(),
});
export type UpdatePriceSettingInput = z.output<typeof updatePriceSettingSchema>;

export const priceSettingSchema = z.object({
  id: z.number().int(),
  period_id: z.number().int(),
  period: z.object({
    id: z.number().int(),
    year: z.number().int(),
    number: z.number().int(),
    name: z.string(),
    start_date: z.string(),
    end_date: z.string(),
  }),
  installments: z.array(
    z.object({
      id: z.number().int(),
      date: z.string(),
      amount_e2: z.number().int(),
      amount_string: z.string(),
    }),
  ),
  installment_payment_methods: z.array(z.number().int()),
  full_payment_methods: z.array(z.number().int()),
  installment_grace_period_days: z.number().int(),
  late_installment_extra_e2: z.number().int(),
  total_e2: z.number().int().describe("Suma de las cuotas, en centésimas."),
  fees_count: z.number().int().describe("Cuotas de estudiantes copiadas de esta configuración."),
  paid_fees_count: z.number().int().describe("De ellas, las que ya tienen dinero abonado."),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PriceSetting = z.infer<typeof priceSettingSchema>;

/** What a PATCH did to the students' fees copied from the setting. */
export const priceSettingUpdateResultSchema = z.object({
  fees_updated: z.number().int().describe("Cuotas sin pagos reescritas con la nueva configuración."),
  fees_kept: z
    .number()
    .int()
    .describe("Cuotas que se dejaron como estaban (con dinero abonado, o sin aplicar)."),
});
export type PriceSettingUpdateResult = z.infer<typeof priceSettingUpdateResultSchema>;
