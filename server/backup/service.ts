// Backups taken by a running server: from the /backups page, on schedule, or for `npm run backup` while
// the server holds the embedded database. One at a time per server; a failure notifies every administrator.
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Writable } from "node:stream";
import type { PGlite } from "@electric-sql/pglite";
import { inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { Role } from "../../common/roles.js";
import { connectionConfigOf, postgresPoolOf } from "../cluster/pool.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { users } from "../db/schema/index.js";
import { sendNotification } from "../modules/notifications/send.js";
import type { FileStorage } from "../storage/types.js";
import {
  archiveName,
  type BackupProgress,
  type BackupSource,
  type FileSource,
  intoArchiveFile,
  intoFileStream,
  writeArchive,
  writeArchiveFile,
} from "./create.js";
import { archiveExtension, BackupError, type Manifest, messages } from "./format.js";
import { archiveInWorker, transferable, type WorkerSource } from "./offload.js";
import {
  exportPostgresSnapshot,
  folderFiles,
  type LinkFile,
  noFiles,
  type SnapshotTiming,
  takeEmbeddedSnapshot,
  withEmbeddedSnapshot,
  withPgliteTransaction,
  withPostgresSnapshot,
} from "./sources.js";

export type BackupDeps = {
  db: Db;
  config: Pick<Config, "backupDir" | "backupKeep" | "dataDir">;
  /** The app's file storage; none: the backup holds no files. */
  storage?: FileStorage;
  /** How the embedded snapshot links the files folder (tests: one that fails as across file systems). */
  linkFile?: LinkFile;
};

export type BackupArchive = { name: string; size: number; createdAt: string };

function storageFiles(storage: FileStorage): FileSource {
  return { list: () => storage.list(), open: (key) => storage.open(key) };
}

/**
 * Runs `fn` on a consistent view of the app's database and files (sources.ts explains each kind).
 * `timing.pausedMs`: how long the embedded database was paused for its snapshot.
 */
export async function withAppSnapshot<T>(
  deps: BackupDeps,
  fn: (source: BackupSource) => Promise<T>,
  timing?: SnapshotTiming,
): Promise<T> {
  const pool = postgresPoolOf(deps.db);
  const storage = deps.storage;
  if (pool) {
    const files = !storage || storage.kind === "database" ? "database" : storageFiles(storage);
    return withPostgresSnapshot(connectionConfigOf(pool), files, fn);
  }
  const client = (deps.db as unknown as { $client: PGlite }).$client;
  const folderRoot = storage?.kind === "folder" ? (storage as unknown as { root: string }).root : null;
  if (client.dataDir && !client.dataDir.startsWith("memory://")) {
    if (storage && !folderRoot) {
      // Files in an object store: read live (objects are written whole and never changed in place).
      return withEmbeddedSnapshot(client, client.dataDir, null, deps.config.dataDir, (s) =>
        fn({ ...s, files: storageFiles(storage) }),
      );
    }
    return withEmbeddedSnapshot(
      client,
      client.dataDir,
      folderRoot,
      deps.config.dataDir,
      fn,
      timing,
      deps.linkFile,
    );
  }
  // An in-memory database (tests): nothing to copy; one transaction pauses the others for its length.
  const files = folderRoot ? folderFiles(folderRoot) : storage ? storageFiles(storage) : noFiles;
  return withPgliteTransaction(client, files, fn);
}

/** Runs `fn` on a snapshot a worker thread can open by itself (offload.ts). */
type WorkerSnapshot = <T>(fn: (source: WorkerSource) => Promise<T>, timing?: SnapshotTiming) => Promise<T>;

/**
 * How the archive of the app is written off the server's thread: PostgreSQL with its files in the database
 * (the server exports a snapshot, the worker reads it), or an embedded database in a folder with its files in
 * a folder (the server takes the snapshot in its short pause; the worker reads the copy). Null where the view cannot be
 * handed to a thread (an in-memory database, files in an object store): the archive is written here.
 */
function workerSnapshotOf(deps: BackupDeps): WorkerSnapshot | null {
  const pool = postgresPoolOf(deps.db);
  const storage = deps.storage;
  if (pool) {
    if (storage && storage.kind !== "database") return null;
    const connection = transferable(connectionConfigOf(pool, "aula-backup"));
    if (!connection) return null;
    return async (fn) => {
      const snapshot = await exportPostgresSnapshot(connection);
      try {
        return await fn({ kind: "postgres", connection, snapshot: snapshot.id });
      } finally {
        await snapshot.release();
      }
    };
  }
  const client = (deps.db as unknown as { $client: PGlite }).$client;
  const folderRoot = storage?.kind === "folder" ? (storage as unknown as { root: string }).root : null;
  const dataDir = client.dataDir;
  if (!dataDir || dataDir.startsWith("memory://") || (storage && !folderRoot)) return null;
  return async (fn, timing) => {
    const snapshot = await takeEmbeddedSnapshot(
      client,
      dataDir,
      folderRoot,
      deps.config.dataDir,
      timing,
      deps.linkFile,
    );
    try {
      return await fn({ kind: "pglite", dir: snapshot.pglite, files: snapshot.files });
    } finally {
      await snapshot.release();
    }
  };
}

/** The archives in `dir`, newest first. */
export async function listBackups(dir: string): Promise<BackupArchive[]> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    // No folder yet, or a file in its place (the failed backup says why): no archives to list.
    if (err.code === "ENOENT" || err.code === "ENOTDIR") return [] as string[];
    throw err;
  });
  const out: BackupArchive[] = [];
  for (const name of names) {
    if (name.startsWith(".") || !name.endsWith(archiveExtension)) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info?.isFile()) out.push({ name, size: info.size, createdAt: info.mtime.toISOString() });
  }
  return out.sort((a, b) => {
    const ka = archiveOrderKey(a.name);
    const kb = archiveOrderKey(b.name);
    return ka < kb ? 1 : ka > kb ? -1 : 0;
  });
}

