import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import { buildApp } from "../app.js";
import { users } from "../db/schema/index.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { SessionCache } from "./session-cache.js";
import { signAccessToken } from "./tokens.js";
import { issueUserToken } from "./user-tokens.js";

const password = "clave-segura-1";
const newPassword = (n: number) => ({
  password: `otra-clave-${n}`,
  password_confirmation: `otra-clave-${n}`,
});

describe("sessions: password changes, recovery links and the auth cache", () => {
  let ctx: TestContext;
  /** A second server on the same database, whose cache reads a clock the test moves. */
  let other: FastifyInstance;
  let clock = 0;
  const ttlMs = 3000;

  beforeAll(async () => {
    ctx = await createTestContext();
    other = await buildApp({ config: ctx.config, db: ctx.db });
    await other.ready();
    other.sessions = new SessionCache(ctx.db, { ttlMs, now: () => clock });
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  const call = (
    app: FastifyInstance,
    method: "GET" | "POST" | "PATCH",
    url: string,
    headers = {},
    payload?: object,
  ) => app.inject({ method, url, headers, payload });
  const me = (app: FastifyInstance, headers: Record<string, string>) =>
    call(app, "GET", "/api/users/me", headers);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it("a password change ends a session opened in the same millisecond, even with the cache warm", async () => {
    const admin = await createUserWithToken(ctx, Role.admin);
    const person = await createUserWithToken(ctx, Role.teacher, { password });
    // Two sessions issued at this very instant; the change follows at once (same second, same millisecond).
    const now = new Date();
    const a = await signAccessToken({
      secret: ctx.config.jwtSecret,
      userId: person.user.id,
      ttlSeconds: 3600,
      now,
    });
    const b = await signAccessToken({
      secret: ctx.config.jwtSecret,
      userId: person.user.id,
      ttlSeconds: 3600,
      now,
    });
    expect((await me(ctx.app, bearer(a.token))).statusCode).toBe(200); // cached as valid
    const res = await call(
      ctx.app,
      "PATCH",
      `/api/users/${person.user.id}/password`,
      admin.headers,
      newPassword(1),
    );
    expect(res.statusCode).toBe(200);
    for (const token of [a.token, b.token]) {
      const stale = await me(ctx.app, bearer(token));
      expect(stale.statusCode).toBe(401);
      expect(stale.json().message).toBe("token_invalid");
    }
    // A login after the change works.
    const login = await call(
      ctx.app,
      "POST",
      "/api/login",
      {},
      { email: person.user.email, password: "otra-clave-1" },
    );
    expect(login.statusCode).toBe(200);
    expect((await me(ctx.app, bearer(login.json().access_token))).statusCode).toBe(200);
  });

  it("the person changing their own password keeps going with the fresh token only", async () => {
    const person = await createUserWithToken(ctx, Role.student, { password });
    const sibling = await signAccessToken({
      secret: ctx.config.jwtSecret,
      userId: person.user.id,
      ttlSeconds: 3600,
    });
    const res = await call(ctx.app, "PATCH", `/api/users/${person.user.id}/password`, person.headers, {
      current_password: password,
      ...newPassword(2),
    });
    expect(res.statusCode).toBe(200);
    expect((await me(ctx.app, { authorization: String(res.headers.authorization) })).statusCode).toBe(200);
    expect((await me(ctx.app, person.headers)).statusCode).toBe(401);
    expect((await me(ctx.app, bearer(sibling.token))).statusCode).toBe(401);
  });

  it("a recovery ends every older session, and a newer recovery link voids the older one", async () => {
    const person = await createUserWithToken(ctx, Role.student, { password });
    expect((await me(ctx.app, person.headers)).statusCode).toBe(200);
    const older = await issueUserToken({ db: ctx.db, userId: person.user.id, purpose: "recover" });
    const newer = await issueUserToken({ db: ctx.db, userId: person.user.id, purpose: "recover" });
    const refused = await call(
      ctx.app,
      "POST",
      "/api/recover-password",
      {},
      { token: older.token, ...newPassword(3) },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("invalid_token");
    const ok = await call(
      ctx.app,
      "POST",
      "/api/recover-password",
      {},
      { token: newer.token, ...newPassword(4) },
    );
    expect(ok.statusCode).toBe(200);
    const stale = await me(ctx.app, person.headers);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe("token_invalid");
  });

  it("tokens from before session versions are judged by the instant of the last change", async () => {
    const person = await createUserWithToken(ctx, Role.teacher);
    const { SignJWT } = await import("jose");
    const legacy = (iat: number) =>
      new SignJWT({ rem: 0 })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(person.user.id))
        .setJti(`legacy-${iat}`)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600)
        .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    const now = Math.floor(Date.now() / 1000);
    await ctx.db
      .update(users)
      .set({ tokensValidAfter: new Date((now - 60) * 1000) })
      .where(eq(users.id, person.user.id));
    ctx.app.sessions.forgetUser(person.user.id);
    expect((await me(ctx.app, bearer(await legacy(now - 120)))).statusCode).toBe(401);
    expect((await me(ctx.app, bearer(await legacy(now - 10)))).statusCode).toBe(200);
    // Once the account's sessions have a version, a token without one is from before it: refused.
    await ctx.db.update(users).set({ sessionVersion: 1 }).where(eq(users.id, person.user.id));
    ctx.app.sessions.forgetUser(person.user.id);
    expect((await me(ctx.app, bearer(await legacy(now - 5)))).statusCode).toBe(401);
  });

  it("logout, disabling and a password change apply at once on the server that made them", async () => {
    const admin = await createUserWithToken(ctx, Role.admin);
    const a = await createUserWithToken(ctx, Role.teacher, { password });
    const b = await createUserWithToken(ctx, Role.teacher, { password });
    const c = await createUserWithToken(ctx, Role.teacher, { password });
    for (const p of [a, b, c]) expect((await me(ctx.app, p.headers)).statusCode).toBe(200); // warm
    expect((await call(ctx.app, "POST", "/api/logout", a.headers)).statusCode).toBeLessThan(300);
    expect((await me(ctx.app, a.headers)).json().message).toBe("the_token_has_been_blacklisted");
    // Disabling (whoever writes it calls sessions.forgetUser, as the users module does).
    await ctx.db.update(users).set({ disabled: true }).where(eq(users.id, b.user.id));
    ctx.app.sessions.forgetUser(b.user.id);
    expect((await me(ctx.app, b.headers)).json().message).toBe("user_is_disabled");
    await call(ctx.app, "PATCH", `/api/users/${c.user.id}/password`, admin.headers, newPassword(5));
    expect((await me(ctx.app, c.headers)).json().message).toBe("token_invalid");
  });

  it("another server sharing the database sees them once its cached answer expires", async () => {
    const admin = await createUserWithToken(ctx, Role.admin);
    const a = await createUserWithToken(ctx, Role.teacher, { password });
    const b = await createUserWithToken(ctx, Role.teacher, { password });
    const c = await createUserWithToken(ctx, Role.teacher, { password });
    clock = 1_000_000;
    for (const p of [a, b, c]) expect((await me(other, p.headers)).statusCode).toBe(200); // warm on `other`

    await call(ctx.app, "POST", "/api/logout", a.headers);
    await ctx.db.update(users).set({ disabled: true }).where(eq(users.id, b.user.id));
    ctx.app.sessions.forgetUser(b.user.id);
    await call(ctx.app, "PATCH", `/api/users/${c.user.id}/password`, admin.headers, newPassword(6));

    // Within its cache lifetime the other server may still answer from what it read (on the embedded
    // database; on PostgreSQL the database announces each change and it forgets at once, see
    // session-notify.test.ts)…
    clock += ttlMs - 1;
    if (!process.env.TEST_DATABASE_URL) expect((await me(other, a.headers)).statusCode).toBe(200);
    // …and once it has expired, it sees all three.
    clock += 1;
    expect((await me(other, a.headers)).json().message).toBe("the_token_has_been_blacklisted");
    expect((await me(other, b.headers)).json().message).toBe("user_is_disabled");
    expect((await me(other, c.headers)).json().message).toBe("token_invalid");
  });

  it("keeps the cache bounded", async () => {
    const cache = new SessionCache(ctx.db, { ttlMs: 60_000, maxUsers: 3, maxTokens: 3 });
    const made = await Promise.all([1, 2, 3, 4, 5].map(() => createUserWithToken(ctx, Role.student)));
    for (const p of made) await cache.lookup(p.user.id, `jti-${p.user.id}`);
    expect(cache.size).toEqual({ users: 3, tokens: 3 });
  });
});
