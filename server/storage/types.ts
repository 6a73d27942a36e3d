import type { Readable } from "node:stream";

/** One stored file. `key` is a slash-separated path such as `profile-pictures/<id>.webp`. */
export type StoredFile = { key: string; size: number; contentType: string; sha256: string; createdAt: Date };

/**
 * Where every upload and generated file lives: the data folder (embedded database), the PostgreSQL
 * database itself, or an S3-compatible object store (`STORAGE_URL`). Created by `createStorage()`.
 */
export interface FileStorage {
  readonly kind: "folder" | "database" | "s3";
  /** Streams `body` in. The file exists only once the whole stream has arrived and been checked (no partial
   *  file on an interrupted upload, a full disk, or a body over `maxBytes` → throws, previous state intact). */
  put(
    key: string,
    body: Readable | Buffer,
    opts: { contentType: string; maxBytes?: number },
  ): Promise<StoredFile>;
  /** Null when absent. The stream reads the file piece by piece (never whole in memory). */
  open(key: string): Promise<{ info: StoredFile; stream: Readable } | null>;
  stat(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>; // absent key: no error
  list(prefix?: string): AsyncIterable<StoredFile>;
  /** Releases clients and handles (S3 client); a no-op for the folder and database drivers. */
  close?(): Promise<void>;
  /**
   * Removes what interrupted writes left behind (a crash between the temporary file and its rename) last
   * changed before `before`; answers how many. Only the folder storage leaves such files.
   */
  sweepTemporary?(before: Date): Promise<number>;
}

/** Thrown by `put` when the body is larger than `maxBytes` (nothing stored). */
export class FileTooLargeError extends Error {
  readonly code = "file_too_large";
  constructor(readonly maxBytes: number) {
    super(`El archivo supera el tamaño máximo de ${maxBytes} bytes.`);
    this.name = "FileTooLargeError";
  }
}

/** Thrown for a key that is empty, absolute, has `..` or characters outside [A-Za-z0-9._-/]. */
export class InvalidKeyError extends Error {
  readonly code = "invalid_storage_key";
  constructor(readonly key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = "InvalidKeyError";
  }
}

/** Thrown by `put` when the body stream fails or the underlying write fails (nothing stored). */
export class StorageWriteError extends Error {
  readonly code = "storage_write_failed";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StorageWriteError";
  }
}
