import { Group, Input } from "@mantine/core";
import { type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isIsoDate, parseTypedTime } from "../../../common/dates/format";
import { DateField } from "./DateField";
import { TimeField } from "./TimeField";

type Parts = { date: string; time: string };

const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/;
const split = (value: string | null | undefined): Parts => {
  const m = LOCAL.exec(value ?? "");
  return m ? { date: m[1]!, time: m[2]! } : { date: "", time: "" };
};

/** Both empty: ""; both readable: `YYYY-MM-DDTHH:MM`; otherwise the texts, which the form's schema refuses. */
function join({ date, time }: Parts): string {
  if (date === "" && time.trim() === "") return "";
  const hhmm = parseTypedTime(time);
  return isIsoDate(date) && hhmm ? `${date}T${hhmm}` : `${date}T${time}`;
}

export type DateTimeFieldProps = {
  label: string;
  description?: string;
  withAsterisk?: boolean;
  /** `YYYY-MM-DDTHH:MM` (the school's local time), or "" for none. */
  value?: string | null;
  onChange: (value: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  error?: ReactNode;
  disabled?: boolean;
};

/**
 * A day and a time of the school: the app's date field (DD/MM/AAAA) beside a 24-hour time (HH:MM),
 * kept together as `YYYY-MM-DDTHH:MM` — instead of the browser's own date-and-time field, which follows
 * the browser's language (mm/dd/yyyy and AM/PM in English).
 */
export function DateTimeField({
  label,
  description,
  withAsterisk,
  value,
  onChange,
  onBlur,
  onFocus,
  error,
  disabled,
}: DateTimeFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [parts, setParts] = useState<Parts>(() => split(value));
  const seen = useRef({ value, emitted: value });
  if (value !== seen.current.value) {
    // Changed from outside (the record loaded, a reset): show it.
    if (value !== seen.current.emitted) setParts(split(value));
    seen.current.value = value;
  }
  const change = (next: Parts) => {
    setParts(next);
    const joined = join(next);
    seen.current.emitted = joined;
    if (joined !== value) onChange(joined);
  };
  // A part with a problem of its own says so under it; the form's message goes under both.
  const ownProblem =
    (parts.date !== "" && !isIsoDate(parts.date)) || (parts.time !== "" && !parseTypedTime(parts.time));
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      id={labelId}
      description={description}
      withAsterisk={withAsterisk}
      error={ownProblem ? undefined : error}
    >
      <Group role="group" aria-labelledby={`${labelId}-label`} align="flex-start" gap="sm" mt={4}>
        <DateField
          label={t("dateField.date")}
          value={parts.date}
          onChange={(date) => change({ ...parts, date })}
          onFocus={onFocus}
          disabled={disabled}
          w={170}
        />
        <TimeField
          label={t("dateField.time")}
          value={parts.time}
          onChange={(time) => change({ ...parts, time })}
          onBlur={onBlur}
          onFocus={onFocus}
          disabled={disabled}
          w={110}
        />
      </Group>
    </Input.Wrapper>
  );
}
