import { and, eq, lt, or } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sweepRateLimits } from "../auth/rate-limiter.js";
import type { Db } from "../db/client.js";
import { revokedTokens, userTokens } from "../db/schema/index.js";

/** The job's name (its period is `EXPIRY_SWEEP_SECONDS`, five minutes by default). */
export const expiryJobName = "expire-tokens";

/**
 * A confirmation link is kept this long after it expired, so that clicking an old link of a confirmed
 * account still answers "already confirmed" rather than "invalid" for a while.
 */
export const spentConfirmationKeptMs = 30 * 24 * 60 * 60_000;

export type ExpirySweep = { userTokens: number; revokedTokens: number; rateLimits: number };

/**
 * Deletes what has expired: recovery links once expired, confirmation links a month after, revoked
 * access tokens once they would have expired anyway, and ended rate-limit counters.
 */
export async function sweepExpired(db: Db, now = new Date()): Promise<ExpirySweep> {
  const keptSince = new Date(now.getTime() - spentConfirmationKeptMs);
  const tokens = await db
    .delete(userTokens)
    .where(
      or(
        and(eq(userTokens.purpose, "recover"), lt(userTokens.expiresAt, now)),
        and(eq(userTokens.purpose, "confirm"), lt(userTokens.expiresAt, keptSince)),
      ),
    )
    .returning({ id: userTokens.id });
  const revoked = await db
    .delete(revokedTokens)
    .where(lt(revokedTokens.expiresAt, now))
    .returning({ jti: revokedTokens.jti });
  const rateLimits = await sweepRateLimits(db, now);
  return { userTokens: tokens.length, revokedTokens: revoked.length, rateLimits };
}

/** Schedules the sweep on the job queue (once per period across all servers). */
export const expiryJobPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.every(expiryJobName, app.config.expirySweepSeconds * 1000, async () => {
      const swept = await sweepExpired(app.db);
      app.log.debug({ swept }, "expired tokens and counters deleted");
    });
  },
  { name: "expiry-job", dependencies: ["jobs"] },
);
