// Writing an archive in a worker thread (worker.ts), off the server's event loop.
//
// Measured on the bench school (500 MB of files, 50,000 extra rows, 20,000 students) with the students list
// driven at full speed: written on the server's thread, every step of the backup (a page of rows, 64 kB of a
// file, a compressed block) waited for its turn behind the requests, and the backup took 24 min on the
// embedded database (1 min 45 s to 4 min on PostgreSQL, where the list fell to half its throughput while
// chunks were decoded from hex on the server's thread). In a thread of its own the backup has its own event
// loop and the operating system shares the processor; the thread runs at a lower priority
// (`backupNiceness`), so the requests come first and the backup takes what they leave.
//
// The worker reads a snapshot taken by the server's thread when the backup was asked for, described in plain
// data: an embedded database's snapshot folder (taken in its short pause, sources.ts) or a PostgreSQL
// snapshot exported by a transaction kept open meanwhile, which the worker's own transaction imports
// (starting the thread takes a second or two: the archive holds the data as it was when asked for, not as it
// is once the thread is ready). It writes the archive straight into the file, or hands its bytes back to be
// written to a stream (`npm run backup` asking a running server; tests' failing streams).
import type { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type pg from "pg";
import type { BackupProgress } from "./create.js";
import { BackupError, type Manifest } from "./format.js";

/** A consistent view a worker can open by itself. */
export type WorkerSource =
  | {
      kind: "pglite";
      /** The snapshot's copy of the database folder. */
      dir: string;
      /** The snapshot's files folder; null: no files. */
      files: string | null;
    }
  | {
      /** Files in the database storage's tables (read inside the snapshot). */
      kind: "postgres";
      connection: pg.ClientConfig;
      /** The snapshot the server's thread took and exported when the backup was asked for. */
      snapshot: string;
    };

export type WorkerJob = {
  source: WorkerSource;
  /** A file to create (flags "wx"), or null: the bytes come back as `chunk` messages. */
  file: string | null;
  /** How much lower than the server's the worker thread's priority is (Linux; 0 to 19). */
  niceness: number;
};

export type SerializedError = { name: string; message: string; code?: string; stack?: string };

export type WorkerMessage =
  | { type: "progress"; progress: BackupProgress }
  | { type: "chunk"; data: Uint8Array }
  | { type: "done"; manifest: Manifest }
  | { type: "error"; error: SerializedError };

/**
 * The backup thread's priority below the server's. Measured with the students list at full speed on one
 * core (scripts/bench/backup-load.ts): see README "Backups".
 */
export const backupNiceness = 10;

/** Chunks handed to the server's thread and not yet written (each up to 256 kB). */
export const chunksInFlight = 8;

const entry = fileURLToPath(new URL("./worker-entry.mjs", import.meta.url));

/** The worker's error as it was: a BackupError stays one (its Spanish message), an fs error keeps its code. */
function revive(e: SerializedError): Error {
  if (e.name === "BackupError") return new BackupError(e.code as BackupError["code"], e.message);
  const err = Object.assign(new Error(e.message), e.code ? { code: e.code } : {});
  if (e.stack) err.stack = e.stack;
  return err;
}

/** Whether `config` can be handed to a thread (no functions: a password callback, a TLS check). */
export function transferable(config: pg.ClientConfig): pg.ClientConfig | null {
  const plain: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    if (typeof value === "function") return null;
    if (value && typeof value === "object" && Object.values(value).some((v) => typeof v === "function")) {
      return null;
    }
    plain[key] = value;
  }
  return plain as pg.ClientConfig;
}

/**
 * Writes the archive of `source` in a worker thread, into `output.file` (created by the worker) or through
 * `output.stream` (ended when complete, as writeArchive does). Resolves with the manifest.
 */
export function archiveInWorker(
  source: WorkerSource,
  output: { file: string } | { stream: Writable },
  opts: { onProgress?: (p: BackupProgress) => void } = {},
): Promise<Manifest> {
  const stream = "stream" in output ? output.stream : null;
  const job: WorkerJob = {
    source,
    file: stream ? null : (output as { file: string }).file,
    niceness: backupNiceness,
  };
  return new Promise<Manifest>((resolve, reject) => {
    const worker = new Worker(entry, { workerData: job });
    let settled = false;
    const settle = (err: unknown, manifest?: Manifest) => {
      if (settled) return;
      settled = true;
      stream?.off("error", onStreamError);
      stream?.off("close", onStreamClose);
      void worker.terminate();
      if (err) {
        stream?.destroy(err as Error);
        reject(err);
      } else resolve(manifest!);
    };
    const onStreamError = (err: Error) => settle(err);
    const onStreamClose = () => {
      if (!stream?.writableFinished) settle(new Error("archive output closed"));
    };
    stream?.on("error", onStreamError);
    stream?.on("close", onStreamClose);
    worker.on("message", (m: WorkerMessage) => {
      if (settled) return;
      if (m.type === "progress") opts.onProgress?.(m.progress);
      else if (m.type === "chunk") {
        const bytes = Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength);
        if (stream!.write(bytes)) worker.postMessage("ack");
        else stream!.once("drain", () => worker.postMessage("ack"));
      } else if (m.type === "error") settle(revive(m.error));
      else if (m.type === "done") {
        if (!stream) {
          settle(null, m.manifest);
          return;
        }
        stream.end((err?: Error | null) => settle(err ?? null, m.manifest));
      }
    });
    worker.on("error", (err) => settle(err));
    worker.on("exit", (code) => {
      if (!settled) settle(new Error(`the backup thread stopped (exit code ${code})`));
    });
  });
}
