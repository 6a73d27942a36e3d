import type { FastifyRequest } from "fastify";
import type { AuditContext } from "./record.js";

/**
 * The audit context of a request: the authenticated caller (null without a session) and the client's
 * address (`request.ip`, which honours TRUST_PROXY). Routes pass it to services as `audit`.
 */
export function auditContextOf(request: FastifyRequest): AuditContext {
  return { actorId: request.principal?.id ?? null, ip: request.ip ?? null };
}
