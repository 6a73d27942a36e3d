import type { FormErrors } from "@mantine/form";
import type { z } from "zod";
import { issuesToFieldErrors, localizedErrorMap } from "../../../common/validation";
import { firstMessages } from "../../api/field-errors";
import i18n from "../../i18n";

/**
 * Zod error map of the web app's forms: validation messages in the interface language (Spanish, the
 * server's language, or English), chosen when a form is checked. Kept out of the i18n entry so that Zod
 * loads with the first form that needs it, not with the login page.
 */
export const validationErrorMap = localizedErrorMap(() => i18n.language);

/**
 * A `@mantine/form` validator from a shared Zod schema, with the same Spanish messages the server's 422
 * answers carry (first message per field): `validate: (values) => zodErrors(schema, toPayload(values))`.
 * (Mantine's own `schemaResolver` would give Zod's English texts.)
 */
export function zodErrors(schema: z.ZodType, payload: unknown): FormErrors {
  // Messages in the interface language (Spanish like the server's 422, or English when chosen).
  const result = schema.safeParse(payload, { error: validationErrorMap });
  return result.success ? {} : firstMessages(issuesToFieldErrors(result.error.issues));
}
