import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { describeError } from "../../common/errors.js";
import { validationMessage } from "../../common/validation/messages.js";
import { fieldKey, spanishIssueMessage } from "../../common/validation/zod.js";
import { pgErrorOf, translateDbError } from "../db/constraints.js";
import { PgCode } from "./db-errors.js";
import { AppError } from "./errors.js";
import { RequestValidationError, validationErrorBody } from "./validation.js";

/** The one shape every error leaves the server in (ARCHITECTURE.md, "HTTP contract"). */
export type ErrorBody = {
  message: string;
  code?: string;
  description?: string;
  errors?: Record<string, string[]>;
};

/** Fastify's own client errors, by error code: the status and machine code the client sees. */
const FASTIFY_CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "invalid_json_body"],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "empty_json_body"],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "unsupported_media_type"],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "payload_too_large"],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "invalid_content_length"],
  FST_ERR_BAD_URL: [400, "bad_url"],
  FST_ERR_NOT_FOUND: [404, "route_not_found"],
  FST_REQ_FILE_TOO_LARGE: [413, "payload_too_large"],
  FST_PARTS_LIMIT: [413, "payload_too_large"],
  FST_FILES_LIMIT: [413, "payload_too_large"],
  FST_FIELDS_LIMIT: [413, "payload_too_large"],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, "unsupported_media_type"],
};

/**
 * A database refusal that no service translated: a status and code the client can act on, never the SQL
 * (Drizzle's error message holds the query and its parameters). Constraints that stand for a business
 * rule answer their code (server/db/constraints.ts); other violations a generic one.
 */
function databaseRefusal(error: unknown): (ErrorBody & { status: number }) | undefined {
  const translated = translateDbError(error);
  if (translated)
    return { status: translated.status, message: translated.message, description: translated.description };
  const pg = pgErrorOf(error);
  if (!pg) return undefined;
  const refusal = (status: number, message: string) => ({
    status,
    message,
    description: describeError(message),
  });
  switch (pg.code) {
    case PgCode.uniqueViolation:
    case PgCode.exclusionViolation:
      return refusal(409, "unable_to_create_or_modify_resource");
    case PgCode.checkViolation:
    case PgCode.notNullViolation:
      return refusal(400, "unable_to_create_or_modify_resource");
    case PgCode.serializationFailure:
    case PgCode.deadlockDetected:
      return refusal(409, "resource_conflict");
    default:
      // Class 22: data exceptions (value too long, out of range, bad date…): the input was refused.
      return pg.code.startsWith("22") ? refusal(400, "unable_to_create_or_modify_resource") : undefined;
  }
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).send(body);
}

/** Every error leaves the server as `{ message, code?, description?, errors? }` (ARCHITECTURE.md). */
export function registerErrorHandling(app: FastifyInstance) {
  app.setNotFoundHandler((_request, reply) =>
    send(reply, 404, { message: "route_not_found", description: describeError("route_not_found") }),
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, error.status, {
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        description: error.description,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (error instanceof RequestValidationError) {
      return send(reply, 422, validationErrorBody(error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A route that kept fastify-type-provider-zod's own compiler: same shape, messages from the issue codes.
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const path = v.instancePath.split("/").filter(Boolean);
        const issue = { ...v.params, code: v.keyword, path } as Parameters<typeof spanishIssueMessage>[0];
        const field = fieldKey(path, error.validationContext ?? "body");
        errors[field] = [...(errors[field] ?? []), spanishIssueMessage(issue)];
      }
      return send(reply, 422, validationErrorBody(errors));
    }

    if (Array.isArray(error.validation) && error.validation.length > 0) {
      // A route validated by a JSON schema (Ajv) rather than Zod: same 422 shape, a generic message.
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const missing = (v.params as { missingProperty?: string } | undefined)?.missingProperty;
        const path = [...v.instancePath.split("/").filter(Boolean), ...(missing ? [missing] : [])];
        const field = fieldKey(path, error.validationContext ?? "body");
        errors[field] = [validationMessage(missing ? "required" : "invalid", path)];
      }
      return send(reply, 422, validationErrorBody(errors));
    }

    const refusal = databaseRefusal(error);
    if (refusal) {
      request.log.warn({ err: error }, "database refused a write");
      const { status, ...body } = refusal;
      return send(reply, status, body);
    }

    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status === 429) {
      return send(reply, 429, {
        message: "too_many_requests",
        description: describeError("too_many_requests"),
      });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      const [knownStatus, message] = known;
      return send(reply, knownStatus, { message, description: describeError(message) });
    }
    if (status >= 400 && status < 500) {
      return send(reply, status, { message: "bad_request", description: describeError("bad_request") });
    }
    request.log.error({ err: error }, "unhandled error");
    return send(reply, 500, { message: "unhandled_error", description: describeError("unhandled_error") });
  });
}
