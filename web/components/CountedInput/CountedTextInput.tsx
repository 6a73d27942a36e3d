import { TextInput, type TextInputProps } from "@mantine/core";
import { type CountedInputOptions, useCountedInput } from "./use-counted-input";

export interface CountedTextInputProps extends TextInputProps, CountedInputOptions {}

/** Mantine TextInput with a "12/255" counter when `maxLength` is set and an optional debounced change. */
export function CountedTextInput({
  value,
  defaultValue,
  maxLength,
  onChange,
  onDebouncedChange,
  debounceMs,
  ...props
}: CountedTextInputProps) {
  const { inputProps } = useCountedInput<HTMLInputElement>({
    value,
    defaultValue,
    maxLength,
    onChange,
    onDebouncedChange,
    debounceMs,
  });
  return <TextInput {...props} {...inputProps} />;
}
