type FormValue = string | number | boolean | Blob | null | undefined | Date;

/**
 * Builds a multipart body (spec.md §7): booleans become 1/0, dates ISO strings, null and undefined are
 * left out, arrays repeat the key with `[]`.
 */
export function toFormData(values: Record<string, FormValue | readonly FormValue[]>): FormData {
  const form = new FormData();
  const append = (key: string, value: FormValue) => {
    if (value === null || value === undefined) return;
    if (typeof value === "boolean") form.append(key, value ? "1" : "0");
    else if (value instanceof Date) form.append(key, value.toISOString());
    else if (value instanceof Blob) form.append(key, value);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) append(`${key}[]`, item);
    else append(key, value as FormValue);
  }
  return form;
}
