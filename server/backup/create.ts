// Writing an archive from a consistent view of the database and its files (format.ts describes the layout).
import { createHash, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip, constants as zlibConstants } from "node:zlib";
import tar, { type Header } from "tar-stream";
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
import { hashing, listTables, quoteIdent, readSequences, type SqlRunner } from "./sql.js";

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

/** Rows fetched and archived per page: small pages keep an embedded server answering between them. */
export const rowsPerPage = 500;

function addEntry(
  pack: tar.Pack,
  header: Partial<Header> & { name: string },
  body: Buffer | Readable,
): Promise<void> {
  // Always through the entry's stream, which waits while the compressor is behind (memory stays flat).
  const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
  const size = Buffer.isBuffer(body) ? body.length : header.size;
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ ...header, size }, (err) => (err ? reject(err) : resolve()));
    pipeline(source, entry as unknown as NodeJS.WritableStream).catch(reject);
  });
}

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
  const pack = tar.pack();
  const gzip = createGzip({ level: 6, flush: zlibConstants.Z_NO_FLUSH });
  const written = pipeline(pack, gzip, out);
  // A failed write (full disk) ends the pipeline; stop producing at once instead of waiting on drain.
  let failure: unknown;
  written.catch((err) => {
    failure = err;
    pack.destroy(err as Error);
  });
  const check = () => {
    if (failure) throw failure;
  };

  await addEntry(pack, { name: headerEntry }, Buffer.from(JSON.stringify(header, null, 2)));
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
      check();
      const { rows } = await source.db.query<{ r: string }>(`fetch ${rowsPerPage} from ${cursor}`);
      if (rows.length === 0) break;
      count += rows.length;
      const body = Buffer.from(`${rows.map((r) => r.r).join("\n")}\n`);
      await addEntry(pack, { name: `db/${table}/${String(page).padStart(6, "0")}.ndjson` }, body);
      if (rows.length < rowsPerPage) break;
    }
    await source.db.query(`close ${cursor}`);
    counts[table] = count;
  }
  await addEntry(pack, { name: sequencesEntry }, Buffer.from(JSON.stringify(await readSequences(source.db))));

  const files: ArchivedFile[] = [];
  const listed: StoredFile[] = [];
  for await (const f of source.files.list()) listed.push(f);
  let fileIndex = 0;
  for (const f of listed) {
    check();
    opts.onProgress?.({ phase: "files", done: fileIndex++, total: listed.length });
    const opened = await source.files.open(f.key);
    if (!opened) continue; // deleted since it was listed (a live object store): not part of this copy
    const hash = createHash("sha256");
    const tap = hashing(hash);
    const createdAt = opened.info.createdAt.toISOString();
    await addEntry(
      pack,
      {
        name: `files/${f.key}`,
        size: opened.info.size,
        pax: { "aula.contentType": opened.info.contentType, "aula.createdAt": createdAt },
      },
      opened.stream.pipe(tap),
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
  await addEntry(pack, { name: manifestEntry }, Buffer.from(JSON.stringify(manifest, null, 2)));
  pack.finalize();
  await written;
  opts.onProgress?.({ phase: "done", done: 1, total: 1 });
  return manifest;
}

/** `aula-backup-2026-11-23T12-00-00Z.tar.gz`: sorts by time, safe on every file system. */
export function archiveName(now = new Date()): string {
  return `aula-backup-${now.toISOString().slice(0, 19).replaceAll(":", "-")}Z${archiveExtension}`;
}

const isDiskFull = (err: unknown) =>
  err instanceof Error && ["ENOSPC", "EDQUOT"].includes((err as NodeJS.ErrnoException).code ?? "");

/**
 * Writes `source` to `target` through a temporary name in the same folder, renamed into place only once
 * complete: a failure (a full disk) deletes the partial file and leaves the folder as it was.
 * `wrap` may put a stream between the archive and the file (tests use it to fail the write).
 */
export async function writeArchiveFile(
  source: BackupSource,
  target: string,
  opts: { onProgress?: (p: BackupProgress) => void; wrap?: (file: Writable) => Writable } = {},
): Promise<{ manifest: Manifest; file: string }> {
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString("hex")}.partial`);
  try {
    const file = createWriteStream(temp, { flags: "wx", mode: 0o600 });
    const manifest = await writeArchive(source, opts.wrap ? opts.wrap(file) : file, opts);
    await rename(temp, target);
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

/** Files from a readable stream of bytes already in memory or on disk (helper for sources). */
export function readableOf(buffer: Buffer): Readable {
  return Readable.from([buffer]);
}
