import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from "fastify";
import fp from "fastify-plugin";
import { type AccessRule, access } from "../../common/access.js";
import { hasRole } from "../../common/roles.js";
import { authErrors } from "../auth/errors.js";
import { DEFAULT_SESSION_CACHE_TTL_MS, SessionCache } from "../auth/session-cache.js";
import { signAccessToken, verifyAccessToken } from "../auth/tokens.js";
import { postgresPoolOf } from "../cluster/pool.js";
import { forbidden } from "./errors.js";

/**
 * The access a hook declares, as a property of the hook function: `app.allow(rule)` marks its role check
 * with the rule's name (common/access.ts), `app.authenticate` marks itself `"authenticated"`. The route
 * walk (server/http/route-access.test.ts) reads it from every route's `onRequest` hooks; a route whose
 * hooks carry no mark is public and must be listed as such in server/http/route-access.expected.ts.
 */
export const accessMark = Symbol.for("aula.access");

/** What a route declares: a rule of common/access.ts, any logged-in user, nobody checked, or an ad-hoc list. */
export type DeclaredAccess = AccessRule | "authenticated" | "public" | `roles:${string}`;

type MarkedHook = { [accessMark]?: string };

/** The access a route's `onRequest` hooks declare (a role rule wins over plain authentication). */
export function declaredAccess(onRequest: unknown): DeclaredAccess {
  const hooks = (Array.isArray(onRequest) ? onRequest : [onRequest]).flat() as (MarkedHook | undefined)[];
  const marks = hooks.map((h) => (typeof h === "function" ? h[accessMark] : undefined)).filter(Boolean);
  const rule = marks.find((m) => m !== "authenticated");
  return (rule ?? marks[0] ?? "public") as DeclaredAccess;
}

/** One registered route and the access its `onRequest` hooks declare. */
export type RouteAccessEntry = {
  method: string;
  url: string;
  access: DeclaredAccess;
  hidden: boolean;
  /** Its querystring is a `listQuery()` (server/http/list-query.ts): a list, which must answer `format=csv`. */
  list: boolean;
};

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
    /** Every route registered after the auth plugin with its declared access (read by the route walk). */
    routeAccessTable: RouteAccessEntry[];
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

/** Methods that change nothing: their session check may come from the cache. */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

async function authenticatePlugin(app: FastifyInstance) {
  app.decorateRequest("principal", null);
  app.decorate(
    "sessions",
    new SessionCache(app.db, { ttlMs: app.config.authCacheTtlMs ?? DEFAULT_SESSION_CACHE_TTL_MS }),
  );

  // Several servers may share a PostgreSQL database: a write checks its session in the database, so a logout,
  // a disabling or a password change made on another server applies to it as soon as it committed (reads
  // follow the database's announcement, milliseconds later). One embedded database has one server, whose
  // cache is always current.
  const sharedDatabase = postgresPoolOf(app.db) !== null;

  async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw authErrors.tokenNotProvided();
    const result = await verifyAccessToken(match[1], app.config.jwtSecret);
    if (!result.ok) {
      throw result.reason === "expired" ? authErrors.tokenExpired() : authErrors.tokenInvalid();
    }
    const { claims } = result;
    const fresh = sharedDatabase && !READ_METHODS.has(request.method);
    const { user, revoked } = await app.sessions.lookup(claims.userId, claims.jti, { fresh });
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

  (authenticate as MarkedHook)[accessMark] = "authenticated";
  app.decorate("authenticate", authenticate);
  app.decorate("allow", (rule: AccessRule | readonly number[]) => {
    const allowed = typeof rule === "string" ? access[rule] : rule;
    const checkRole: preHandlerHookHandler = async (request) => {
      if (!hasRole(principalOf(request).type, allowed)) throw forbidden();
    };
    (checkRole as MarkedHook)[accessMark] = typeof rule === "string" ? rule : `roles:${rule.join(",")}`;
    return [authenticate, checkRole];
  });

  const table: RouteAccessEntry[] = [];
  app.decorate("routeAccessTable", table);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as { hide?: boolean; querystring?: { shape?: object } } | undefined;
    const hidden = Boolean(schema?.hide);
    const shape = schema?.querystring?.shape ?? {};
    const list = "sort_by" in shape && "format" in shape;
    for (const method of methods) {
      table.push({ method, url: route.url, access: declaredAccess(route.onRequest), hidden, list });
    }
  });
}

export const authPlugin = fp(authenticatePlugin, { name: "auth" });
