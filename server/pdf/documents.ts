import type { DocumentFacts } from "../modules/document-requests/pdf.js";
import { createGate, createWorkerPool, defaultPoolSize, type WorkerPool } from "./pool.js";

let pool: WorkerPool<DocumentFacts, Uint8Array> | null = null;

/** The process's pool of PDF workers, started on first use. */
export function documentPool(): WorkerPool<DocumentFacts, Uint8Array> {
  pool ??= createWorkerPool<DocumentFacts, Uint8Array>({
    workerUrl: new URL("./document-worker.mjs", import.meta.url),
  });
  return pool;
}

/** Replaces the pool (tests: a small one to fill). Closes the one before. */
export async function setDocumentPool(next: WorkerPool<DocumentFacts, Uint8Array> | null): Promise<void> {
  const before = pool;
  pool = next;
  if (before && before !== next) await before.close();
}

/** The PDF of `facts`, built by a worker of the pool (never on the event loop); 503 `documents_busy` when full. */
export async function renderDocumentPdf(facts: DocumentFacts): Promise<Buffer> {
  const bytes = await documentPool().run(facts);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const inFlight = new Map<string, Promise<unknown>>();

/** Calls with the same `key` while one runs share its result (a burst of identical generations builds once). */
export function sharedByKey<T>(key: string, run: () => Promise<T>): Promise<T> {
  const running = inFlight.get(key);
  if (running) return running as Promise<T>;
  const job = run().finally(() => inFlight.delete(key));
  inFlight.set(key, job);
  return job;
}

/**
 * Document generations of this process: as many at once as the pool has workers, 100 more waiting in
 * order (a burst of a hundred is served, one after another), beyond that 503 `documents_busy`.
 */
export const generationGate = createGate({ concurrency: defaultPoolSize(), maxQueue: 100 });
