// Copies every row of the embedded database (DATA_DIR/pglite) into an empty PostgreSQL database:
//   DATABASE_URL=postgres://user:pass@host/aula npx tsx scripts/copy-to-postgres.ts
// The target is migrated first, must have no users yet, and is filled in one transaction.
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { loadConfig } from "../server/config.js";
import { openDatabase } from "../server/db/client.js";
import { acquireDataDirLock } from "../server/lifecycle/lock.js";

type Column = { table: string; column: string };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error("Set DATABASE_URL to the PostgreSQL database to copy into.");
  // The server must be stopped: this refuses (DataDirLockedError) while one runs on the folder.
  const lock = acquireDataDirLock(config.dataDir, { purpose: "copy-to-postgres" });
  const target = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null });
  await target.migrate();
  await target.close();

  const source = new PGlite(`${config.dataDir}/pglite`);
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await source.query<{ table_name: string }>(
      `select table_name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const { rows: columns } = await source.query<Column>(
      `select table_name as "table", column_name as "column" from information_schema.columns
       where table_schema = 'public' and is_generated = 'NEVER' order by table_name, ordinal_position`,
    );
    const { rows: inUse } = await client.query("select exists (select 1 from users) as filled");
    if (inUse[0]?.filled) throw new Error("The target database already has users; use an empty database.");

    await client.query("begin");
    // Rows arrive as they were: no triggers re-deriving data, no foreign-key ordering needed.
    await client.query("set local session_replication_role = replica");
    for (const { table_name } of tables) {
      const cols = columns.filter((c) => c.table === table_name).map((c) => c.column);
      // Reference rows written by the migrations themselves are replaced by the source's.
      await client.query(`delete from ${quote(table_name)}`);
      const select = `select ${cols.map((c) => `${quote(c)}::text`).join(", ")} from ${quote(table_name)}`;
      const { rows } = await source.query<Record<string, string | null>>(select, [], {
        rowMode: "array",
      } as never);
      const batch = 500;
      for (let i = 0; i < rows.length; i += batch) {
        const chunk = rows.slice(i, i + batch) as unknown as (string | null)[][];
        const values = chunk.map(
          (_, r) => `(${cols.map((_c, c) => `$${r * cols.length + c + 1}`).join(", ")})`,
        );
        await client.query(
          `insert into ${quote(table_name)} (${cols.map(quote).join(", ")}) values ${values.join(", ")}`,
          chunk.flat(),
        );
      }
      console.log(`${table_name}: ${rows.length}`);
    }
    // Sequences continue after the copied ids.
    const { rows: serials } = await client.query<{ seq: string; table: string; column: string }>(
      `select pg_get_serial_sequence(quote_ident(table_name), column_name) as seq, table_name as "table",
              column_name as "column"
       from information_schema.columns
       where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
    );
    for (const s of serials) {
      await client.query(
        `select setval('${s.seq}', coalesce((select max(${quote(s.column)}) from ${quote(s.table)}), 0) + 1, false)`,
      );
    }
    await client.query("commit");
    console.log("Copia terminada. Inicie el servidor con DATABASE_URL para usar PostgreSQL.");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    await client.end();
    await source.close();
    lock.release();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
