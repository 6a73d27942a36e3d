// The real server on a PostgreSQL of its own, under a steady load of writes, while that PostgreSQL restarts,
// stops for a while and has its connections terminated: the process stays up, answers 503 in Spanish while
// the database is away, serves again by itself, and every write it acknowledged is in the database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeError } from "../../common/errors.js";
import { sessionListenerName } from "../auth/session-notify.js";
import { expiryJobName } from "../jobs/expiry.js";
import { notificationListenerName } from "../modules/notifications/live.js";
import { type PostgresCluster, postgresBinaries, startPostgresCluster } from "./postgres-cluster.js";
import { queryOnce, type RunningServer, startServerProcess, until } from "./test-support.js";

const pgBin = postgresBinaries();
// Runs in the PostgreSQL pass of the process tests (scripts/with-postgres.sh), on a cluster of its own so
// that restarting it disturbs no other test; the embedded database has no server to restart.
const enabled = Boolean(process.env.TEST_DATABASE_URL && pgBin);

const adminEmail = "directora@colegio.test";
const adminPassword = "Clave-Secreta-2026";

/** Writes in a loop (create a classroom, delete every other one), remembering what each answer said. */
class WriteLoad {
  /** Created and answered 201: code → id. */
  readonly created = new Map<string, number>();
  /** Deleted and answered 204. */
  readonly deleted = new Set<number>();
  /** Creates and deletes answered 503: none of them may have happened. */
  readonly refusedCreates = new Set<string>();
  readonly refusedDeletes = new Set<number>();
  /** Every 503 body and header, to check what the client was told. */
  readonly unavailable: { body: unknown; retryAfter: string | null }[] = [];
  /** Anything else: a 500, a dropped connection, an unexpected status. */
  readonly unexpected: string[] = [];
  private running = true;
  private readonly workers: Promise<void>[];

  constructor(
    private readonly base: string,
    private readonly token: string,
    /** Begins every classroom code this load creates. */
    readonly prefix: string,
    workers = 4,
  ) {
    this.workers = Array.from({ length: workers }, (_, w) => this.work(w));
  }

  get acknowledged() {
    return this.created.size + this.deleted.size;
  }

  async stop() {
    this.running = false;
    await Promise.all(this.workers);
  }

