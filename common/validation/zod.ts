import { z } from "zod";
import type { ValidationLanguage } from "./labels.js";
import { type MessageParams, type ValidationRule, type ValueKind, validationMessage } from "./messages.js";

type RawIssue = z.core.$ZodRawIssue;
type PathKey = PropertyKey;

/** `params` a custom issue carries to name its rule (see `ruleIssue` and the helpers below). */
export type RuleParams = MessageParams & { rule: ValidationRule; kind?: ValueKind };

const SIZE_KIND: Record<string, ValueKind> = {
  string: "string",
  number: "numeric",
  int: "numeric",
  bigint: "numeric",
  array: "array",
  set: "array",
  file: "file",
};

const TYPE_RULE: Record<string, ValidationRule> = {
  number: "numeric",
  int: "integer",
  bigint: "integer",
  string: "string",
  boolean: "boolean",
  array: "array",
  tuple: "array",
  object: "invalid",
  date: "date",
  file: "file",
};

const isBlank = (input: unknown) => input === undefined || input === null;

/**
 * The Laravel-style message of a Zod issue (Spanish, or English with `lang` "en"), chosen by the issue's
 * code and details (never by Zod's own text). Missing values (undefined, null, an empty string where one character is needed) read as
 * "required".
 */
export function issueMessage(iss: RawIssue, lang: ValidationLanguage = "es"): string {
  const path: readonly PathKey[] = iss.path ?? [];
  const say = (rule: ValidationRule, params?: MessageParams & { kind?: ValueKind }) =>
    validationMessage(rule, path, params, lang);
  switch (iss.code) {
    case "invalid_type": {
      if (isBlank(iss.input) && iss.expected !== "undefined" && iss.expected !== "null")
        return say("required");
      if (iss.expected === "int" && typeof iss.input === "number") return say("integer");
      return say(TYPE_RULE[iss.expected] ?? "invalid");
    }
    case "too_small": {
      const kind = SIZE_KIND[iss.origin] ?? "numeric";
      if (kind === "string" && iss.input === "" && Number(iss.minimum) >= 1) return say("required");
      if (iss.origin === "date")
        return say(iss.inclusive ? "after_or_equal" : "after", { date: dateText(iss.minimum) });
      if (iss.exact) return say("size", { kind, size: sizeValue(kind, iss.minimum) });
      if (!iss.inclusive && kind === "numeric") return say("gt", { kind, value: Number(iss.minimum) });
      return say("min", { kind, min: sizeValue(kind, iss.minimum) });
    }
    case "too_big": {
      const kind = SIZE_KIND[iss.origin] ?? "numeric";
      if (iss.origin === "date")
        return say(iss.inclusive ? "before_or_equal" : "before", { date: dateText(iss.maximum) });
      if (iss.exact) return say("size", { kind, size: sizeValue(kind, iss.maximum) });
      if (!iss.inclusive && kind === "numeric") return say("lt", { kind, value: Number(iss.maximum) });
      return say("max", { kind, max: sizeValue(kind, iss.maximum) });
    }
    case "invalid_format": {
      if (iss.input === "") return say("required");
      switch (iss.format) {
        case "email":
          return say("email");
        case "date":
        case "datetime":
          return say("date");
        case "time":
          return say("time");
        case "url":
          return say("url");
        default:
          return say("regex");
      }
    }
    case "not_multiple_of":
      return say("multiple_of", { value: Number(iss.divisor) });
    case "invalid_value":
    case "invalid_union":
      return isBlank(iss.input) ? say("required") : say("in");
    case "unrecognized_keys":
      return say("prohibited");
    case "custom": {
      const params = iss.params as Partial<RuleParams> | undefined;
      if (params?.rule) return say(params.rule, params);
      return isBlank(iss.input) ? say("required") : say("invalid");
    }
    default:
      return isBlank(iss.input) ? say("required") : say("invalid");
  }
}

function sizeValue(kind: ValueKind, bound: unknown): number {
  const n = Number(bound);
  // Laravel states file sizes in kilobytes; Zod's file checks count bytes.
  return kind === "file" ? Math.round(n / 1024) : n;
}

