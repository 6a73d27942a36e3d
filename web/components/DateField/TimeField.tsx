import { TextInput, type TextInputProps } from "@mantine/core";
import { type FocusEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { parseTypedTime } from "../../../common/dates/format";

export type TimeFieldProps = Omit<TextInputProps, "value" | "onChange"> & {
  /** The text of the field: `HH:MM` once read, "" for none. */
  value?: string | null;
  onChange: (value: string) => void;
};

/**
 * A time of day typed on a 24-hour clock, HH:MM (00:00 to 23:59), whatever the browser's language (the
 * browser's own time field shows 12 hours with AM/PM in English). "7:05" becomes "07:05" on leaving the
 * field; anything else stays as typed with an error under it.
 */
export function TimeField({ value, onChange, onBlur, error, ...props }: TimeFieldProps) {
  const { t } = useTranslation();
  const [blurred, setBlurred] = useState(false);
  const text = value ?? "";
  const bad = text.trim() !== "" && parseTypedTime(text) === null;
  return (
    <TextInput
      placeholder={t("dateField.timePlaceholder")}
      inputMode="numeric"
      autoComplete="off"
      {...props}
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setBlurred(true);
        const read = parseTypedTime(text);
        if (read && read !== text) onChange(read);
        onBlur?.(event);
      }}
      error={bad && (blurred || error) ? t("dateField.timeInvalid") : error}
    />
  );
}
