import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import { buildApp } from "../app.js";
import { users } from "../db/schema/index.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { SessionCache } from "./session-cache.js";

/** A cache on which no announcement has arrived yet (and whose answers never expire by themselves). */
class UnannouncedCache extends SessionCache {
  override revoke() {}
  override forgetUser() {}
  override clear() {}
}

// Several servers share a PostgreSQL database only; the embedded database has one server.
describe.skipIf(!process.env.TEST_DATABASE_URL)("a write on another server right after a logout", () => {
  let ctx: TestContext;
  let other: FastifyInstance;

  beforeAll(async () => {
    ctx = await createTestContext();
    other = await buildApp({ config: ctx.config, db: ctx.db });
    await other.ready();
    other.sessions = new UnannouncedCache(ctx.db, { ttlMs: 60_000, now: () => 0 });
  });
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  const createClassroom = (headers: Record<string, string>, code: string) =>
    other.inject({ method: "POST", url: "/api/classrooms", headers, payload: { code, max_capacity: 20 } });

  it("is refused as soon as the logout committed, before the other server hears of it", async () => {
    const admin = await createUserWithToken(ctx, Role.admin);
    // The other server has checked this session and holds it as good.
    expect(
      (await other.inject({ method: "GET", url: "/api/users/me", headers: admin.headers })).statusCode,
    ).toBe(200);
    expect((await createClassroom(admin.headers, "W-1")).statusCode).toBe(201);
    const logout = await ctx.app.inject({ method: "POST", url: "/api/logout", headers: admin.headers });
    expect(logout.statusCode).toBeLessThan(300);
    const write = await createClassroom(admin.headers, "W-2");
    expect(write.statusCode).toBe(404);
    expect(write.json().message).toBe("the_token_has_been_blacklisted");
  });

  it("a disabled account cannot write through a server that cached it as enabled", async () => {
    const admin = await createUserWithToken(ctx, Role.admin);
    expect((await createClassroom(admin.headers, "W-3")).statusCode).toBe(201);
    await ctx.db.update(users).set({ disabled: true }).where(eq(users.id, admin.user.id));
    const write = await createClassroom(admin.headers, "W-4");
    expect(write.json().message).toBe("user_is_disabled");
  });
});
