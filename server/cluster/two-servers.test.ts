// Two real servers on one throwaway PostgreSQL behind a round-robin proxy, as a school with two machines
// behind a load balancer runs them: the web app's journeys work whichever server answers each call.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expiryJobName } from "../jobs/expiry.js";
import {
  createThrowawayDatabase,
  queryOnce,
  type RoundRobinProxy,
  type RunningServer,
  startRoundRobinProxy,
  startServerProcess,
  until,
} from "./test-support.js";

const serverUrl = process.env.TEST_DATABASE_URL;
const adminEmail = "directora@colegio.test";
const adminPassword = "Clave-Secreta-2026";

describe.skipIf(!serverUrl)("two servers on one PostgreSQL behind a round-robin proxy", () => {
  let database: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  let servers: RunningServer[] = [];
  let proxy: RoundRobinProxy;
  const scratch = mkdtempSync(path.join(tmpdir(), "aula-cluster-"));

  beforeAll(async () => {
    database = await createThrowawayDatabase(serverUrl!);
    // Both start together on the new database (one migrates, the other waits), each with its own data
    // folder: nothing they share may live on one machine's disk.
    servers = await Promise.all(
      ["a", "b"].map((name) =>
        startServerProcess({
          DATABASE_URL: database.url,
          DATA_DIR: path.join(scratch, name),
          JWT_SECRET: "shared-secret-shared-secret-shared-secret-0123",
          TRUST_PROXY: "1",
          ADMIN_EMAIL: adminEmail,
          ADMIN_PASSWORD: adminPassword,
          // A cached answer would outlive the test: only an announcement can make a server refuse.
          AUTH_CACHE_TTL_MS: "60000",
          EXPIRY_SWEEP_SECONDS: "1",
        }),
      ),
    );
    proxy = await startRoundRobinProxy(servers.map((s) => s.port));
  }, 240_000);

  afterAll(async () => {
    await proxy?.close();
    for (const s of servers)
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
    await Promise.all(servers.map((s) => s.exited));
    await database?.drop();
    rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  /** One call through the proxy; answers the status, the JSON body (if any) and which server answered. */
  async function call(
    method: string,
    url: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | FormData | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(`${proxy.url}/api${url}`, { method, headers, body });
    const bytes = Buffer.from(await res.arrayBuffer());
    const type = res.headers.get("content-type") ?? "";
    return {
      status: res.status,
      json: type.includes("json") && bytes.length ? JSON.parse(bytes.toString()) : null,
      bytes,
      type,
      server: Number(res.headers.get("x-upstream")),
    };
  }

  const login = async () => {
    const res = await call("POST", "/login", { body: { email: adminEmail, password: adminPassword } });
    expect(res.status).toBe(200);
    return { token: res.json.access_token as string, id: res.json.user.id as number, server: res.server };
  };

  it("login and profile: a change made through one server is what the other answers", async () => {
    const { token, id } = await login();
    const name = await call("PATCH", `/users/${id}`, { token, body: { name: "Directora Pérez" } });
    expect(name.status).toBe(200);
    const me = await call("GET", "/users/me", { token });
    expect(me.server).not.toBe(name.server);
    expect(me.json.data.name).toBe("Directora Pérez");
  });

  it("classrooms: created, listed, edited and read back across both servers", async () => {
    const { token } = await login();
    const created = await call("POST", "/classrooms", { token, body: { code: "A-101", max_capacity: 30 } });
    expect(created.status).toBe(201);
    const id = created.json.data.id as number;
    const list = await call("GET", "/classrooms", { token });
    expect(list.server).not.toBe(created.server);
    expect(list.json.data.map((c: { code: string }) => c.code)).toContain("A-101");
    const edited = await call("PATCH", `/classrooms/${id}`, {
      token,
      body: { max_capacity: 35, description: "Planta baja" },
    });
    expect(edited.status).toBe(200);
    const read = await call("GET", `/classrooms/${id}`, { token });
    expect(read.server).not.toBe(edited.server);
    expect(read.json.data).toMatchObject({ code: "A-101", max_capacity: 35, description: "Planta baja" });
  });

  it("a logout on one server is refused on the other within a second, long before its cache expires", async () => {
    const { token } = await login();
    // Both servers have checked the token and cached that it is good (for 60 s).
    const seen = [await call("GET", "/users/me", { token }), await call("GET", "/users/me", { token })];
    expect(seen.map((r) => r.status)).toEqual([200, 200]);
    expect(new Set(seen.map((r) => r.server)).size).toBe(2);
    const logout = await call("POST", "/logout", { token });
    expect(logout.status).toBeLessThan(300);
    // The announcement reaches the other server through the database a moment after the logout commits
    // (milliseconds; more when the machine is starved): its cached "good" answer would last 60 s.
    const started = Date.now();
    let after = await call("GET", "/users/me", { token });
    while (after.server === logout.server || after.status === 200) {
      if (Date.now() - started > 1000) break;
      await new Promise((r) => setTimeout(r, 20));
      after = await call("GET", "/users/me", { token });
    }
    expect(after.server).not.toBe(logout.server);
    expect(after.json?.message).toBe("the_token_has_been_blacklisted");
  });

  it("a picture uploaded through one server is served by the other", async () => {
    const { token, id } = await login();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3366aa" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("profile_picture", new Blob([png], { type: "image/png" }), "foto.png");
    const uploaded = await call("POST", `/users/${id}/profile-picture`, { token, body: form });
    expect(uploaded.status).toBe(200);
    const url = (uploaded.json.data.profile_picture as string).replace(/^\/api/, "");
    const served = [await call("GET", url, { token }), await call("GET", url, { token })];
    expect(served.map((r) => r.status)).toEqual([200, 200]);
    expect(new Set(served.map((r) => r.server)).size).toBe(2);
    expect(served[0]!.type).toMatch(/^image\//);
    expect(served[0]!.bytes.equals(served[1]!.bytes)).toBe(true);
    expect((await sharp(served[0]!.bytes).metadata()).width).toBeGreaterThan(0);
  });

  it("the login rate limit counts attempts made on both servers together", async () => {
    // Failed logins to one account from one address: 10 allowed per hour, whichever server they reach.
    const attempt = () =>
      call("POST", "/login", {
        body: { email: adminEmail, password: "no-es-la-clave" },
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await attempt());
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(401));
    expect(new Set(answers.map((r) => r.server)).size).toBe(2);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe("too_many_requests");
    // The right password from another address still gets in.
    expect((await login()).token).toBeTruthy();
  });

  it("a job scheduled on both servers runs once per period, and both stop gracefully", async () => {
    const done = () =>
      servers.map(
        (s) =>
          s
            .stdout()
            .split("\n")
            .filter((l) => l.includes(`"msg":"job ${expiryJobName} done"`)).length,
      );
    await until(() => done().reduce((a, b) => a + b) >= 3, "three runs of the expiry job", 60_000);
    for (const s of servers) s.child.kill("SIGTERM");
    const exits = await Promise.all(servers.map((s) => s.exited));
    expect(exits.map((e) => e.code)).toEqual([0, 0]);
    for (const s of servers) expect(s.stdout() + s.stderr()).not.toContain("error while stopping");
    const runs = done().reduce((a, b) => a + b);
    const jobs = await queryOnce<{ singleton_on: Date | null; state: string }>(
      database.url,
      "select singleton_on, state from pgboss.job where name = $1 union all select singleton_on, state from pgboss.archive where name = $1",
      [expiryJobName],
    );
    // One job per period (both servers asked for each), and each job ran on one server only.
    expect(jobs.filter((j) => j.state === "completed").length).toBe(runs);
    expect(jobs.every((j) => j.singleton_on !== null)).toBe(true);
    expect(new Set(jobs.map((j) => String(j.singleton_on))).size).toBe(jobs.length);
    // Nothing of either server is left connected to the database.
    const left = await queryOnce(
      database.url,
      "select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    expect(left).toEqual([]);
  }, 120_000);
});
