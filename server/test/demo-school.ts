import { type DemoAccounts, seedDemo } from "../db/seed/demo.js";
import type { TestContext } from "./context.js";
import { captureRows, loadRows, type RowsSnapshot } from "./database-pool.js";

/** Demo schools this worker has seeded, by the day (and zone) they were seeded for. */
const seeded = new Map<string, { snapshot: RowsSnapshot; accounts: DemoAccounts }>();

/**
 * The demo school (server/db/seed/demo.ts) around `ctx.clock`'s day, in a context just created (whatever
 * the context's database holds is replaced). The first time in a worker it is seeded (about 4 s of work);
 * after that the same rows and id sequences are copied in (well under a second), so a file gets exactly
 * the database `seedDemo` would have made.
 */
export async function seedDemoSchool(ctx: TestContext): Promise<DemoAccounts> {
  const key = `${ctx.clock.timeZone} ${ctx.clock.today()}`;
  const known = seeded.get(key);
  if (known) {
    await loadRows(ctx.db, known.snapshot);
    return structuredClone(known.accounts);
  }
  const accounts = await seedDemo(ctx.db, ctx.clock);
  seeded.set(key, { snapshot: await captureRows(ctx.db), accounts: structuredClone(accounts) });
  return accounts;
}
