import { addressThrottle, type LimitRule } from "../../auth/rate-limiter.js";
import type { Db } from "../../db/client.js";
import { tooManyPreregistrations } from "./service.js";

/**
 * Pre-inscriptions sent from one address (IPv6: one /64): enough for a family or a school's computer room
 * behind one address, far too few for a flood. Going over blocks the address for an hour.
 */
export const preregistrationLimit: LimitRule = { points: 20, durationSec: 60 * 60, blockSec: 60 * 60 };

/**
 * The limit of the public form, counted in the same table as the login limits (`auth_rate_limits`, key
 * prefix `preregistration`), so every server sharing a PostgreSQL database counts together. Over it: 429
 * `too_many_requests` with `Retry-After`.
 */
export function createPreregistrationThrottle(db: Db, rule: LimitRule = preregistrationLimit) {
  return addressThrottle(db, "preregistration", rule, tooManyPreregistrations);
}
