import type { FastifyReply } from "fastify";
import { RateLimiterDrizzle, RateLimiterMemory } from "rate-limiter-flexible";
import { addressSubject, type LimitRule, RateLimited, Throttle } from "../../auth/rate-limiter.js";
import type { Db } from "../../db/client.js";
import { authRateLimits } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";

/** Verifications from one address: plenty for an employer checking a pile of certificates, too few to guess codes. */
export const verificationLimit: LimitRule = { points: 60, durationSec: 10 * 60, blockSec: 30 * 60 };

const tooManyVerifications = (retryAfterMs: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  const when = minutes === 1 ? "en 1 minuto" : `en ${minutes} minutos`;
  return new AppError(
    429,
    "too_many_requests",
    `Se hicieron demasiadas verificaciones desde esta conexión. Intente de nuevo ${when}.`,
  );
};

/**
 * The limit of the public verification calls, counted like the public pre-inscription's (table
 * `auth_rate_limits`, key prefix `verification`), shared by every server of one database.
 */
export function createVerificationThrottle(db: Db, rule: LimitRule = verificationLimit) {
  const common = {
    keyPrefix: "verification",
    points: rule.points,
    duration: rule.durationSec,
    blockDuration: rule.blockSec,
  };
  const throttle = new Throttle(
    new RateLimiterDrizzle({
      ...common,
      storeClient: db,
      schema: authRateLimits,
      clearExpiredByTimeout: false,
      insuranceLimiter: new RateLimiterMemory(common),
    }),
  );
  return {
    async take(ip: string, reply: FastifyReply): Promise<void> {
      try {
        await throttle.take(addressSubject(ip));
      } catch (err) {
        if (!(err instanceof RateLimited)) throw err;
        reply.header("Retry-After", String(Math.ceil(err.retryAfterMs / 1000)));
        throw tooManyVerifications(err.retryAfterMs);
      }
    },
  };
}
