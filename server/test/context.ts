import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../app.js";
import { type Config, loadConfig } from "../config.js";
import { type Db, openDatabase } from "../db/client.js";

export type TestContext = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Folder where e-mails land during the test (one .eml file per message). */
  outboxDir: string;
  close(): Promise<void>;
};

/**
 * A fresh, migrated database and the app on top of it. Embedded (in-memory PGlite) by default; when
 * TEST_DATABASE_URL points at a PostgreSQL server, a throwaway database is created there instead.
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
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `aula_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const database = await openDatabase({ databaseUrl, dataDir: null });
  await database.migrate();
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    outboxDir: config.outboxDir,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
