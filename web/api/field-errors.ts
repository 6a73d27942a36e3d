import { type ReactNode, useEffect, useRef, useSyncExternalStore } from "react";

/** Server field errors of the last refused write (422), `{ field: [messages] }`. */
export type FieldErrors = Record<string, string[]>;

type Listener = () => void;
const EMPTY: FieldErrors = Object.freeze({}) as FieldErrors;
let current: FieldErrors = EMPTY;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

/**
 * A small store of server field errors. The HTTP client fills it on a 422 (and the e-mail field on a
 * 401); it is cleared on every route change and when a new write starts. Forms read it with
 * `useFieldErrors()`, `useFieldError(name)` or `useServerFormErrors(form)`.
 */
export const fieldErrorStore = {
  get: (): FieldErrors => current,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(errors: FieldErrors) {
    current = { ...errors };
    emit();
  },
  clear() {
    if (current === EMPTY) return;
    current = EMPTY;
    emit();
  },
  /** Removes one field's error (for example when the user edits that input). */
  clearField(field: string) {
    if (!(field in current)) return;
    const { [field]: _removed, ...rest } = current;
    current = Object.keys(rest).length ? rest : EMPTY;
    emit();
  },
};

/** First message per field, the way inputs show them. */
export function firstMessages(errors: FieldErrors): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = Array.isArray(messages) ? messages[0] : undefined;
    if (first) result[field] = first;
  }
  return result;
}

export function useFieldErrors(): FieldErrors {
  return useSyncExternalStore(fieldErrorStore.subscribe, fieldErrorStore.get, fieldErrorStore.get);
}

/** The first server message for one field, or undefined. */
export function useFieldError(field: string): string | undefined {
  return useFieldErrors()[field]?.[0];
}

type FormWithErrors = { setErrors: (errors: Record<string, ReactNode>) => void };

/**
 * Copies server field errors into a `@mantine/form` form, so `form.getInputProps(name)` shows the first
 * message under each input.
 */
export function useServerFormErrors(form: FormWithErrors): void {
  const errors = useFieldErrors();
  const formRef = useRef(form);
  formRef.current = form;
  useEffect(() => {
    if (errors === EMPTY) return;
    formRef.current.setErrors(firstMessages(errors));
  }, [errors]);
}
