// `npm run demo` on a port another program holds: a clear Spanish refusal before any data is touched.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertPortAvailable, PortUnavailableError } from "../bootstrap/port.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const scratch = mkdtempSync(path.join(tmpdir(), "aula-port-"));
let holder: net.Server;
let port: number;

beforeAll(async () => {
  holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen({ port: 0, host: "127.0.0.1" }, resolve));
  port = (holder.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => holder.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs `npm run demo`'s script to its end; its exit code and what it printed. */
function runDemo(dataDir: string): Promise<{ code: number | null; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ["DATABASE_URL", "APP_URL", "SMTP_URL", "JWT_SECRET", "VITEST", "VITEST_POOL_ID"])
    delete env[key];
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_FORMAT: "json",
    SKIP_WEB_BUILD: "1",
  });
  const child = spawn(process.execPath, ["scripts/start.mjs", "--demo"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => {
    out += d.toString();
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, out })));
}

describe("a start on a port in use", () => {
  it("exits with code 2 and a Spanish message, without migrating or seeding the demo", async () => {
    const dataDir = path.join(scratch, "demo");
    const { code, out } = await runDemo(dataDir);
    expect(code, out).toBe(2);
    expect(out).toContain(`el puerto ${port} ya está en uso`);
    expect(out).toContain("npm run demo");
    expect(out).toContain("No se modificó ningún dato.");
    // No stack, no Node error code for a person to decipher.
    expect(out).not.toMatch(/EADDRINUSE|\n\s+at /);
    // Every line of the message fits a 100-column terminal.
    for (const line of out.split("\n")) expect([...line].length).toBeLessThanOrEqual(100);
    // No database was created (so no demo), no lock left behind.
    const left = existsSync(dataDir) ? readdirSync(dataDir) : [];
    expect(left).not.toContain("pglite");
    expect(left).not.toContain("server.lock");
  }, 120_000);

  it("passes a free port and port 0, and names a taken one", async () => {
    await expect(assertPortAvailable(0, "127.0.0.1", "npm start")).resolves.toBeUndefined();
    const free = net.createServer();
    await new Promise<void>((resolve) => free.listen({ port: 0, host: "127.0.0.1" }, resolve));
    const freePort = (free.address() as net.AddressInfo).port;
    await new Promise((resolve) => free.close(resolve));
    await expect(assertPortAvailable(freePort, "127.0.0.1", "npm start")).resolves.toBeUndefined();
    const refusal = await assertPortAvailable(port, "127.0.0.1", "npm start").catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(PortUnavailableError);
    expect((refusal as Error).message).toContain(`PORT=${port === 3001 ? 3002 : 3001} npm start`);
  });
});
