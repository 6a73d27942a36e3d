import { DateInput, type DateInputProps } from "@mantine/dates";
import { useTranslation } from "react-i18next";
// dayjs in the interface language: the calendar's month and day names in Spanish.
import "../../i18n/dayjs";

/**
 * A typed date as `YYYY-MM-DD`: "11/10/2026" (DD/MM/YYYY, also with "-" or "." and one-digit day or
 * month) or "2026-10-11"; null for anything else, an incomplete year or a day that does not exist
 * ("31/02/2026"). Strict on purpose: the date picker's own parser reads "11/10/2" as 10 November 2002.
 */
export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const parts = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export type PaymentDateInputProps = Omit<
  DateInputProps,
  "value" | "onChange" | "valueFormat" | "dateParser" | "maxDate" | "minDate"
> & {
  /** `YYYY-MM-DD`, or "" for none. */
  value: string;
  onChange: (value: string) => void;
  /** The latest day allowed (`YYYY-MM-DD`): a payment is never dated in the future. */
  maxDate?: string;
  minDate?: string;
};

/**
 * A date of the money screens (the report wizard, the desk form, the payments list's date range, the price
 * setting's installments): the app's date picker (`@mantine/dates`), shown DD/MM/YYYY in Spanish whatever
 * the browser's language, kept as `YYYY-MM-DD`; days outside `minDate`–`maxDate` can be neither picked nor
 * typed.
 */
export function PaymentDateInput({ value, onChange, maxDate, minDate, ...props }: PaymentDateInputProps) {
  const { t } = useTranslation();
  return (
    <DateInput
      placeholder={t("paymentReport.datePlaceholder")}
      {...props}
      // The calendar passes the accessibility check: named arrows, no faded days of the months around,
      // no red weekends (both below the contrast ratio).
      ariaLabels={{
        previousMonth: t("paymentReport.calendar.previousMonth"),
        nextMonth: t("paymentReport.calendar.nextMonth"),
        previousYear: t("paymentReport.calendar.previousYear"),
        nextYear: t("paymentReport.calendar.nextYear"),
        previousDecade: t("paymentReport.calendar.previousDecade"),
        nextDecade: t("paymentReport.calendar.nextDecade"),
      }}
      hideOutsideDates
      weekendDays={[]}
      valueFormat={t("paymentReport.dateFormat")}
      dateParser={parseTypedDate}
      maxDate={maxDate}
      minDate={minDate}
      value={value || null}
      onChange={(next) => onChange(next ? String(next).slice(0, 10) : "")}
    />
  );
}
