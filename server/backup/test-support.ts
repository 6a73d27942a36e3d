// Test helpers: a school on the database kind the test run uses (TEST_DATABASE_URL: PostgreSQL, else the
// embedded database in a folder), and fresh targets to restore into.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Config, loadConfig } from "../config.js";
import { type Database, openDatabase } from "../db/client.js";
import { createStorage } from "../storage/index.js";
import type { FileStorage, StoredFile } from "../storage/types.js";
import { listTables, quoteIdent, type SqlRunner } from "./sql.js";

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A new, empty database on the test PostgreSQL server; its URL and a function dropping it. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `aula_backup_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export type School = {
  config: Config;
  database: Database;
  storage: FileStorage;
  close(): Promise<void>;
};

/** A configuration of its own (a temporary data folder; a new PostgreSQL database on PostgreSQL). */
export async function newConfig(): Promise<{ config: Config; cleanup(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "aula-backup-"));
  const pgdb = onPostgres ? await emptyPostgresDatabase() : null;
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dir,
    JWT_SECRET: "test-secret-test-secret-test-secret-0123",
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
  });
  return {
    config,
    async cleanup() {
      await pgdb?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Opens (and migrates) the database `config` names, with its storage. */
export async function openSchool(
  config: Config,
  cleanup: () => Promise<void> = async () => {},
): Promise<School> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const storage = createStorage({ config, db: database.db, kind: database.kind });
  return {
    config,
    database,
    storage,
    async close() {
      await storage.close?.();
      await database.close();
      await cleanup();
    },
  };
}

export async function newSchool(): Promise<School> {
  const { config, cleanup } = await newConfig();
  return openSchool(config, cleanup);
}

/** A runner over a Database (drizzle's client underneath). */
export function runnerOf(database: Database): SqlRunner {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  return { query: (text, params) => (client as PGlite).query(text, params as never) as never };
}

/** Every table's row count. */
export async function rowCounts(db: SqlRunner): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of await listTables(db)) {
    const { rows } = await db.query<{ n: string }>(
      `select count(*)::text as n from public.${quoteIdent(table)}`,
    );
    out[table] = Number(rows[0]!.n);
  }
  return out;
}

/** Every file's key and checksum. */
export async function fileSums(storage: FileStorage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const f of storage.list() as AsyncIterable<StoredFile>) out[f.key] = f.sha256;
  return out;
}

/** Opens a PGlite folder read-only-ish for a check (tests). */
export async function withPgliteAt<T>(dir: string, fn: (db: SqlRunner) => Promise<T>): Promise<T> {
  const client = new PGlite(dir);
  try {
    await client.waitReady;
    return await fn({ query: (t, p) => client.query(t, p) as never });
  } finally {
    await client.close();
  }
}
