import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Role } from "../../common/roles.js";
import { buildApp } from "../app.js";
import { connectionConfigOf, postgresPoolOf } from "../cluster/pool.js";
import { until } from "../cluster/test-support.js";
import { authRateLimits, revokedTokens, userTokens } from "../db/schema/index.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { expiryJobName, spentConfirmationKeptMs } from "./expiry.js";
import { InProcessJobs } from "./in-process.js";
import { jobQueueName, PgBossJobs, settleRun } from "./pg-boss.js";

/** A logger that keeps what was logged. */
function memoryLog() {
  const lines: { level: string; obj: unknown; msg?: string }[] = [];
  const at = (level: string) => (obj: unknown, msg?: string) => void lines.push({ level, obj, msg });
  const log = {
    lines,
    info: at("info"),
    error: at("error"),
    warn: at("warn"),
    debug: at("debug"),
    trace: at("trace"),
    fatal: at("fatal"),
    child: () => log,
    level: "info",
  };
  return log as typeof log & FastifyBaseLogger;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a rejection nobody awaited while the job queue runs", () => {
  // pg-boss completes a job without waiting for the statement: a database away at that instant left an
  // unhandled rejection, and Node ended the server. Run in a process of its own (Node's own behaviour).
  const module = fileURLToPath(new URL("./stray-rejections.ts", import.meta.url));
  const reject = (error: string) =>
    spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `const { tolerateDatabaseRejections } = await import(${JSON.stringify(module)});
        tolerateDatabaseRejections({ warn: (o, m) => console.log(m, o.reason) });
        Promise.reject(${error});
        setTimeout(() => console.log("still running"), 50);`,
      ],
      { encoding: "utf8" },
    );

  it("from the database being away is a warning, and the process carries on", () => {
    const run = reject(
      `Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })`,
    );
    expect(run.stdout).toBe(
      "job queue: database unavailable terminating connection due to administrator command\nstill running\n",
    );
    expect(run.status).toBe(0);
  });

  it("from anything else still ends the process, as Node would", () => {
    const run = reject(`new Error("a bug")`);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("a bug");
    expect(run.status).toBe(1);
  });
});

