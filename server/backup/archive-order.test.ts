// Archives of the same second get a suffix (newArchivePath); the newest must still come first, and pruning
// must keep the newest.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { listBackups, newArchivePath, pruneBackups } from "./service.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folderWith(names: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), "aula-archives-"));
  dirs.push(dir);
  for (const name of names) writeFileSync(path.join(dir, name), "x");
  return dir;
}

describe("the order of backup archives", () => {
  it("puts later archives of the same second first, by their number", async () => {
    const dir = folderWith([
      "aula-backup-2026-11-23T12-00-00Z.tar.gz",
      "aula-backup-2026-11-23T12-00-00Z-2.tar.gz",
      "aula-backup-2026-11-23T12-00-00Z-10.tar.gz",
      "aula-backup-2026-11-23T11-59-59Z-3.tar.gz",
      "aula-backup-2026-11-23T12-00-01Z.tar.gz",
    ]);
    expect((await listBackups(dir)).map((a) => a.name)).toEqual([
      "aula-backup-2026-11-23T12-00-01Z.tar.gz",
      "aula-backup-2026-11-23T12-00-00Z-10.tar.gz",
      "aula-backup-2026-11-23T12-00-00Z-2.tar.gz",
      "aula-backup-2026-11-23T12-00-00Z.tar.gz",
      "aula-backup-2026-11-23T11-59-59Z-3.tar.gz",
    ]);
  });

  it("prunes the oldest, keeping a second archive of the same second", async () => {
    const dir = folderWith(["aula-backup-2026-11-23T12-00-00Z.tar.gz"]);
    const second = await newArchivePath(dir);
    writeFileSync(second, "x");
    // Made now: a later second than the first archive's, or the same second with a suffix.
    await pruneBackups(dir, 1);
    expect(readdirSync(dir)).toEqual([path.basename(second)]);
    const sameSecond = folderWith([
      "aula-backup-2026-11-23T12-00-00Z.tar.gz",
      "aula-backup-2026-11-23T12-00-00Z-2.tar.gz",
    ]);
    await pruneBackups(sameSecond, 1);
    expect(readdirSync(sameSecond)).toEqual(["aula-backup-2026-11-23T12-00-00Z-2.tar.gz"]);
  });
});
