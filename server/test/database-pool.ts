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

type Baseline = { table: string; columns: string[]; identity: string[]; rows: string }[];
type Entry = { database: Database; baseline: Baseline; drop(): Promise<void> };

const idle: Entry[] = [];
let created = 0;

export type TestDatabase = { db: Db; release(): Promise<void> };

/** A migrated, empty database (apart from what the migrations insert) for one test context. */
export async function takeTestDatabase(): Promise<TestDatabase> {
  const entry = idle.pop();
  if (entry) {
    await reset(entry);
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
  return { database, baseline: pooling ? await baselineOf(database.db) : [], drop };
}

async function rowsOf<T>(db: Db, text: string, params: unknown[] = []): Promise<T[]> {
  const client = (db as unknown as { $client: { query(t: string, p: unknown[]): Promise<{ rows: T[] }> } })
    .$client;
  return (await client.query(text, params)).rows;
}

/** The rows the migrations left in each table (reference data), to put back after emptying. */
async function baselineOf(db: Db): Promise<Baseline> {
  const tables = await rowsOf<{ table: string }>(
    db,
    "select tablename as table from pg_tables where schemaname = 'public' order by tablename",
  );
  const baseline: Baseline = [];
  for (const { table } of tables) {
    const [row] = await rowsOf<{ rows: string | null }>(
      db,
      `select json_agg(t)::text as rows from public.${quote(table)} t`,
    );
    if (!row?.rows) continue;
    const columns = await rowsOf<{ name: string; identity: boolean }>(
      db,
      `select column_name as name, (is_identity = 'YES' or column_default like 'nextval(%') as identity
         from information_schema.columns
        where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
        order by ordinal_position`,
      [table],
    );
    baseline.push({
      table,
      columns: columns.map((c) => c.name),
      identity: columns.filter((c) => c.identity).map((c) => c.name),
      rows: row.rows,
    });
  }
  return baseline;
}

/**
 * Empties every table and restarts its ids, then puts back the migrations' rows. The audit table refuses
 * TRUNCATE through a trigger; `session_replication_role = replica` lets this one statement through.
 */
async function reset(entry: Entry): Promise<void> {
  const { db } = entry.database;
  const tables = await rowsOf<{ table: string }>(
    db,
    "select tablename as table from pg_tables where schemaname = 'public'",
  );
  const statements = [
    "begin",
    "set local session_replication_role = replica",
    `truncate table ${tables.map((t) => `public.${quote(t.table)}`).join(", ")} restart identity cascade`,
  ];
  const params: string[] = [];
  for (const { table, columns, identity, rows } of entry.baseline) {
    params.push(rows);
    const list = columns.map(quote).join(", ");
    statements.push(
      `insert into public.${quote(table)} (${list}) overriding system value
       select ${list} from json_populate_recordset(null::public.${quote(table)}, $${params.length}::json)`,
    );
    for (const column of identity) {
      statements.push(
        `select setval(pg_get_serial_sequence('public.${quote(table)}', '${column}'),
                       coalesce((select max(${quote(column)}) from public.${quote(table)}), 0) + 1, false)`,
      );
    }
  }
  statements.push("commit");
  // One connection for the whole reset (a pool would spread the statements over several).
  const client = (db as unknown as { $client: pg.Pool | { query: pg.Pool["query"] } }).$client;
  const connection = client instanceof pg.Pool ? await client.connect() : null;
  const run = (text: string, values: unknown[] = []) =>
    (connection ?? (client as pg.Pool)).query(text, values);
  try {
    for (const text of statements) {
      const used = [...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
      if (used.length === 0) await run(text);
      else await run(text.replace(/\$\d+/, "$1"), [params[used[0]! - 1]]);
    }
  } catch (error) {
    await run("rollback").catch(() => {});
    throw error;
  } finally {
    connection?.release();
  }
}
