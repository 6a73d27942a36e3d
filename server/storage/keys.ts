import { createHash, type Hash } from "node:crypto";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { FileTooLargeError, InvalidKeyError } from "./types.js";

/**
 * Keys are slash-separated segments of letters, digits, `.`, `_` and `-`, each starting with a letter or a
 * digit: no `..`, no absolute path, no hidden file, nothing a shell or a URL would read differently.
 */
const keyPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const maxKeyLength = 512;

export function assertValidKey(key: string): void {
  if (typeof key !== "string" || key.length > maxKeyLength || !keyPattern.test(key))
    throw new InvalidKeyError(key);
}

/** A prefix for `list`: empty, or what a valid key may start with (it may end with `/`). */
export function assertValidPrefix(prefix: string): void {
  if (prefix === "") return;
  const trimmed = prefix.endsWith("/") ? prefix.slice(0, -1) : prefix;
  if (trimmed !== "" && trimmed.length <= maxKeyLength && keyPattern.test(trimmed)) return;
  throw new InvalidKeyError(prefix);
}

/**
 * Counts and hashes the bytes going through, and fails (FileTooLargeError) as soon as they pass `maxBytes`,
 * before the extra bytes reach the store.
 */
export class MeasuringStream extends Transform {
  /** Bytes seen so far (not `size`: upload libraries read a body's `size` as its total length). */
  bytesSeen = 0;
  private readonly hash: Hash = createHash("sha256");
  private digest?: string;
  constructor(private readonly maxBytes?: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.bytesSeen += chunk.length;
    if (this.maxBytes !== undefined && this.bytesSeen > this.maxBytes) {
      done(new FileTooLargeError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }
  /** Hex SHA-256 of every byte; only once the stream has ended. */
  sha256(): string {
    this.digest ??= this.hash.digest("hex");
    return this.digest;
  }
}

export function toReadable(body: Readable | Buffer): Readable {
  return Buffer.isBuffer(body) ? Readable.from([body]) : body;
}

const typesByExtension: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  json: "application/json",
  zip: "application/zip",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The type of a file known only by its name (files written before the storage kept their type). */
export function contentTypeOfKey(key: string): string {
  const dot = key.lastIndexOf(".");
  const ext = dot > key.lastIndexOf("/") ? key.slice(dot + 1).toLowerCase() : "";
  return typesByExtension[ext] ?? "application/octet-stream";
}
