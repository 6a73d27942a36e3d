// What a backup cut short by a crash leaves: its snapshot of the embedded database (`DATA_DIR/.snapshot-…`,
// as large as the database) and its archive under a temporary name (`BACKUP_DIR/.<name>.<hex>.partial`).
// A backup that ends, even by failing, removes both itself.
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { snapshotsInUse } from "./sources.js";

const isSnapshot = (name: string) => /^\.snapshot-[0-9a-f]+$/.test(name);
const isPartialArchive = (name: string) => name.startsWith(".") && name.endsWith(".partial");

async function removeOlder(dir: string, matches: (name: string) => boolean, before: Date): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names.filter(matches)) {
    const full = path.join(dir, name);
    if (snapshotsInUse.has(full)) continue;
    const info = await stat(full).catch(() => null);
    if (!info || info.mtimeMs >= before.getTime()) continue;
    await rm(full, { recursive: true, force: true });
    removed.push(full);
  }
  return removed;
}

/**
 * Removes snapshots and partial archives last changed before `before`, except the snapshots of backups running
 * in this process. Call it only while this server runs no backup (a partial archive is its own until renamed);
 * on the embedded database, the only one with snapshots, no other server uses the folder.
 */
export async function sweepBackupLeftovers(opts: {
  dataDir: string;
  backupDir: string;
  before: Date;
}): Promise<string[]> {
  return [
    ...(await removeOlder(opts.dataDir, isSnapshot, opts.before)),
    ...(await removeOlder(opts.backupDir, isPartialArchive, opts.before)),
  ];
}
