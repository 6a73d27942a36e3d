import type { ZodFastifySchemaValidationError } from "fastify-type-provider-zod";

/** Turns schema validation issues into the 422 body with Spanish messages per field. */
export function validationErrorBody(issues: ZodFastifySchemaValidationError[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
    errors[field] = [...(errors[field] ?? []), issue.message ?? "El campo no es válido."];
  }
  return {
    message: "validation_failed",
    description: "Por favor verifique la información ingresada",
    errors,
  };
}
