// The real server as people run it: separate processes on one data folder, signals, `npm start`.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { readOutbox } from "../mail/outbox.js";
import { lockFileName } from "./lock.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const scratch = mkdtempSync(path.join(tmpdir(), "aula-life-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  rmSync(scratch, { recursive: true, force: true });
});

type Running = {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const adminEmail = "directora@colegio.test";
const adminPassword = "Clave-Secreta-2026";

function run(script: string[], dataDir: string, extraEnv: Record<string, string> = {}): Running {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ["DATABASE_URL", "APP_URL", "SMTP_URL", "JWT_SECRET", "VITEST", "VITEST_POOL_ID"])
    delete env[key];
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_FORMAT: "json",
    LOG_LEVEL: "info",
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    SKIP_WEB_BUILD: "1",
    ...extraEnv,
  });
  const child = spawn(process.execPath, script, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let out = "";
  let err = "";
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  child.stdout?.on("data", (d: Buffer) => {
    out += d.toString();
    wake();
  });
  child.stderr?.on("data", (d: Buffer) => {
    err += d.toString();
    wake();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => {
      resolve({ code, signal });
      wake();
    }),
  );
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const m = (out + err).match(pattern);
        if (m) return resolve(m);
        if (child.exitCode !== null || child.signalCode !== null) {
          return reject(new Error(`exited before ${pattern}:\n${out}\n${err}`));
        }
        waiters.push(check);
      };
      check();
    });
  return { child, stdout: () => out, stderr: () => err, waitFor, exited };
}

const server = (dataDir: string, args: string[] = [], env: Record<string, string> = {}) =>
  run(["--import", "tsx", "server/main.ts", ...args], dataDir, env);
const npmStart = (dataDir: string) => run(["scripts/start.mjs"], dataDir);
const listening = async (r: Running) =>
  Number((await r.waitFor(/Aula escuchando en http:\/\/localhost:(\d+)/))[1]);

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits for something outside the test's control (a process ending, a background e-mail). */
async function until(condition: () => boolean, what: string, limitMs = 30_000) {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function modesUnder(dir: string): { path: string; mode: number; dir: boolean }[] {
  const found = [{ path: dir, mode: statSync(dir).mode & 0o777, dir: true }];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) found.push(...modesUnder(p));
    else if (e.isFile()) found.push({ path: p, mode: statSync(p).mode & 0o777, dir: false });
  }
  return found;
}

// Starting a server takes a while on a busy machine (a fresh database is unpacked and migrated).
const slow = 240_000;
const dataDir = path.join(scratch, "school");

// The embedded database's process behaviour does not change with TEST_DATABASE_URL: CI's PostgreSQL pass
// runs only the PostgreSQL part below (the embedded pass ran the rest).
const embeddedPass = !process.env.TEST_DATABASE_URL;

