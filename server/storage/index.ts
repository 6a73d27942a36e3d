import type { Readable } from "node:stream";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { DatabaseStorage } from "./database.js";
import { FolderStorage } from "./folder.js";
import type { FileStorage, StoredFile } from "./types.js";
import { parseStorageUrl, type S3Location } from "./url.js";

export { DatabaseStorage } from "./database.js";
export { FolderStorage } from "./folder.js";
export type { FileStorage, StoredFile } from "./types.js";
export { FileTooLargeError, InvalidKeyError, StorageWriteError } from "./types.js";
export { parseStorageUrl } from "./url.js";

/** The S3 driver, its client loaded on first use (most schools never load it). */
class LazyS3Storage implements FileStorage {
  readonly kind = "s3" as const;
  private real?: Promise<FileStorage>;
  constructor(private readonly location: S3Location) {}
  private load() {
    this.real ??= import("./s3.js").then(({ S3Storage }) => new S3Storage(this.location));
    return this.real;
  }
  async put(key: string, body: Readable | Buffer, opts: { contentType: string; maxBytes?: number }) {
    return (await this.load()).put(key, body, opts);
  }
  async open(key: string) {
    return (await this.load()).open(key);
  }
  async stat(key: string) {
    return (await this.load()).stat(key);
  }
  async delete(key: string) {
    return (await this.load()).delete(key);
  }
  async *list(prefix?: string): AsyncIterable<StoredFile> {
    yield* (await this.load()).list(prefix);
  }
  async close() {
    if (this.real) await (await this.real).close?.();
  }
}

/**
 * The storage for uploads and generated files: the object store `STORAGE_URL` names; else, on PostgreSQL,
 * the database itself (every server sees every file, a backup holds them); else the data folder.
 * `kind` is the database's (`Database.kind`).
 */
export function createStorage(opts: {
  config: Pick<Config, "storageDir" | "storageUrl">;
  db: Db;
  kind: "pglite" | "postgres";
}): FileStorage {
  if (opts.config.storageUrl) return new LazyS3Storage(parseStorageUrl(opts.config.storageUrl));
  if (opts.kind === "postgres") return new DatabaseStorage(opts.db);
  return new FolderStorage(opts.config.storageDir);
}
