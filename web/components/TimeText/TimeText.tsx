import { Text, type TextProps } from "@mantine/core";
import { formatTime12h } from "../../../common/time";

export interface TimeTextProps extends TextProps {
  /** A time of day as "HH:MM" or "HH:MM:SS"; shown on a 12-hour clock. */
  value: string | null | undefined;
}

/** Inline time of day on a 12-hour clock ("13:05" → "1:05 PM"); nothing for an empty value. */
export function TimeText({ value, ...props }: TimeTextProps) {
  if (!value) return null;
  return (
    <Text component="span" inherit {...props}>
      {formatTime12h(value)}
    </Text>
  );
}
