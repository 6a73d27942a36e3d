import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository (paths below are relative to it, wherever Playwright was started from). */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The demo servers of a journey run, one per worker, so journeys that write data never meet on one
 * database. Server `i` listens on E2E_PORT + i with its own data folder (E2E_DATA_DIR, then
 * E2E_DATA_DIR-2…). playwright.config.ts starts the first (building the web app when it is stale); each
 * other worker starts its own when it begins (`startServer`, from e2e/support.ts), while the first one
 * already runs journeys.
 *
 * E2E_SERVERS (default 2) is how many servers and workers: a worker takes the next file when it is done
 * with one, so each server runs its files one after another, in file-name order.
 */
export const serverCount = Number(process.env.E2E_SERVERS ?? 2);
if (!Number.isInteger(serverCount) || serverCount < 1) {
  throw new Error(`E2E_SERVERS must be a whole number from 1 up, not "${process.env.E2E_SERVERS}"`);
}

const basePort = Number(process.env.E2E_PORT ?? 3100);
const baseDataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? ".tmp/e2e-data");

export type Server = { port: number; url: string; dataDir: string };

/** Server `index` (a worker's `parallelIndex`): its port, its address and its data folder. */
export function server(index: number): Server {
  const port = basePort + index;
  return {
    port,
    url: `http://localhost:${port}`,
    dataDir: index === 0 ? baseDataDir : `${baseDataDir}-${index + 1}`,
  };
}

/** How the demo server is started for the journeys (playwright.config.ts and `startServer`). */
export const serverEnv = (s: Server) => ({
  PORT: String(s.port),
  DATA_DIR: s.dataDir,
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
});

/**
 * A worker's server of a new school (no demo data, only its first administrator): journeys that need an
 * empty school start it themselves (`startServer(…, { demo: false })`), apart from the worker's demo one.
 */
export function freshServer(index: number): Server {
  const s = server(index);
  return { port: s.port + 50, url: `http://localhost:${s.port + 50}`, dataDir: `${s.dataDir}-fresh` };
}

/**
 * Starts the demo server `s` (or, with `demo: false`, a new school's with `env`'s first administrator) on a
 * fresh data folder, its output in `<folder>.log`, and answers once it is healthy. The web app is built by
 * then (the first server's start saw to it).
 */
export async function startServer(
  s: Server,
  options: { demo?: boolean; env?: Record<string, string> } = {},
): Promise<ChildProcess> {
  rmSync(s.dataDir, { recursive: true, force: true });
  const log = openSync(`${s.dataDir}.log`, "w");
  const args = [path.join(root, "scripts", "start.mjs"), ...(options.demo === false ? [] : ["--demo"])];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...serverEnv(s), SKIP_WEB_BUILD: "1", ...options.env },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const state: { exited: string | null } = { exited: null };
  child.on("exit", (code, signal) => {
    state.exited = `exit code ${code ?? signal}`;
  });
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (state.exited) {
      throw new Error(`the server on port ${s.port} stopped (${state.exited}): see ${s.dataDir}.log`);
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`the server on port ${s.port} was not healthy after 4 minutes: see ${s.dataDir}.log`);
    }
    const healthy = await fetch(`${s.url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Stops a server `startServer` started (the server closes its database first), waiting up to 15 s. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}
