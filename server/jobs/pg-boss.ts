import { setTimeout as delay } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import PgBoss from "pg-boss";
import { isDatabaseUnavailable, markDatabaseError, unavailableReason } from "../db/connection-errors.js";
import { assertJobName, callAt, type JobDefinition, JobGate, runJob, untilNextPeriod } from "./run.js";
import { tolerateDatabaseRejections } from "./stray-rejections.js";
import type { Jobs } from "./types.js";

/**
 * The job queue on PostgreSQL (pg-boss, schema `pgboss`), for several servers sharing the database.
 *
 * At the start of each period every server asks the queue for that period's run (`sendThrottled`: one job
 * per job name and period, whoever asks first; the others' asks are dropped by the queue's unique index),
 * and every server's worker polls the queue: the one that takes the job runs it. So each period runs once
 * in all, on one server, even when several or all servers are up. A failed run is logged and retried by
 * the queue (`retryLimit` times, with a growing delay); the queue's `singleton` policy never runs two of the
 * same job at once.
 */
/** The queue's connections' application_name (as pg_stat_activity shows it). */
export const jobQueueName = "aula-jobs";

/** The advisory lock under which servers create queues one at a time. */
const queueCreationLockKey = 7_411_952_302;

export class PgBossJobs implements Jobs {
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly gate = new JobGate();
  private boss: PgBoss | null = null;
  private starting: Promise<void> | null = null;
  private stopped = false;
  private untolerate = () => {};

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { retryLimit?: number; retryDelaySeconds?: number } = {},
  ) {}

  every(name: string, everyMs: number, handler: () => Promise<void>): void {
    assertJobName(name);
    if (this.jobs.has(name)) throw new Error(`job ${name} is already scheduled`);
    if (!(everyMs >= 1000)) throw new Error(`job ${name}: everyMs must be at least 1000`);
    // pg-boss counts periods in whole seconds.
    const job = { name, everyMs: Math.ceil(everyMs / 1000) * 1000, handler };
    this.jobs.set(name, job);
    if (this.boss) {
      const boss = this.boss;
      void this.enlist(boss, job).catch((err) =>
        this.log.error({ err, job: name }, "job queue: enlisting failed"),
      );
    }
  }

  start(): Promise<void> {
    this.starting ??= this.open();
    return this.starting;
  }

  async runNow(name: string): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    await this.gate.run(name, () => runJob(job, this.log));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.starting?.catch(() => {});
    const boss = this.boss;
    this.boss = null;
    // Waits for the jobs this server is running (up to 10 s), then closes the queue's connections.
    if (boss) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    await this.gate.idle();
    this.untolerate();
  }

  private async open() {
    const boss = new PgBoss({
      ...this.connection,
      password: this.connection.password as string | undefined,
      ssl: this.connection.ssl as never,
      schema: "pgboss",
      application_name: jobQueueName,
      max: 3,
      // Periods are asked for by `every` (below): no cron schedule, but the queue's upkeep (expiring stuck
      // jobs, archiving) stays on.
      schedule: false,
      supervise: true,
    });
    // Every failure of the queue's statements is the database's: a refused connection is its being away.
    const db = boss.getDb();
    const executeSql = db.executeSql.bind(db);
    db.executeSql = (text, values) =>
      executeSql(text, values).catch((err: unknown) => {
        markDatabaseError(err);
        throw err;
      });
    this.untolerate = tolerateDatabaseRejections(this.log);
    // While the database restarts the queue's polling fails every few seconds: expected, and it carries on
    // by itself when the database is back. (Its workers' errors arrive as copies, without the mark.)
    boss.on("error", (err) =>
      isDatabaseUnavailable(err, { fromDatabase: true })
        ? this.log.warn({ reason: unavailableReason(err) }, "job queue: database unavailable, retrying")
        : this.log.error({ err }, "job queue error"),
    );
    await boss.start();
    // Jobs added from here on enlist themselves (`every`); these are the ones added before.
    this.boss = boss;
    const before = [...this.jobs.values()];
    if (this.stopped) return;
    for (const job of before) await this.enlist(boss, job);
  }

  /**
   * Creates the job's queue unless it exists. Servers starting together would deadlock creating the same
   * queue (pg-boss creates a table for each), so they take turns under an advisory lock.
   */
  private async createQueue(boss: PgBoss, job: JobDefinition) {
    if (await boss.getQueue(job.name)) return;
    const lock = new pg.Client(this.connection);
    // A connection lost while waiting for the lock fails the query below; unheard, it would end the process.
    lock.on("error", () => {});
    await lock.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [queueCreationLockKey]);
      await boss.createQueue(job.name, this.queueOptions(job));
    } finally {
      await lock.end().catch(() => {});
    }
  }

  private queueOptions(job: JobDefinition): PgBoss.Queue {
    const everySeconds = job.everyMs / 1000;
    return {
      name: job.name,
      policy: "singleton",
      retryLimit: this.opts.retryLimit ?? 2,
      retryDelay: this.opts.retryDelaySeconds ?? Math.max(1, Math.min(60, Math.floor(everySeconds / 4))),
      retryBackoff: true,
      // A run that goes on longer than this is taken for dead (its server stopped) and retried.
      expireInSeconds: Math.max(15 * 60, Math.min(everySeconds, 23 * 3600)),
    };
  }

  private async enlist(boss: PgBoss, job: JobDefinition) {
    const everySeconds = job.everyMs / 1000;
    await this.createQueue(boss, job);
    await boss.work(
      job.name,
      { pollingIntervalSeconds: Math.max(0.5, Math.min(2, everySeconds / 4)), batchSize: 1 },
      async (jobs) => {
        const ids = jobs.map((j) => j.id);
        let failure: unknown = null;
        try {
          await this.gate.run(job.name, () => runJob(job, this.log));
        } catch (err) {
          failure = err;
        }
        // Settled here, not by pg-boss (see settleRun); pg-boss's own mark then finds nothing left to do.
        await settleRun(boss, job.name, ids, failure, {
          log: this.log,
          stopped: () => this.stopped,
        });
      },
    );
    this.schedule(boss, job);
  }

  private schedule(boss: PgBoss, job: JobDefinition) {
    callAt(
      Date.now() + untilNextPeriod(job.everyMs),
      () => {
        if (this.stopped || this.boss !== boss) return;
        this.schedule(boss, job);
        boss.sendThrottled(job.name, {}, {}, job.everyMs / 1000, job.name).catch((err) =>
          // The period is asked for by every server: one that reaches the database runs it.
          isDatabaseUnavailable(err)
            ? this.log.warn(
                { reason: unavailableReason(err), job: job.name },
                "job queue: database unavailable",
              )
            : this.log.error({ err, job: job.name }, "job queue: asking for a run failed"),
        );
      },
      this.timers,
    );
  }
}

