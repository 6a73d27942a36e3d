import { Group, Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isIsoDate } from "../../../common/dates/format";
import { paymentMethodCodes, paymentStatusCodes } from "../../../common/schemas/payments";
import type { PaymentFilters as Filters } from "../../api/payments";
import { usePeriods } from "../../api/periods";
import { PeriodSelector, StudentSearchSelect } from "../../components";
import { DateField } from "../../components/DateField/DateField";

export const paymentFilterKeys = [
  "period_id",
  "status",
  "type",
  "student_id",
  "date_from",
  "date_to",
] as const;

/** The list's filters from the URL (`?period_id=3&status=1…`). */
export function readPaymentFilters(searchParams: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const key of ["period_id", "status", "type", "student_id"] as const) {
    const value = Number(searchParams.get(key));
    if (Number.isInteger(value) && value > 0) filters[key] = value;
  }
  for (const key of ["date_from", "date_to"] as const) {
    const value = searchParams.get(key);
    if (value && /^\d{4}-\d{2}-\d{2}$/.test(value)) filters[key] = value;
  }
  return filters;
}

type Props = { value: Filters; onChange: (next: Filters) => void };

/** Period, status, method, student and a date range of the payments list. */
export function PaymentFilters({ value, onChange }: Props) {
  const { t } = useTranslation();
  const periods = usePeriods();
  const set = (patch: Partial<Filters>) => {
    const next = { ...value, ...patch };
    for (const key of paymentFilterKeys) if (next[key] === undefined || next[key] === "") delete next[key];
    onChange(next);
  };
  const numberOrUndefined = (v: string | null) => (v ? Number(v) : undefined);
  return (
    <Group gap="sm" align="flex-end">
      <PeriodSelector
        periods={periods.data}
        value={value.period_id ?? null}
        onChange={(id) => set({ period_id: id ?? undefined })}
        autoSelect={false}
        clearable
        placeholder={t("payments.filters.allPeriods")}
        w={150}
      />
      <Select
        label={t("payments.fields.status")}
        placeholder={t("payments.filters.allStatuses")}
        clearable
        w={150}
        data={paymentStatusCodes.map((s) => ({ value: String(s), label: t(`payments.status.${s}`) }))}
        value={value.status ? String(value.status) : null}
        onChange={(v) => set({ status: numberOrUndefined(v) })}
      />
      <Select
        label={t("payments.fields.type")}
        placeholder={t("payments.filters.allTypes")}
        clearable
        w={210}
        data={paymentMethodCodes.map((m) => ({ value: String(m), label: t(`paymentReport.methods.${m}`) }))}
        value={value.type ? String(value.type) : null}
        onChange={(v) => set({ type: numberOrUndefined(v) })}
      />
      {/* Controlled by the address: `?student_id=N` shows that student's name. */}
      <StudentSearchSelect
        label={t("payments.fields.student")}
        w={260}
        // Reachable with the keyboard, named and 28 px (Mantine hides it from both, at 22 px, by default).
        clearButtonProps={{
          "aria-label": t("payments.filters.clearStudent"),
          "aria-hidden": false,
          tabIndex: 0,
          size: "md",
        }}
        value={value.student_id ?? null}
        onChange={(s) => set({ student_id: s?.id })}
      />
      <DateField
        label={t("payments.filters.dateFrom")}
        clearable
        w={150}
        value={value.date_from ?? ""}
        maxDate={value.date_to}
        onChange={(date) => (date === "" || isIsoDate(date)) && set({ date_from: date || undefined })}
      />
      <DateField
        label={t("payments.filters.dateTo")}
        clearable
        w={150}
        value={value.date_to ?? ""}
        minDate={value.date_from}
        onChange={(date) => (date === "" || isIsoDate(date)) && set({ date_to: date || undefined })}
      />
    </Group>
  );
}
