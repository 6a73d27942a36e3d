import type { ReactNode } from "react";
import { describeApiError, isApiError } from "../../api/errors";
import { firstMessages } from "../../api/field-errors";

type Form = { setErrors: (errors: Record<string, ReactNode>) => void };

/**
 * Puts a refused write's messages under this form's inputs: a 422's field errors, or a 400 refusal
 * (`refusals`: message code → field) with the server's description. Several forms share the profile
 * page, so each one takes its own errors from the failed call instead of the shared field-error store.
 * Returns whether the error was placed.
 */
export function showServerErrors(form: Form, error: unknown, refusals: Record<string, string> = {}): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 422 && error.errors) {
    form.setErrors(firstMessages(error.errors));
    return true;
  }
  const field = error.status === 400 ? refusals[error.message] : undefined;
  if (!field) return false;
  form.setErrors({ [field]: error.description ?? describeApiError(error) });
  return true;
}
