import { validationMessagesEn } from "./english.js";
import { labelOf, type ValidationLanguage } from "./labels.js";

/**
 * Validation message templates in the style of Laravel's Spanish catalogue. Placeholders start with a
 * colon: `:attribute` (the field's label), `:other`, `:min`, `:max`, `:size`, `:date`, `:digits`,
 * `:values`, `:format`, `:value`. Rules that depend on the kind of value have one text per kind.
 */
export const validationMessages = {
  required: "El campo :attribute es obligatorio.",
  email: "El campo :attribute no es un correo válido.",
  unique: "El valor del campo :attribute ya está en uso.",
  exists: "El valor seleccionado en el campo :attribute no existe.",
  min: {
    numeric: "El campo :attribute debe ser al menos :min.",
    string: "El campo :attribute debe contener al menos :min caracteres.",
    array: "El campo :attribute debe tener al menos :min elementos.",
    file: "El tamaño de :attribute debe ser de al menos :min kilobytes.",
  },
  max: {
    numeric: "El campo :attribute no debe ser mayor que :max.",
    string: "El campo :attribute no debe ser mayor que :max caracteres.",
    array: "El campo :attribute no debe tener más de :max elementos.",
    file: "El campo :attribute no debe ser mayor que :max kilobytes.",
  },
  between: {
    numeric: "El campo :attribute tiene que estar entre :min y :max.",
    string: "El campo :attribute tiene que tener entre :min y :max caracteres.",
    array: "El campo :attribute tiene que tener entre :min y :max elementos.",
    file: "El campo :attribute debe pesar entre :min y :max kilobytes.",
  },
  size: {
    numeric: "El tamaño de :attribute debe ser :size.",
    string: "El campo :attribute debe contener :size caracteres.",
    array: "El campo :attribute debe contener :size elementos.",
    file: "El tamaño de :attribute debe ser :size kilobytes.",
  },
  gt: { numeric: "El campo :attribute debe ser mayor que :value." },
  lt: { numeric: "El campo :attribute debe ser menor que :value." },
  date: "El campo :attribute debe ser una fecha válida.",
  date_format: "El campo :attribute no corresponde al formato :format.",
  after: "El campo :attribute debe ser una fecha posterior a :date.",
  after_or_equal: "El campo :attribute debe ser una fecha posterior o igual a :date.",
  before: "El campo :attribute debe ser una fecha anterior a :date.",
  before_or_equal: "El campo :attribute debe ser una fecha anterior o igual a :date.",
  confirmed: "La confirmación de :attribute no coincide.",
  same: "Los campos :attribute y :other deben coincidir.",
  different: "Los campos :attribute y :other deben ser diferentes.",
  digits: "El campo :attribute debe tener :digits dígitos.",
  digits_between: "El campo :attribute debe tener entre :min y :max dígitos.",
  numeric: "El campo :attribute debe ser numérico.",
  integer: "El campo :attribute debe ser un número entero.",
  multiple_of: "El campo :attribute debe ser múltiplo de :value.",
  string: "El campo :attribute debe ser una cadena de caracteres.",
  boolean: "El campo :attribute debe tener un valor verdadero o falso.",
  array: "El campo :attribute debe ser un conjunto.",
  in: "El valor seleccionado en el campo :attribute no es válido.",
  file: "El campo :attribute debe ser un archivo.",
  image: "El campo :attribute debe ser una imagen.",
  mimes: "El campo :attribute debe ser un archivo con formato: :values.",
  regex: "El formato del campo :attribute no es válido.",
  url: "El formato del campo :attribute no es una URL válida.",
  time: "El campo :attribute debe ser una hora válida.",
  prohibited: "El campo :attribute no está permitido.",
  sort: "El campo :attribute debe indicar un campo permitido (:values) y, opcionalmente, la dirección asc o desc.",
  invalid: "El campo :attribute no es válido.",
  distinct: "El campo :attribute tiene un valor duplicado.",
} as const;

export type ValidationRule = keyof typeof validationMessages;
/** The kind of value a size rule talks about (as Laravel: numbers, strings, lists, files). */
export type ValueKind = "numeric" | "string" | "array" | "file";
export type MessageParams = Record<string, string | number | readonly (string | number)[] | undefined>;

/** Placeholders whose value names another field, shown by its label (`after:start_date` → "fecha de inicio"). */
const FIELD_PLACEHOLDERS = new Set(["other", "date"]);

/**
 * The message of `rule` for `field` (Spanish unless `lang` is "en") (a path like `max_capacity` or `items.0.date`).
 * `params.kind` chooses the text of rules that depend on the kind of value (min, max, between, size).
 * `other` and `date` are shown by their label when they name a field in `fieldLabels`.
 */
export function validationMessage(
  rule: ValidationRule,
  field: string | readonly PropertyKey[],
  params: MessageParams & { kind?: ValueKind } = {},
  lang: ValidationLanguage = "es",
): string {
  const entry = (lang === "en" ? validationMessagesEn : validationMessages)[rule];
  const template =
    typeof entry === "string"
      ? entry
      : ((entry as Partial<Record<ValueKind, string>>)[params.kind ?? "numeric"] ?? Object.values(entry)[0]!);
  return template.replace(/:([a-z_]+)/g, (whole, name: string) => {
    if (name === "attribute") return labelOf(field, lang);
    const value = params[name];
    if (value === undefined) return whole;
    if (Array.isArray(value)) return value.join(", ");
    if (FIELD_PLACEHOLDERS.has(name) && typeof value === "string" && /^[a-z][a-z0-9_.]*$/.test(value))
      return labelOf(value, lang);
    return String(value);
  });
}