describe("jobs on the embedded database (in-process scheduler)", () => {
  it("runs a job now, refuses unknown and doubled names", async () => {
    const jobs = new InProcessJobs(memoryLog());
    let runs = 0;
    jobs.every("count", 60_000, async () => {
      runs += 1;
    });
    expect(() => jobs.every("count", 60_000, async () => {})).toThrow(/already/);
    expect(() => jobs.every("bad name", 60_000, async () => {})).toThrow(/invalid job name/);
    await jobs.runNow("count");
    expect(runs).toBe(1);
    await expect(jobs.runNow("nope")).rejects.toThrow(/no job named nope/);
    await jobs.stop();
  });

  it("once started, runs each period without overlapping a slow run, and stops waiting for the running one", async () => {
    // Fake timers: the periods and the slow run pass at once instead of in seconds of real time. Periods
    // start 100 ms after each whole second (untilNextPeriod); the clock starts on a whole second.
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-25T14:00:00.000Z"));
    try {
      const log = memoryLog();
      const jobs = new InProcessJobs(log);
      let runs = 0;
      let running = 0;
      let overlapped = false;
      jobs.every("slow", 1000, async () => {
        running += 1;
        if (running > 1) overlapped = true;
        // Longer than the period: the next period finds it still running.
        await pause(1300);
        running -= 1;
        runs += 1;
      });
      // Not started: nothing runs.
      await vi.advanceTimersByTimeAsync(1200);
      expect(runs).toBe(0);
      await jobs.start();
      // Started at 1.2 s: periods start at 2.1 s, 3.1 s, 4.1 s…; the runs of 2.1 s and 4.1 s end at 3.4 s and
      // 5.4 s (3.1 s and 5.1 s find one running and skip); the one of 6.1 s is still going at 6.4 s.
      await vi.advanceTimersByTimeAsync(5200);
      expect(runs).toBe(2);
      expect(running).toBe(1);
      const stopping = jobs.stop();
      await vi.advanceTimersByTimeAsync(1300);
      await stopping;
      expect(running).toBe(0);
      expect(runs).toBe(3);
      expect(overlapped).toBe(false);
      await vi.advanceTimersByTimeAsync(3000);
      expect(runs).toBe(3);
      expect(log.lines.filter((l) => l.msg === "job slow done").length).toBe(runs);
    } finally {
      vi.useRealTimers();
    }
  });

  it("logs a failed run and retries it", async () => {
    // The first run at 2.2 s fails; its retry 20 ms later succeeds.
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-25T14:00:00.000Z"));
    try {
      const log = memoryLog();
      const jobs = new InProcessJobs(log, { retryDelayMs: 20 });
      let attempts = 0;
      jobs.every("flaky", 2000, async () => {
        attempts += 1;
        if (attempts === 1) throw new Error("disk full");
      });
      await jobs.start();
      await vi.advanceTimersByTimeAsync(2300);
      expect(attempts).toBe(2);
      await jobs.stop();
      const failed = log.lines.find((l) => l.level === "error");
      expect(failed?.msg).toBe("job flaky failed");
      expect((failed!.obj as { err: Error }).err.message).toBe("disk full");
      expect(log.lines.some((l) => l.msg === "job flaky done")).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    // runNow hands the error to its caller.
    const once = new InProcessJobs(memoryLog());
    once.every("broken", 60_000, async () => {
      throw new Error("broken");
    });
    await expect(once.runNow("broken")).rejects.toThrow("broken");
  });
});

describe("the expire-tokens job", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it("deletes expired recovery links, old confirmation links, revoked tokens past expiry and ended counters", async () => {
    const { user } = await createUserWithToken(ctx, Role.teacher);
    const ago = (ms: number) => new Date(Date.now() - ms);
    const minute = 60_000;
    const rows = [
      { tokenHash: "a".repeat(64), purpose: "recover", expiresAt: ago(minute), keep: false },
      { tokenHash: "b".repeat(64), purpose: "recover", expiresAt: ago(-30 * minute), keep: true },
      { tokenHash: "c".repeat(64), purpose: "confirm", expiresAt: ago(minute), keep: true },
      {
        tokenHash: "d".repeat(64),
        purpose: "confirm",
        expiresAt: ago(spentConfirmationKeptMs + minute),
        keep: false,
      },
    ];
    await ctx.db.insert(userTokens).values(rows.map(({ keep: _, ...r }) => ({ ...r, userId: user.id })));
    await ctx.db.insert(revokedTokens).values([
      { jti: "gone", expiresAt: ago(minute) },
      { jti: "kept", expiresAt: ago(-minute) },
    ]);
    await ctx.db.insert(authRateLimits).values([
      { key: "loginPerAddress:203.0.113.1", points: 3, expire: ago(2 * minute) },
      { key: "loginPerAddress:203.0.113.2", points: 3, expire: ago(-minute) },
    ]);

    await ctx.app.jobs.runNow(expiryJobName);

    const left = await ctx.db.select({ hash: userTokens.tokenHash }).from(userTokens);
    expect(left.map((r) => r.hash).sort()).toEqual(rows.filter((r) => r.keep).map((r) => r.tokenHash));
    expect((await ctx.db.select().from(revokedTokens)).map((r) => r.jti)).toEqual(["kept"]);
    expect((await ctx.db.select().from(authRateLimits)).map((r) => r.key)).toEqual([
      "loginPerAddress:203.0.113.2",
    ]);
  });
});

