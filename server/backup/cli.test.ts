// `npm run backup` and `npm run restore` as an operator runs them. On the embedded database: with a server
// running on the folder, the backup is asked of that server (it holds the database) and the restore is
// refused; once it stops, the restore fills an empty folder and refuses a full one. On PostgreSQL the
// commands work on DATABASE_URL directly.
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { hashPassword } from "../auth/password.js";
import { newConfig, newSchool, onPostgres, runnerOf } from "./test-support.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** This process's environment without its database settings, plus `env`. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const out = { ...process.env };
  delete out.DATABASE_URL;
  delete out.TEST_DATABASE_URL;
  return { ...out, ...env };
}

function run(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; out: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: root,
      env: childEnv({ NODE_ENV: "test", LOG_LEVEL: "warn", ...env }),
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => resolve({ code: code ?? 1, out }));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: childEnv({ NODE_ENV: "production", LOG_LEVEL: "warn", ...env }),
    stdio: "ignore",
  });
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`http://127.0.0.1:${env.PORT}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error("server did not start");
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

const secret = "cli-secret-cli-secret-cli-secret-0123456789";

describe(`npm run backup / npm run restore (${onPostgres ? "PostgreSQL" : "embedded"})`, () => {
  it("backs up a running school, and restores it into an empty target only", async () => {
    const school = await newSchool();
    const email = "cli@colegio.test";
    await runnerOf(school.database).query(
      "insert into users (type, name, email, password_hash, email_confirmed_at) values (5, 'CLI', $1, $2, now())",
      [email, await hashPassword("Secreta123*")],
    );
    await school.storage.put("docs/cli.txt", Buffer.from("contenido"), { contentType: "text/plain" });
    const env = {
      DATA_DIR: school.config.dataDir,
      JWT_SECRET: secret,
      ...(school.config.databaseUrl ? { DATABASE_URL: school.config.databaseUrl } : {}),
    };
    // The server takes the folder over (its own process).
    await school.database.close();
    cleanups.push(() => school.close().catch(() => {}));
    const port = await freePort();
    const server = await startServer({ ...env, PORT: String(port), HOST: "127.0.0.1" });
    cleanups.push(() => stop(server));

    const backup = await run("scripts/backup.ts", [], env);
    expect(backup.out).toMatch(/Copia de seguridad escrita: .*aula-backup-.*\.tar\.gz/);
    expect(backup.code).toBe(0);
    if (!onPostgres) expect(backup.out).toMatch(/Servidor en marcha \(proceso \d+\): se le pide la copia/);
    const archives = readdirSync(school.config.backupDir);
    expect(archives).toHaveLength(1);
    const archive = path.join(school.config.backupDir, archives[0]!);

    if (!onPostgres) {
      const refused = await run("scripts/restore.ts", [archive, "--replace"], env);
      expect(refused.code).toBe(2);
      expect(refused.out).toMatch(/ya está en uso por el proceso/);
    }
    await stop(server);

    const { config, cleanup } = await newConfig();
    cleanups.push(cleanup);
    const targetEnv = {
      DATA_DIR: config.dataDir,
      JWT_SECRET: secret,
      ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    };
    const restored = await run("scripts/restore.ts", [archive], targetEnv);
    expect(restored.out).toMatch(/Copia restaurada en .*: \d+ filas, 1 archivos/);
    expect(restored.code).toBe(0);
    const again = await run("scripts/restore.ts", [archive], targetEnv);
    expect(again.code).toBe(2);
    expect(again.out).toMatch(/ya tiene datos.*--replace/);

    // The restored school answers a login of the account made before the backup.
    const port2 = await freePort();
    const second = await startServer({ ...targetEnv, PORT: String(port2), HOST: "127.0.0.1" });
    cleanups.push(() => stop(second));
    const login = await fetch(`http://127.0.0.1:${port2}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "Secreta123*" }),
    });
    expect(login.status).toBe(200);
    await stop(second);
  }, 240_000);
});
