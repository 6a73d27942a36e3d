// Copies every row of the embedded database (DATA_DIR/pglite) into an empty PostgreSQL database, then
// every uploaded file (STORAGE_DIR, default DATA_DIR/uploads) into the PostgreSQL database's file storage,
// or into the object store STORAGE_URL names:
//   DATABASE_URL=postgres://user:pass@host/aula npx tsx scripts/copy-to-postgres.ts
// The target is migrated first, must have no users yet, and its rows are filled in one transaction. Each
// copied file is read back and its SHA-256 checked. Should the files step stop (a network failure), run
// it again alone with --files-only: files already copied intact are skipped.
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Config, loadConfig } from "../server/config.js";
import { type Database, openDatabase } from "../server/db/client.js";
import { acquireDataDirLock } from "../server/lifecycle/lock.js";
import { copyFiles } from "../server/storage/copy.js";
import { FolderStorage } from "../server/storage/folder.js";
import { createStorage } from "../server/storage/index.js";

type Column = { table: string; column: string };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error("Set DATABASE_URL to the PostgreSQL database to copy into.");
  // The server must be stopped: this refuses (DataDirLockedError) while one runs on the folder.
  const lock = acquireDataDirLock(config.dataDir, { purpose: "copy-to-postgres" });
  const target = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null });
  await target.migrate();
  const filesOnly = process.argv.includes("--files-only");
  try {
    if (!filesOnly) await copyRows(config);
    await copyUploads(config, target);
  } finally {
    await target.close();
    lock.release();
  }
}

/** Every uploaded file, into the storage the servers on PostgreSQL will use, each checked by its SHA-256. */
async function copyUploads(config: Config, target: Database) {
  const source = new FolderStorage(config.storageDir);
  const storage = createStorage({ config, db: target.db, kind: "postgres" });
  const where = storage.kind === "s3" ? "el almacenamiento S3 de STORAGE_URL" : "la base de datos PostgreSQL";
  try {
    const done = await copyFiles(source, storage, {
      onFile: (key, size, skipped) =>
        console.log(`${skipped ? "ya copiado" : "copiado"}: ${key} (${size} B)`),
    });
    const mb = (done.bytes / 1024 / 1024).toFixed(1);
    console.log(
      `Archivos: ${done.copied} copiados (${mb} MB) y ${done.skipped} ya presentes en ${where}; sumas SHA-256 verificadas.`,
    );
  } catch (err) {
    throw new Error(
      `${err instanceof Error ? err.message : err}\nLos datos ya se copiaron; repita solo los archivos con --files-only.`,
    );
  } finally {
    await storage.close?.();
  }
}

async function copyRows(config: Config) {
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
    console.log("Datos copiados.");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    await client.end();
    await source.close();
  }
}

main().then(
  () => {
    console.log("Copia terminada. Inicie el servidor con DATABASE_URL para usar PostgreSQL.");
  },
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