function dateText(bound: unknown): string {
  const d = bound instanceof Date ? bound : new Date(Number(bound));
  return Number.isNaN(d.getTime()) ? String(bound) : d.toISOString().slice(0, 10);
}

/**
 * A Zod error map that writes every message in Spanish. Pass it to a parse (`schema.safeParse(data,
 * { error: spanishErrorMap })`, as the server does for every request) or install it for all schemas with
 * `z.config({ customError: spanishErrorMap })` (the web app). A message written on the schema itself wins.
 */
export const spanishErrorMap: z.core.$ZodErrorMap = (iss) => issueMessage(iss, "es");

/** The Spanish message of a Zod issue (see `issueMessage`). */
export function spanishIssueMessage(iss: RawIssue): string {
  return issueMessage(iss, "es");
}

/** The same messages in English. */
export const englishErrorMap: z.core.$ZodErrorMap = (iss) => issueMessage(iss, "en");

/**
 * An error map that writes in the language `language()` names when a message is made (the web app's
 * interface language): Spanish by default, English for "en" (or "en-US").
 */
export function localizedErrorMap(language: () => string | undefined): z.core.$ZodErrorMap {
  return (iss) => issueMessage(iss, language()?.startsWith("en") ? "en" : "es");
}

/** The key of a field in a 422's `errors`: path segments joined by dots (`installments.0.date`). */
export function fieldKey(path: readonly PathKey[], fallback = "body"): string {
  return path.length === 0 ? fallback : path.map(String).join(".");
}

function addError(errors: Record<string, string[]>, field: string, message: string) {
  const list = errors[field] ?? [];
  if (!list.includes(message)) list.push(message);
  errors[field] = list;
}

/** Zod issues as `{ field: [messages] }`, the shape of a 422's `errors`. */
export function issuesToFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  fallback = "body",
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const field = fieldKey([...issue.path, key], fallback);
        addError(errors, field, validationMessage("prohibited", [...issue.path, key]));
      }
      continue;
    }
    addError(errors, fieldKey(issue.path, fallback), issue.message);
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------------
// Rules Zod has no check for. Each raises a custom issue whose params name the rule, so the message
// comes from the catalogue above (and the web app shows the same text).
// ---------------------------------------------------------------------------------------------------

/** The custom-issue options of a rule, for `.refine(fn, ruleIssue("digits", { digits: 8 }))`. */
export function ruleIssue(rule: ValidationRule, params: MessageParams & { kind?: ValueKind } = {}) {
  return { params: { ...params, rule } satisfies RuleParams };
}

/** A string of exactly `n` digits (Laravel `digits`). */
export const digits = (n: number) =>
  z.string().refine((v) => new RegExp(`^\\d{${n}}$`).test(v), ruleIssue("digits", { digits: n }));

/** A string of `min` to `max` digits (Laravel `digits_between`), e.g. a cédula. */
export const digitsBetween = (min: number, max: number) =>
  z
    .string()
    .refine((v) => new RegExp(`^\\d{${min},${max}}$`).test(v), ruleIssue("digits_between", { min, max }));

/** A number between `min` and `max` inclusive (Laravel `between`), one message for both bounds. */
export const numberBetween = (min: number, max: number) =>
  z.number().refine((v) => v >= min && v <= max, ruleIssue("between", { kind: "numeric", min, max }));

/** A string of `min` to `max` characters (Laravel `between` for strings); blank counts as missing. */
export const stringBetween = (min: number, max: number) =>
  z
    .string()
    .min(1)
    .refine((v) => v.length >= min && v.length <= max, ruleIssue("between", { kind: "string", min, max }));

type Ctx = z.core.$RefinementCtx<Record<string, unknown>>;
const compare = (a: unknown, b: unknown) => String(a).localeCompare(String(b));
const present = (v: unknown) => v !== undefined && v !== null && v !== "";

/**
 * Object-level checks, for `.superRefine(...)`: each adds an issue on the field it names when both values
 * are present, so "required" messages are not doubled.
 *
 * ```ts
 * z.object({ start_date: z.iso.date(), end_date: z.iso.date() }).superRefine(after("end_date", "start_date"))
 * ```
 */