describe("marking a queued run done or failed while the database is away", () => {
  // A run that failed because the database went away meets it still away when it is marked: a lost mark
  // leaves the run active until it expires (15 minutes to an hour), and its singleton queue runs nothing meanwhile.
  const away = () =>
    Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
  const settler = (failures: number) => {
    const calls: string[] = [];
    let left = failures;
    const mark = (kind: string) => async () => {
      calls.push(kind);
      if (left-- > 0) throw away();
    };
    return { calls, boss: { complete: mark("complete"), fail: mark("fail") } as never };
  };
  const opts = (log: FastifyBaseLogger) => ({ log, stopped: () => false, firstWaitMs: 1 });

  it("a failed run is marked failed (so the queue retries it), retrying the mark until the database answers", async () => {
    const { calls, boss } = settler(3);
    const log = memoryLog();
    await settleRun(boss, "expire", ["a"], new Error("database away"), opts(log));
    expect(calls).toEqual(["fail", "fail", "fail", "fail"]);
    expect(log.lines).toEqual([]);
  });

  it("a finished run is marked done the same way", async () => {
    const { calls, boss } = settler(2);
    await settleRun(boss, "expire", ["a"], null, opts(memoryLog()));
    expect(calls).toEqual(["complete", "complete", "complete"]);
  });

  it("any other error of the mark, or the queue stopping, ends the retries with a warning", async () => {
    const log = memoryLog();
    const boss = { complete: vi.fn(async () => Promise.reject(new Error("syntax error"))), fail: vi.fn() };
    await settleRun(boss as never, "expire", ["a"], null, opts(log));
    expect(boss.complete).toHaveBeenCalledTimes(1);
    expect(log.lines.map((l) => l.msg)).toEqual(["job queue: a run could not be marked done"]);

    const { calls, boss: stopping } = settler(5);
    await settleRun(stopping, "expire", ["a"], new Error("x"), { ...opts(log), stopped: () => true });
    expect(calls).toEqual(["fail"]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("jobs on PostgreSQL (pg-boss)", () => {
  let ctx: TestContext;
  const servers: PgBossJobs[] = [];
  const query = (text: string, values: unknown[] = []) => postgresPoolOf(ctx.db)!.query(text, values);
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await ctx?.close();
  });
  const server = (opts?: ConstructorParameters<typeof PgBossJobs>[2]) => {
    const jobs = new PgBossJobs(connectionConfigOf(postgresPoolOf(ctx.db)!), memoryLog(), opts);
    servers.push(jobs);
    return jobs;
  };

  it("a job scheduled on two servers runs once per period, on one of them", async () => {
    const runsOn = [0, 0];
    const [one, two] = [server(), server()];
    one.every("tick", 1000, async () => {
      runsOn[0]! += 1;
    });
    two.every("tick", 1000, async () => {
      runsOn[1]! += 1;
    });
    await Promise.all([one.start(), two.start()]);
    await until(() => runsOn[0]! + runsOn[1]! >= 4, "four runs", 40_000);
    await Promise.all([one.stop(), two.stop()]);
    const runs = runsOn[0]! + runsOn[1]!;
    // Every period both servers asked for its run; the queue kept one job per period, and each ran once.
    const { rows } = await query(
      "select singleton_on, state from pgboss.job where name = 'tick' union all select singleton_on, state from pgboss.archive where name = 'tick'",
    );
    const completed = rows.filter((r) => r.state === "completed");
    expect(completed.length).toBe(runs);
    expect(rows.every((r) => r.singleton_on !== null)).toBe(true);
    expect(new Set(rows.map((r) => String(r.singleton_on))).size).toBe(rows.length);
  }, 60_000);

  it("a failed run is logged and retried by the queue", async () => {
    const log = memoryLog();
    const jobs = new PgBossJobs(connectionConfigOf(postgresPoolOf(ctx.db)!), log, { retryDelaySeconds: 1 });
    servers.push(jobs);
    let attempts = 0;
    jobs.every("flaky", 30_000, async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("disk full");
    });
    await jobs.start();
    // The next period is up to 30 s away: ask for this one's run as the timer would.
    await query(
      "insert into pgboss.job (name, singleton_on, retry_limit, retry_delay, policy) select 'flaky', now(), 2, 1, 'singleton'",
    );
    await until(() => attempts === 2, "the retry", 40_000);
    await jobs.stop();
    expect(log.lines.find((l) => l.level === "error")?.msg).toBe("job flaky failed");
    // A new 30 s period may have begun meanwhile: its job is queued ('created'), not run; leave it out.
    const { rows } = await query(
      "select state, retry_count from pgboss.job where name = 'flaky' and state <> 'created'",
    );
    expect(rows).toEqual([{ state: "completed", retry_count: 1 }]);
  }, 60_000);

  it("the app's job queue connects only once started, and closing the app lets go of it", async () => {
    const connections = async () =>
      (
        await query(
          "select 1 from pg_stat_activity where application_name = $1 and datname = current_database()",
          [jobQueueName],
        )
      ).rows.length;
    const app = await buildApp({ config: ctx.config, db: ctx.db });
    await app.ready();
    expect(await connections()).toBe(0);
    await app.jobs.start();
    expect(await connections()).toBeGreaterThan(0);
    await app.close();
    await until(async () => (await connections()) === 0, "the queue's connections to close");
  });
});
