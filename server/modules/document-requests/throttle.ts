import { addressThrottle, type LimitRule } from "../../auth/rate-limiter.js";
import type { Db } from "../../db/client.js";
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
  return addressThrottle(db, "verification", rule, tooManyVerifications);
}
