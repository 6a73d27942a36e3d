import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertValidKey, assertValidPrefix, contentTypeOfKey, MeasuringStream, toReadable } from "./keys.js";
import { type FileStorage, StorageWriteError, type StoredFile } from "./types.js";

/** What a file's side file (`.<name>.meta.json`) remembers; trusted only while size and mtime still match. */
type Meta = { size: number; mtimeMs: number; contentType: string; sha256: string; createdAt: string };

const metaName = (name: string) => `.${name}.meta.json`;

/**
 * Files in a folder (the embedded database's data folder): the key is the path below `root`, so the
 * pictures written before this storage existed (`profile-pictures/<file>`) are found where they are.
 * A file is written to a hidden temporary file next to it, flushed to disk and renamed into place, so it
 * appears whole or not at all. Files are 0600, folders 0700.
 */
export class FolderStorage implements FileStorage {
  readonly kind = "folder" as const;
  /** `createWriteStream`: how files are written (tests hand in one that fails, as a full disk does). */
  constructor(
    readonly root: string,
    private readonly opts: { createWriteStream?: typeof createWriteStream } = {},
  ) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, ...key.split("/"));
    // The key pattern already rules this out; this guards the rule.
    if (!full.startsWith(path.resolve(this.root) + path.sep))
      throw new Error(`key escapes the folder: ${key}`);
    return full;
  }

  async put(key: string, body: Readable | Buffer, opts: { contentType: string; maxBytes?: number }) {
    const target = this.pathOf(key);
    const dir = path.dirname(target);
    const name = path.basename(target);
    const temp = path.join(dir, `.${name}.${randomBytes(6).toString("hex")}.tmp`);
    const measure = new MeasuringStream(opts.maxBytes);
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const out = (this.opts.createWriteStream ?? createWriteStream)(temp, { mode: 0o600, flags: "wx" });
      // Flushed before closing: the rename below must never expose a file whose bytes are still in cache.
      await pipeline(toReadable(body), measure, out);
      const handle = await open(temp, "r+");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
      // The rename itself reaches the disk too (a crash right after keeps the new file, not the old one).
      const folder = await open(dir, "r");
      try {
        await folder.sync();
      } finally {
        await folder.close();
      }
    } catch (err) {
      await rm(temp, { force: true }).catch(() => {});
      if (err instanceof Error && "code" in err && err.code === "file_too_large") throw err;
      if (err instanceof StorageWriteError) throw err;
      throw new StorageWriteError(`Could not store ${key}: ${(err as Error).message}`, { cause: err });
    }
    const info = await stat(target);
    const meta: Meta = {
      size: info.size,
      mtimeMs: info.mtimeMs,
      contentType: opts.contentType,
      sha256: measure.sha256(),
      createdAt: info.mtime.toISOString(),
    };
    await this.writeMeta(dir, name, meta).catch(() => {});
    return {
      key,
      size: meta.size,
      contentType: meta.contentType,
      sha256: meta.sha256,
      createdAt: info.mtime,
    };
  }

  private async writeMeta(dir: string, name: string, meta: Meta) {
    const temp = path.join(dir, `.${name}.${randomBytes(6).toString("hex")}.tmp`);
    const handle = await open(temp, "wx", 0o600);
    try {
      await handle.writeFile(JSON.stringify(meta));
    } finally {
      await handle.close();
    }
    await rename(temp, path.join(dir, metaName(name))).catch(async (err) => {
      await rm(temp, { force: true });
      throw err;
    });
  }

  /** The file's description: its side file when still true to the file, else read from the file itself. */
  private async describe(key: string, full: string): Promise<StoredFile | null> {
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) return null;
    const dir = path.dirname(full);
    const name = path.basename(full);
    const meta = await readFile(path.join(dir, metaName(name)), "utf8")
      .then((text) => JSON.parse(text) as Meta)
      .catch(() => null);
    if (meta && meta.size === info.size && meta.mtimeMs === info.mtimeMs) {
      return {
        key,
        size: info.size,
        contentType: meta.contentType,
        sha256: meta.sha256,
        createdAt: info.mtime,
      };
    }
    // A file written some other way (before this storage, or copied in): hash it once and remember.
    const hash = createHash("sha256");
    await pipeline(createReadStream(full), hash);
    const fresh: Meta = {
      size: info.size,
      mtimeMs: info.mtimeMs,
      contentType: meta?.contentType ?? contentTypeOfKey(key),
      sha256: hash.digest("hex"),
      createdAt: info.mtime.toISOString(),
    };
    await this.writeMeta(dir, name, fresh).catch(() => {});
    return {
      key,
      size: info.size,
      contentType: fresh.contentType,
      sha256: fresh.sha256,
      createdAt: info.mtime,
    };
  }

  async stat(key: string) {
    return this.describe(key, this.pathOf(key));
  }

  async open(key: string) {
    const full = this.pathOf(key);
    const info = await this.describe(key, full);
    if (!info) return null;
    return { info, stream: createReadStream(full, { highWaterMark: 64 * 1024 }) as Readable };
  }

  async delete(key: string) {
    const full = this.pathOf(key);
    await rm(full, { force: true });
    await rm(path.join(path.dirname(full), metaName(path.basename(full))), { force: true });
  }

  /** Temporary files (`.<name>.<hex>.tmp`) and side files of vanished files, last changed before `before`. */
  async sweepTemporary(before: Date): Promise<number> {
    let removed = 0;
    const walk = async (dir: string) => {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      const names = new Set(entries.map((e) => e.name));
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          await walk(full);
          continue;
        }
        const leftover =
          entry.name.endsWith(".tmp") ||
          (entry.name.startsWith(".") &&
            entry.name.endsWith(".meta.json") &&
            !names.has(entry.name.slice(1, -".meta.json".length)));
        if (!leftover || !entry.isFile()) continue;
        const info = await stat(full).catch(() => null);
        if (!info || info.mtimeMs >= before.getTime()) continue;
        await rm(full, { force: true });
        removed += 1;
      }
    };
    await walk(this.root);
    return removed;
  }

  async *list(prefix = ""): AsyncIterable<StoredFile> {
    assertValidPrefix(prefix);
    // Walk only the folder the prefix names (`profile-pictures/` → that folder), in key order.
    const base = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
    yield* this.walk(base, prefix);
  }

  private async *walk(relative: string, prefix: string): AsyncIterable<StoredFile> {
    const dir = relative ? path.join(this.root, ...relative.split("/")) : this.root;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      // Hidden names are this storage's own (temporary files, side files) or not files it wrote.
      if (entry.name.startsWith(".")) continue;
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* this.walk(key, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        try {
          assertValidKey(key);
        } catch {
          continue;
        }
        const info = await this.describe(key, path.join(dir, entry.name));
        if (info) yield info;
      }
    }
  }
}
