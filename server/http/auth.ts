import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from "fastify";
import fp from "fastify-plugin";
import { type AccessRule, access } from "../../common/access.js";
import { hasRole } from "../../common/roles.js";
import { authErrors } from "../auth/errors.js";
import { DEFAULT_SESSION_CACHE_TTL_MS, SessionCache } from "../auth/session-cache.js";
import { signAccessToken, verifyAccessToken } from "../auth/tokens.js";
import { forbidden } from "./errors.js";

/** Who is calling: set by `authenticate` on every protected route. */
export type Principal = {
  id: number;
  type: number;
  jti: string;
  expiresAt: Date;
  remember: boolean;
  /** The user's session generation (`users.session_version`) the token was checked against. */
  sessionVersion: number;
};

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Hook (use as `onRequest`, before validation): requires a valid, unrevoked token of an enabled user. */
    authenticate: preHandlerHookHandler;
    /** Hooks (use as `onRequest`): authenticate, then require one of the roles of an access rule (common/access.ts). */
    allow(rule: AccessRule | readonly number[]): preHandlerHookHandler[];
    /**
     * Cached auth state of users and tokens (server/auth/session-cache.ts). Whoever changes a user's role,
     * disabled flag or password calls `sessions.forgetUser(id)`; logout calls `sessions.revoke(jti)`.
     */
    sessions: SessionCache;
  }
}

/** The principal of an authenticated request; routes behind `authenticate` always have one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw authErrors.tokenNotProvided();
  return request.principal;
}

function tokenTtlSeconds(app: FastifyInstance, p: Principal): number {
  return p.remember ? app.config.rememberMeTtlDays * 86400 : app.config.tokenTtlMinutes * 60;
}

/**
 * Puts a new token for the caller in the response's `Authorization` header (the web app stores it):
 * on refresh, and after a password change has ended the caller's older tokens.
 */
export async function sendFreshToken(
  app: FastifyInstance,
  reply: FastifyReply,
  p: Principal,
  opts: { reloadSessionVersion?: boolean } = { reloadSessionVersion: true },
): Promise<void> {
  // After a password change the token must carry the new session version: read it again.
  let sessionVersion = p.sessionVersion;
  if (opts.reloadSessionVersion) {
    const current = await app.sessions.currentUser(p.id);
    if (!current) return;
    sessionVersion = current.sessionVersion;
  }
  const { token, claims } = await signAccessToken({
    secret: app.config.jwtSecret,
    userId: p.id,
    ttlSeconds: tokenTtlSeconds(app, p),
    remember: p.remember,
    sessionVersion,
  });
  reply.header("Authorization", `Bearer ${token}`);
  reply.header("X-Token-Expires-At", claims.expiresAt.toISOString());
}

/** Tokens whose remaining life falls under this share of their lifetime are renewed in the response. */
const REFRESH_WHEN_REMAINING = 0.25;

async function authenticatePlugin(app: FastifyInstance) {
  app.decorateRequest("principal", null);
  app.decorate(
    "sessions",
    new SessionCache(app.db, { ttlMs: app.config.authCacheTtlMs ?? DEFAULT_SESSION_CACHE_TTL_MS }),
  );

  async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw authErrors.tokenNotProvided();
    const result = await verifyAccessToken(match[1], app.config.jwtSecret);
    if (!result.ok) {
      throw result.reason === "expired" ? authErrors.tokenExpired() : authErrors.tokenInvalid();
    }
    const { claims } = result;
    const { user, revoked } = await app.sessions.lookup(claims.userId, claims.jti);
    if (revoked) throw authErrors.blacklisted();
    if (!user) throw authErrors.tokenInvalid();
    // A password change or recovery ends the sessions opened before it: their generation is older.
    if (claims.sessionVersion === null) {
      // A token from before session versions: judged by the instant of the last change.
      if (user.sessionVersion > 0 || (user.tokensValidAfter && claims.issuedAt < user.tokensValidAfter))
        throw authErrors.tokenInvalid();
    } else if (claims.sessionVersion !== user.sessionVersion) throw authErrors.tokenInvalid();
    if (user.disabled) throw authErrors.userDisabled();
    request.principal = {
      id: claims.userId,
      type: user.type,
      jti: claims.jti,
      expiresAt: claims.expiresAt,
      remember: claims.remember,
      sessionVersion: user.sessionVersion,
    };
    await maybeRefresh(request, reply);
  }

  async function maybeRefresh(request: FastifyRequest, reply: FastifyReply) {
    const p = request.principal!;
    const remaining = (p.expiresAt.getTime() - Date.now()) / 1000;
    if (remaining > tokenTtlSeconds(app, p) * REFRESH_WHEN_REMAINING) return;
    await sendFreshToken(app, reply, p, { reloadSessionVersion: false });
  }

  app.decorate("authenticate", authenticate);
  app.decorate("allow", (rule: AccessRule | readonly number[]) => {
    const allowed = typeof rule === "string" ? access[rule] : rule;
    const checkRole: preHandlerHookHandler = async (request) => {
      if (!hasRole(principalOf(request).type, allowed)) throw forbidden();
    };
    return [authenticate, checkRole];
  });
}

export const authPlugin = fp(authenticatePlugin, { name: "auth" });
