import { DateInput, type DateInputProps } from "@mantine/dates";
import { type FocusEvent, type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, isIsoDate, parseTypedDate } from "../../../common/dates/format";
// dayjs in the interface language: the calendar's month and day names in Spanish.
import "../../i18n/dayjs";

export type DateFieldProps = Omit<
  DateInputProps,
  "value" | "defaultValue" | "onChange" | "valueFormat" | "dateParser" | "maxDate" | "minDate" | "fixOnBlur"
> & {
  /** `YYYY-MM-DD`; "" or null for none; or the text of a typed date that could not be read. */
  value?: string | null;
  /**
   * `YYYY-MM-DD` for a date, "" for none, and the typed text itself for a date that cannot be read or
   * falls outside `minDate`–`maxDate`: that text fails the form's date schema, so the form cannot be sent.
   */
  onChange: (value: string) => void;
  /** The first and last days allowed (`YYYY-MM-DD`): others can be neither picked nor typed. */
  minDate?: string;
  maxDate?: string;
};

type Problem = "invalid" | "beforeMin" | "afterMax" | null;

/** Why a typed text is not a usable date, or null when it is one (or empty). */
function problemOf(text: string, minDate?: string, maxDate?: string): { iso: string; problem: Problem } {
  if (text.trim() === "") return { iso: "", problem: null };
  const iso = parseTypedDate(text);
  if (!iso) return { iso: "", problem: "invalid" };
  if (minDate && iso < minDate) return { iso: "", problem: "beforeMin" };
  if (maxDate && iso > maxDate) return { iso: "", problem: "afterMax" };
  return { iso, problem: null };
}

/**
 * The app's one date field: DD/MM/AAAA typed or picked from a Spanish calendar, whatever the browser's
 * language, kept as `YYYY-MM-DD`. A typed text that is not a date (31/02/2027, a two-digit year, month
 * first) stays in the field with an error under it and reaches the form as is, so it can be neither
 * saved nor silently replaced by another date.
 */
export function DateField({ value, onChange, minDate, maxDate, onBlur, error, ...props }: DateFieldProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<Problem>(null);
  const [blurred, setBlurred] = useState(false);
  // Mantine's field keeps its own text: it is rebuilt (new key) when the value changes from outside
  // (a form reset, another record), never while the person types.
  const seen = useRef({ value, emitted: value, generation: 0 });
  if (value !== seen.current.value) {
    if (value !== seen.current.emitted) {
      seen.current.generation += 1;
      if (problem) setProblem(null);
    }
    seen.current.value = value;
  }

  const emit = (next: string) => {
    seen.current.emitted = next;
    if (next !== value) onChange(next);
  };

  const onInput = (event: FormEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    const read = problemOf(text, minDate, maxDate);
    setProblem(read.problem);
    emit(read.problem ? text : read.iso);
  };

  const shownError =
    problem && (blurred || error)
      ? t(`dateField.${problem}`, { min: formatDate(minDate), max: formatDate(maxDate) })
      : error;

  return (
    <DateInput
      key={seen.current.generation}
      placeholder={t("dateField.placeholder")}
      {...props}
      // The calendar passes the accessibility check: named arrows, no faded days of the months around,
      // no red weekends (both below the contrast ratio).
      ariaLabels={{
        previousMonth: t("dateField.calendar.previousMonth"),
        nextMonth: t("dateField.calendar.nextMonth"),
        previousYear: t("dateField.calendar.previousYear"),
        nextYear: t("dateField.calendar.nextYear"),
        previousDecade: t("dateField.calendar.previousDecade"),
        nextDecade: t("dateField.calendar.nextDecade"),
      }}
      hideOutsideDates
      weekendDays={[]}
      valueFormat="DD/MM/YYYY"
      dateParser={(text) => problemOf(text, minDate, maxDate).iso || null}
      // A readable date is rewritten as DD/MM/AAAA on leaving the field; an unreadable one stays as typed.
      fixOnBlur={!problem}
      minDate={minDate}
      maxDate={maxDate}
      value={value && isIsoDate(value) ? value : null}
      onInput={onInput}
      onChange={(next) => {
        setProblem(null);
        emit(next ? String(next).slice(0, 10) : "");
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setBlurred(true);
        onBlur?.(event);
      }}
      error={shownError}
    />
  );
}
