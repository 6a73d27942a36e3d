import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { ensureFirstAdmin } from "../../bootstrap/first-admin.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { appSettings, users } from "../schema/index.js";
import { demoMarkerKey, ensureDemo, NotADemoSchoolError } from "./demo.js";

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const userCount = async (c: TestContext) => (await c.db.select({ n: count() }).from(users))[0]?.n ?? 0;

describe("npm run demo and the database it opens", () => {
  it("seeds an empty database once, marks it as the demo, and reopens it", async () => {
    ctx = await createTestContext();
    const first = await ensureDemo(ctx.db, ctx.clock);
    expect(first.seeded).toBe(true);
    const marker = await ctx.db.select().from(appSettings).where(eq(appSettings.key, demoMarkerKey));
    expect(marker).toHaveLength(1);
    const people = await userCount(ctx);
    // Accounts added while exploring the demo do not make it a real school.
    await ctx.db.insert(users).values({ type: 1, name: "Visitante", email: "visitante@gmail.com" });
    const again = await ensureDemo(ctx.db, ctx.clock);
    expect(again.seeded).toBe(false);
    expect(again.accounts.map((a) => a.email).sort()).toEqual(first.accounts.map((a) => a.email).sort());
    expect(await userCount(ctx)).toBe(people + 1);
  }, 120_000);

  it("refuses a real school's database and adds nothing to it", async () => {
    ctx = await createTestContext();
    await ensureFirstAdmin(ctx.db, { adminEmail: "directora@colegio.test", adminPassword: "x".repeat(12) });
    await expect(ensureDemo(ctx.db, ctx.clock)).rejects.toBeInstanceOf(NotADemoSchoolError);
    await expect(ensureDemo(ctx.db, ctx.clock)).rejects.toThrow(/no es la de demostración/);
    expect(await userCount(ctx)).toBe(1);
    expect(await ctx.db.select().from(appSettings)).toEqual([]);
  });
});