export function after(field: string, other: string, opts: { orEqual?: boolean } = {}) {
  return (value: Record<string, unknown>, ctx: Ctx) => {
    const [a, b] = [value[field], value[other]];
    if (!present(a) || !present(b)) return;
    const c = compare(a, b);
    if (opts.orEqual ? c < 0 : c <= 0)
      ctx.addIssue({
        code: "custom",
        path: [field],
        input: a,
        ...ruleIssue(opts.orEqual ? "after_or_equal" : "after", { date: other }),
      });
  };
}

export function before(field: string, other: string, opts: { orEqual?: boolean } = {}) {
  return (value: Record<string, unknown>, ctx: Ctx) => {
    const [a, b] = [value[field], value[other]];
    if (!present(a) || !present(b)) return;
    const c = compare(a, b);
    if (opts.orEqual ? c > 0 : c >= 0)
      ctx.addIssue({
        code: "custom",
        path: [field],
        input: a,
        ...ruleIssue(opts.orEqual ? "before_or_equal" : "before", { date: other }),
      });
  };
}

/** `field` must equal `<field>_confirmation` (Laravel `confirmed`); the error goes on `field`. */
export function confirmed(field: string) {
  return (value: Record<string, unknown>, ctx: Ctx) => {
    if (value[field] !== value[`${field}_confirmation`])
      ctx.addIssue({ code: "custom", path: [field], input: value[field], ...ruleIssue("confirmed") });
  };
}

/** `field` must equal `other` (Laravel `same`). */
export function same(field: string, other: string) {
  return (value: Record<string, unknown>, ctx: Ctx) => {
    if (value[field] !== value[other])
      ctx.addIssue({ code: "custom", path: [field], input: value[field], ...ruleIssue("same", { other }) });
  };
}

/** What the server knows of an uploaded file (multipart). */
export type UploadedFileInfo = { filename: string; mimetype: string; size: number };

const EXTENSION_MIME: Record<string, string[]> = {
  jpg: ["image/jpeg"],
  jpeg: ["image/jpeg"],
  png: ["image/png"],
  gif: ["image/gif"],
  webp: ["image/webp"],
  svg: ["image/svg+xml"],
  pdf: ["application/pdf"],
  doc: ["application/msword"],
  docx: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  xls: ["application/vnd.ms-excel"],
  xlsx: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  txt: ["text/plain"],
};

/**
 * An uploaded file (Laravel `file`, `image`, `mimes:...`, `max:<kilobytes>`): checks run in that order and
 * the first failure is the message. `mimes` are extensions; the file must have one of them and a
 * matching media type.
 */
export function uploadedFile(opts: { image?: boolean; mimes?: readonly string[]; maxKb?: number } = {}) {
  return z.custom<UploadedFileInfo>().superRefine((file, ctx) => {
    const f = file as Partial<UploadedFileInfo> | null | undefined;
    if (!f || typeof f !== "object" || typeof f.filename !== "string" || typeof f.size !== "number") {
      ctx.addIssue({ code: "custom", input: file, ...(isBlank(file) ? {} : ruleIssue("file")) });
      return;
    }
    const ext = f.filename.split(".").pop()?.toLowerCase() ?? "";
    if (opts.image && !String(f.mimetype).startsWith("image/")) {
      ctx.addIssue({ code: "custom", input: file, ...ruleIssue("image") });
      return;
    }
    if (opts.mimes) {
      const ok = opts.mimes.includes(ext) && (EXTENSION_MIME[ext]?.includes(String(f.mimetype)) ?? true);
      if (!ok) {
        ctx.addIssue({ code: "custom", input: file, ...ruleIssue("mimes", { values: opts.mimes }) });
        return;
      }
    }
    if (opts.maxKb !== undefined && f.size > opts.maxKb * 1024)
      ctx.addIssue({ code: "custom", input: file, ...ruleIssue("max", { kind: "file", max: opts.maxKb }) });
  });
}
