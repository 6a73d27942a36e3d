import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import { classrooms } from "../db/schema/index.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { rememberWhileUnchanged } from "./snapshot-memo.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const countRooms = async () => (await ctx.db.select().from(classrooms)).length;

describe("rememberWhileUnchanged", () => {
  it("computes once while nothing is written, again after any commit, and keeps keys apart", async () => {
    let computed = 0;
    const rooms = () =>
      rememberWhileUnchanged(ctx.db, "rooms", async () => {
        computed++;
        return countRooms();
      });
    expect(await rooms()).toBe(0);
    expect(await rooms()).toBe(0);
    expect(computed).toBe(1);

    await ctx.db.insert(classrooms).values({ code: "M-01", maxCapacity: 10 });
    expect(await rooms()).toBe(1);
    expect(computed).toBe(2);
    expect(await rooms()).toBe(1);
    expect(computed).toBe(2);

    // A write to any table changes the snapshot; a rolled-back one leaves nothing to see but is harmless.
    await ctx.db
      .transaction(async (tx) => {
        await tx.insert(classrooms).values({ code: "M-02", maxCapacity: 10 });
        throw new Error("rollback");
      })
      .catch(() => {});
    expect(await rooms()).toBe(1);

    let other = 0;
    await rememberWhileUnchanged(ctx.db, "other", async () => ++other);
    await rememberWhileUnchanged(ctx.db, "other", async () => ++other);
    expect(other).toBe(1);
  });

  it("forgets the least recently used answer when full, keeping the ones still asked for", async () => {
    const counts = new Map<string, number>();
    const ask = (key: string) =>
      rememberWhileUnchanged(ctx.db, key, async () => {
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return key;
      });
    await ask("kept");
    for (let i = 0; i < 600; i++) {
      await ask(`filler ${i}`);
      if (i % 100 === 0) await ask("kept");
    }
    await ask("kept");
    expect(counts.get("kept")).toBe(1);
    await ask("filler 0");
    expect(counts.get("filler 0")).toBe(2);
  });

  it("remembers nothing when the computation fails", async () => {
    await expect(
      rememberWhileUnchanged(ctx.db, "failing", async () => {
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    expect(await rememberWhileUnchanged(ctx.db, "failing", async () => "yes")).toBe("yes");
  });

  it("sends a remembered list page as the same JSON, and a fresh one after a write", async () => {
    const { headers } = await createUserWithToken(ctx, Role.admin);
    const get = () => ctx.app.inject({ method: "GET", url: "/api/classrooms?sort_by=code,asc", headers });
    const first = await get();
    const again = await get();
    expect(again.statusCode).toBe(200);
    expect(again.headers["content-type"]).toMatch(/^application\/json/);
    expect(again.body).toBe(first.body);
    expect(first.json().data.map((c: { code: string }) => c.code)).toEqual(["M-01"]);

    await ctx.db.insert(classrooms).values({ code: "M-03", maxCapacity: 12 });
    const after = await get();
    expect(after.json().data.map((c: { code: string }) => c.code)).toEqual(["M-01", "M-03"]);
    expect(after.json().meta.total).toBe(2);
  });
});
