import { createHash } from "node:crypto";
import { pipeline } from "node:stream/promises";
import type { FileStorage } from "./types.js";

export class CopyMismatchError extends Error {
  constructor(readonly key: string) {
    super(`El archivo ${key} no llegó íntegro a su destino (su suma SHA-256 no coincide).`);
    this.name = "CopyMismatchError";
  }
}

/**
 * Copies every file of `source` into `target`, streaming, and reads each copy back to check its SHA-256
 * against the original's. Files already in the target with the same checksum are skipped, so an
 * interrupted copy can be run again. Throws CopyMismatchError on the first copy that does not match.
 */
export async function copyFiles(
  source: FileStorage,
  target: FileStorage,
  opts: { onFile?: (key: string, size: number, skipped: boolean) => void } = {},
): Promise<{ copied: number; skipped: number; bytes: number }> {
  let copied = 0;
  let skipped = 0;
  let bytes = 0;
  for await (const file of source.list()) {
    const existing = await target.stat(file.key);
    if (existing?.sha256 === file.sha256 && existing.size === file.size) {
      skipped += 1;
      opts.onFile?.(file.key, file.size, true);
      continue;
    }
    const opened = await source.open(file.key);
    if (!opened) continue; // deleted meanwhile
    const stored = await target.put(file.key, opened.stream, { contentType: opened.info.contentType });
    const back = await target.open(file.key);
    const hash = createHash("sha256");
    if (back) await pipeline(back.stream, hash);
    if (!back || stored.sha256 !== opened.info.sha256 || hash.digest("hex") !== opened.info.sha256)
      throw new CopyMismatchError(file.key);
    copied += 1;
    bytes += stored.size;
    opts.onFile?.(file.key, stored.size, false);
  }
  return { copied, skipped, bytes };
}
