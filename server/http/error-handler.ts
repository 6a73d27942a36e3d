import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { describeError } from "../../common/errors.js";
import { validationMessage } from "../../common/validation/messages.js";
import { fieldKey, spanishIssueMessage } from "../../common/validation/zod.js";
import { isDatabaseUnavailable, unavailableReason } from "../db/connection-errors.js";
import { pgErrorOf, translateDbError } from "../db/constraints.js";
import { StorageWriteError } from "../storage/types.js";
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
  FST_ERR_MAX_PARAM_LENGTH: [414, "uri_too_long"],
  FST_ERR_ASYNC_CONSTRAINT: [400, "bad_request"],
};

/**
 * A multipart body that cannot be read (no boundary, cut short, broken part headers): busboy and the
 * stream it reads raise plain errors, told apart by their text or code.
 */
function isMalformedMultipart(error: FastifyError, request: FastifyRequest): boolean {
  if (!request.isMultipart?.()) return false;
  return (
    error.code === "ERR_STREAM_PREMATURE_CLOSE" ||
    // The client closed the connection while the form was being read (Node's "aborted").
    error.code === "ECONNRESET" ||
    /^Multipart: |^Unexpected end of (form|multipart data)|^Malformed part header/.test(error.message)
  );
}

/** The error a wrapper (StorageWriteError) was raised for, else the error itself. */
function causeOf(error: FastifyError): FastifyError {
  return error.cause instanceof Error ? (error.cause as FastifyError) : error;
}

/** Codes of a write the disk refused for lack of room (space, quota). */
const DISK_FULL = new Set(["ENOSPC", "EDQUOT"]);

/** A storage that could not keep a file (StorageWriteError), or a full disk met anywhere. */
function isStorageFailure(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (e instanceof StorageWriteError) return true;
    if (DISK_FULL.has((e as NodeJS.ErrnoException).code ?? "")) return true;
  }
  return false;
}

function errorBody(message: string): ErrorBody {
  return { message, description: describeError(message) };
}

/**
 * A database refusal that no service translated: a status and code the client can act on, never the SQL
 * (Drizzle's error message holds the query and its parameters). Constraints that stand for a business
 * rule answer their code (server/db/constraints.ts); other violations a generic one.
 */
function databaseRefusal(error: unknown, method: string): (ErrorBody & { status: number }) | undefined {
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
      // Class 22: data exceptions (value too long, out of range, bad date…): the input was refused. A read
      // changes nothing: its input was invalid (422), it did not fail to write.
      if (!pg.code.startsWith("22")) return undefined;
      return method === "GET" || method === "HEAD"
        ? refusal(422, "validation_failed")
        : refusal(400, "unable_to_create_or_modify_resource");
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
      // Fastify marks errors raised by a validator with its own code: not one of ours.
      const code = error.code?.startsWith("FST_") ? undefined : error.code;
      return send(reply, error.status, {
        message: error.message,
        ...(code ? { code } : {}),
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

    if (isDatabaseUnavailable(error)) {
      // A restart or a cut: the statement was not committed; the client may try again in a moment.
      request.log.warn({ reason: unavailableReason(error) }, "database unavailable");
      reply.header("Retry-After", "5");
      return send(reply, 503, errorBody("database_unavailable"));
    }

    // A form that could not be read, also when a storage wrapped its error while streaming it in.
    if (isMalformedMultipart(error, request) || isMalformedMultipart(causeOf(error), request))
      return send(reply, 400, errorBody("invalid_multipart_body"));
    if (isStorageFailure(error)) {
      // A full disk or an unreachable object store: nothing was kept, the same upload may succeed later.
      request.log.error({ err: error }, "storage unavailable");
      return send(reply, 503, errorBody("storage_unavailable"));
    }

    const refusal = databaseRefusal(error, request.method);
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

/**
 * Errors Fastify meets before routing (a URL that cannot be decoded, `/api/%zz`; a path parameter over
 * the length limit), answered in the error shape instead of Fastify's English body. Passed to Fastify's
 * `frameworkErrors` option (app.ts).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const [status, message] = FASTIFY_CLIENT_ERRORS[error.code] ?? [400, "bad_request"];
  return send(reply, status, errorBody(message));
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large", "request_header_fields_too_large"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", "request_timeout"],
  HPE_URI_TOO_LONG: [414, "URI Too Long", "uri_too_long"],
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over the size limit, a request
 * that never finishes, bytes that are not HTTP): answered in the error shape, in Spanish, then the
 * connection is closed. Passed to Fastify's `clientErrorHandler` option (app.ts).
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[error.code ?? ""] ?? [400, "Bad Request", "bad_request"];
  if (socket.writable) {
    const body = JSON.stringify(errorBody(message));
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        "Cache-Control: no-store\r\n" +
        "X-Content-Type-Options: nosniff\r\n" +
        "Connection: close\r\n\r\n" +
        body,
    );
  }
  socket.destroy(error);
}

/** The Fastify options that route errors met before a request reaches a route to the handlers above. */
export const earlyErrorOptions = { frameworkErrors, clientErrorHandler };
