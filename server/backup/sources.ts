// Consistent views to back up, one per kind of database.
//
// PostgreSQL: one REPEATABLE READ READ ONLY transaction on a connection of its own; rows are read with
// cursors page by page, so the other connections keep serving and nothing holds the whole table.
//
// Embedded database (PGlite): one connection serves every request, so a long transaction on it would stall
// the server for the whole backup. Instead the server takes a snapshot: it copies the database folder while
// serving, then for an instant (while no other query can run) checkpoints and copies again only the files
// that changed since, and hard-links the files folder (files are replaced by renaming, never rewritten in
// place, so a link keeps the old contents; a STORAGE_DIR on another file system is copied instead, which
// lengthens the pause); then the archive is read from the copy, opened by a second PGlite, while the server
// goes on. Measured pause: 0.1-0.26 s for a 197 MB folder (a single full copy while
// paused took 0.8-1.7 s); `npm run bench` measures the throughput during the whole backup.
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { copyFile, link, mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
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

/**
 * Runs `fn` on a snapshot of a PostgreSQL database. `files`: where the files are when not in the database
 * itself (an object store, read live); the database storage's tables are read inside the snapshot.
 */
export async function withPostgresSnapshot<T>(
  connection: pg.ClientConfig,
  files: FileSource | "database",
  fn: (source: BackupSource) => Promise<T>,
): Promise<T> {
  const client = new pg.Client(connection);
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const db: SqlRunner = { query: (text, params) => client.query(text, params as unknown[]) as never };
    const result = await fn({
      kind: "postgres",
      db,
      files: files === "database" ? databaseFiles(db) : files,
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

/**
 * Snapshot of the running embedded database `live` (its folder `pgliteDir`) and its files folder
 * `filesRoot` (null: no files) into a new folder under `workDir`; `fn` reads the copy. The live database
 * is paused only while its folder is copied (`timing.pausedMs`). The copy is deleted afterwards.
 * `linkFile`: how files are linked (`linkTree`; tests hand in one that fails across file systems).
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
  const dir = path.join(workDir, `.snapshot-${randomBytes(6).toString("hex")}`);
  snapshotsInUse.add(dir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
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
    // A small cache: the copy is read once, front to back.
    const copy = new PGlite(path.join(dir, "pglite"), {
      startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
    });
    try {
      await copy.waitReady;
      const files = filesRoot ? folderFiles(path.join(dir, "files")) : noFiles;
      return await withPgliteTransaction(copy, files, fn);
    } finally {
      await copy.close().catch(() => {});
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    snapshotsInUse.delete(dir);
  }
}
