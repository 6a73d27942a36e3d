import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { userTokens } from "../db/schema/index.js";

export type UserTokenPurpose = "confirm" | "recover";

/** How long e-mailed tokens stay valid (DOMAIN.md: confirmation 7 days, recovery 60 minutes). */
export const userTokenTtlMs: Record<UserTokenPurpose, number> = {
  confirm: 7 * 24 * 60 * 60 * 1000,
  recover: 60 * 60 * 1000,
};

/** SHA-256 hex of an e-mailed token: only this is stored. */
export const hashUserToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Creates a single-use token for a user and answers the raw value (to put in the e-mailed link). A new
 * recovery link replaces the older ones: the user's unused recovery tokens are spent first, so only the
 * newest e-mailed link works.
 */
export async function issueUserToken(opts: {
  db: DbOrTx;
  userId: number;
  purpose: UserTokenPurpose;
  now?: Date;
  ttlMs?: number;
}): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const now = opts.now ?? new Date();
  const expiresAt = new Date(now.getTime() + (opts.ttlMs ?? userTokenTtlMs[opts.purpose]));
  if (opts.purpose === "recover") {
    await opts.db
      .update(userTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(userTokens.userId, opts.userId),
          eq(userTokens.purpose, opts.purpose),
          isNull(userTokens.usedAt),
        ),
      );
  }
  await opts.db.insert(userTokens).values({
    userId: opts.userId,
    purpose: opts.purpose,
    tokenHash: hashUserToken(token),
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt };
}

/**
 * Consumes a token atomically: marks it used only when it exists, has this purpose, is unused and
 * unexpired, so two concurrent uses cannot both succeed. Answers the user id, or null. The user's other
 * unused tokens of the same purpose are spent too (only the newest link matters once one is used).
 */
export async function consumeUserToken(opts: {
  db: DbOrTx;
  token: string;
  purpose: UserTokenPurpose;
}): Promise<number | null> {
  const [row] = await opts.db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userTokens.tokenHash, hashUserToken(opts.token)),
        eq(userTokens.purpose, opts.purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: userTokens.userId });
  if (!row) return null;
  await opts.db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(userTokens.userId, row.userId), eq(userTokens.purpose, opts.purpose), isNull(userTokens.usedAt)),
    );
  return row.userId;
}

/** The user a token was issued to, whatever its state (to tell "already confirmed" from "invalid"). */
export async function findUserTokenOwner(opts: {
  db: DbOrTx;
  token: string;
  purpose: UserTokenPurpose;
}): Promise<number | null> {
  const [row] = await opts.db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashUserToken(opts.token)), eq(userTokens.purpose, opts.purpose)));
  return row?.userId ?? null;
}
