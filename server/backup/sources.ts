// Consistent views to back up, one per kind of database.
//
// PostgreSQL: one REPEATABLE READ READ ONLY transaction on a connection of its own; rows are read with
// cursors page by page and each stored file's chunks in one binary COPY, so the other connections keep
// serving and nothing holds the whole table. A backup written in its thread (offload.ts) reads a snapshot the
// server exported when the backup was asked for (exportPostgresSnapshot).
//
// Embedded database (PGlite): one connection serves every request, so a long transaction on it would stall
// the server for the whole backup. Instead the server takes a snapshot: for an instant (while no other query
// can run) it checkpoints and copies the database folder, and hard-links the files folder (files are replaced
// by renaming, never rewritten in place, so a link keeps the old contents; a STORAGE_DIR on another file
// system is copied instead, which lengthens the pause); then the archive is read from the copy, opened by a
// second PGlite (in the backup's thread), while the server goes on. Measured pause: 0.1-0.26 s for a 197 MB
// folder, 0.6-0.9 s for the bench school's 261 MB; `npm run bench` measures the throughput during the whole
// backup.
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { copyFile, link, mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { byteaValuesOfBinaryCopy } from "../storage/chunk-copy.js";
import { FolderStorage } from "../storage/folder.js";
import type { StoredFile } from "../storage/types.js";
import type { BackupSource, FileSource } from "./create.js";
import type { SqlRunner } from "./sql.js";

/** The database storage's files (stored_files and their chunks), read through `db` (inside the snapshot). */
export function databaseFiles(db: SqlRunner): FileSource {
  type Row = {
    id: string;
    key: string;
    size: string;
    content_type: string;
    sha256: string;
    created_at: Date;
  };
  const describe = (r: Row): StoredFile => ({
    key: r.key,
    size: Number(r.size),
    contentType: r.content_type,
    sha256: r.sha256,
    createdAt: new Date(r.created_at),
  });
  const select =
    "select id::text as id, key, size::text as size, content_type, sha256, created_at from stored_files";
  return {
    async *list() {
      const { rows } = await db.query<{ exists: boolean }>(
        "select to_regclass('public.stored_files') is not null as exists",
      );
      if (!rows[0]?.exists) return;
      let after = "";
      for (;;) {
        const page = await db.query<Row>(`${select} where key > $1 order by key limit 200`, [after]);
        for (const r of page.rows) yield describe(r);
        if (page.rows.length < 200) return;
        after = page.rows.at(-1)!.key;
      }
    },
    async open(key) {
      const { rows } = await db.query<Row>(`${select} where key = $1`, [key]);
      const row = rows[0];
      if (!row) return null;
      async function* chunks() {
        for (let n = 0; ; n++) {
          const { rows: c } = await db.query<{ data: Uint8Array }>(
            "select data from stored_file_chunks where file_id = $1 and n = $2",
            [row!.id, n],
          );
          if (!c[0]) return;
          yield Buffer.from(c[0].data.buffer, c[0].data.byteOffset, c[0].data.byteLength);
        }
      }
      return { info: describe(row), stream: Readable.from(chunks()) };
    },
  };
}

/**
 * The database storage's files on PostgreSQL, read through `client` (inside the snapshot): like
 * `databaseFiles`, but each file's chunks come in one binary COPY (raw bytes, one query per file) instead of
 * one query per chunk answered as hex text (twice the bytes, decoded on the server's thread).
 */
export function postgresDatabaseFiles(client: pg.ClientBase): FileSource {
  const db: SqlRunner = { query: (text, params) => client.query(text, params as unknown[]) as never };
  const base = databaseFiles(db);
  return {
    list: base.list,
    async open(key) {
      const { rows } = await db.query<{ id: string; size: string; content_type: string; created_at: Date }>(
        "select id::text as id, size::text as size, content_type, created_at from stored_files where key = $1",
        [key],
      );
      const row = rows[0];
      if (!row) return null;
      const id = Number(row.id);
      if (!Number.isSafeInteger(id)) throw new Error(`stored file ${key}: bad id`);
      const copy = client.query(
        copyTo(
          `copy (select data from stored_file_chunks where file_id = ${id} order by n) to stdout (format binary)`,
        ),
      );
      return {
        info: {
          key,
          size: Number(row.size),
          contentType: row.content_type,
          sha256: "",
          createdAt: new Date(row.created_at),
        },
        stream: Readable.from(byteaValuesOfBinaryCopy(copy)),
      };
    },
  };
}

/** Files of a folder storage. */
export function folderFiles(root: string): FileSource {
  const storage = new FolderStorage(root);
  return { list: () => storage.list(), open: (key) => storage.open(key) };
}

/** No files (no storage configured in the caller). */
export const noFiles: FileSource = {
  async *list() {},
  open: async () => null,
};

/** What `pg_export_snapshot()` answers (`00000003-0000001B-1`): checked before it is put in a statement. */
const snapshotIdPattern = /^[0-9A-F]+(-[0-9A-F]+)+$/i;

/**
 * Takes a snapshot of a PostgreSQL database now, in a transaction of its own kept open (exported, so that
 * another connection, a backup thread's, reads exactly it: `withPostgresSnapshot(…, id)`); `release()` ends it.
 */
export async function exportPostgresSnapshot(
  connection: pg.ClientConfig,
): Promise<{ id: string; release(): Promise<void> }> {
  const client = new pg.Client(connection);
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{ id: string }>("select pg_export_snapshot() as id");
    return {
      id: rows[0]!.id,
      release: async () => {
        await client.query("commit").catch(() => {});
        await client.end().catch(() => {});
      },
    };
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
}

/**
 * Runs `fn` on a snapshot of a PostgreSQL database (`snapshotId`: one exported by exportPostgresSnapshot,
 * else taken now). `files`: where the files are when not in the database itself (an object store, read live);
 * the database storage's tables are read inside the snapshot.
 */
export async function withPostgresSnapshot<T>(
  connection: pg.ClientConfig,
  files: FileSource | "database",
  fn: (source: BackupSource) => Promise<T>,
  snapshotId?: string,
): Promise<T> {
  const client = new pg.Client(connection);
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    if (snapshotId !== undefined) {
      if (!snapshotIdPattern.test(snapshotId)) throw new Error(`not a snapshot id: ${snapshotId}`);
      await client.query(`set transaction snapshot '${snapshotId}'`);
    }
    const db: SqlRunner = { query: (text, params) => client.query(text, params as unknown[]) as never };
    const result = await fn({
      kind: "postgres",
      db,
      files: files === "database" ? postgresDatabaseFiles(client) : files,
    });
    await client.query("commit");
    return result;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs `fn` inside one transaction of a PGlite nobody else uses (the CLI's own, or a snapshot copy). */
export async function withPgliteTransaction<T>(
  client: PGlite,
  files: FileSource,
  fn: (source: BackupSource) => Promise<T>,
): Promise<T> {
  return client.transaction(async (tx) => {
    await tx.query("set transaction isolation level repeatable read, read only");
    const db: SqlRunner = { query: (text, params) => tx.query(text, params) as never };
    return fn({ kind: "pglite", db, files });
  });
}

/** How a file gets its second name (`fs.link`); tests hand in one that fails as across file systems. */
export type LinkFile = (existing: string, newPath: string) => Promise<void>;

/**
 * Errors of a hard link that a copy gets around: STORAGE_DIR on another file system than DATA_DIR (EXDEV),
 * a file system without hard links (EPERM, ENOTSUP), a file with too many links (EMLINK).
 */
const LINK_REFUSED = new Set(["EXDEV", "EPERM", "ENOTSUP", "EOPNOTSUPP", "EMLINK"]);

/**
 * Gives every file under `from` a second name under `to`: a hard link (instant, no space), or a copy when the
 * two folders cannot share files (after the first refusal, every later file is copied straight away).
 * Temporary files of uploads still arriving are left out.
 */
export async function linkTree(from: string, to: string, linkFile: LinkFile = link): Promise<void> {
  let copy = false;
  const place = async (a: string, b: string) => {
    if (!copy) {
      try {
        return await linkFile(a, b);
      } catch (err) {
        if (!LINK_REFUSED.has((err as NodeJS.ErrnoException).code ?? "")) throw err;
        copy = true;
      }
    }
    await copyFile(a, b, constants.COPYFILE_FICLONE);
  };
  const walk = async (source: string, target: string) => {
    const entries = await readdir(source, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") return [];
      throw err;
    });
    await mkdir(target, { recursive: true, mode: 0o700 });
    for (const entry of entries) {
      if (entry.name.endsWith(".tmp")) continue;
      const a = path.join(source, entry.name);
      const b = path.join(target, entry.name);
      if (entry.isDirectory()) await walk(a, b);
      else if (entry.isFile())
        await place(a, b).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== "ENOENT") throw err;
        });
    }
  };
  await walk(from, to);
}

