import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresPoolOf } from "../cluster/pool.js";
import { until } from "../cluster/test-support.js";
import { type Database, openDatabase } from "./client.js";
import { isDatabaseUnavailable } from "./connection-errors.js";

const serverUrl = process.env.TEST_DATABASE_URL;

// The embedded database has no connections to lose.
describe.skipIf(!serverUrl)("connections the PostgreSQL server ends (pg_terminate_backend)", () => {
  let database: Database;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: serverUrl, dataDir: null });
    pool = postgresPoolOf(database.db)!;
  });
  afterAll(() => database?.close());

  /** Ends a backend from a connection of its own, as an administrator would. */
  const terminate = async (pid: number) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query("select pg_terminate_backend($1)", [pid]);
    } finally {
      await admin.end();
    }
  };
  const backendOf = async (client: pg.PoolClient) =>
    (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;

  it("one checked out between two statements: no crash, it leaves the pool, the next statement fails as unavailable", async () => {
    const client = await pool.connect();
    const lost = new Promise((resolve) => client.once("end", resolve));
    await terminate(await backendOf(client));
    // Before, nothing listened to this connection's `error` event here: it ended the process.
    await lost;
    await until(() => pool.totalCount === 0, "the lost connection to leave the pool");
    const next = await client.query("select 1").catch((err: unknown) => err);
    expect(isDatabaseUnavailable(next)).toBe(true);
    client.release();
    expect((await pool.query("select 1 as n")).rows).toEqual([{ n: 1 }]);
  });

  it("a single statement whose connection is ended: refused as unavailable, the next one runs on a new connection", async () => {
    const pid = async () =>
      (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      };
    const before = (await pid()).rows[0]!.pid;
    const ended = await database.db
      .execute(sql`select pg_terminate_backend(pg_backend_pid())`)
      .catch((err: unknown) => err);
    expect(isDatabaseUnavailable(ended)).toBe(true);
    expect((await pid()).rows[0]!.pid).not.toBe(before);
  });

  it("a transaction whose connection is ended: refused as unavailable, and the pool does not shrink", async () => {
    const attempts = Array.from({ length: 12 }, () =>
      database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
        })
        .then(
          () => "committed",
          (err: unknown) => (isDatabaseUnavailable(err) ? "unavailable" : String(err)),
        ),
    );
    // More than the pool's ten connections: each lost one must have been given back for the rest to run.
    expect(await Promise.all(attempts)).toEqual(Array(12).fill("unavailable"));
    await until(() => pool.totalCount <= pool.idleCount, "no connection left checked out");
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => database.db.execute(sql`select ${i}::int as n`)),
    );
    expect(answers.map((a) => (a as unknown as { rows: { n: number }[] }).rows[0]!.n)).toEqual([
      ...Array(12).keys(),
    ]);
  });
});
