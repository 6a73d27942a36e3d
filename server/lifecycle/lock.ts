// One server per data folder: the embedded database (PGlite) must never be opened by two processes,
// which would each hand out the same ids and overwrite each other's pages. The first process creates
// DATA_DIR/server.lock atomically (O_CREAT|O_EXCL) and holds it until it exits; a second one is refused
// with a message naming the folder and the running process. A lock left by a process that no longer
// runs (a crash, `kill -9`, a power cut) is taken over.
import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

export const lockFileName = "server.lock";

/** What the lock file holds (JSON). */
export type LockInfo = {
  pid: number;
  hostname: string;
  /** ISO instant the holder started. */
  startedAt: string;
  /** The HTTP port of a server; absent for scripts. */
  port?: number;
  /** What holds it: "server", "copy-to-postgres"… */
  purpose: string;
  /** Linux: the kernel's boot id and the holder's start time in clock ticks, to tell a reused pid. */
  bootId?: string;
  processStart?: string;
  /** Random; a holder only ever deletes a lock that still carries its own token. */
  token: string;
};

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo | null,
  ) {
    super(lockedMessage(dataDir, holder));
    this.name = "DataDirLockedError";
  }
}

export type DataDirLock = {
  readonly file: string;
  readonly info: LockInfo;
  /** Deletes the lock file (when it is still ours). Safe to call more than once. */
  release(): void;
};

/** A lock of another machine counts as abandoned when its file has not been touched for this long. */
const foreignStaleMs = 60_000;
const heartbeatMs = 15_000;

function readLinuxProcess(pid: number | "self"): { bootId?: string; processStart?: string } {
  try {
    const bootId = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22 (starttime) counts from the closing parenthesis of the command name, which may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { bootId, processStart: fields[19] };
  } catch {
    return {};
  }
}

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the process that wrote `info` (and, when known, that same process, not a reuse of its pid) still runs. */
export function holderRuns(info: LockInfo, file: string): boolean {
  if (info.hostname !== os.hostname()) {
    // Another machine (a shared folder): alive while it keeps touching the file.
    try {
      return Date.now() - statSync(file).mtimeMs < foreignStaleMs;
    } catch {
      return false;
    }
  }
  if (info.pid === process.pid) return false; // e.g. pid 1 in a restarted container: that was not us.
  if (!pidRuns(info.pid)) return false;
  if (info.bootId && info.processStart) {
    const now = readLinuxProcess(info.pid);
    if (now.bootId && now.bootId !== info.bootId) return false; // written before a reboot
    if (now.processStart && now.processStart !== info.processStart) return false; // pid reused
  }
  return true;
}

function readLock(file: string): LockInfo | null {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<LockInfo>;
    return typeof parsed.pid === "number" && typeof parsed.token === "string" ? (parsed as LockInfo) : null;
  } catch {
    return null;
  }
}

function lockedMessage(dataDir: string, holder: LockInfo | null): string {
  const elsewhere = holder && holder.hostname !== os.hostname() ? ` en el equipo ${holder.hostname}` : "";
  const who = holder ? `el proceso ${holder.pid}${elsewhere}` : "otro proceso";
  const whoEn = holder
    ? `process ${holder.pid}${elsewhere ? ` on host ${holder.hostname}` : ""}`
    : "another process";
  return [
    `La carpeta de datos ${dataDir} ya está en uso por ${who}`,
    ...(holder
      ? [`(${holder.purpose}${holder.port ? `, puerto ${holder.port}` : ""}, iniciado ${holder.startedAt}).`]
      : []),
    "Solo un servidor puede usar una carpeta de datos a la vez:",
    "detenga ese proceso o use otra carpeta (DATA_DIR).",
    `(The data folder ${dataDir} is in use by ${whoEn}.)`,
  ].join("\n");
}

/** Creates the file only when it does not exist; answers false when it does. */
function createExclusive(file: string, info: LockInfo): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx", 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  }
  try {
    writeSync(fd, `${JSON.stringify(info)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

function unlinkIfExists(file: string): void {
  try {
    unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
}

/**
 * Removes an abandoned lock, unless another process took it over meanwhile. The check and the removal
 * happen while holding a second, short-lived exclusive file, so two processes restarting at once after a
 * crash cannot both remove a lock (the later one would otherwise remove the earlier one's fresh lock).
 */
function removeStaleLock(file: string, stale: LockInfo | null, info: LockInfo): void {
  const guard = `${file}.takeover`;
  if (!createExclusive(guard, info)) {
    const other = readLock(guard);
    // The guard lives for microseconds; one left behind by a dead process is cleared and retried.
    if (!other || !holderRuns(other, guard)) unlinkIfExists(guard);
    return;
  }
  try {
    const now = readLock(file);
    const unchanged = now === null ? stale === null : now.token === stale?.token;
    if (unchanged && (now === null || !holderRuns(now, file))) unlinkIfExists(file);
  } finally {
    unlinkIfExists(guard);
  }
}

const held = new Map<string, { lock: DataDirLock; refs: number }>();

/**
 * Takes the data folder's lock for this process, creating the folder (0700) when missing. Throws
 * DataDirLockedError when another running process holds it. Taking it again in the same process (main
 * takes it, then openDatabase) answers the same lock; it is released when every taker released it or
 * when the process exits.
 */
export function acquireDataDirLock(
  dataDir: string,
  opts: { purpose?: string; port?: number } = {},
): DataDirLock {
  const dir = path.resolve(dataDir);
  const existing = held.get(dir);
  if (existing) {
    existing.refs++;
    return refLock(dir, existing.lock);
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, lockFileName);
  const info: LockInfo = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
    ...(opts.port ? { port: opts.port } : {}),
    purpose: opts.purpose ?? "server",
    ...readLinuxProcess("self"),
    token: randomBytes(16).toString("hex"),
  };
  for (let attempt = 0; ; attempt++) {
    if (createExclusive(file, info)) break;
    const holder = readLock(file);
    if (holder && holderRuns(holder, file)) throw new DataDirLockedError(dir, holder);
    if (!holder && existsSync(file)) {
      // Unreadable or half-written: half-written only for an instant, so give its writer that instant.
      const age = Date.now() - statSync(file).mtimeMs;
      if (age < 2_000 && attempt < 20) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
        continue;
      }
    }
    if (attempt >= 20) throw new DataDirLockedError(dir, holder);
    removeStaleLock(file, holder, info);
  }

  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // The file went away (the folder was deleted): nothing to keep alive.
    }
  }, heartbeatMs);
  heartbeat.unref();
  let released = false;
  const releaseNow = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    held.delete(dir);
    process.off("exit", releaseNow);
    if (readLock(file)?.token === info.token) unlinkIfExists(file);
  };
  process.on("exit", releaseNow);
  const lock: DataDirLock = { file, info, release: releaseNow };
  held.set(dir, { lock, refs: 1 });
  return refLock(dir, lock);
}

/** A handle whose release() drops one reference; the file goes with the last one. */
function refLock(dir: string, lock: DataDirLock): DataDirLock {
  let done = false;
  return {
    file: lock.file,
    info: lock.info,
    release() {
      if (done) return;
      done = true;
      const entry = held.get(dir);
      if (!entry || entry.lock !== lock) return;
      entry.refs--;
      if (entry.refs <= 0) lock.release();
    },
  };
}
