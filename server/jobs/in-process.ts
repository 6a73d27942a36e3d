import type { FastifyBaseLogger } from "fastify";
import { assertJobName, callAt, type JobDefinition, JobGate, runJob, untilNextPeriod } from "./run.js";
import type { Jobs } from "./types.js";

/**
 * The embedded database's scheduler (one process per data folder): timers in this process run each job at
 * the start of each of its periods. A failed run is retried `retryLimit` times, `retryDelayMs` apart
 * (never past the next period); a run still going when its next period starts is not doubled.
 */
export class InProcessJobs implements Jobs {
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly gate = new JobGate();
  private started = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly opts: { retryLimit?: number; retryDelayMs?: number } = {},
  ) {}

  every(name: string, everyMs: number, handler: () => Promise<void>): void {
    assertJobName(name);
    if (this.jobs.has(name)) throw new Error(`job ${name} is already scheduled`);
    if (!(everyMs >= 1000)) throw new Error(`job ${name}: everyMs must be at least 1000`);
    const job = { name, everyMs, handler };
    this.jobs.set(name, job);
    if (this.started) this.schedule(job);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.values()) this.schedule(job);
  }

  async runNow(name: string): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    await this.gate.run(name, () => runJob(job, this.log));
  }

  async stop(): Promise<void> {
    this.started = false;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.gate.idle();
  }

  private schedule(job: JobDefinition) {
    callAt(
      Date.now() + untilNextPeriod(job.everyMs),
      () => {
        if (!this.started) return;
        this.schedule(job);
        if (!this.gate.busy(job.name)) void this.attempt(job, 1, Date.now() + job.everyMs);
      },
      this.timers,
    );
  }

  private async attempt(job: JobDefinition, attempt: number, periodEnds: number): Promise<void> {
    try {
      await this.gate.run(job.name, () => runJob(job, this.log, attempt));
    } catch {
      const retryLimit = this.opts.retryLimit ?? 2;
      const delay = this.opts.retryDelayMs ?? Math.min(60_000, Math.floor(job.everyMs / 4));
      if (attempt > retryLimit || Date.now() + delay >= periodEnds || !this.started) return;
      callAt(
        Date.now() + delay,
        () => {
          if (this.started) void this.attempt(job, attempt + 1, periodEnds);
        },
        this.timers,
      );
    }
  }
}
