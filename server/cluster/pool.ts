import pg from "pg";
import type { Db } from "../db/client.js";

/** The node-postgres pool behind `db` when it talks to a PostgreSQL server; null on the embedded database. */
export function postgresPoolOf(db: Db): pg.Pool | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/** Settings for a new, dedicated connection to the same PostgreSQL database as `pool` (named in pg_stat_activity). */
export function connectionConfigOf(pool: pg.Pool, applicationName?: string): pg.ClientConfig {
  const { connectionString, host, port, user, password, database, ssl } = pool.options;
  return { connectionString, host, port, user, password, database, ssl, application_name: applicationName };
}
