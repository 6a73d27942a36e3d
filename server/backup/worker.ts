// The backup thread (offload.ts starts it through worker-entry.mjs): opens the snapshot it is given, writes
// the archive and reports progress, the manifest or the error to the server's thread.
import { createWriteStream, readlinkSync } from "node:fs";
import os from "node:os";
import { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import { type BackupProgress, writeArchive } from "./create.js";
import type { Manifest } from "./format.js";
import { chunksInFlight, type SerializedError, type WorkerJob, type WorkerMessage } from "./offload.js";
import {
  folderFiles,
  noFiles,
  openPgliteCopy,
  withPgliteTransaction,
  withPostgresSnapshot,
} from "./sources.js";

/** Lowers this thread's priority (Linux: the nice value is per thread, its id read from /proc/thread-self). */
function lowerPriority(niceness: number) {
  if (niceness <= 0) return;
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isSafeInteger(tid) || tid <= 0) return;
    os.setPriority(tid, Math.min(19, os.getPriority(tid) + niceness));
  } catch {
    // Another system: the thread runs at the server's priority.
  }
}

/** The archive's bytes handed to the server's thread, at most `chunksInFlight` not yet written there. */
class ToServerThread extends Writable {
  private inFlight = 0;
  private waiting: (() => void) | null = null;

  constructor(private readonly port: MessagePort) {
    super({ highWaterMark: 1024 * 1024 });
    port.on("message", (m) => {
      if (m !== "ack") return;
      this.inFlight -= 1;
      const next = this.waiting;
      this.waiting = null;
      next?.();
    });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void) {
    // A copy of just these bytes, moved (not cloned) to the other thread.
    const data = new Uint8Array(chunk.length);
    data.set(chunk);
    this.port.postMessage({ type: "chunk", data } satisfies WorkerMessage, [data.buffer]);
    this.inFlight += 1;
    if (this.inFlight < chunksInFlight) done();
    else this.waiting = () => done();
  }

  override _final(done: (err?: Error | null) => void) {
    const check = () => {
      if (this.inFlight === 0) done();
      else this.waiting = check;
    };
    check();
  }
}

async function write(job: WorkerJob, out: Writable, port: MessagePort): Promise<Manifest> {
  const onProgress = (progress: BackupProgress) =>
    port.postMessage({ type: "progress", progress } satisfies WorkerMessage);
  const { source } = job;
  if (source.kind === "pglite") {
    const copy = await openPgliteCopy(source.dir);
    try {
      const files = source.files ? folderFiles(source.files) : noFiles;
      return await withPgliteTransaction(copy, files, (s) => writeArchive(s, out, { onProgress }));
    } finally {
      await copy.close().catch(() => {});
    }
  }
  return withPostgresSnapshot(
    source.connection,
    "database",
    (s) => writeArchive(s, out, { onProgress }),
    source.snapshot,
  );
}

async function run(job: WorkerJob, port: MessagePort): Promise<Manifest> {
  const out = job.file ? createWriteStream(job.file, { flags: "wx", mode: 0o600 }) : new ToServerThread(port);
  try {
    return await write(job, out, port);
  } catch (err) {
    // The file is closed before the server's thread deletes it and ends this thread.
    out.destroy();
    await finished(out).catch(() => {});
    throw err;
  }
}

const port = parentPort!;
const job = workerData as WorkerJob;
lowerPriority(job.niceness);
run(job, port).then(
  (manifest) => port.postMessage({ type: "done", manifest } satisfies WorkerMessage),
  (err: unknown) => {
    const e = err instanceof Error ? err : new Error(String(err));
    const code = (e as { code?: unknown }).code;
    const error: SerializedError = {
      name: e.name,
      message: e.message,
      code: typeof code === "string" ? code : undefined,
      stack: e.stack,
    };
    port.postMessage({ type: "error", error } satisfies WorkerMessage);
  },
);