type Seen = Map<string, string>;

/**
 * Makes `to` a copy of `from`, copying only the files whose size or modification time differ from what
 * `seen` (relative path → "size:mtimeNs", as of the previous pass) recorded; removes files gone from `from`.
 * A file is stat'ed before it is copied, so one written during its copy differs next time and is copied again.
 */
async function syncTree(from: string, to: string, seen: Seen): Promise<Seen> {
  const now: Seen = new Map();
  const walk = async (relative: string) => {
    const source = path.join(from, relative);
    await mkdir(path.join(to, relative), { recursive: true, mode: 0o700 });
    const entries = await readdir(source, { withFileTypes: true });
    const names = new Set(entries.map((e) => e.name));
    for (const existing of await readdir(path.join(to, relative))) {
      if (!names.has(existing)) await rm(path.join(to, relative, existing), { recursive: true, force: true });
    }
    for (const entry of entries) {
      const rel = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        await walk(rel);
        continue;
      }
      if (!entry.isFile()) continue;
      const info = await stat(path.join(from, rel), { bigint: true }).catch(() => null);
      if (!info) continue;
      const mark = `${info.size}:${info.mtimeNs}`;
      now.set(rel, mark);
      if (seen.get(rel) !== mark) {
        // A file removed since it was listed (outside the pause) is simply not part of the copy.
        await copyFile(path.join(from, rel), path.join(to, rel), constants.COPYFILE_FICLONE).catch(
          (err: NodeJS.ErrnoException) => {
            if (err.code !== "ENOENT") throw err;
            now.delete(rel);
          },
        );
      }
    }
  };
  await walk("");
  return now;
}

