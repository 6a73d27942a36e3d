// Restoring an archive (format.ts) into an empty database, or replacing everything with --replace.
//
// The archive is read once, as a stream. Rows are loaded at the archive's migration level with triggers
// off (session_replication_role = replica: the append-only audit log, the teacher_slots derivations and
// foreign keys take the rows as they were), sequences are put back, the manifest's counts and checksums are
// checked, and then the app's newer migrations run. All of it is one transaction on PostgreSQL; on the
// embedded database it goes into a new folder that replaces the old one only once complete.
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import tar from "tar-stream";
import type { Config } from "../config.js";
import { prepareNewPgliteFolder } from "../db/pglite-template.js";
import { acquireDataDirLock } from "../lifecycle/lock.js";
import { privateUmask } from "../lifecycle/permissions.js";
import { FolderStorage } from "../storage/folder.js";
import type { FileStorage } from "../storage/types.js";
import {
  type ArchiveHeader,
  archiveHeaderSchema,
  BackupError,
  headerEntry,
  type Manifest,
  manifestEntry,
  manifestSchema,
  messages,
  sequencesEntry,
} from "./format.js";
import { applyMigrations, appMigrations } from "./migrations.js";
import { hashing, insertableColumns, listTables, quoteIdent, type SqlRunner } from "./sql.js";

export type RestoreResult = { manifest: Manifest; migratedForward: string[] };

/** Where restored files go: inside the transaction (database storage), or a storage of the new folder. */
type FileSink = (
  key: string,
  body: Readable,
  meta: { contentType: string; createdAt: string },
) => Promise<void>;

const chunkSize = 256 * 1024;

/** Writes a file into the database storage's tables through `db` (part of the restore's transaction). */
function databaseSink(db: SqlRunner): FileSink {
  return async (key, body, meta) => {
    const hash = createHash("sha256");
    const { rows } = await db.query<{ id: string }>(
      `insert into stored_files (key, size, content_type, sha256, created_at) values ($1, 0, $2, '', $3)
       returning id::text as id`,
      [key, meta.contentType, meta.createdAt],
    );
    const id = rows[0]!.id;
    let n = 0;
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (all: boolean) => {
      while (pendingBytes >= chunkSize || (all && pendingBytes > 0)) {
        const joined = Buffer.concat(pending);
        const piece = joined.subarray(0, chunkSize);
        const rest = joined.subarray(piece.length);
        await db.query("insert into stored_file_chunks (file_id, n, data) values ($1, $2, $3)", [
          id,
          n++,
          piece,
        ]);
        pending = rest.length ? [rest] : [];
        pendingBytes = rest.length;
      }
    };
    for await (const chunk of body) {
      const b = chunk as Buffer;
      hash.update(b);
      size += b.length;
      pending.push(b);
      pendingBytes += b.length;
      await flush(false);
    }
    await flush(true);
    await db.query("update stored_files set size = $2, sha256 = $3 where id = $1", [
      id,
      size,
      hash.digest("hex"),
    ]);
  };
}

