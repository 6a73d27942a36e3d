import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import { buildApp } from "../app.js";
import { postgresPoolOf } from "../cluster/pool.js";
import { until } from "../cluster/test-support.js";
import { users } from "../db/schema/index.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { SessionCache } from "./session-cache.js";
import { parseSessionChange, sessionListenerName } from "./session-notify.js";

describe("session announcements", () => {
  it("reads the database's announcements and ignores anything else", () => {
    expect(parseSessionChange("u:42")).toEqual({ userId: 42 });
    expect(parseSessionChange("t:abc-123")).toEqual({ jti: "abc-123" });
    for (const bad of [undefined, "", "u:", "u:x", "u:-1", "u:1.5", "t:", "x:1"]) {
      expect(parseSessionChange(bad)).toBeNull();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("several servers on one PostgreSQL: sessions", () => {
  let ctx: TestContext;
  /** A second server on the same database whose cache never expires by itself (its clock stands still). */
  let other: FastifyInstance;
  const password = "clave-segura-1";

  beforeAll(async () => {
    ctx = await createTestContext();
    other = await buildApp({ config: ctx.config, db: ctx.db });
    await other.ready();
    other.sessions = new SessionCache(ctx.db, { ttlMs: 60_000, now: () => 0 });
  });
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  const sql = (text: string) => postgresPoolOf(ctx.db)!.query(text);
  const me = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({ method: "GET", url: "/api/users/me", headers });
  /** The other server refuses with `message`: only an announcement can tell it (its cache never expires). */
  const refusedOnOther = (headers: Record<string, string>, message: string) =>
    until(async () => (await me(other, headers)).json().message === message, `the other server to refuse`);

  it("a logout, a disabling, a role or password change on one server is refused by the other without waiting", async () => {
    const admin = await createUserWithToken(ctx, Role.admin);
    const a = await createUserWithToken(ctx, Role.teacher, { password });
    const b = await createUserWithToken(ctx, Role.teacher, { password });
    const c = await createUserWithToken(ctx, Role.teacher, { password });
    const d = await createUserWithToken(ctx, Role.teacher, { password });
    for (const p of [a, b, c, d]) expect((await me(other, p.headers)).statusCode).toBe(200); // cached

    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/logout", headers: a.headers })).statusCode,
    ).toBeLessThan(300);
    await refusedOnOther(a.headers, "the_token_has_been_blacklisted");
    // Written straight to the database (no forgetUser anywhere): the announcement comes from the database.
    await ctx.db.update(users).set({ disabled: true }).where(eq(users.id, b.user.id));
    await refusedOnOther(b.headers, "user_is_disabled");
    await ctx.app.inject({
      method: "PATCH",
      url: `/api/users/${c.user.id}/password`,
      headers: admin.headers,
      payload: { password: "otra-clave-9", password_confirmation: "otra-clave-9" },
    });
    await refusedOnOther(c.headers, "token_invalid");
    // A role change: a teacher made a student loses the teachers' pages on the other server too.
    await ctx.db.update(users).set({ type: Role.student }).where(eq(users.id, d.user.id));
    await until(async () => (await me(other, d.headers)).json().data?.type === Role.student, "the new role");
  });

  it("listens again after its connection drops, forgetting what it may have missed", async () => {
    const a = await createUserWithToken(ctx, Role.teacher, { password });
    const b = await createUserWithToken(ctx, Role.teacher, { password });
    expect((await me(other, a.headers)).statusCode).toBe(200);
    expect((await me(other, b.headers)).statusCode).toBe(200);
    // The database ends both servers' listening connections (a restart, a failover, an idle timeout).
    const ended = await sql(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = '${sessionListenerName}' and datname = current_database()`,
    );
    expect(ended.rows.length).toBe(2);
    // Meanwhile a logout happens: its announcement reaches nobody, so what was cached is forgotten…
    await ctx.db.update(users).set({ disabled: true }).where(eq(users.id, a.user.id));
    await refusedOnOther(a.headers, "user_is_disabled");
    // …and once listening again, announcements apply at once again.
    await until(async () => {
      const rows = await sql(
        `select 1 from pg_stat_activity where application_name = '${sessionListenerName}' and datname = current_database() and query ilike 'LISTEN%'`,
      );
      return rows.rows.length === 2;
    }, "both servers to listen again");
    expect((await me(other, b.headers)).statusCode).toBe(200);
    await ctx.app.inject({ method: "POST", url: "/api/logout", headers: b.headers });
    await refusedOnOther(b.headers, "the_token_has_been_blacklisted");
  });

  it("stops listening when the server stops", async () => {
    const count = async () =>
      (
        await sql(
          `select 1 from pg_stat_activity where application_name = '${sessionListenerName}' and datname = current_database()`,
        )
      ).rows.length;
    const third = await buildApp({ config: ctx.config, db: ctx.db });
    await third.ready();
    expect(await count()).toBe(3);
    await third.close();
    await until(async () => (await count()) === 2, "the listener to close");
  });
});
