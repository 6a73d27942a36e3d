import type { FastifySchemaCompiler } from "fastify";
import { z } from "zod";
import { describeError } from "../../common/errors.js";
import { ID_OUT_OF_RANGE } from "../../common/validation/ids.js";
import {
  type MessageParams,
  type ValidationRule,
  type ValueKind,
  validationMessage,
} from "../../common/validation/messages.js";
import { fieldKey, issuesToFieldErrors, spanishErrorMap } from "../../common/validation/zod.js";
import { pgErrorOf } from "../db/constraints.js";
import { PgCode } from "./db-errors.js";
import { AppError, notFound } from "./errors.js";

/** A request part (body, querystring, params, headers) failed its schema: answered as a 422. */
export class RequestValidationError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super("validation_failed");
    this.name = "RequestValidationError";
  }
}

/**
 * Fastify's validator compiler for Zod route schemas. Unlike fastify-type-provider-zod's, it parses with
 * the Spanish error map, so every issue already carries its final message (chosen by issue code, with the
 * field labels of common/validation), and errors are keyed by field name (`max_capacity`, `items.0.date`).
 */
export const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const part = httpPart ?? "body";
    // PostgreSQL text cannot hold U+0000: such a value can be neither stored nor found, so it is refused
    // here as an invalid field rather than reaching the database (which would answer with an error).
    const withNul = fieldsWithNul(data);
    if (withNul.length > 0)
      return {
        error: new RequestValidationError(
          Object.fromEntries(
            withNul.map((path) => [fieldKey(path, part), [validationMessage("regex", path)]]),
          ),
        ),
      };
    const result = z.safeParse(schema, data, { error: spanishErrorMap });
    if (result.success) return { value: result.data };
    // A well-formed id past the integer range names a record that cannot exist: 404, as any missing one.
    if (part === "params" && result.error.issues.some(isIdOutOfRange)) return { error: notFound() };
    return { error: new RequestValidationError(issuesToFieldErrors(result.error.issues, part)) };
  };

const isIdOutOfRange = (issue: z.core.$ZodIssue) =>
  issue.code === "custom" &&
  (issue.params as Record<string, unknown> | undefined)?.[ID_OUT_OF_RANGE] === true;

/** A value met while walking a request part, with the way back to the root (its path, built on demand). */
type Visit = { value: unknown; key?: PropertyKey; parent?: Visit };

const pathOf = (visit: Visit): PropertyKey[] => {
  const path: PropertyKey[] = [];
  for (let v: Visit | undefined = visit; v?.parent; v = v.parent) path.unshift(v.key!);
  return path;
};

/**
 * Paths of the strings (values or keys) holding U+0000 in a request part, at most a few. Walked with a
 * stack of its own, not by recursion: a body nested 20,000 levels deep must not overflow the call stack.
 */
function fieldsWithNul(data: unknown): PropertyKey[][] {
  const found: PropertyKey[][] = [];
  const pending: Visit[] = [{ value: data }];
  while (pending.length > 0 && found.length < 5) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (typeof value === "string") {
      if (value.includes("\0")) found.push(pathOf(visit));
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    const children: Visit[] = [];
    const entries: [PropertyKey, unknown][] = Array.isArray(value)
      ? [...value.entries()]
      : Object.entries(value);
    for (const [key, item] of entries) {
      if (typeof key === "string" && key.includes("\0"))
        found.push([...pathOf(visit), key.replaceAll("\0", "")]);
      else children.push({ value: item, key, parent: visit });
    }
    // Reversed onto the stack, so fields are visited in the order they were written.
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!);
  }
  return found.slice(0, 5);
}

/** The 422 body: `{ message: "validation_failed", description, errors: { field: [messages] } }`. */
export function validationErrorBody(errors: Record<string, string[]>) {
  return { message: "validation_failed", description: describeError("validation_failed"), errors };
}

/** A 422 with the given field errors, for services that validate beyond the route schema. */
export const validationError = (errors: Record<string, string[]>) =>
  new AppError(422, "validation_failed", describeError("validation_failed"), undefined, errors);

/** A 422 on one field with a catalogue message: `fieldError("end_date", "after", { date: "start_date" })`. */
export const fieldError = (
  field: string,
  rule: ValidationRule,
  params?: MessageParams & { kind?: ValueKind },
) => validationError({ [field]: [validationMessage(rule, field, params)] });

/** "El valor del campo código ya está en uso.": a unique column refused the value (see db-errors.ts). */
export const uniqueViolation = (field: string) => fieldError(field, "unique");

/**
 * Rethrows a unique violation of one of the listed constraints as a 422 on its field, anything else as is.
 * Services let the database guard uniqueness (safe under concurrency) and call this in their `catch`:
 *
 * ```ts
 * .catch((e) => rethrowUniqueAsField(e, { classrooms_code_lower_unique: "code" }))
 * ```
 */
export function rethrowUniqueAsField(error: unknown, fieldByConstraint: Record<string, string>): never {
  const pg = pgErrorOf(error);
  const field =
    pg?.code === PgCode.uniqueViolation && pg.constraint ? fieldByConstraint[pg.constraint] : undefined;
  if (field) throw uniqueViolation(field);
  throw error;
}

/** "El valor seleccionado en el campo código no existe.": a referenced record is missing. */
export const missingReference = (field: string) => fieldError(field, "exists");

/** Parses `data` with `schema` in a service, throwing the same 422 a route schema would. */
export function parseOr422<T extends z.core.$ZodType>(schema: T, data: unknown): z.output<T> {
  const result = z.safeParse(schema, data, { error: spanishErrorMap });
  if (!result.success) throw validationError(issuesToFieldErrors(result.error.issues));
  return result.data;
}
