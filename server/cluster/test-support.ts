// Test support for several servers on one PostgreSQL: throwaway databases and a round-robin proxy.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/** A new, empty database on the TEST_DATABASE_URL server; `drop` removes it (closing its connections). */
export async function createThrowawayDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `aula_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** One query on a database through a connection of its own. */
export async function queryOnce<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

export type RoundRobinProxy = {
  url: string;
  /** Which upstream (index in `targets`) answered each request so far, in order. */
  served: number[];
  close(): Promise<void>;
};

/**
 * A reverse proxy sending each request to the next of `targets` in turn (as a load balancer would), adding
 * the caller's address to X-Forwarded-For and naming the upstream in an `x-upstream` answer header.
 */
export async function startRoundRobinProxy(targets: number[]): Promise<RoundRobinProxy> {
  let next = 0;
  const served: number[] = [];
  const server = http.createServer((req, res) => {
    const index = next;
    next = (next + 1) % targets.length;
    served.push(index);
    const forwarded = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: targets[index],
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-for": forwarded },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-upstream": String(index) });
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits for something another process or connection does (an announcement, a job run), up to `limitMs`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, limitMs = 30_000) {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export type RunningServer = {
  child: ChildProcess;
  port: number;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Starts the real server (`server/main.ts`) in a process of its own with `env` (JSON logs, a free port),
 * and answers once it listens. Kill leftovers with `child.kill("SIGKILL")` after the test.
 */
export async function startServerProcess(env: Record<string, string>): Promise<RunningServer> {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ["DATABASE_URL", "APP_URL", "SMTP_URL", "JWT_SECRET", "VITEST", "VITEST_POOL_ID"])
    delete base[key];
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: {
      ...base,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_FORMAT: "json",
      LOG_LEVEL: "info",
      SKIP_WEB_BUILD: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  let port = 0;
  await until(
    () => {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the server exited before listening:\n${out}\n${err}`);
      const m = (out + err).match(/Aula escuchando en http:\/\/localhost:(\d+)/);
      port = Number(m?.[1] ?? 0);
      return port > 0;
    },
    "the server to listen",
    180_000,
  );
  return { child, port, stdout: () => out, stderr: () => err, exited };
}
