import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/context.js";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const backend = async () => {
  const result = (await ctx.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
    rows: { pid: number }[];
  };
  return result.rows[0]!.pid;
};

// On the embedded database there is one connection, whatever happens.
describe.runIf(process.env.TEST_DATABASE_URL)("a statement PostgreSQL refuses", () => {
  it("leaves its connection in the pool, ready for the next one", async () => {
    const before = await backend();
    await expect(ctx.db.execute(sql`select 1 / 0`)).rejects.toMatchObject({ cause: { code: "22012" } });
    await expect(
      ctx.db.execute(sql`do $$ begin raise exception 'section_is_filled_or_gender_is_filled'; end $$`),
    ).rejects.toThrow();
    expect(await backend()).toBe(before);
  });

  it("gives each statement its own answer when several fail at once", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        ctx.db.execute(i % 2 ? sql`select 1 / 0` : sql`select ${i}::int as n`),
      ),
    );
    const answers = results.map((r) =>
      r.status === "fulfilled" ? (r.value as unknown as { rows: { n: number }[] }).rows[0]!.n : "refused",
    );
    expect(answers).toEqual(Array.from({ length: 30 }, (_, i) => (i % 2 ? "refused" : i)));
    // The pool still serves.
    expect(await backend()).toBeGreaterThan(0);
  });
});