function storageSink(storage: FileStorage): FileSink {
  return async (key, body, meta) => {
    await storage.put(key, body, { contentType: meta.contentType });
  };
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** Reads the archive's first entry (its header) without loading anything: refuses foreign and newer ones. */
export async function readArchiveHeader(file: string): Promise<ArchiveHeader> {
  const extract = tar.extract();
  const input = createReadStream(file);
  const done = pipeline(input, createGunzip(), extract).catch(() => {});
  try {
    for await (const entry of extract) {
      if (entry.header.name !== headerEntry) throw new BackupError("archive_foreign", messages.foreign(file));
      const parsed = archiveHeaderSchema.safeParse(JSON.parse((await readAll(entry)).toString("utf8")));
      if (!parsed.success) throw new BackupError("archive_foreign", messages.foreign(file));
      return parsed.data;
    }
    throw new BackupError("archive_foreign", messages.foreign(file));
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError("archive_foreign", messages.foreign(file), { cause: err });
  } finally {
    input.destroy();
    extract.destroy();
    await done;
  }
}

/** Refuses an archive naming migrations this version does not have. */
function checkVersion(file: string, header: ArchiveHeader): number | undefined {
  const ours = new Map(appMigrations().map((m) => [m.when, m]));
  const unknown = header.unknownMigrations.length > 0 || header.migrations.some((m) => !ours.has(m.when));
  if (unknown) throw new BackupError("archive_newer", messages.newer(file, header.appVersion));
  return header.migrations.at(-1)?.when;
}

/**
 * Loads the archive's contents into `db` (an open transaction on an empty schema): the schema at the
 * archive's level, rows, sequences and files, checked against the manifest, then migrated forward.
 */
async function loadArchive(
  file: string,
  db: SqlRunner,
  sink: FileSink,
  onMigrated?: () => Promise<void>,
): Promise<RestoreResult> {
  const extract = tar.extract();
  const input = createReadStream(file);
  let streamError: unknown;
  const done = pipeline(input, createGunzip(), extract).catch((err) => {
    streamError = err;
  });
  let header: ArchiveHeader | undefined;
  let manifest: Manifest | undefined;
  const counts: Record<string, number> = {};
  const sums = new Map<string, string>();
  const columns = new Map<string, string[]>();
  let sequences: { name: string; lastValue: string; isCalled: boolean }[] = [];
  try {
    let first = true;
    for await (const entry of extract) {
      const name = entry.header.name;
      if (first) {
        first = false;
        if (name !== headerEntry) throw new BackupError("archive_foreign", messages.foreign(file));
        const parsed = archiveHeaderSchema.safeParse(JSON.parse((await readAll(entry)).toString("utf8")));
        if (!parsed.success) throw new BackupError("archive_foreign", messages.foreign(file));
        header = parsed.data;
        await applyMigrations(db, checkVersion(file, header) ?? -1);
        // Rows arrive as they were: no trigger re-derives or refuses them, no foreign key orders them.
        await db.query("set local session_replication_role = replica").catch((err: unknown) => {
          throw new BackupError("restore_not_permitted", messages.notPermitted, { cause: err });
        });
        // Reference rows the migrations wrote are replaced by the archive's.
        for (const table of await listTables(db)) await db.query(`delete from public.${quoteIdent(table)}`);
        continue;
      }
      if (manifest)
        throw new BackupError("archive_corrupt", messages.corrupt(file, `entrada inesperada ${name}`));
      if (name.startsWith("db/") && name.endsWith(".ndjson")) {
        const table = name.split("/")[1]!;
        let cols = columns.get(table);
        if (!cols) {
          cols = await insertableColumns(db, table);
          if (cols.length === 0)
            throw new BackupError("archive_corrupt", messages.corrupt(file, `tabla ${table}`));
          columns.set(table, cols);
        }
        const lines = (await readAll(entry)).toString("utf8").split("\n").filter(Boolean);
        const list = cols.map(quoteIdent).join(", ");
        await db.query(
          `insert into public.${quoteIdent(table)} (${list}) overriding system value
           select ${list} from json_populate_recordset(null::public.${quoteIdent(table)}, $1::json)`,
          [`[${lines.join(",")}]`],
        );
        counts[table] = (counts[table] ?? 0) + lines.length;
      } else if (name === sequencesEntry) {
        sequences = JSON.parse((await readAll(entry)).toString("utf8"));
      } else if (name.startsWith("files/")) {
        const key = name.slice("files/".length);
        const pax = (entry.header.pax ?? {}) as Record<string, string>;
        const hash = createHash("sha256");
        const tap = hashing(hash);
        await sink(key, (entry as unknown as Readable).pipe(tap), {
          contentType: pax["aula.contentType"] ?? "application/octet-stream",
          createdAt: pax["aula.createdAt"] ?? new Date().toISOString(),
        });
        sums.set(key, hash.digest("hex"));
      } else if (name === manifestEntry) {
        const parsed = manifestSchema.safeParse(JSON.parse((await readAll(entry)).toString("utf8")));
        if (!parsed.success)
          throw new BackupError("archive_corrupt", messages.corrupt(file, "manifiesto ilegible"));
        manifest = parsed.data;
      } else {
        throw new BackupError("archive_corrupt", messages.corrupt(file, `entrada desconocida ${name}`));
      }
    }
    await done;
    if (streamError) throw streamError;
  } catch (err) {
    input.destroy();
    extract.destroy();
    await done;
    if (err instanceof BackupError) throw err;
    if (!header) throw new BackupError("archive_foreign", messages.foreign(file), { cause: err });
    if (streamError || !(err as { severity?: string }).severity) {
      throw new BackupError("archive_truncated", messages.truncated(file), { cause: err });
    }
    // The database refused a row: the archive's contents do not fit its own schema.
    throw new BackupError("archive_corrupt", messages.corrupt(file, (err as Error).message), { cause: err });
  }
  if (!header) throw new BackupError("archive_foreign", messages.foreign(file));
  if (!manifest) throw new BackupError("archive_truncated", messages.truncated(file));
  for (const [table, expected] of Object.entries(manifest.tables)) {
    if ((counts[table] ?? 0) !== expected) {
      throw new BackupError(
        "archive_corrupt",
        messages.corrupt(
          file,
          `la tabla ${table} tiene ${counts[table] ?? 0} filas y el manifiesto dice ${expected}`,
        ),
      );
    }
  }
  for (const f of manifest.files) {
    if (sums.get(f.key) !== f.sha256) {
      throw new BackupError(
        "archive_corrupt",
        messages.corrupt(file, `el archivo ${f.key} no coincide con su suma`),
      );
    }
  }
  if (sums.size !== manifest.files.length) {
    throw new BackupError(
      "archive_corrupt",
      messages.corrupt(file, "hay archivos que el manifiesto no nombra"),
    );
  }
  for (const s of sequences) {
    await db.query("select setval($1::regclass, $2::bigint, $3)", [
      `public.${quoteIdent(s.name)}`,
      s.lastValue,
      s.isCalled,
    ]);
  }
  await db.query("set local session_replication_role = origin");
  const before = new Set(header.migrations.map((m) => m.when));
  await applyMigrations(db);
  await onMigrated?.();
  const migratedForward = appMigrations()
    .filter((m) => !before.has(m.when))
    .map((m) => m.tag);
  return { manifest, migratedForward };
}

/** Whether a database already holds a school (any user). */
async function hasData(db: SqlRunner): Promise<boolean> {
  const { rows } = await db.query<{ exists: boolean }>(
    "select to_regclass('public.users') is not null as exists",
  );
  if (!rows[0]?.exists) return false;
  const users = await db.query<{ any: boolean }>("select exists (select 1 from public.users) as any");
  return Boolean(users.rows[0]?.any);
}

/** Restore into the PostgreSQL database of `databaseUrl`, in one transaction. */
export async function restoreIntoPostgres(opts: {
  file: string;
  databaseUrl: string;
  replace?: boolean;
  /** Files go to an object store instead of the database tables (STORAGE_URL). */
  storage?: FileStorage;
}): Promise<RestoreResult> {
  await readArchiveHeader(opts.file).then((h) => checkVersion(opts.file, h));
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  client.on("error", () => {});
  await client.connect();
  const db: SqlRunner = { query: (text, params) => client.query(text, params as unknown[]) as never };
  try {
    if (!opts.replace && (await hasData(db))) {
      throw new BackupError("target_not_empty", messages.notEmpty("La base de datos de DATABASE_URL"));
    }
    await client.query("begin");
    // Replace everything (the school's schema and the migrations' record); other schemas (the job queue's)
    // are left alone. Undone with the rest if anything below fails.
    await client.query("drop schema if exists public cascade");
    await client.query("create schema public");
    await client.query("drop schema if exists drizzle cascade");
    const sink = opts.storage ? storageSink(opts.storage) : databaseSink(db);
    const result = await loadArchive(opts.file, db, sink);
    await client.query("commit");
    return result;
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Restore into the embedded database of `dataDir`: refused while a server runs on it (the folder lock).
 * The database and files are built in new folders next to the old ones and swapped in only when complete.
 */
export async function restoreIntoDataDir(opts: {
  file: string;
  dataDir: string;
  /** The files folder (STORAGE_DIR; DATA_DIR/uploads by default). */
  filesDir: string;
  replace?: boolean;
  /** Files go to an object store instead (STORAGE_URL). */
  storage?: FileStorage;
}): Promise<RestoreResult> {
  process.umask(privateUmask);
  const lock = acquireDataDirLock(opts.dataDir, { purpose: "npm run restore" });
  const tag = randomBytes(6).toString("hex");
  const liveDb = path.join(opts.dataDir, "pglite");
  const stagedDb = path.join(opts.dataDir, `.restore-${tag}-pglite`);
  const stagedFiles = `${opts.filesDir}.restore-${tag}`;
  try {
    await readArchiveHeader(opts.file).then((h) => checkVersion(opts.file, h));
    if (!opts.replace && existsSync(path.join(liveDb, "PG_VERSION"))) {
      const current = new PGlite(liveDb);
      try {
        await current.waitReady;
        if (await hasData({ query: (t, p) => current.query(t, p) as never })) {
          throw new BackupError("target_not_empty", messages.notEmpty(`La carpeta de datos ${opts.dataDir}`));
        }
      } finally {
        await current.close().catch(() => {});
      }
    }
    prepareNewPgliteFolder(stagedDb);
    const target = new PGlite(stagedDb);
    let result: RestoreResult;
    try {
      await target.waitReady;
      const files = opts.storage ?? new FolderStorage(stagedFiles);
      result = await target.transaction((tx) =>
        loadArchive(opts.file, { query: (t, p) => tx.query(t, p) as never }, storageSink(files)),
      );
    } finally {
      await target.close().catch(() => {});
    }
    // Swap: the old folders step aside, the new ones take their names, then the old ones go.
    const oldDb = path.join(opts.dataDir, `.replaced-${tag}-pglite`);
    const oldFiles = `${opts.filesDir}.replaced-${tag}`;
    if (existsSync(liveDb)) await rename(liveDb, oldDb);
    await rename(stagedDb, liveDb);
    if (!opts.storage) {
      if (existsSync(opts.filesDir)) await rename(opts.filesDir, oldFiles);
      if (existsSync(stagedFiles)) await rename(stagedFiles, opts.filesDir);
      else await mkdir(opts.filesDir, { recursive: true, mode: 0o700 });
    }
    await rm(oldDb, { recursive: true, force: true });
    await rm(oldFiles, { recursive: true, force: true });
    return result;
  } finally {
    await rm(stagedDb, { recursive: true, force: true });
    await rm(stagedFiles, { recursive: true, force: true });
    lock.release();
  }
}

/** Restores `file` where `config` points (DATABASE_URL, or DATA_DIR's embedded database). */
export function restoreBackup(opts: {
  file: string;
  config: Pick<Config, "databaseUrl" | "dataDir" | "storageDir">;
  replace?: boolean;
  storage?: FileStorage;
}): Promise<RestoreResult> {
  if (opts.config.databaseUrl) {
    return restoreIntoPostgres({
      file: opts.file,
      databaseUrl: opts.config.databaseUrl,
      replace: opts.replace,
      storage: opts.storage,
    });
  }
  return restoreIntoDataDir({
    file: opts.file,
    dataDir: opts.config.dataDir,
    filesDir: opts.config.storageDir,
    replace: opts.replace,
    storage: opts.storage,
  });
}

/** Reads a whole archive and checks it against its manifest (rows per table, file checksums). */
export async function verifyArchive(file: string): Promise<Manifest> {
  const extract = tar.extract();
  const input = createReadStream(file);
  let streamError: unknown;
  const done = pipeline(input, createGunzip(), extract).catch((err) => {
    streamError = err;
  });
  const counts: Record<string, number> = {};
  const sums = new Map<string, string>();
  let manifest: Manifest | undefined;
  let first = true;
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (first && name !== headerEntry) throw new BackupError("archive_foreign", messages.foreign(file));
      first = false;
      if (name.startsWith("db/") && name.endsWith(".ndjson")) {
        const table = name.split("/")[1]!;
        const text = (await readAll(entry)).toString("utf8");
        counts[table] = (counts[table] ?? 0) + text.split("\n").filter(Boolean).length;
      } else if (name.startsWith("files/")) {
        const hash = createHash("sha256");
        for await (const chunk of entry) hash.update(chunk as Buffer);
        sums.set(name.slice("files/".length), hash.digest("hex"));
      } else if (name === manifestEntry) {
        const parsed = manifestSchema.safeParse(JSON.parse((await readAll(entry)).toString("utf8")));
        if (parsed.success) manifest = parsed.data;
      } else {
        entry.resume();
      }
    }
    await done;
    if (streamError) throw streamError;
  } catch (err) {
    input.destroy();
    extract.destroy();
    await done;
    if (err instanceof BackupError) throw err;
    if (first) throw new BackupError("archive_foreign", messages.foreign(file), { cause: err });
    throw new BackupError("archive_truncated", messages.truncated(file), { cause: err });
  }
  if (first) throw new BackupError("archive_foreign", messages.foreign(file));
  if (!manifest) throw new BackupError("archive_truncated", messages.truncated(file));
  for (const [table, n] of Object.entries(manifest.tables)) {
    if ((counts[table] ?? 0) !== n)
      throw new BackupError("archive_corrupt", messages.corrupt(file, `tabla ${table}`));
  }
  for (const f of manifest.files) {
    if (sums.get(f.key) !== f.sha256) {
      throw new BackupError("archive_corrupt", messages.corrupt(file, `archivo ${f.key}`));
    }
  }
  return manifest;
}
