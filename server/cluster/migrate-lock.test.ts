import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase } from "../db/client.js";
import { createThrowawayDatabase, queryOnce } from "./test-support.js";

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("several servers starting together on a new PostgreSQL database", () => {
  let target: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  beforeAll(async () => {
    target = await createThrowawayDatabase(serverUrl!);
  });
  afterAll(() => target?.drop());

  it("migrate one at a time: every migration is applied once and all of them start", async () => {
    const servers = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: target.url, dataDir: null })),
    );
    try {
      await Promise.all(servers.map((s) => s.migrate()));
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
    const migrations = readdirSync(migrationsFolder).filter((f) => f.endsWith(".sql"));
    const applied = await queryOnce(target.url, "select hash from drizzle.__drizzle_migrations");
    expect(applied.length).toBe(migrations.length);
    const [users] = await queryOnce<{ n: string }>(target.url, "select count(*) as n from users");
    expect(users?.n).toBe("0");
  });
});
