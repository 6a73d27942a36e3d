import { chmodSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Files and folders the server creates are private to its user (0600 / 0700). */
export const privateUmask = 0o077;

/**
 * Makes a folder private to the server's user: it and every folder under it 0700, every file at most
 * 0600 (the database holds password hashes; the outbox, live links). Run at start-up so a folder created
 * by an older version (0755/0644) is tightened too. Symbolic links and other users' files are left alone.
 */
export function tightenPermissions(dir: string): void {
  const walk = (p: string, isDir: boolean) => {
    try {
      const mode = statSync(p).mode & 0o777;
      if (mode & 0o077) chmodSync(p, isDir ? 0o700 : mode & 0o700);
    } catch {
      return;
    }
    if (!isDir) return;
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(p, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) walk(path.join(p, e.name), true);
      else if (e.isFile()) walk(path.join(p, e.name), false);
    }
  };
  const st = statSync(dir, { throwIfNoEntry: false });
  if (st) walk(dir, st.isDirectory());
}
