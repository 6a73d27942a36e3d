import { randomUUID } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";

export type AccessTokenClaims = {
  userId: number;
  jti: string;
  issuedAt: Date;
  expiresAt: Date;
  remember: boolean;
  /**
   * The user's session generation when the token was issued (`sv` claim); null for tokens issued before
   * the claim existed (those are judged by `users.tokens_valid_after`).
   */
  sessionVersion: number | null;
};

const ALG = "HS256";

// The HMAC key, imported once per secret (importing it on every call cost more than the check itself).
const keys = new Map<string, Promise<CryptoKey>>();
function key(secret: string): Promise<CryptoKey> {
  let k = keys.get(secret);
  if (!k) {
    k = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    keys.set(secret, k);
  }
  return k;
}

/**
 * Tokens whose signature was already checked, with their claims: a session sends the same token on
 * every call, and an HMAC of the same bytes under the same secret always gives the same answer. Expiry
 * is still checked on every use. Size-capped (oldest first).
 */
const verified = new Map<string, { secret: string; claims: AccessTokenClaims }>();
const VERIFIED_MAX = 10_000;

/** Signs an access token for a user; `ttlSeconds` depends on remember-me. */
export async function signAccessToken(opts: {
  secret: string;
  userId: number;
  ttlSeconds: number;
  remember?: boolean;
  /** The user's current `users.session_version` (0 for a new account). */
  sessionVersion?: number;
  now?: Date;
}): Promise<{ token: string; claims: AccessTokenClaims }> {
  const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  const jti = randomUUID();
  const exp = now + opts.ttlSeconds;
  const sessionVersion = opts.sessionVersion ?? 0;
  const token = await new SignJWT({ rem: opts.remember ? 1 : 0, sv: sessionVersion })
    .setProtectedHeader({ alg: ALG, typ: "JWT" })
    .setSubject(String(opts.userId))
    .setJti(jti)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(await key(opts.secret));
  return {
    token,
    claims: {
      userId: opts.userId,
      jti,
      issuedAt: new Date(now * 1000),
      expiresAt: new Date(exp * 1000),
      remember: Boolean(opts.remember),
      sessionVersion,
    },
  };
}

export type VerifyResult =
  | { ok: true; claims: AccessTokenClaims }
  | { ok: false; reason: "expired" | "invalid" };

/** Verifies signature, algorithm (HS256 only: `alg: none` and others are refused) and expiry. */
export async function verifyAccessToken(token: string, secret: string): Promise<VerifyResult> {
  const known = verified.get(token);
  if (known && known.secret === secret) {
    if (known.claims.expiresAt.getTime() <= Date.now()) return { ok: false, reason: "expired" };
    return { ok: true, claims: known.claims };
  }
  const result = await verifyWithJose(token, secret);
  if (result.ok) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { secret, claims: result.claims });
  }
  return result;
}

async function verifyWithJose(token: string, secret: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), { algorithms: [ALG] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || !payload.jti || !payload.exp || !payload.iat) {
      return { ok: false, reason: "invalid" };
    }
    const sv = payload.sv;
    if (sv !== undefined && !Number.isSafeInteger(sv)) return { ok: false, reason: "invalid" };
    return {
      ok: true,
      claims: {
        userId,
        jti: payload.jti,
        issuedAt: new Date(payload.iat * 1000),
        expiresAt: new Date(payload.exp * 1000),
        remember: payload.rem === 1,
        sessionVersion: sv === undefined ? null : (sv as number),
      },
    };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) return { ok: false, reason: "expired" };
    return { ok: false, reason: "invalid" };
  }
}
