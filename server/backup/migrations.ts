// Migrations as a backup sees them: which ones a database has applied, and applying the app's own up to a
// given level inside the caller's transaction (a restore loads rows at the archive's level, then migrates
// forward, all in one transaction on PostgreSQL).
import { readFileSync } from "node:fs";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrationsFolder } from "../db/client.js";
import type { SqlRunner } from "./sql.js";

export type MigrationRef = { tag: string; when: number; hash: string };

/** The app's migrations, oldest first (meta/_journal.json). */
export function appMigrations(): MigrationRef[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder });
  return journal.entries.map((e, i) => ({ tag: e.tag, when: e.when, hash: files[i]!.hash }));
}

/** The migrations a database has applied (drizzle.__drizzle_migrations), oldest first; [] when none. */
export async function appliedMigrations(db: SqlRunner): Promise<{ when: number; hash: string }[]> {
  const { rows } = await db.query<{ exists: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as exists",
  );
  if (!rows[0]?.exists) return [];
  const applied = await db.query<{ created_at: string; hash: string }>(
    "select created_at::text as created_at, hash from drizzle.__drizzle_migrations order by created_at",
  );
  return applied.rows.map((r) => ({ when: Number(r.created_at), hash: r.hash }));
}

/** Names the applied migrations with the app's tags; `unknown` lists those this version does not have. */
export function nameMigrations(applied: { when: number; hash: string }[]): {
  known: MigrationRef[];
  unknown: { when: number; hash: string }[];
} {
  const ours = new Map(appMigrations().map((m) => [m.when, m]));
  const known: MigrationRef[] = [];
  const unknown: { when: number; hash: string }[] = [];
  for (const a of applied) {
    const m = ours.get(a.when);
    if (m) known.push({ ...m, hash: a.hash });
    else unknown.push(a);
  }
  return { known, unknown };
}

/**
 * Applies, in the caller's transaction, the app's migrations after the database's last one and up to
 * `upTo` (a journal `when`; all when absent), recording each in drizzle.__drizzle_migrations the way
 * Drizzle's migrator does (so a later `migrate()` continues from there).
 */
export async function applyMigrations(db: SqlRunner, upTo?: number): Promise<void> {
  await db.query("create schema if not exists drizzle");
  await db.query(
    "create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)",
  );
  const { rows } = await db.query<{ last: string | null }>(
    "select max(created_at)::text as last from drizzle.__drizzle_migrations",
  );
  const last = rows[0]?.last ? Number(rows[0].last) : -1;
  for (const m of readMigrationFiles({ migrationsFolder })) {
    if (m.folderMillis <= last) continue;
    if (upTo !== undefined && m.folderMillis > upTo) break;
    for (const statement of m.sql) {
      if (statement.trim()) await db.query(statement);
    }
    await db.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [
      m.hash,
      m.folderMillis,
    ]);
  }
}
