// Writing an archive from a consistent view of the database and its files (format.ts describes the layout).
import { createHash, type Hash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { finished } from "node:stream/promises";
import type { StoredFile } from "../storage/types.js";
import {
  type ArchivedFile,
  type ArchiveHeader,
  appVersion,
  archiveExtension,
  archiveFormat,
  archiveFormatVersion,
  BackupError,
  fileTables,
  headerEntry,
  type Manifest,
  manifestEntry,
  messages,
  sequencesEntry,
} from "./format.js";
import { appliedMigrations, nameMigrations } from "./migrations.js";
import { listTables, quoteIdent, readSequences, type SqlRunner } from "./sql.js";
import { TarGzipWriter } from "./tar-gzip.js";

/** Where the files come from: read from the same consistent view as the rows. */
export type FileSource = {
  list(): AsyncIterable<StoredFile>;
  open(key: string): Promise<{ info: StoredFile; stream: Readable } | null>;
};

/** A consistent view of everything to archive: `db` runs inside one snapshot (a transaction). */
export type BackupSource = {
  kind: "pglite" | "postgres";
  db: SqlRunner;
  files: FileSource;
};

export type BackupProgress = { phase: "tables" | "files" | "done"; done: number; total: number };

/**
 * Rows fetched and archived per page: memory stays flat, and an embedded database read in the server's own
 * thread (an in-memory one, in tests) answers requests between pages.
 */
export const rowsPerPage = 500;

/**
 * Streams the whole archive of `source` into `out` (compressed). Resolves with the manifest once
 * everything has been written; rejects when the source or `out` fails (the caller deletes the partial file).
 */
export async function writeArchive(
  source: BackupSource,
  out: Writable,
  opts: { onProgress?: (p: BackupProgress) => void } = {},
): Promise<Manifest> {
  const { known, unknown } = nameMigrations(await appliedMigrations(source.db));
  const header: ArchiveHeader = {
    format: archiveFormat,
    formatVersion: archiveFormatVersion,
    appVersion: appVersion(),
    createdAt: new Date().toISOString(),
    databaseKind: source.kind,
    migrations: known,
    unknownMigrations: unknown,
  };
  const tar = new TarGzipWriter(out);
  try {
    await tar.add({ name: headerEntry }, Buffer.from(JSON.stringify(header, null, 2)));
    const tables = (await listTables(source.db)).filter((t) => !fileTables.has(t));
    const counts: Record<string, number> = {};
    let tableIndex = 0;
    for (const table of tables) {
      opts.onProgress?.({ phase: "tables", done: tableIndex++, total: tables.length });
      const cursor = `aula_backup_${tableIndex}`;
      await source.db.query(
        `declare ${cursor} no scroll cursor for select row_to_json(t)::text as r from public.${quoteIdent(table)} t`,
      );
      let count = 0;
      for (let page = 0; ; page++) {
        const { rows } = await source.db.query<{ r: string }>(`fetch ${rowsPerPage} from ${cursor}`);
        if (rows.length === 0) break;
        count += rows.length;
        const body = Buffer.from(`${rows.map((r) => r.r).join("\n")}\n`);
        await tar.add({ name: `db/${table}/${String(page).padStart(6, "0")}.ndjson` }, body);
        if (rows.length < rowsPerPage) break;
      }
      await source.db.query(`close ${cursor}`);
      counts[table] = count;
    }
    await tar.add({ name: sequencesEntry }, Buffer.from(JSON.stringify(await readSequences(source.db))));

    const files: ArchivedFile[] = [];
    const listed: StoredFile[] = [];
    for await (const f of source.files.list()) listed.push(f);
    let fileIndex = 0;
    for (const f of listed) {
      opts.onProgress?.({ phase: "files", done: fileIndex++, total: listed.length });
      const opened = await source.files.open(f.key);
      if (!opened) continue; // deleted since it was listed (a live object store): not part of this copy
      const hash = createHash("sha256");
      const createdAt = opened.info.createdAt.toISOString();
      await tar.addStream(
        {
          name: `files/${f.key}`,
          size: opened.info.size,
          pax: { "aula.contentType": opened.info.contentType, "aula.createdAt": createdAt },
        },
        hashed(opened.stream, hash),
      );
      files.push({
        key: f.key,
        size: opened.info.size,
        contentType: opened.info.contentType,
        sha256: hash.digest("hex"),
        createdAt,
      });
    }
    const manifest: Manifest = { ...header, tables: counts, files };
    await tar.add({ name: manifestEntry }, Buffer.from(JSON.stringify(manifest, null, 2)));
    await tar.finish();
    opts.onProgress?.({ phase: "done", done: 1, total: 1 });
    return manifest;
  } catch (err) {
    tar.abort(err);
    throw err;
  }
}

/** The stream's bytes, each fed to `hash` on the way. */
async function* hashed(stream: AsyncIterable<Buffer>, hash: Hash): AsyncIterable<Buffer> {
  for await (const chunk of stream) {
    hash.update(chunk);
    yield chunk;
  }
}

/** `aula-backup-2026-11-23T12-00-00Z.tar.gz`: sorts by time, safe on every file system. */
export function archiveName(now = new Date()): string {
  return `aula-backup-${now.toISOString().slice(0, 19).replaceAll(":", "-")}Z${archiveExtension}`;
}

const isDiskFull = (err: unknown) =>
  err instanceof Error && ["ENOSPC", "EDQUOT"].includes((err as NodeJS.ErrnoException).code ?? "");

/** Flushes a file (or a folder: a rename in it) to the disk. */
async function syncToDisk(file: string): Promise<void> {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes an archive to `target` through a temporary name in the same folder: `write` fills the temporary file
 * (created by it, flags "wx"); the file is flushed to the disk and renamed into place only once complete (an
 * older archive is pruned only after a newer one is safely there). A failure (a full disk) deletes the partial
 * file and leaves the folder as it was.
 */
export async function intoArchiveFile(
  target: string,
  write: (temp: string) => Promise<Manifest>,
): Promise<{ manifest: Manifest; file: string }> {
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString("hex")}.partial`);
  try {
    const manifest = await write(temp);
    await syncToDisk(temp);
    await rename(temp, target);
    await syncToDisk(dir).catch(() => {}); // folders cannot be opened for a flush on every system
    return { manifest, file: target };
  } catch (err) {
    await rm(temp, { force: true }).catch(() => {});
    if (err instanceof BackupError) throw err;
    if (isDiskFull(err)) throw new BackupError("disk_full", messages.diskFull(dir), { cause: err });
    const code = (err as NodeJS.ErrnoException).code;
    if (code && /^E[A-Z]+$/.test(code)) {
      throw new BackupError("write_failed", messages.writeFailed(dir, (err as Error).message), {
        cause: err,
      });
    }
    throw err;
  }
}

/**
 * The archive's file (`temp`) as a stream, through `wrap` when given (tests put a failing stream there); `use`
 * writes into it. Resolves once the file itself is closed.
 */
export async function intoFileStream(
  temp: string,
  wrap: ((file: Writable) => Writable) | undefined,
  use: (out: Writable) => Promise<Manifest>,
): Promise<Manifest> {
  const file = createWriteStream(temp, { flags: "wx", mode: 0o600 });
  const closed = finished(file);
  closed.catch(() => {});
  try {
    const manifest = await use(wrap ? wrap(file) : file);
    await closed;
    return manifest;
  } catch (err) {
    file.destroy();
    await closed.catch(() => {});
    throw err;
  }
}

/**
 * Writes `source` to `target` (intoArchiveFile), in this thread.
 * `wrap` may put a stream between the archive and the file (tests use it to fail the write).
 */
export function writeArchiveFile(
  source: BackupSource,
  target: string,
  opts: { onProgress?: (p: BackupProgress) => void; wrap?: (file: Writable) => Writable } = {},
): Promise<{ manifest: Manifest; file: string }> {
  return intoArchiveFile(target, (temp) =>
    intoFileStream(temp, opts.wrap, (out) => writeArchive(source, out, opts)),
  );
}

/** Files from a readable stream of bytes already in memory or on disk (helper for sources). */
export function readableOf(buffer: Buffer): Readable {
  return Readable.from([buffer]);
}
