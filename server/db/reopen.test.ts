import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { lockFileName } from "../lifecycle/lock.js";
import { openDatabase } from "./client.js";

describe("reopening the embedded database after seeding", () => {
  let dir = "";
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the data folder's lock and the data across the reopen", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "aula-reopen-"));
    const database = await openDatabase({ dataDir: dir });
    await database.db.execute(sql`create table t (n int)`);
    await database.db.execute(sql`insert into t values (7)`);
    expect(database.reopen).toBeDefined();
    database.db = await (database.reopen as NonNullable<typeof database.reopen>)();
    // The lock is still held (its file names this process) all along.
    expect(JSON.parse(readFileSync(path.join(dir, lockFileName), "utf8")).pid).toBe(process.pid);
    const result = await database.db.execute(sql`select n from t`);
    expect((result as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 7 }]);
    await database.close();
    // Closing releases it.
    expect(existsSync(path.join(dir, lockFileName))).toBe(false);
  }, 60_000);
});
