import type { FastifyReply } from "fastify";
import { RateLimiterDrizzle, RateLimiterMemory } from "rate-limiter-flexible";
import { addressSubject, type LimitRule, RateLimited, Throttle } from "../../auth/rate-limiter.js";
import type { Db } from "../../db/client.js";
import { authRateLimits } from "../../db/schema/index.js";
import { tooManyPreregistrations } from "./service.js";

/**
 * Pre-inscriptions sent from one address (IPv6: one /64): enough for a family or a school's computer room
 * behind one address, far too few for a flood. Going over blocks the address for an hour.
 */
export const preregistrationLimit: LimitRule = { points: 20, durationSec: 60 * 60, blockSec: 60 * 60 };

/**
 * The limit of the public form, counted in the same table as the login limits (`auth_rate_limits`, key
 * prefix `preregistration`), so every server sharing a PostgreSQL database counts together; should the
 * table fail, each server counts in memory until it answers again.
 */
export function createPreregistrationThrottle(db: Db, rule: LimitRule = preregistrationLimit) {
  const common = {
    keyPrefix: "preregistration",
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
    /** Counts one attempt from `ip`; over the limit: 429 `too_many_requests` with `Retry-After`. */
    async take(ip: string, reply: FastifyReply): Promise<void> {
      try {
        await throttle.take(addressSubject(ip));
      } catch (err) {
        if (!(err instanceof RateLimited)) throw err;
        reply.header("Retry-After", String(Math.ceil(err.retryAfterMs / 1000)));
        throw tooManyPreregistrations(err.retryAfterMs);
      }
    },
  };
}
