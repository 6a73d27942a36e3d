import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import { lt } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRes,
} from "rate-limiter-flexible";
import type { Db } from "../db/client.js";
import { authRateLimits } from "../db/schema/index.js";

/** One limit: at most `points` counted attempts per `durationSec`; going over blocks for `blockSec`. */
export type LimitRule = { points: number; durationSec: number; blockSec: number };

/**
 * The limits of the login and recovery calls. An attacker slows only themself: the per-address limits
 * are generous (a school behind one address), the per-address-and-account ones strict, and nothing is
 * counted per account alone, so failures against an account from one address never lock its owner out
 * elsewhere.
 */
export type AuthRateLimits = {
  /** Failed logins from one address, whatever the account (successes give their attempt back). */
  loginPerAddress: LimitRule;
  /** Consecutive failed logins to one account from one address (a success starts again from zero). */
  loginPerAddressAndAccount: LimitRule;
  /** Recovery links asked from one address. */
  resetPerAddress: LimitRule;
  /** Recovery links asked for one e-mail from one address. */
  resetPerAddressAndEmail: LimitRule;
  /** Wrong e-mailed tokens (account confirmation, password recovery) sent from one address. */
  tokenPerAddress: LimitRule;
  /**
   * Wrong current passwords given to change one's own password or e-mail: counted per account, since only
   * the holder of a session of that account can try (a stolen session cannot guess the password).
   */
  currentPasswordPerAccount: LimitRule;
};

const minutes = (n: number) => n * 60;

export const defaultAuthRateLimits: AuthRateLimits = {
  loginPerAddress: { points: 100, durationSec: minutes(15), blockSec: minutes(15) },
  loginPerAddressAndAccount: { points: 10, durationSec: minutes(60), blockSec: minutes(15) },
  resetPerAddress: { points: 30, durationSec: minutes(60), blockSec: minutes(60) },
  resetPerAddressAndEmail: { points: 5, durationSec: minutes(60), blockSec: minutes(60) },
  tokenPerAddress: { points: 30, durationSec: minutes(15), blockSec: minutes(15) },
  currentPasswordPerAccount: { points: 10, durationSec: minutes(60), blockSec: minutes(15) },
};

/** A refused attempt: how long until the caller may try again. */
export class RateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super("rate_limited");
    this.name = "RateLimited";
  }
}

/**
 * One limit over one store. `take` counts an attempt and throws `RateLimited` when the subject is over
 * the limit (or blocked); `give` hands an attempt back; `forget` starts the subject from zero.
 */
export class Throttle {
  constructor(private readonly limiter: RateLimiterAbstract) {}

  async take(subject: string): Promise<void> {
    try {
      await this.limiter.consume(subject);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw new RateLimited(Math.max(err.msBeforeNext, 1000));
      throw err;
    }
  }

  async give(subject: string): Promise<void> {
    await this.limiter.reward(subject);
  }

  async forget(subject: string): Promise<void> {
    await this.limiter.delete(subject);
  }
}

export type AuthThrottles = { [K in keyof AuthRateLimits]: Throttle };

/**
 * The throttles of the auth routes. Their counters live in the `auth_rate_limits` table of `db`, so on
 * PostgreSQL every server sharing the database counts together; should the table fail, each server goes on
 * counting in memory until it answers again. Ended counters are deleted by the `expire-tokens` job
 * (`sweepRateLimits`), which runs once across all servers.
 */
export function createAuthThrottles(opts: { db: Db; limits?: Partial<AuthRateLimits> }): AuthThrottles {
  const limits = { ...defaultAuthRateLimits, ...opts.limits };
  const throttle = (name: keyof AuthRateLimits) => tableThrottle(opts.db, name, limits[name]);
  return {
    loginPerAddress: throttle("loginPerAddress"),
    loginPerAddressAndAccount: throttle("loginPerAddressAndAccount"),
    resetPerAddress: throttle("resetPerAddress"),
    resetPerAddressAndEmail: throttle("resetPerAddressAndEmail"),
    tokenPerAddress: throttle("tokenPerAddress"),
    currentPasswordPerAccount: throttle("currentPasswordPerAccount"),
  };
}

/**
 * One limit counted in the `auth_rate_limits` table under `keyPrefix`, so every server sharing a PostgreSQL
 * database counts together; should the table fail, each server counts in memory until it answers again.
 */
export function tableThrottle(db: Db, keyPrefix: string, rule: LimitRule): Throttle {
  const common = { keyPrefix, points: rule.points, duration: rule.durationSec, blockDuration: rule.blockSec };
  return new Throttle(
    new RateLimiterDrizzle({
      ...common,
      storeClient: db,
      schema: authRateLimits,
      clearExpiredByTimeout: false,
      insuranceLimiter: new RateLimiterMemory(common),
    }),
  );
}

/**
 * The per-address limit of a public call (IPv6: one /64): `take(ip, reply)` counts one call and, past the
 * limit, answers 429 with `Retry-After` and the call's own Spanish refusal.
 */
export function addressThrottle(
  db: Db,
  keyPrefix: string,
  rule: LimitRule,
  refusal: (retryAfterMs: number) => Error,
) {
  const throttle = tableThrottle(db, keyPrefix, rule);
  return {
    async take(ip: string, reply: FastifyReply): Promise<void> {
      try {
        await throttle.take(addressSubject(ip));
      } catch (err) {
        if (!(err instanceof RateLimited)) throw err;
        reply.header("Retry-After", String(Math.ceil(err.retryAfterMs / 1000)));
        throw refusal(err.retryAfterMs);
      }
    },
  };
}

/** Deletes the counters that ended more than a minute ago; answers how many. */
export async function sweepRateLimits(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(authRateLimits)
    .where(lt(authRateLimits.expire, new Date(now.getTime() - 60_000)))
    .returning({ key: authRateLimits.key });
  return gone.length;
}

/**
 * The subject of a per-address limit: an IPv4 address as is, an IPv6 address by its /64 network (one
 * subscriber usually holds a whole /64, and could otherwise try from 2^64 addresses).
 */
export function addressSubject(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.split("%")[0]!;
  if (!isIPv6(bare)) return ip;
  const groupsOf = (part: string) =>
    part === "" ? [] : part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g]));
  const [head = "", tail] = bare.split("::");
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * The subject of an address-and-account limit: the e-mail compared case-insensitively and stored only as
 * a hash (the table never holds e-mails).
 */
export function addressAndAccount(ip: string, email: string): string {
  const account = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);
  return `${addressSubject(ip)}|${account}`;
}