/**
 * What orders archives by age: the time in the name, then the suffix of a later archive of the same
 * second (`…Z-2`, `…Z-10`; none is the first). Plain name order would put `…Z.tar.gz` after `…Z-2.tar.gz`
 * and `…Z-10` before `…Z-2`, and pruning would delete the newest.
 */
function archiveOrderKey(name: string): string {
  const base = name.slice(0, -archiveExtension.length);
  const suffix = /Z-(\d+)$/.exec(base);
  const stamp = suffix ? base.slice(0, suffix.index + 1) : base;
  return `${stamp}-${(suffix?.[1] ?? "1").padStart(6, "0")}`;
}

/** A new archive's path in `dir` (created when missing), named by the time. */
export async function newArchivePath(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let target = path.join(dir, archiveName());
  // Two backups within the same second: the later one gets a suffix.
  for (let i = 2; await stat(target).catch(() => null); i++) {
    target = path.join(dir, archiveName().replace(archiveExtension, `-${i}${archiveExtension}`));
  }
  return target;
}

/** Deletes all but the newest `keep` archives of `dir`. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep);
  for (const a of old) await rm(path.join(dir, a.name), { force: true });
  return old.map((a) => a.name);
}

/**
 * Writes a new archive into BACKUP_DIR (a temporary name until complete), then deletes the oldest beyond
 * BACKUP_KEEP. `wrap`: see writeArchiveFile.
 */
export async function createBackup(
  deps: BackupDeps,
  opts: {
    onProgress?: (p: BackupProgress) => void;
    wrap?: (file: Writable) => Writable;
    timing?: SnapshotTiming;
    /** Another file than a new one in BACKUP_DIR (then nothing is pruned). */
    target?: string;
  } = {},
): Promise<{ file: string; manifest: Manifest; size: number }> {
  const target = opts.target ?? (await newArchivePath(deps.config.backupDir));
  const inWorker = workerSnapshotOf(deps);
  const { manifest, file } = inWorker
    ? await inWorker(
        (source) =>
          intoArchiveFile(target, (temp) =>
            opts.wrap
              ? intoFileStream(temp, opts.wrap, (out) => archiveInWorker(source, { stream: out }, opts))
              : archiveInWorker(source, { file: temp }, opts),
          ),
        opts.timing,
      )
    : await withAppSnapshot(deps, (source) => writeArchiveFile(source, target, opts), opts.timing);
  const size = (await stat(file)).size;
  if (!opts.target) await pruneBackups(deps.config.backupDir, deps.config.backupKeep);
  return { file, manifest, size };
}

