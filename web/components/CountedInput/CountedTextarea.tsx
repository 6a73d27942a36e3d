import { Textarea, type TextareaProps } from "@mantine/core";
import { type CountedInputOptions, useCountedInput } from "./use-counted-input";

export interface CountedTextareaProps extends TextareaProps, CountedInputOptions {}

/** Mantine Textarea with a "12/255" counter when `maxLength` is set and an optional debounced change. */
export function CountedTextarea({
  value,
  defaultValue,
  maxLength,
  onChange,
  onDebouncedChange,
  debounceMs,
  ...props
}: CountedTextareaProps) {
  const { inputProps } = useCountedInput<HTMLTextAreaElement>({
    value,
    defaultValue,
    maxLength,
    onChange,
    onDebouncedChange,
    debounceMs,
  });
  return <Textarea {...props} {...inputProps} />;
}
