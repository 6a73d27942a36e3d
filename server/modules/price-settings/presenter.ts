import { formatAmount } from "../../../common/money/fees.js";
import { periodName } from "../../../common/schemas/periods.js";
import type { PriceSetting } from "../../../common/schemas/price-settings.js";
import { type CsvColumn, money } from "../../http/csv.js";
import { paymentMethodNames } from "./methods.js";
import type { PriceSettingRow } from "./service.js";

/** A price setting as the API shows it (snake_case, amounts in hundredths). */
export function presentPriceSetting(row: PriceSettingRow): PriceSetting {
  return {
    id: row.id,
    period_id: row.periodId,
    period: {
      id: row.period.id,
      year: row.period.year,
      number: row.period.number,
      name: periodName(row.period),
      start_date: row.period.startDate,
      end_date: row.period.endDate,
    },
    installments: row.installments.map((i) => ({
      id: i.id,
      date: i.date,
      amount_e2: i.amountE2,
      amount_string: formatAmount(i.amountE2),
    })),
    installment_payment_methods: row.installmentPaymentMethods,
    full_payment_methods: row.fullPaymentMethods,
    installment_grace_period_days: row.installmentGracePeriodDays,
    late_installment_extra_e2: row.lateInstallmentExtraE2,
    total_e2: row.installments.reduce((sum, i) => sum + i.amountE2, 0),
    fees_count: row.feesCount,
    paid_fees_count: row.paidFeesCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The period's price settings as a CSV file (`GET /periods/{id}/price-settings?format=csv`). */
export const priceSettingCsvColumns: CsvColumn<PriceSettingRow>[] = [
  { header: "Período", value: (r) => periodName(r.period) },
  { header: "Cuotas", value: (r) => r.installments.length },
  {
    header: "Fechas y montos",
    value: (r) => r.installments.map((i) => `${i.date}: ${formatAmount(i.amountE2)}`).join("; "),
  },
  { header: "Total", value: (r) => money(r.installments.reduce((sum, i) => sum + i.amountE2, 0)) },
  { header: "Métodos por cuota", value: (r) => paymentMethodNames(r.installmentPaymentMethods) },
  { header: "Métodos de pago completo", value: (r) => paymentMethodNames(r.fullPaymentMethods) },
  { header: "Días de gracia", value: (r) => r.installmentGracePeriodDays },
  { header: "Recargo por atraso", value: (r) => money(r.lateInstallmentExtraE2) },
  { header: "Cuotas de estudiantes", value: (r) => r.feesCount },
];