  private async call(method: string, url: string, body?: unknown) {
    const res = await fetch(`${this.base}/api${url}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    const json = text ? JSON.parse(text) : null;
    if (res.status === 503) this.unavailable.push({ body: json, retryAfter: res.headers.get("retry-after") });
    return { status: res.status, json };
  }

  private async work(worker: number) {
    for (let n = 0; this.running; n += 1) {
      const code = `${this.prefix}${worker}-${n}`;
      try {
        const made = await this.call("POST", "/classrooms", { code, max_capacity: 30 });
        if (made.status === 201) this.created.set(code, made.json.data.id);
        else if (made.status === 503) this.refusedCreates.add(code);
        else this.unexpected.push(`POST ${made.status} ${JSON.stringify(made.json)}`);
        if (made.status === 201 && n % 2 === 0) {
          // A transaction (the row locked, its schedules checked, then deleted).
          const id = made.json.data.id as number;
          const gone = await this.call("DELETE", `/classrooms/${id}`);
          if (gone.status === 204) this.deleted.add(id);
          else if (gone.status === 503) this.refusedDeletes.add(id);
          else this.unexpected.push(`DELETE ${gone.status} ${JSON.stringify(gone.json)}`);
        }
        // While the database is away every answer is immediate: leave the two cores some air.
        if (made.status === 503) await new Promise((r) => setTimeout(r, 10));
      } catch (err) {
        this.unexpected.push(`${code}: ${(err as Error).cause ?? err}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }
}

describe.skipIf(!enabled)(
  "a PostgreSQL restart under load (PostgreSQL pass only: needs TEST_DATABASE_URL and PostgreSQL's binaries)",
  () => {
    let cluster: PostgresCluster;
    let server: RunningServer;
    const scratch = mkdtempSync(path.join(tmpdir(), "aula-restart-"));

    beforeAll(async () => {
      cluster = await startPostgresCluster(pgBin!);
      server = await startServerProcess({
        DATABASE_URL: cluster.url,
        DATA_DIR: scratch,
        JWT_SECRET: "restart-secret-restart-secret-restart-secret-01",
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        EXPIRY_SWEEP_SECONDS: "1",
      });
    }, 240_000);

    afterAll(async () => {
      if (server && server.child.exitCode === null && server.child.signalCode === null)
        server.child.kill("SIGKILL");
      await server?.exited;
      await cluster?.destroy();
      rmSync(scratch, { recursive: true, force: true });
    }, 60_000);

    const base = () => `http://127.0.0.1:${server.port}`;
    const alive = () => server.child.exitCode === null && server.child.signalCode === null;
    const expectAlive = () =>
      expect(alive(), `the server exited:\n${server.stderr().slice(-4000)}`).toBe(true);
    const logLines = () =>
      server
        .stdout()
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { level: number; msg: string });
    const jobRuns = () => logLines().filter((l) => l.msg === `job ${expiryJobName} done`).length;
    /** Waits for `more` writes acknowledged after now: the server serves again by itself. */
    const servesAgain = async (load: WriteLoad, more = 20) => {
      const from = load.acknowledged;
      await until(() => load.acknowledged >= from + more || !alive(), "acknowledged writes again", 60_000);
      expectAlive();
    };
    const listeners = async () =>
      (
        await queryOnce<{ name: string }>(
          cluster.url,
          "select application_name as name from pg_stat_activity where application_name = any($1)",
          [[sessionListenerName, notificationListenerName]],
        )
      ).map((r) => r.name);

    const login = async () => {
      const res = await fetch(`${base()}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: adminEmail, password: adminPassword }),
      });
      return { status: res.status, json: (await res.json()) as { access_token: string } };
    };

    /**
     * Runs `drill` while four clients write, then checks: the process is up, every answer was a success or
     * a 503 in Spanish (never a 500 or a dropped connection), every acknowledged write is in the database
     * and no refused one is.
     */
    const underLoad = async (prefix: string, drill: (load: WriteLoad) => Promise<void>): Promise<number> => {
      const { status, json } = await login();
      expect(status).toBe(200);
      await until(async () => (await listeners()).length === 2, "both listeners connected");
      const listenerLost = () =>
        logLines().filter((l) => l.level === 40 && l.msg.startsWith("session announcements: connection lost"))
          .length;
      const lostBefore = listenerLost();
      const load = new WriteLoad(base(), json.access_token, prefix);
      try {
        await servesAgain(load);
        await drill(load);
      } finally {
        await load.stop();
      }
      expectAlive();
      expect(load.unexpected).toEqual([]);
      for (const answer of load.unavailable) {
        expect(answer.body).toEqual({
          message: "database_unavailable",
          description: describeError("database_unavailable"),
        });
        expect(answer.retryAfter).toBe("5");
      }
      // Lost connections are warnings; nothing was an unhandled error.
      expect(logLines().filter((l) => l.msg === "unhandled error")).toEqual([]);
      expect(listenerLost()).toBeGreaterThan(lostBefore);
      expect(server.stderr()).not.toMatch(/Unhandled|Emitted 'error' event/);

      const rows = await queryOnce<{ id: number; code: string }>(
        cluster.url,
        "select id, code from classrooms where code like $1",
        [`${prefix}%`],
      );
      const byCode = new Map(rows.map((r) => [r.code, r.id]));
      const ids = new Set(rows.map((r) => r.id));
      const lost = [...load.created].filter(([code, id]) => !load.deleted.has(id) && byCode.get(code) !== id);
      expect(lost).toEqual([]);
      expect([...load.deleted].filter((id) => ids.has(id))).toEqual([]);
      expect([...load.refusedCreates].filter((code) => byCode.has(code))).toEqual([]);
      expect([...load.refusedDeletes].filter((id) => !ids.has(id))).toEqual([]);
      expect(rows.length).toBe(load.created.size - load.deleted.size);
      return load.unavailable.length;
    };

    it("pg_ctl restart and stop/start under load: 503 while away, serves again by itself, no acknowledged write lost", async () => {
      const refusals = await underLoad("R", async (load) => {
        await cluster.restart();
        await servesAgain(load);

        // A longer outage: stopped until the load has been told 503 several times.
        const before = load.unavailable.length;
        await cluster.stop();
        await until(() => load.unavailable.length >= before + 5 || !alive(), "503 answers during the outage");
        expectAlive();
        // Logging in needs the database too: the same answer, in Spanish.
        const refused = await login();
        expect(refused.status).toBe(503);
        expect(refused.json).toEqual({
          message: "database_unavailable",
          description: describeError("database_unavailable"),
        });
        await cluster.start();
        await servesAgain(load);
      });
      expect(refusals).toBeGreaterThan(5);
      // The timed jobs carry on by themselves (their queue's connections were ended too).
      const runs = jobRuns();
      await until(() => jobRuns() > runs, "a job run after the outage", 60_000);
    }, 240_000);

    it("pg_terminate_backend of all its connections under load: the same, and the listeners reconnect", async () => {
      await underLoad("T", async (load) => {
        const terminated = await queryOnce<{ n: string }>(
          cluster.url,
          "select count(pg_terminate_backend(pid)) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'",
        );
        expect(Number(terminated[0]!.n)).toBeGreaterThan(2);
        await servesAgain(load);
      });
      // Session revocations and notifications are heard again.
      await until(async () => (await listeners()).length === 2, "both listeners connected again", 60_000);
    }, 240_000);

    it("stops gracefully afterwards", async () => {
      server.child.kill("SIGTERM");
      expect((await server.exited).code).toBe(0);
    });
  },
);
