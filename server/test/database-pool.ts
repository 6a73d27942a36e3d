import pg from "pg";
import { type Database, type Db, newHandleOf, openDatabase } from "../db/client.js";

/**
 * Migrated test databases, kept for the next test file of the same Vitest worker (the "server" project
 * runs its files in shared workers, `AULA_TEST_DB_POOL=1`). Opening and migrating a database costs 2–4 s;
 * emptying one costs about 0.1 s. A database handed out again has every table emptied, the ids restarted
 * and the rows the migrations insert put back, under a new Drizzle handle (caches kept per handle start
 * empty). Without the variable (the isolated project, or a file run alone) every context gets its own
 * database, closed (or dropped) with it.
 */
const pooling = process.env.AULA_TEST_DB_POOL === "1";

type Entry = { database: Database; baseline: RowsSnapshot | null; drop(): Promise<void> };

const idle: Entry[] = [];
let created = 0;

export type TestDatabase = { db: Db; release(): Promise<void> };

/** A migrated, empty database (apart from what the migrations insert) for one test context. */
export async function takeTestDatabase(): Promise<TestDatabase> {
  const entry = idle.pop();
  if (entry) {
    await loadRows(entry.database.db, entry.baseline!);
    return handOut(entry, newHandleOf(entry.database.db));
  }
  const fresh = await openFresh();
  return handOut(fresh, fresh.database.db);
}

function handOut(entry: Entry, db: Db): TestDatabase {
  let released = false;
  return {
    db,
    async release() {
      if (released) return;
      released = true;
      if (pooling) idle.push(entry);
      else {
        await entry.database.close();
        await entry.drop();
      }
    },
  };
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function openFresh(): Promise<Entry> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (serverUrl) {
    // Named after the worker, so a database a killed run left behind is replaced, not piled up.
    const worker = process.env.VITEST_POOL_ID ?? "0";
    const name = `aula_test_${process.pid}_w${worker}_${++created}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const database = await openDatabase({ databaseUrl, dataDir: null });
  await database.migrate();
  return { database, baseline: pooling ? await captureRows(database.db) : null, drop };
}

async function rowsOf<T>(db: Db, text: string, params: unknown[] = []): Promise<T[]> {
  const client = (db as unknown as { $client: { query(t: string, p: unknown[]): Promise<{ rows: T[] }> } })
    .$client;
  return (await client.query(text, params)).rows;
}

/** Every row of a database's tables and where each id sequence stands: what `loadRows` puts back. */
export type RowsSnapshot = {
  tables: { table: string; columns: string[]; rows: string }[];
  sequences: { name: string; lastValue: string | null }[];
};

/** The rows of every table that has some (as JSON) and the position of every sequence. */
export async function captureRows(db: Db): Promise<RowsSnapshot> {
  const tables = await rowsOf<{ table: string }>(
    db,
    "select tablename as table from pg_tables where schemaname = 'public' order by tablename",
  );
  const snapshot: RowsSnapshot = { tables: [], sequences: [] };
  for (const { table } of tables) {
    const [row] = await rowsOf<{ rows: string | null }>(
      db,
      `select json_agg(t)::text as rows from public.${quote(table)} t`,
    );
    if (!row?.rows) continue;
    const columns = await rowsOf<{ name: string }>(
      db,
      `select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
        order by ordinal_position`,
      [table],
    );
    snapshot.tables.push({ table, columns: columns.map((c) => c.name), rows: row.rows });
  }
  snapshot.sequences = await rowsOf<{ name: string; lastValue: string | null }>(
    db,
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text as "lastValue"
       from pg_sequences where schemaname = 'public'`,
  );
  return snapshot;
}

/**
 * Empties every table, then puts back `snapshot`'s rows and sequence positions, in one transaction. The
 * audit table refuses TRUNCATE through a trigger; `session_replication_role = replica` lets this through
 * (and skips the triggers of the rows put back, which were written by them the first time).
 */
export async function loadRows(db: Db, snapshot: RowsSnapshot): Promise<void> {
  const tables = await rowsOf<{ table: string }>(
    db,
    "select tablename as table from pg_tables where schemaname = 'public'",
  );
  const statements: { text: string; value?: string }[] = [
    { text: "begin" },
    { text: "set local session_replication_role = replica" },
    {
      text: `truncate table ${tables.map((t) => `public.${quote(t.table)}`).join(", ")} restart identity cascade`,
    },
  ];
  for (const { table, columns, rows } of snapshot.tables) {
    const list = columns.map(quote).join(", ");
    statements.push({
      text: `insert into public.${quote(table)} (${list}) overriding system value
             select ${list} from json_populate_recordset(null::public.${quote(table)}, $1::json)`,
      value: rows,
    });
  }
  for (const { name, lastValue } of snapshot.sequences) {
    statements.push({
      text:
        lastValue === null
          ? `select setval('${name}', 1, false)`
          : `select setval('${name}', ${BigInt(lastValue)}, true)`,
    });
  }
  statements.push({ text: "commit" });
  // One connection for the whole transaction (a pool would spread the statements over several).
  const client = (db as unknown as { $client: pg.Pool | PgliteLike }).$client;
  const connection = client instanceof pg.Pool ? await client.connect() : null;
  const run = (text: string, values: unknown[] = []) =>
    (connection ?? (client as PgliteLike)).query(text, values);
  try {
    for (const { text, value } of statements) await run(text, value === undefined ? [] : [value]);
  } catch (error) {
    await run("rollback").catch(() => {});
    throw error;
  } finally {
    connection?.release();
  }
}

type PgliteLike = { query(text: string, values: unknown[]): Promise<unknown> };
