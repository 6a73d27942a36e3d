import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, type LockInfo, lockFileName } from "./lock.js";

let dir: string;
beforeEach(() => {
  dir = path.join(mkdtempSync(path.join(tmpdir(), "aula-lock-")), "data");
});
afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

const lockFile = () => path.join(dir, lockFileName);
const readInfo = () => JSON.parse(readFileSync(lockFile(), "utf8")) as LockInfo;

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
  return Number(child.stdout.trim());
}

function writeLock(info: Partial<LockInfo>) {
  writeFileSync(
    lockFile(),
    JSON.stringify({
      hostname: os.hostname(),
      startedAt: "2026-01-01T00:00:00.000Z",
      purpose: "server",
      token: "someone-else",
      ...info,
    }),
  );
}

describe("data folder lock", () => {
  it("creates the folder (0700) and a private lock file naming this process, removed on release", () => {
    const lock = acquireDataDirLock(dir, { port: 4321 });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(lockFile()).mode & 0o777).toBe(0o600);
    expect(readInfo()).toMatchObject({ pid: process.pid, hostname: os.hostname(), port: 4321 });
    // Taken again by the same process (main, then openDatabase): one lock, released with the last taker.
    const again = acquireDataDirLock(dir);
    lock.release();
    expect(readInfo().pid).toBe(process.pid);
    again.release();
    expect(() => statSync(lockFile())).toThrow();
  });

  it("refuses while another running process holds it, naming the folder and the process", () => {
    acquireDataDirLock(dir).release();
    writeLock({ pid: process.ppid, port: 3000 }); // the test runner's parent: running
    let error: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    const message = (error as Error).message;
    expect(message).toContain(path.resolve(dir));
    expect(message).toContain(`proceso ${process.ppid}`);
    expect(message).toContain("puerto 3000");
    expect(readInfo().token).toBe("someone-else"); // left alone
  });

  it("takes over a lock whose process no longer runs", () => {
    acquireDataDirLock(dir).release();
    writeLock({ pid: deadPid() });
    const lock = acquireDataDirLock(dir);
    expect(readInfo()).toMatchObject({ pid: process.pid, token: lock.info.token });
    lock.release();
  });

  it("takes over a lock whose pid now belongs to another process (reused pid)", () => {
    const mine = acquireDataDirLock(dir);
    const { bootId, processStart } = mine.info;
    mine.release();
    if (!bootId || !processStart) return; // not Linux: no process start times to compare
    writeLock({ pid: process.ppid, bootId, processStart: String(Number(processStart) + 1) });
    const lock = acquireDataDirLock(dir);
    expect(readInfo().pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock naming this very process (pid 1 again in a restarted container)", () => {
    acquireDataDirLock(dir).release();
    writeLock({ pid: process.pid });
    const lock = acquireDataDirLock(dir);
    expect(readInfo().token).toBe(lock.info.token);
    lock.release();
  });

  it("takes over an empty or unreadable lock file once it is not being written", () => {
    acquireDataDirLock(dir).release();
    writeFileSync(lockFile(), "");
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockFile(), old, old);
    const lock = acquireDataDirLock(dir);
    expect(readInfo().pid).toBe(process.pid);
    lock.release();
  });

  it("never removes a lock that another process took meanwhile", () => {
    const lock = acquireDataDirLock(dir);
    writeLock({ pid: process.ppid }); // e.g. the folder was wiped and another server started on it
    lock.release();
    expect(readInfo().token).toBe("someone-else");
  });
});
