import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { AppError } from "../http/errors.js";

/** 503 when every worker is busy and the queue is full: a polite "try again in a moment". */
export const pdfBusy = () =>
  new AppError(
    503,
    "documents_busy",
    "Se están generando muchos documentos en este momento. Intente de nuevo en unos segundos.",
  );

type Job<I, O> = { input: I; resolve: (out: O) => void; reject: (err: unknown) => void };
type Slot<I, O> = { worker: Worker; job: Job<I, O> | null };

export type WorkerPool<I, O> = {
  /** Runs `input` on a free worker, or queues it; refused with `pdfBusy()` when the queue is full. */
  run(input: I): Promise<O>;
  /** Jobs running and waiting (tests, logs). */
  load(): { running: number; waiting: number };
  close(): Promise<void>;
};

/**
 * A bounded pool of worker threads (node:worker_threads) running `workerUrl`, which answers each message
 * `{ input }` with `{ output }` or `{ error }`. At most `size` jobs run at once, `maxQueue` wait; a worker
 * that dies fails its job and is replaced. Workers are unref'd: an idle pool never keeps the process alive.
 */
export function createWorkerPool<I, O>(opts: {
  workerUrl: URL;
  size?: number;
  maxQueue?: number;
}): WorkerPool<I, O> {
  const size = opts.size ?? defaultPoolSize();
  const maxQueue = opts.maxQueue ?? 64;
  const slots: Slot<I, O>[] = [];
  const queue: Job<I, O>[] = [];
  let closed = false;

  const spawn = (): Slot<I, O> => {
    const slot: Slot<I, O> = { worker: new Worker(opts.workerUrl), job: null };
    slot.worker.unref();
    slot.worker.on("message", (message: { output?: O; error?: string }) => {
      const job = slot.job;
      slot.job = null;
      if (job) {
        if (message.error !== undefined) job.reject(new Error(message.error));
        else job.resolve(message.output as O);
      }
      next(slot);
    });
    const fail = (err: unknown) => {
      const job = slot.job;
      slot.job = null;
      job?.reject(err);
      const i = slots.indexOf(slot);
      if (i >= 0) slots.splice(i, 1);
      if (!closed && queue.length > 0) next(spawnSlot());
    };
    slot.worker.on("error", fail);
    slot.worker.on("exit", (code) => {
      if (!closed) fail(new Error(`PDF worker exited with code ${code}`));
    });
    return slot;
  };
  const spawnSlot = () => {
    const slot = spawn();
    slots.push(slot);
    return slot;
  };

  function next(slot: Slot<I, O>) {
    const job = queue.shift();
    if (!job) return;
    slot.job = job;
    slot.worker.postMessage({ input: job.input });
  }

  return {
    run(input) {
      if (closed) return Promise.reject(new Error("PDF pool closed"));
      return new Promise<O>((resolve, reject) => {
        const job = { input, resolve, reject };
        const idle = slots.find((s) => s.job === null);
        if (idle) {
          queue.unshift(job);
          next(idle);
        } else if (slots.length < size) {
          queue.unshift(job);
          next(spawnSlot());
        } else if (queue.length >= maxQueue) {
          reject(pdfBusy());
        } else {
          queue.push(job);
        }
      });
    },
    load: () => ({ running: slots.filter((s) => s.job).length, waiting: queue.length }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error("PDF pool closed"));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}

export type Gate = {
  /** Runs `fn` when one of the gate's slots is free (in arrival order); `pdfBusy()` when the queue is full. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  load(): { running: number; waiting: number };
};

/**
 * At most `concurrency` callers at once, `maxQueue` more waiting (in order), the rest refused with
 * `pdfBusy()`. A generation reads and writes the database around its PDF: letting a hundred run at once
 * would queue everyone else's queries behind theirs (the embedded database has one connection).
 */
export function createGate(opts: { concurrency: number; maxQueue: number }): Gate {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
  };
  return {
    async run(fn) {
      if (running >= opts.concurrency) {
        if (waiting.length >= opts.maxQueue) throw pdfBusy();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await fn();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}

/** Worker threads of a pool on this machine: the cores but one for the server, from 1 to 4. */
export const defaultPoolSize = () => Math.max(1, Math.min(4, availableParallelism() - 1));