/** Streams an archive of the app into `out` (the local endpoint `npm run backup` calls). */
export function streamBackup(deps: BackupDeps, out: Writable): Promise<Manifest> {
  const inWorker = workerSnapshotOf(deps);
  if (inWorker) return inWorker((source) => archiveInWorker(source, { stream: out }));
  return withAppSnapshot(deps, (source) => writeArchive(source, out));
}

/** Who asked for a backup: an administrator ("Crear copia ahora") or the schedule (BACKUP_EVERY_HOURS). */
export type BackupTrigger = "manual" | "scheduled";

const failureText: Record<BackupTrigger, string> = {
  manual: "La copia de seguridad manual falló",
  scheduled: "La copia de seguridad automática falló",
};

/** Sends every active administrator a notification that the backup failed. */
export async function notifyBackupFailure(
  db: Db,
  reason: string,
  trigger: BackupTrigger = "manual",
): Promise<void> {
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.type, [Role.admin, Role.god]));
  if (admins.length === 0) return;
  await sendNotification(db, {
    content: `${failureText[trigger]}: ${reason}`,
    type: 6,
    code: "backup_failed",
    params: { trigger, reason },
    back: "/backups",
    userIds: admins.map((a) => a.id),
  });
}

export type BackupState = {
  running: boolean;
  progress: BackupProgress | null;
  lastError: string | null;
  lastFinishedAt: string | null;
};

/** One server's backups: at most one at a time; failures logged and notified. */
export class BackupRunner {
  private current: Promise<{ file: string; size: number }> | null = null;
  readonly state: BackupState = { running: false, progress: null, lastError: null, lastFinishedAt: null };

  constructor(
    private readonly deps: BackupDeps,
    private readonly log: Pick<FastifyBaseLogger, "info" | "error">,
  ) {}

  get running() {
    return this.current !== null;
  }

  /**
   * Starts a backup (`trigger`: manual unless the schedule starts it); refused (BackupError
   * backup_in_progress) while one runs. Resolves when written.
   */
  start(
    opts: { wrap?: (file: Writable) => Writable; trigger?: BackupTrigger } = {},
  ): Promise<{ file: string; size: number }> {
    const { trigger = "manual", ...backupOpts } = opts;
    if (this.current) throw new BackupError("backup_in_progress", messages.inProgress);
    this.state.running = true;
    this.state.progress = { phase: "tables", done: 0, total: 1 };
    this.state.lastError = null;
    const run = (async () => {
      try {
        const timing: SnapshotTiming = { pausedMs: 0 };
        const result = await createBackup(this.deps, {
          ...backupOpts,
          timing,
          onProgress: (p) => {
            this.state.progress = p;
          },
        });
        // pausedMs: how long the embedded database stopped answering for its snapshot (0 on PostgreSQL).
        this.log.info(
          { file: result.file, size: result.size, pausedMs: Math.round(timing.pausedMs) },
          "backup written",
        );
        return { file: result.file, size: result.size };
      } catch (err) {
        const reason = err instanceof BackupError ? err.message : (err as Error).message;
        this.state.lastError = reason;
        this.log.error({ err }, "backup failed");
        await notifyBackupFailure(this.deps.db, reason, trigger).catch((e) =>
          this.log.error({ err: e }, "backup failure notification failed"),
        );
        throw err;
      } finally {
        this.state.running = false;
        this.state.progress = null;
        this.state.lastFinishedAt = new Date().toISOString();
        this.current = null;
      }
    })();
    this.current = run;
    return run;
  }

  /** The scheduled backup: like start(), but never throws (the failure is logged and notified). */
  async scheduled(): Promise<void> {
    if (this.current) return;
    await this.start({ trigger: "scheduled" }).catch(() => {});
  }

  /** Waits for a running backup (graceful stop). */
  async idle(): Promise<void> {
    await this.current?.catch(() => {});
  }
}
