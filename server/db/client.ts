import { mkdirSync } from "node:fs";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { PGlite, types } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock } from "../lifecycle/lock.js";
import { privateUmask, tightenPermissions } from "../lifecycle/permissions.js";
import { releaseConnectionsOnLoss } from "./connection-loss.js";
import { prepareNewPgliteFolder } from "./pglite-template.js";
import * as schema from "./schema/index.js";
import { keepConnectionsOnStatementErrors } from "./statement-errors.js";

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: services accept either. */
export type DbOrTx = Db | Tx;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * PGlite's PostgreSQL runs inside this process, and its WebAssembly memory only grows. PostgreSQL's default
 * 128 MB of shared buffers is more cache than a school's database needs (the demo school is ~30 MB on
 * disk, and evicted pages are still in the OS file cache): 32 MB saves about 100 MB of resident memory.
 */
const pgliteStartParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

/** Drizzle's PGlite driver asks for these types as PostgreSQL's text, with every query (drizzle-orm/pglite). */
const drizzleTextTypes = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText = (value: string) => value;

type QueryOptions = { parsers?: Record<number, unknown> } & Record<string, unknown>;
type Queryable = { query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown> };

/**
 * Drizzle passes its parsers with every query, and PGlite then copies its whole table of parsers (some 380
 * types, one per array type too) into a new object for that query: about 0.2 ms, longer than a primary-key
 * select itself (the bench's users/me ran at a third of a raw driver's speed). Here the client's own table
 * answers those types as text, as Drizzle asks, and Drizzle's queries go without their copy: the same values,
 * none of the copying. (So a query sent straight to this client, not through Drizzle, gets those types as text
 * too; the server sends none that reads them.)
 */
const patchedClients = new WeakSet<PGlite>();
function withDrizzleParsersBuiltIn(client: PGlite): PGlite {
  if (patchedClients.has(client)) return client;
  patchedClients.add(client);
  const table = (client as unknown as { parsers: Record<number, unknown> }).parsers;
  const builtIn = (options: QueryOptions | undefined): QueryOptions | undefined => {
    if (!options?.parsers) return options;
    // PGlite sets array parsers when it first reads its types (and again if asked to): set ours after it.
    for (const type of drizzleTextTypes) if (table[type] !== asText) table[type] = asText;
    return { ...options, parsers: undefined };
  };
  const patch = (target: Queryable) => {
    const query = target.query.bind(target);
    target.query = (sql, params, options) => query(sql, params, builtIn(options));
  };
  patch(client as unknown as Queryable);
  const transaction = client.transaction.bind(client);
  client.transaction = (run) =>
    transaction((tx) => {
      patch(tx as unknown as Queryable);
      return run(tx);
    });
  return client;
}

/**
 * A new Drizzle handle over an open database's client (the test pool hands a reset database to the next
 * test file under a new handle, so caches kept per handle start empty).
 */
export function newHandleOf(db: Db): Db {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  return client instanceof PGlite
    ? (drizzlePglite({
        client: withDrizzleParsersBuiltIn(client),
        schema,
        casing: "snake_case",
      }) as unknown as Db)
    : (drizzleNodePg({ client, schema, casing: "snake_case" }) as unknown as Db);
}

/** The PostgreSQL advisory lock taken while migrating (any fixed number, the same on every server). */
export const migrationLockKey = 7_411_952_301;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Embedded database in a folder only: closes and reopens the files, keeping the lock; gives the new handle. */
  reopen?: () => Promise<Db>;
};

/**
 * Opens the database: a PostgreSQL server when `databaseUrl` is given, otherwise the embedded PGlite
 * database stored in `dataDir` (or in memory when `dataDir` is null, as tests do).
 *
 * The embedded database holds the data folder's lock while open (one process per folder: a second one
 * gets DataDirLockedError) and keeps its files private (0700 folders, 0600 files).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string | null;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // A database that cannot be reached answers 503 (database_unavailable) after this long, not never
      // (a refused connection fails at once; a host that does not answer would otherwise hang requests).
      connectionTimeoutMillis: 15_000,
      // A connection cut without a word (a failover, a firewall) is found by the operating system.
      keepAlive: true,
    });
    releaseConnectionsOnLoss(pool);
    keepConnectionsOnStatementErrors(pool);
    // Dates (`date` columns) stay as 'YYYY-MM-DD' strings, never shifted by the process time zone.
    const open = new Set<pg.ClientBase>();
    pool.on("connect", (client) => {
      client.setTypeParser(1082, (v: string) => v);
      open.add(client);
      client.once("end", () => open.delete(client));
    });
    // An idle connection the server dropped (restart, failover) is discarded by the pool and the next
    // query opens a new one; without a listener the event would end the process.
    pool.on("error", () => {});
    const db = drizzleNodePg({ client: pool, schema, casing: "snake_case" }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      // Several servers starting together on a new database: one migrates, the others wait for it (then find
      // nothing left to do). The lock is held by a connection of its own and ends with it.
      migrate: async () => {
        const lock = await pool.connect();
        try {
          await lock.query("select pg_advisory_lock($1)", [migrationLockKey]);
          await migrateNodePg(db as never, { migrationsFolder });
        } finally {
          await lock.query("select pg_advisory_unlock($1)", [migrationLockKey]).catch(() => {});
          lock.release();
        }
      },
      // pool.end() resolves before the sockets have closed; wait for them, so that nothing is left
      // talking to a database that is dropped or a server that stops right after.
      close: async () => {
        const closing = [...open].map((c) => new Promise((done) => c.once("end", done)));
        await pool.end();
        await Promise.race([Promise.all(closing), setTimeout(5000, undefined, { ref: false })]);
      },
    };
  }
  let client: PGlite;
  let release = () => {};
  if (opts.dataDir) {
    release = acquireDataDirLock(opts.dataDir).release;
    process.umask(privateUmask);
    const dir = path.join(opts.dataDir, "pglite");
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    prepareNewPgliteFolder(dir);
    client = new PGlite(dir, { startParams: pgliteStartParams });
  } else {
    client = new PGlite();
  }
  try {
    await client.waitReady;
  } catch (err) {
    release();
    throw err;
  }
  // A new database is unpacked from PGlite's bundled files, which keep their own modes (0666).
  if (opts.dataDir) tightenPermissions(path.join(opts.dataDir, "pglite"));
  const db = drizzlePglite({
    client: withDrizzleParsersBuiltIn(client),
    schema,
    casing: "snake_case",
  }) as unknown as Db;
  const dataDir = opts.dataDir;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    // PGlite's memory only grows: after seeding, close and reopen the files to start from a small heap.
    // The data folder's lock stays held throughout, so no other server can slip in between.
    reopen: dataDir
      ? async () => {
          await client.close();
          const next = new PGlite(path.join(dataDir, "pglite"), { startParams: pgliteStartParams });
          try {
            await next.waitReady;
          } catch (err) {
            release();
            throw err;
          }
          client = next;
          return drizzlePglite({
            client: withDrizzleParsersBuiltIn(next),
            schema,
            casing: "snake_case",
          }) as unknown as Db;
        }
      : undefined,
    close: async () => {
      try {
        if (!client.closed) await client.close();
        // Files PGlite wrote while running with its own modes (the relcache's pg_internal.init) are
        // made private before the folder is let go (their folders were 0700 all along).
        if (dataDir) tightenPermissions(path.join(dataDir, "pglite"));
      } finally {
        release();
      }
    },
  };
}