/** What settleRun needs of the queue: marking runs done or failed. */
export type RunSettler = Pick<PgBoss, "complete" | "fail">;

/**
 * Marks a run done (`failure` null) or failed (the queue then retries it, up to its retry limit).
 *
 * pg-boss marks a run right after its handler returns, without waiting and without retrying: when the database
 * is away at that instant — and a run that failed because the database went away meets it away — the mark is
 * lost and the run stays active until it expires (15 minutes to an hour), holding back every next period of
 * its singleton queue. So the handler marks it itself first, retrying while the database is away (for up to
 * about two minutes).
 */
export async function settleRun(
  boss: RunSettler,
  name: string,
  ids: string[],
  failure: unknown,
  opts: { log: FastifyBaseLogger; stopped: () => boolean; firstWaitMs?: number; giveUpAfterMs?: number },
): Promise<void> {
  const giveUpAfterMs = opts.giveUpAfterMs ?? 120_000;
  let waitMs = opts.firstWaitMs ?? 250;
  for (let waited = 0; ; waited += waitMs, waitMs = Math.min(waitMs * 2, 5000)) {
    try {
      if (failure === null) await boss.complete(name, ids);
      else await boss.fail(name, ids);
      return;
    } catch (err) {
      if (!isDatabaseUnavailable(err) || opts.stopped() || waited > giveUpAfterMs) {
        opts.log.warn(
          { reason: unavailableReason(err), job: name },
          failure === null
            ? "job queue: a run could not be marked done"
            : "job queue: a run could not be marked failed",
        );
        return;
      }
    }
    await delay(waitMs);
  }
}
