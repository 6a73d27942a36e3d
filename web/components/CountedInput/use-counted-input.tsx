import { Text } from "@mantine/core";
import { type ChangeEvent, type ReactNode, useState } from "react";
import { TEXT_INPUT_DEBOUNCE_MS, useDebounced } from "./debounce";

export { TEXT_INPUT_DEBOUNCE_MS };

export interface CountedInputOptions {
  /** Called with the value once the user stops typing for `debounceMs`. */
  onDebouncedChange?: (value: string) => void;
  /** 600 ms by default (text inputs, spec.md §9), not the 300 ms of other components. */
  debounceMs?: number;
}

interface CountedInputProps<E extends HTMLInputElement | HTMLTextAreaElement> extends CountedInputOptions {
  value?: string | number | readonly string[] | null;
  defaultValue?: string | number | readonly string[] | null;
  maxLength?: number;
  onChange?: (event: ChangeEvent<E>) => void;
}

/**
 * Shared logic of the counted inputs: tracks the text length (controlled or not), adds an
 * "n/max" counter under the input when `maxLength` is set, and debounces `onDebouncedChange`.
 */
export function useCountedInput<E extends HTMLInputElement | HTMLTextAreaElement>({
  value,
  defaultValue,
  maxLength,
  onChange,
  onDebouncedChange,
  debounceMs,
}: CountedInputProps<E>) {
  const [uncontrolled, setUncontrolled] = useState(String(defaultValue ?? ""));
  const controlled = value !== undefined;
  const text = controlled ? String(value ?? "") : uncontrolled;
  const debounced = useDebounced(
    (next: string) => onDebouncedChange?.(next),
    debounceMs ?? TEXT_INPUT_DEBOUNCE_MS,
  );

  const handleChange = (event: ChangeEvent<E>) => {
    const next = event.currentTarget.value;
    if (!controlled) setUncontrolled(next);
    onChange?.(event);
    if (onDebouncedChange) debounced(next);
  };

  const inputContainer =
    maxLength === undefined
      ? undefined
      : (children: ReactNode) => (
          <>
            {children}
            <Text size="xs" c="dimmed" ta="right" mt={4} data-testid="char-counter" aria-live="polite">
              {text.length}/{maxLength}
            </Text>
          </>
        );

  return {
    inputProps: controlled
      ? { value: value ?? "", onChange: handleChange, maxLength, inputContainer }
      : { defaultValue: defaultValue ?? undefined, onChange: handleChange, maxLength, inputContainer },
  };
}
