import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import { verifyPassword } from "../auth/password.js";
import { users } from "../db/schema/index.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { ensureFirstAdmin, generatePassword } from "./first-admin.js";

describe("ensureFirstAdmin", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("creates an admin with a generated password on an empty database, once", async () => {
    const result = await ensureFirstAdmin(ctx.db, {});
    expect(result).toMatchObject({ created: true, email: "admin@aula.local", generatedPassword: true });
    if (!result.created) throw new Error("not created");
    expect(result.password).toMatch(/^[A-Za-z0-9]{20}$/);
    const [admin] = await ctx.db.select().from(users).where(eq(users.email, "admin@aula.local"));
    expect(admin?.type).toBe(Role.admin);
    expect(admin?.emailConfirmedAt).not.toBeNull();
    expect(await verifyPassword(result.password, admin?.passwordHash)).toBe(true);
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: result.email, password: result.password },
    });
    expect(login.statusCode).toBe(200);
    expect(
      await ensureFirstAdmin(ctx.db, { adminEmail: "otro@colegio.test", adminPassword: "x".repeat(12) }),
    ).toEqual({
      created: false,
    });
  });

  it("uses ADMIN_EMAIL and ADMIN_PASSWORD when given", async () => {
    const other = await createTestContext();
    try {
      const result = await ensureFirstAdmin(other.db, {
        adminEmail: "director@colegio.test",
        adminPassword: "clave-del-director",
      });
      expect(result).toEqual({
        created: true,
        email: "director@colegio.test",
        password: "clave-del-director",
        generatedPassword: false,
      });
    } finally {
      await other.close();
    }
  });

  it("generates distinct strong passwords", () => {
    const set = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(set.size).toBe(50);
  });
});
