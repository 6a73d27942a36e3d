import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { defaultSchoolTimeZone } from "../../common/time.js";
import { buildApp } from "../app.js";
import { ManualClock } from "../clock.js";
import { type Config, loadConfig } from "../config.js";
import type { Db } from "../db/client.js";
import { takeTestDatabase } from "./database-pool.js";

export type TestContext = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /**
   * The app's clock: it stands at `testToday` 10:00 school time until a test moves it, so no test depends
   * on the machine's date (`ctx.clock.setSchoolTime("2027-01-04", "23:30")`).
   */
  clock: ManualClock;
  /** Folder where e-mails land during the test (one .eml file per message). */
  outboxDir: string;
  close(): Promise<void>;
};

/** The school day every test context starts on (a Wednesday in the middle of a term). */
export const testToday = "2026-11-25";

/** A clock standing at `testToday` 10:00 in the school's time zone. */
export function testClock(timeZone: string = defaultSchoolTimeZone): ManualClock {
  const clock = new ManualClock(timeZone, new Date(0));
  clock.setSchoolTime(testToday, "10:00");
  return clock;
}

/**
 * A migrated database (fresh, or emptied after an earlier test file: server/test/database-pool.ts) and the
 * app on top of it. Embedded (in-memory PGlite) by default; on PostgreSQL when TEST_DATABASE_URL points at
 * a server.
 */
export async function createTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const dir = mkdtempSync(path.join(tmpdir(), "aula-test-"));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dir,
      JWT_SECRET: "test-secret-test-secret-test-secret-0123",
    }),
    ...overrides,
  };
  const database = await takeTestDatabase();
  const clock = testClock(config.timeZone);
  const app = await buildApp({ config, db: database.db, clock });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    clock,
    outboxDir: config.outboxDir,
    async close() {
      await app.close();
      await database.release();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
