import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classrooms } from "../db/schema/index.js";
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

  it("remembers nothing when the computation fails", async () => {
    await expect(
      rememberWhileUnchanged(ctx.db, "failing", async () => {
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    expect(await rememberWhileUnchanged(ctx.db, "failing", async () => "yes")).toBe("yes");
  });
});
