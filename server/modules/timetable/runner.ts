import { Worker } from "node:worker_threads";
import type { SolveProgress, SolveResult, TimetableInstance } from "../../../common/timetable/index.js";

export type RunOutcome = { result: SolveResult; stopRequested: boolean } | { error: string };

type Active = { worker: Worker; flag: Int32Array; stopRequested: boolean; settled: Promise<void> };

const workerUrl = new URL("./solver-worker.mjs", import.meta.url);

/**
 * The searches running in this process, per database (a test process holds several apps in turn). A search
 * is a worker thread running the engine; `onProgress` and `onFinish` are the caller's (they save the row).
 */
const registry = new WeakMap<object, Map<number, Active>>();

function activeOf(owner: object): Map<number, Active> {
  let map = registry.get(owner);
  if (!map) {
    map = new Map();
    registry.set(owner, map);
  }
  return map;
}

export function startSearch(opts: {
  owner: object;
  runId: number;
  instance: TimetableInstance;
  seconds: number;
  seed?: number;
  onProgress(progress: SolveProgress): void;
  onFinish(outcome: RunOutcome): Promise<void>;
}): void {
  const stopFlag = new SharedArrayBuffer(4);
  const worker = new Worker(workerUrl, {
    workerData: { instance: opts.instance, seconds: opts.seconds, seed: opts.seed, stopFlag },
  });
  // An idle or finished search never keeps the process alive.
  worker.unref();
  let finish!: () => void;
  const entry: Active = {
    worker,
    flag: new Int32Array(stopFlag),
    stopRequested: false,
    settled: new Promise<void>((resolve) => {
      finish = resolve;
    }),
  };
  const active = activeOf(opts.owner);
  active.set(opts.runId, entry);
  let done = false;
  const end = (outcome: RunOutcome) => {
    if (done) return;
    done = true;
    active.delete(opts.runId);
    void worker.terminate();
    opts
      .onFinish(outcome)
      .catch(() => undefined)
      .finally(finish);
  };
  worker.on(
    "message",
    (message: { type: string; progress?: SolveProgress; result?: SolveResult; message?: string }) => {
      if (message.type === "progress" && message.progress && !done) opts.onProgress(message.progress);
      else if (message.type === "result" && message.result)
        end({ result: message.result, stopRequested: entry.stopRequested });
      else if (message.type === "error") end({ error: message.message ?? "error" });
    },
  );
  worker.on("error", (err) => end({ error: err.message }));
  worker.on("exit", (code) => end({ error: `El proceso de búsqueda terminó (código ${code}).` }));
}

/** Asks a search of this process to stop (it answers with its best so far); false when it does not run here. */
export function requestStop(owner: object, runId: number): boolean {
  const entry = activeOf(owner).get(runId);
  if (!entry) return false;
  entry.stopRequested = true;
  Atomics.store(entry.flag, 0, 1);
  return true;
}

/** Resolves once the search has ended and its row is saved; undefined when it does not run here. */
export function searchSettled(owner: object, runId: number): Promise<void> | undefined {
  return activeOf(owner).get(runId)?.settled;
}

export function runsHere(owner: object): number[] {
  return [...activeOf(owner).keys()];
}

/**
 * On shutdown: every search of `owner` is asked to stop and, unless it answers within `graceMs`, ended
 * (its run then fails).
 */
export async function stopAll(owner: object, graceMs = 3000): Promise<void> {
  const entries = [...activeOf(owner).entries()];
  for (const [id] of entries) requestStop(owner, id);
  await Promise.all(
    entries.map(async ([, entry]) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([entry.settled, timeout]);
      clearTimeout(timer);
      await entry.worker.terminate();
      await entry.settled;
    }),
  );
}
