import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { describeError } from "../../common/errors.js";
import { AppError } from "./errors.js";
import { validationErrorBody } from "./validation.js";

/** Every error leaves the server as `{ message, code?, description?, errors? }` (ARCHITECTURE.md). */
export function registerErrorHandling(app: FastifyInstance) {
  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ message: "route_not_found", description: describeError("route_not_found") });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        description: error.description,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(422).send(validationErrorBody(error.validation));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({
        message: "too_many_requests",
        description: describeError("too_many_requests"),
      });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large…
      const message = error.code ? error.code.toLowerCase() : "bad_request";
      return reply.status(status).send({ message, description: describeError(message) });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply
      .status(500)
      .send({ message: "unhandled_error", description: describeError("unhandled_error") });
  });
}
