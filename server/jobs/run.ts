import type { FastifyBaseLogger } from "fastify";
import { isDatabaseUnavailable, unavailableReason } from "../db/connection-errors.js";

/** A job as `every` registered it. */
export type JobDefinition = { name: string; everyMs: number; handler: () => Promise<void> };

/** Job names: letters, digits, `-` and `_` (they name pg-boss queues too). */
export function assertJobName(name: string) {
  if (!/^[A-Za-z0-9_-]{1,50}$/.test(name)) throw new Error(`invalid job name: ${name}`);
}

/** Runs a job's handler once, logging its end (the line tests and operators look for); errors are rethrown. */
export async function runJob(job: JobDefinition, log: FastifyBaseLogger, attempt = 1): Promise<void> {
  const started = Date.now();
  try {
    await job.handler();
  } catch (err) {
    // A database restart fails the run; the queue retries it, the next period runs anyway.
    if (isDatabaseUnavailable(err))
      log.warn(
        { reason: unavailableReason(err), job: job.name, attempt },
        `job ${job.name} failed: database unavailable`,
      );
    else log.error({ err, job: job.name, attempt }, `job ${job.name} failed`);
    throw err;
  }
  log.info({ job: job.name, ms: Date.now() - started }, `job ${job.name} done`);
}

/**
 * Milliseconds from `now` until the next start of a period of `everyMs` (periods are counted from the Unix
 * epoch, as pg-boss counts its slots, so every server agrees on them), plus a small margin for clocks.
 */
export function untilNextPeriod(everyMs: number, now = Date.now()): number {
  return everyMs - (now % everyMs) + Math.min(1000, Math.floor(everyMs / 10));
}

/** Node's timers hold at most ~24.8 days; longer waits are made of several. */
const longestTimerMs = 2 ** 31 - 1;

/** Calls `fn` at the instant `at` (ms since the epoch), keeping the pending timer in `timers` (to clear on stop). */
export function callAt(at: number, fn: () => void, timers: Set<NodeJS.Timeout>) {
  const t = setTimeout(
    () => {
      timers.delete(t);
      if (Date.now() < at) callAt(at, fn, timers);
      else fn();
    },
    Math.min(Math.max(at - Date.now(), 0), longestTimerMs),
  );
  t.unref();
  timers.add(t);
}

/** Serializes runs of one job in this process: a run never overlaps the previous one. */
export class JobGate {
  private running = new Map<string, Promise<void>>();
  async run(name: string, fn: () => Promise<void>): Promise<void> {
    const previous = this.running.get(name) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(fn);
    const settled = next.catch(() => {});
    this.running.set(name, settled);
    try {
      await next;
    } finally {
      if (this.running.get(name) === settled) this.running.delete(name);
    }
  }
  busy(name: string): boolean {
    return this.running.has(name);
  }
  /** Waits for every run in progress. */
  async idle(): Promise<void> {
    await Promise.all(this.running.values());
  }
}
