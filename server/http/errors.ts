import { describeError } from "../../common/errors.js";

/**
 * A refusal the client should see: `message` is the machine code of spec.md §8, `description` the Spanish
 * sentence (looked up in common/errors.ts when not given), `code` the short code where spec.md has one.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly description: string = describeError(message),
    readonly code?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    // A refusal is an answer, not a fault: nobody reads its stack, and capturing one costs more than the
    // rest of a refusal (an enrolment morning refuses hundreds in a second).
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = "AppError";
  }
}

/** 400: a business rule refused the action. */
export const refuse = (message: string, description?: string) => new AppError(400, message, description);
export const notFound = (message = "resource_not_found", description?: string) =>
  new AppError(404, message, description);
export const forbidden = () => new AppError(403, "this_action_is_unauthorized");
export const conflict = (message: string, description?: string) => new AppError(409, message, description);
/** 422 for one field, in the same shape as schema validation errors. */
export const invalidField = (field: string, text: string) =>
  new AppError(422, "validation_failed", "Por favor verifique la información ingresada", undefined, {
    [field]: [text],
  });