export type SnapshotTiming = { pausedMs: number };

/** Snapshot folders of backups running in this process (the sweep of leftovers never touches them). */
export const snapshotsInUse = new Set<string>();

/** A copy of the embedded database's folder and files, taken in one short pause; `release()` deletes it. */
export type EmbeddedSnapshot = {
  /** The copy of the database folder (open it with `openPgliteCopy`). */
  pglite: string;
  /** The linked files folder; null: no files. */
  files: string | null;
  release(): Promise<void>;
};

/**
 * Snapshot of the running embedded database `live` (its folder `pgliteDir`) and its files folder
 * `filesRoot` (null: no files) into a new folder under `workDir`. The live database is paused only while its
 * folder is copied (`timing.pausedMs`). `linkFile`: how files are linked (`linkTree`; tests hand in one that
 * fails across file systems).
 */
export async function takeEmbeddedSnapshot(
  live: PGlite,
  pgliteDir: string,
  filesRoot: string | null,
  workDir: string,
  timing?: SnapshotTiming,
  linkFile: LinkFile = link,
): Promise<EmbeddedSnapshot> {
  const dir = path.join(workDir, `.snapshot-${randomBytes(6).toString("hex")}`);
  snapshotsInUse.add(dir);
  const release = async () => {
    await rm(dir, { recursive: true, force: true });
    snapshotsInUse.delete(dir);
  };
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // One short exclusive window: no query and no other transaction runs while this one is open (PGlite
    // has one connection), so the copy goes at the disk's pace whatever the load. A first pass while the
    // server went on was slower than this under sustained writes: every file operation waited behind
    // the writers' turns on the event loop (32 s under 5 writers against 2 s quiet, issue 27).
    await live.transaction(async (tx) => {
      const started = performance.now();
      await tx.query("checkpoint");
      await syncTree(pgliteDir, path.join(dir, "pglite"), new Map());
      if (filesRoot) await linkTree(filesRoot, path.join(dir, "files"), linkFile);
      if (timing) timing.pausedMs = performance.now() - started;
    });
  } catch (err) {
    await release();
    throw err;
  }
  return { pglite: path.join(dir, "pglite"), files: filesRoot ? path.join(dir, "files") : null, release };
}

/** Opens a snapshot's database copy: a small cache, as the copy is read once, front to back. */
export async function openPgliteCopy(dir: string): Promise<PGlite> {
  const copy = new PGlite(dir, {
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
  });
  await copy.waitReady;
  return copy;
}

/**
 * Snapshot of the running embedded database (takeEmbeddedSnapshot); `fn` reads the copy, in this thread.
 * The copy is deleted afterwards.
 */
export async function withEmbeddedSnapshot<T>(
  live: PGlite,
  pgliteDir: string,
  filesRoot: string | null,
  workDir: string,
  fn: (source: BackupSource) => Promise<T>,
  timing?: SnapshotTiming,
  linkFile: LinkFile = link,
): Promise<T> {
  const snapshot = await takeEmbeddedSnapshot(live, pgliteDir, filesRoot, workDir, timing, linkFile);
  try {
    const copy = await openPgliteCopy(snapshot.pglite);
    try {
      const files = snapshot.files ? folderFiles(snapshot.files) : noFiles;
      return await withPgliteTransaction(copy, files, fn);
    } finally {
      await copy.close().catch(() => {});
    }
  } finally {
    await snapshot.release();
  }
}