describe.runIf(embeddedPass)("one server per data folder", () => {
  it(
    "refuses a second server, keeps secrets out of logs and files private, stops gracefully",
    async () => {
      const first = server(dataDir);
      const port = await listening(first);
      const lock = JSON.parse(readFileSync(path.join(dataDir, lockFileName), "utf8"));
      expect(lock.pid).toBe(first.child.pid);

      // A second server on the same folder: refused, naming the folder and the running process.
      const second = server(dataDir);
      const { code } = await second.exited;
      expect(code).toBe(2);
      expect(second.stderr()).toContain(
        `La carpeta de datos ${dataDir} ya está en uso por el proceso ${first.child.pid}`,
      );
      expect(second.stdout()).not.toContain("escuchando");

      // The first administrator stands out in a frame, not among the JSON log lines (stdout stays JSON).
      const frame = first.stderr().match(/┌─+┐\n(│.*│\n)+└─+┘/)?.[0] ?? "";
      expect(frame).toContain(`Correo electrónico: ${adminEmail}`);
      expect(frame).toContain(`Contraseña:         ${adminPassword}`);
      for (const line of first.stdout().split("\n").filter(Boolean))
        expect(() => JSON.parse(line)).not.toThrow();

      // A recovery e-mail without SMTP: written to the outbox (0600), its link follows the port, and
      // the log names the file but never shows the link or its token.
      const reset = await fetch(
        `http://127.0.0.1:${port}/api/password-reset/${encodeURIComponent(adminEmail)}`,
        {
          method: "POST",
        },
      );
      expect(reset.status).toBe(200);
      const outbox = path.join(dataDir, "outbox");
      await until(() => existsSync(outbox) && readdirSync(outbox).length === 1, "the recovery e-mail");
      await first.waitFor(/e-mail written to outbox/);
      const [mail] = await readOutbox(outbox);
      expect(mail?.link?.startsWith(`http://localhost:${port}/confirm-password?token=`)).toBe(true);
      const logs = first.stdout() + first.stderr();
      expect(logs).toContain(mail?.file);
      expect(logs).not.toContain(mail!.token!);
      expect(logs).not.toContain("token=");

      // Everything in the data folder is private: folders 0700, files 0600 (database, secret, lock, outbox).
      const modes = modesUnder(dataDir);
      expect(modes.some((m) => m.path.includes(`${path.sep}pglite${path.sep}`))).toBe(true);
      // PGlite writes its relcache files (pg_internal.init: catalog layout, no user data) after start-up with
      // its own mode, inside 0700 folders; the server makes them 0600 when it stops (checked below).
      const open = modes.filter((m) => (m.dir ? m.mode !== 0o700 : m.mode & 0o077));
      expect(open.filter((m) => !m.path.endsWith("pg_internal.init"))).toEqual([]);
      for (const name of ["jwt-secret", lockFileName]) {
        expect(statSync(path.join(dataDir, name)).mode & 0o777).toBe(0o600);
      }

      // SIGTERM with a request in flight: the request is answered, then the server exits 0 and lets go
      // of the folder.
      const body = JSON.stringify({ email: adminEmail, password: "not-the-password" });
      const answered = new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: "/api/login",
            headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
        req.write(body.slice(0, 10));
        void first
          .waitFor(/"url":"\/api\/login"/)
          .then(() => {
            first.child.kill("SIGTERM");
            return first.waitFor(/deteniendo el servidor/);
          })
          .then(() => req.end(body.slice(10)));
      });
      expect(await answered).toBe(401);
      expect(await first.exited).toEqual({ code: 0, signal: null });
      expect(existsSync(path.join(dataDir, lockFileName))).toBe(false);
      // Stopped: every file is private, the relcache files too.
      expect(modesUnder(dataDir).filter((m) => (m.dir ? m.mode !== 0o700 : m.mode & 0o077))).toEqual([]);
    },
    slow,
  );

  it(
    "restarts after a crash (kill -9) leaves its lock behind, and stops on SIGINT",
    async () => {
      const crashed = server(dataDir);
      await listening(crashed);
      crashed.child.kill("SIGKILL");
      await crashed.exited;
      expect(JSON.parse(readFileSync(path.join(dataDir, lockFileName), "utf8")).pid).toBe(crashed.child.pid);

      const next = server(dataDir);
      const port = await listening(next);
      expect(JSON.parse(readFileSync(path.join(dataDir, lockFileName), "utf8")).pid).toBe(next.child.pid);
      const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: adminEmail, password: adminPassword }),
      });
      expect(login.status).toBe(200);
      next.child.kill("SIGINT");
      expect(await next.exited).toEqual({ code: 0, signal: null });
      expect(existsSync(path.join(dataDir, lockFileName))).toBe(false);
    },
    slow,
  );

  it(
    "npm run demo refuses the folder of a real school and leaves it alone",
    async () => {
      const demo = server(dataDir, ["--demo"]);
      const { code } = await demo.exited;
      expect(code).toBe(2);
      expect(demo.stderr()).toContain("no es la de demostración");
      expect(demo.stderr()).toContain(dataDir);
      expect(existsSync(path.join(dataDir, lockFileName))).toBe(false);
    },
    slow,
  );
});

describe.runIf(embeddedPass)("npm start", () => {
  it(
    "forwards SIGTERM to the server, which stops before npm start exits",
    async () => {
      const start = npmStart(dataDir);
      await listening(start);
      const serverPid = JSON.parse(readFileSync(path.join(dataDir, lockFileName), "utf8")).pid as number;
      expect(serverPid).not.toBe(start.child.pid);
      start.child.kill("SIGTERM");
      expect(await start.exited).toEqual({ code: 0, signal: null });
      expect(pidRuns(serverPid)).toBe(false);
      expect(existsSync(path.join(dataDir, lockFileName))).toBe(false);
    },
    slow,
  );

  it(
    "leaves no server running when its own process is killed outright",
    async () => {
      const start = npmStart(dataDir);
      await listening(start);
      const serverPid = JSON.parse(readFileSync(path.join(dataDir, lockFileName), "utf8")).pid as number;
      start.child.kill("SIGKILL");
      await start.exited;
      await until(() => !pidRuns(serverPid), "the server to stop");
      expect(existsSync(path.join(dataDir, lockFileName))).toBe(false);
    },
    slow,
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("on PostgreSQL", () => {
  it(
    "runs several servers on one database and one folder (no lock: that is how it scales)",
    async () => {
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const name = `aula_life_${process.pid}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const shared = path.join(scratch, "postgres");
      const env = { DATABASE_URL: url.toString(), JWT_SECRET: "s".repeat(40) };
      try {
        // One after the other: the first migrates the new database.
        const one = server(shared, [], env);
        const ports = [await listening(one)];
        const two = server(shared, [], env);
        ports.push(await listening(two));
        expect(existsSync(path.join(shared, lockFileName))).toBe(false);
        for (const port of ports) {
          const res = await fetch(`http://127.0.0.1:${port}/api/health`);
          expect(res.status).toBe(200);
        }
        one.child.kill("SIGTERM");
        two.child.kill("SIGTERM");
        expect(await one.exited).toEqual({ code: 0, signal: null });
        expect(await two.exited).toEqual({ code: 0, signal: null });
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    slow,
  );
});
