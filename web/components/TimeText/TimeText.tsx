import { Text, type TextProps } from "@mantine/core";
import { formatTime } from "../../../common/dates/format";

export interface TimeTextProps extends TextProps {
  /** A time of day as "HH:MM" or "HH:MM:SS"; shown on a 24-hour clock, HH:MM. */
  value: string | null | undefined;
}

/** Inline time of day on a 24-hour clock ("7:05:00" → "07:05"); nothing for an empty value. */
export function TimeText({ value, ...props }: TimeTextProps) {
  if (!value) return null;
  return (
    <Text component="span" inherit {...props}>
      {formatTime(value)}
    </Text>
  );
}
