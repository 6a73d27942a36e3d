import type { TFunction } from "i18next";
import { formatDate } from "../../../common/dates/format";
import { formatAmount, paymentMethods } from "../../../common/money/fees";
import type { PriceSetting } from "../../api/price-settings";
import type { DataTableColumn } from "../../components";

/** Method codes as their Spanish names ("Efectivo, Zelle"); "—" for none. */
export const methodNames = (codes: readonly number[]) =>
  codes.length === 0
    ? "—"
    : codes.map((code) => paymentMethods[code as keyof typeof paymentMethods] ?? String(code)).join(", ");

export function priceSettingColumns(t: TFunction): DataTableColumn<PriceSetting>[] {
  return [
    { accessor: "period.name", title: t("priceSettings.fields.period"), noWrap: true },
    {
      accessor: "installments",
      title: t("priceSettings.fields.installments"),
      render: (s) => s.installments.map((i) => `${formatDate(i.date)}: ${i.amount_string}`).join(" · "),
      minWidth: 220,
    },
    {
      accessor: "total_e2",
      title: t("priceSettings.fields.total"),
      textAlign: "right",
      noWrap: true,
      render: (s) => formatAmount(s.total_e2),
    },
    {
      accessor: "installment_payment_methods",
      title: t("priceSettings.fields.installment_payment_methods"),
      render: (s) => methodNames(s.installment_payment_methods),
    },
    {
      accessor: "full_payment_methods",
      title: t("priceSettings.fields.full_payment_methods"),
      render: (s) => methodNames(s.full_payment_methods),
    },
    {
      accessor: "installment_grace_period_days",
      title: t("priceSettings.fields.installment_grace_period_days"),
      textAlign: "right",
    },
    {
      accessor: "late_installment_extra_e2",
      title: t("priceSettings.fields.late_installment_extra_e2"),
      textAlign: "right",
      noWrap: true,
      render: (s) => formatAmount(s.late_installment_extra_e2),
    },
    { accessor: "fees_count", title: t("priceSettings.fields.fees_count"), textAlign: "right" },
  ];
}
