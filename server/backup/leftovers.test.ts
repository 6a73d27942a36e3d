import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sweepBackupLeftovers } from "./leftovers.js";
import { snapshotsInUse } from "./sources.js";

/** What a backup cut short by a crash leaves is removed once stale; nothing else (issue 27). */
let dataDir: string;
let backupDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "aula-leftovers-"));
  backupDir = path.join(dataDir, "backups");
  mkdirSync(backupDir);
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** A file or folder last changed `hoursAgo` hours before `now`. */
function made(full: string, now: number, hoursAgo: number, folder = false) {
  if (folder) {
    mkdirSync(path.join(full, "pglite"), { recursive: true });
    writeFileSync(path.join(full, "pglite", "PG_VERSION"), "17");
  } else writeFileSync(full, "x");
  const when = new Date(now - hoursAgo * 3_600_000);
  utimesSync(full, when, when);
  return full;
}

describe("sweepBackupLeftovers", () => {
  it("removes snapshots and partial archives older than `before`, keeping recent ones and archives", async () => {
    const now = Date.now();
    const staleSnapshot = made(path.join(dataDir, ".snapshot-0a1b2c3d4e5f"), now, 3, true);
    const freshSnapshot = made(path.join(dataDir, ".snapshot-aaaaaaaaaaaa"), now, 0, true);
    const stalePartial = made(path.join(backupDir, ".aula-backup-x.tar.gz.0a1b2c.partial"), now, 3);
    const freshPartial = made(path.join(backupDir, ".aula-backup-y.tar.gz.0a1b2c.partial"), now, 0);
    const archive = made(path.join(backupDir, "aula-backup-2026-11-25T10-00-00Z.tar.gz"), now, 30);
    const secret = made(path.join(dataDir, "jwt-secret"), now, 30);
    const pglite = made(path.join(dataDir, "pglite"), now, 30, true);

    const removed = await sweepBackupLeftovers({ dataDir, backupDir, before: new Date(now - 3_600_000) });

    expect(removed.sort()).toEqual([staleSnapshot, stalePartial].sort());
    for (const gone of [staleSnapshot, stalePartial]) expect(existsSync(gone), gone).toBe(false);
    for (const kept of [freshSnapshot, freshPartial, archive, secret, pglite])
      expect(existsSync(kept), kept).toBe(true);
  });

  it("keeps the snapshot of a backup still running in this process, however old", async () => {
    const now = Date.now();
    const running = made(path.join(dataDir, ".snapshot-0123456789ab"), now, 5, true);
    snapshotsInUse.add(running);
    try {
      expect(await sweepBackupLeftovers({ dataDir, backupDir, before: new Date(now) })).toEqual([]);
      expect(existsSync(running)).toBe(true);
    } finally {
      snapshotsInUse.delete(running);
    }
  });

  it("does nothing when the folders do not exist", async () => {
    const missing = path.join(dataDir, "no-such-folder");
    expect(await sweepBackupLeftovers({ dataDir: missing, backupDir: missing, before: new Date() })).toEqual(
      [],
    );
  });
});
