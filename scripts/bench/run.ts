// `npm run bench [-- --db=pglite|postgres|all] [--duration=10] [--slice=2] [--connections=10]
//                 [--classrooms=5000] [--students=20000] [--backup-files-mb=500] [--backup-rows=50000]
//                 [--only=text] [--skip-demo-memory] [--cpu-prof=DIR] [--timetable-seconds=60]
//                 [--timetable-seeds=1]`
// (`--only=attendance`, `--only=notes`: the teaching scenarios of issue 9 alone; `--only=money`: issue 10's;
// `--only=certificate`: issue 11's grades certificate PDF; `--only="100 PDFs"`: issue 27's other user while 100
// certificates are generated at once; `--only=timetable`: issue 28's engine on comp01–07 and the demo period.)
// Seeds a database (the demo school plus extra classrooms), starts the real server in its own process
// (pinned to core 0 when `taskset` exists; the load runs on core 1), drives every scenario of
// scenarios.ts with autocannon at full speed and at a fixed arrival rate, and prints per database kind
// each scenario's throughput as a percentage of a reference measured in the same run (a bare Fastify
// route answering one primary-key select on the same database kind), its latencies and the server's RSS.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { defaultSchoolTimeZone } from "../../common/time.js";
import { signAccessToken } from "../../server/auth/tokens.js";
import { systemClock } from "../../server/clock.js";
import { openDatabase } from "../../server/db/client.js";
import { classrooms } from "../../server/db/schema/index.js";
import { ensureDemo } from "../../server/db/seed/demo.js";
import { serverNodeFlags } from "../server-node-flags.mjs";
import { backupLoadName, benchBackupLoad, prepareBackupLoad } from "./backup-load.js";
import { prepareDocuments } from "./documents.js";
import { benchFileServing, fileServingName, prepareFileServing } from "./file-serving.js";
import { benchImport, IMPORT_ROWS, importName, prepareImport } from "./import.js";
import { prepareMoney } from "./money.js";
import { benchNotificationFanout, notificationFanoutName } from "./notifications.js";
import { benchPdfLoad, pdfLoadName, preparePdfLoad } from "./pdf-load.js";
import { type BenchContext, type Scenario, scenarios } from "./scenarios.js";
import { prepareSchedules } from "./schedules.js";
import { benchInscriptionStorm, inscriptionStormName, prepareStudents } from "./students.js";
import { prepareTeaching } from "./teaching.js";
import { benchTimetable, timetableName } from "./timetable.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
type Kind = "pglite" | "postgres";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith("--"))
    .map((a) => {
      const [k, v] = a.slice(2).split("=");
      return [k, v ?? "1"];
    }),
);
const duration = Number(args.duration ?? 10);
const connections = Number(args.connections ?? 10);
const extraClassrooms = Number(args.classrooms ?? 5000);
/** Students of the bench school (students.ts), seeded when a scenario reads them. */
const benchStudents = Number(args.students ?? 20_000);
/** The backup scenario's extra files (MB, 1 MB each) and extra rows (backup-load.ts). */
const backupFilesMb = Number(args["backup-files-mb"] ?? 500);
const backupRows = Number(args["backup-rows"] ?? 50_000);
const only = args.only as string | undefined;
const cpuProfDir = args["cpu-prof"] ? path.resolve(args["cpu-prof"]) : null;
/** Whether `--only` (a piece of a scenario's name, any case) selects the scenario named `name`. */
const wants = (name: string) => !only || name.toLowerCase().includes(only.toLowerCase());
/** Length (s) of each alternating slice of reference and scenario at full speed. */
const slice = Number(args.slice ?? 2);
const jwtSecret = "bench-secret-bench-secret-bench-secret-0123456789";

const hasTaskset = spawnSync("taskset", ["-V"]).status === 0;
const pgBinaries = () =>
  existsSync("/usr/lib/postgresql") &&
  readdirSync("/usr/lib/postgresql").some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));

function pinSelf(core: number) {
  if (hasTaskset) spawnSync("taskset", ["-cp", String(core), String(process.pid)], { stdio: "ignore" });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** RSS of a process in MB (VmRSS of /proc/<pid>/status), or null where /proc is missing. */
function rssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/** Starts a node process running `script` (through tsx) on core 0; resolves once `url` answers. */
async function startProcess(opts: {
  script: string;
  args?: string[];
  env: Record<string, string>;
  extraEnv?: Record<string, string>;
  readyUrl: string;
}): Promise<ChildProcess> {
  // `--cpu-prof=DIR`: the real server writes a CPU profile there when it stops (open it in Chrome's DevTools).
  const profile =
    cpuProfDir && opts.script.startsWith("server/") ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : [];
  // The reference server runs with the same flags as the real one, so the ratios compare code, not flags.
  const node = [
    process.execPath,
    ...serverNodeFlags,
    ...profile,
    "--import",
    "tsx",
    path.join(root, opts.script),
    ...(opts.args ?? []),
  ];
  const command = hasTaskset ? ["taskset", "-c", "0", ...node] : node;
  // An empty value removes the variable (DATABASE_URL="" means "the embedded database").
  const wanted = { ...opts.env, ...opts.extraEnv };
  const env: NodeJS.ProcessEnv = { ...process.env, ...wanted };
  for (const [key, value] of Object.entries(wanted)) if (value === "") delete env[key];
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${opts.script} exited (${child.exitCode}):\n${output}`);
    try {
      await fetch(opts.readyUrl);
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  child.kill("SIGKILL");
  throw new Error(`${opts.script} did not start:\n${output}`);
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/** The demo school plus `extra` classrooms (so lists and searches page through realistic tables). */
async function seed(opts: { databaseUrl?: string; dataDir: string | null }) {
  const database = await openDatabase(opts);
  await database.migrate();
  const { accounts } = await ensureDemo(database.db, systemClock(process.env.TZ ?? defaultSchoolTimeZone));
  for (let i = 0; i < extraClassrooms; i += 500) {
    const n = Math.min(500, extraClassrooms - i);
    await database.db.insert(classrooms).values(
      Array.from({ length: n }, (_, j) => {
        const k = i + j + 1;
        return {
          code: `B-${String(k).padStart(5, "0")}`,
          description: `Aula ${k} del edificio ${1 + (k % 7)}`,
          maxCapacity: 20 + (k % 40),
          multipleSections: k % 10 === 0,
          enabled: k % 17 !== 0,
        };
      }),
    );
  }
  await database.close();
  const admin = accounts[0]!;
  return { adminEmail: admin.email, adminPassword: admin.password };
}

type Measure = {
  /** Every response's latency (ms), sorted, and the count of requests answered. */
  latencies: number[];
  total: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

async function drive(opts: {
  baseUrl: string;
  scenario: Scenario;
  ctx: BenchContext;
  rate?: number;
  seconds: number;
}): Promise<Measure> {
  const { scenario, ctx } = opts;
  const headers = scenario.headers?.(ctx) ?? {};
  const body = scenario.body ? JSON.stringify(scenario.body(ctx)) : undefined;
  // Bodies in turn (a write whose rows must change with every request).
  const bodies = scenario.bodies?.(ctx).map((b) => JSON.stringify(b));
  let turn = 0;
  const latencies: number[] = [];
  const instance = autocannon({
    url: opts.baseUrl + scenario.path(ctx),
    method: scenario.method ?? "GET",
    headers,
    body: bodies ? bodies[0] : body,
    // At a fixed rate, enough connections that a slow answer does not hold back the next arrival (one
    // per 10 req/s: a client waiting 100 ms still sends on time), so the rate stays open-loop.
    connections: opts.rate ? Math.min(connections, Math.max(1, Math.ceil(opts.rate / 10))) : connections,
    overallRate: opts.rate,
    duration: opts.seconds,
    requests:
      scenario.varyAddress || bodies
        ? [
            {
              setupRequest: (req: Record<string, unknown>) => ({
                ...req,
                ...(bodies ? { body: bodies[turn++ % bodies.length] } : {}),
                ...(scenario.varyAddress
                  ? { headers: { ...(req.headers as object), "x-forwarded-for": nextAddress() } }
                  : {}),
              }),
            },
          ]
        : undefined,
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    latencies,
    total: result.requests.total,
    seconds: opts.seconds,
    rps: result.requests.total / opts.seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Several runs as one: their requests over their time, their latencies together. */
function combine(runs: Measure[]): Measure {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const total = runs.reduce((n, r) => n + r.total, 0);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  return {
    latencies,
    total,
    seconds,
    rps: total / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
}

/**
 * The reference and a scenario at full speed, alternating in slices of `slice` seconds, so that a
 * machine whose load changes during the run weighs on both alike.
 */
async function driveAlternating(opts: {
  reference: Parameters<typeof drive>[0];
  scenario: Parameters<typeof drive>[0];
  seconds: number;
  slice: number;
}): Promise<{ reference: Measure; scenario: Measure }> {
  const refRuns: Measure[] = [];
  const runs: Measure[] = [];
  const rounds = Math.max(1, Math.round(opts.seconds / opts.slice));
  for (let i = 0; i < rounds; i++) {
    refRuns.push(await drive({ ...opts.reference, seconds: opts.slice }));
    runs.push(await drive({ ...opts.scenario, seconds: opts.slice }));
  }
  return { reference: combine(refRuns), scenario: combine(runs) };
}

type Row = {
  scenario: string;
  mode: string;
  m: Measure;
  percent: number | null;
  goal?: number;
  /** p95 goal (ms) of a fixed-rate row. */
  goalP95?: number;
};

/** The goal column: a throughput ratio at full speed, a p95 at a fixed rate. */
function goalCell(r: Row): string {
  if (r.mode === "full speed" && r.goal !== undefined) {
    return `≥ ${r.goal} % ${r.percent! >= r.goal ? "ok" : "MISSED"}`;
  }
  if (r.mode !== "full speed" && r.goalP95 !== undefined) {
    return `p95 ≤ ${r.goalP95} ms ${r.m.p95 <= r.goalP95 ? "ok" : "MISSED"}`;
  }
  return "";
}

function printTable(kind: Kind, rows: Row[], memory: { idle: number | null; peak: number | null }) {
  const header = ["scenario", "mode", "req/s", "% of ref", "goal", "p50 ms", "p95 ms", "p99 ms", "non-2xx"];
  const lines = rows.map((r) => [
    r.scenario,
    r.mode,
    r.m.rps.toFixed(0),
    r.percent === null ? "" : `${r.percent.toFixed(0)} %`,
    goalCell(r),
    r.m.p50.toFixed(1),
    r.m.p95.toFixed(1),
    r.m.p99.toFixed(1),
    String(r.m.non2xx + r.m.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(`\n== ${kind === "pglite" ? "Embedded database (PGlite)" : "PostgreSQL"} ==`);
  console.log(fmt(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const l of lines) console.log(fmt(l));
  const mb = (v: number | null) => (v === null ? "n/a" : `${v.toFixed(0)} MB`);
  console.log(`server RSS: idle after start ${mb(memory.idle)}, peak during load ${mb(memory.peak)}`);
}

async function benchKind(kind: Kind) {
  const seconds = duration;
  let dataDir: string | null = null;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (kind === "pglite") {
    dataDir = mkdtempSync(path.join(tmpdir(), "aula-bench-"));
  } else {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("PostgreSQL bench needs TEST_DATABASE_URL (scripts/with-postgres.sh)");
    const name = `aula_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const started = Date.now();
  const selected = scenarios.filter((s) => s.target === "reference" || wants(s.name));
  const creds = await seed({ databaseUrl, dataDir });
  // A period of 60 sections with full weekly schedules (issue 7), for the schedule scenarios.
  const scheduleIds = await prepareSchedules({ databaseUrl, dataDir });
  // Serving a 10 MB file (issue 12): stored now, downloaded after the other scenarios (file-serving.ts).
  const wantsFile = wants(fileServingName);
  const file = wantsFile
    ? await prepareFileServing({ databaseUrl, dataDir, adminEmail: creds.adminEmail })
    : null;
  let fileReport: string | null = null;
  // A list's throughput while a backup runs (issue 12): files and rows stored now, measured last.
  const wantsBackup = wants(backupLoadName);
  if (wantsBackup)
    await prepareBackupLoad({ databaseUrl, dataDir, filesMb: backupFilesMb, rows: backupRows });
  // The school of `--students` students (issue 8): the students list, the storm and the backup read it.
  const wantsStorm = wants(inscriptionStormName);
  // One notification to every user of that school (issue 11).
  const wantsFanout = wants(notificationFanoutName);
  const students =
    wantsStorm || wantsFanout || wantsBackup || selected.some((s) => s.needsStudents)
      ? await prepareStudents({ databaseUrl, dataDir, count: benchStudents })
      : undefined;
  if (students) {
    console.log(
      `[${kind}] seeded ${students.seeded} students (users, students, sections, inscriptions, course enrolments: ` +
        `one insert per table) in ${students.seedSeconds.toFixed(1)} s`,
    );
  }
  // A section of 35 students × 8 courses × 10 evaluations (issue 9), for the teaching scenarios.
  const teaching = selected.some((s) => s.needsTeaching)
    ? await prepareTeaching({ databaseUrl, dataDir })
    : undefined;
  // 100,000 payments and a student with a fee (issue 10), for the money scenarios.
  const money = selected.some((s) => s.needsMoney) ? await prepareMoney({ databaseUrl, dataDir }) : undefined;
  if (money) {
    console.log(
      `[${kind}] seeded ${money.payments} payments (one insert) in ${money.seedSeconds.toFixed(1)} s`,
    );
  }
  // A pending grades-certificate request (issue 11), for the certificate scenario.
  const documents = selected.some((s) => s.needsDocuments)
    ? await prepareDocuments({ databaseUrl, dataDir })
    : undefined;
  // 100 certificates generated at once while another user reads (issue 27): requests added now.
  const pdfLoad = wants(pdfLoadName) ? await preparePdfLoad({ databaseUrl, dataDir }) : null;
  // 20,000 students imported from an XLSX file (import.ts): the sections now, the file once the server runs.
  const importData = wants(importName)
    ? await prepareImport({ databaseUrl, dataDir, count: IMPORT_ROWS })
    : null;
  let importReport: string | null = null;
  let pdfReport: string | null = null;
  let stormReport: string | null = null;
  let fanoutReport: string | null = null;
  let backupReport: string | null = null;
  const benchBackupDir = mkdtempSync(path.join(tmpdir(), "aula-bench-backups-"));
  console.log(
    `[${kind}] seeded the demo school + ${extraClassrooms} classrooms in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const dbEnv: Record<string, string> = databaseUrl
    ? { DATABASE_URL: databaseUrl }
    : { DATA_DIR: dataDir!, DATABASE_URL: "" };
  const rows: Row[] = [];

  // The reference and the real server both run (on core 0); the embedded reference opens a copy of the
  // seeded folder, since one PGlite folder belongs to one process. Each scenario's full-speed run is paired
  // with a reference run just before it, so a busy machine skews both alike.
  // Two references: the raw driver (what scenarios are measured against) and the server's own database
  // client with Drizzle (what those two cost), each on its own copy of the embedded folder.
  const refDirs: string[] = [];
  const startReference = async (kindOfReference: "raw" | "drizzle") => {
    let refDir: string | null = null;
    if (dataDir) {
      refDir = `${dataDir}-reference-${kindOfReference}`;
      cpSync(dataDir, refDir, { recursive: true });
      refDirs.push(refDir);
    }
    const refPort = await freePort();
    const child = await startProcess({
      script: "scripts/bench/reference-server.ts",
      env: refDir ? { DATA_DIR: refDir, DATABASE_URL: "" } : dbEnv,
      extraEnv: { PORT: String(refPort), REFERENCE: kindOfReference },
      readyUrl: `http://127.0.0.1:${refPort}/ref/1`,
    });
    return { child, base: `http://127.0.0.1:${refPort}` };
  };
  const rawRef = await startReference("raw");
  const drizzleRef = await startReference("drizzle");
  const ref = rawRef.child;
  const port = await freePort();
  let server: ChildProcess | undefined;
  const memory = { idle: null as number | null, peak: null as number | null };
  let sampler: NodeJS.Timeout | undefined;
  const ctx: BenchContext = {
    adminAuth: "",
    studentAuth: "",
    ...creds,
    userId: 1,
    schedules: scheduleIds,
    students,
    money,
    documents,
  };
  try {
    server = await startProcess({
      script: "server/main.ts",
      env: dbEnv,
      extraEnv: {
        PORT: String(port),
        HOST: "127.0.0.1",
        NODE_ENV: "production",
        JWT_SECRET: jwtSecret,
        TRUST_PROXY: "1",
        LOG_LEVEL: "warn",
        LOG_FORMAT: "json",
        BACKUP_DIR: benchBackupDir,
      },
      readyUrl: `http://127.0.0.1:${port}/api/users/me`,
    });
    const base = `http://127.0.0.1:${port}`;
    const refBase = rawRef.base;
    const login = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: creds.adminEmail, password: creds.adminPassword }),
    });
    if (!login.ok) throw new Error(`bench login failed: ${login.status} ${await login.text()}`);
    const session = (await login.json()) as { access_token: string; user: { id: number } };
    ctx.adminAuth = `Bearer ${session.access_token}`;
    ctx.userId = session.user.id;
    const studentLogin = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "estudiante1@demo.edu.ve", password: "Estudiante123*" }),
    });
    if (!studentLogin.ok) throw new Error(`bench student login failed: ${studentLogin.status}`);
    ctx.studentAuth = `Bearer ${((await studentLogin.json()) as { access_token: string }).access_token}`;
    if (teaching) {
      const teacherLogin = await fetch(`${base}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: teaching.teacherEmail, password: teaching.teacherPassword }),
      });
      if (!teacherLogin.ok) throw new Error(`bench teacher login failed: ${teacherLogin.status}`);
      const t = (await teacherLogin.json()) as { access_token: string };
      ctx.teaching = { ...teaching, teacherAuth: `Bearer ${t.access_token}` };
    }
    await new Promise((r) => setTimeout(r, 2000));
    memory.idle = rssMb(server.pid);
    const serverPid = server.pid;
    sampler = setInterval(() => {
      const now = rssMb(serverPid);
      if (now !== null) memory.peak = Math.max(memory.peak ?? 0, now);
    }, 250);

    const referenceScenario = scenarios.find((s) => s.target === "reference")!;
    await drive({ baseUrl: refBase, scenario: referenceScenario, ctx, seconds: 2 }); // warm-up
    const references: Measure[] = [];
    const measured: Row[] = [];
    let lastReference = 0;
    for (const scenario of selected.filter((s) => s.target !== "reference")) {
      const warm = scenario.fixedRateOnly ? scenario.rate : undefined;
      await drive({ baseUrl: base, scenario, ctx, seconds: 2, rate: warm });
      if (!scenario.fixedRateOnly) {
        const { reference: refRun, scenario: full } = await driveAlternating({
          reference: { baseUrl: refBase, scenario: referenceScenario, ctx, seconds },
          scenario: { baseUrl: base, scenario, ctx, seconds },
          seconds,
          slice,
        });
        references.push(refRun);
        lastReference = refRun.rps;
        measured.push({
          scenario: scenario.name,
          mode: "full speed",
          m: full,
          percent: refRun.rps ? (100 * full.rps) / refRun.rps : null,
          goal: scenario.goalPercent,
        });
      }
      const rate = scenario.rate ?? Math.max(1, Math.round(lastReference / 4));
      const fixed = await drive({ baseUrl: base, scenario, ctx, rate, seconds });
      measured.push({
        scenario: scenario.name,
        mode: `${rate}/s`,
        m: fixed,
        percent: null,
        goalP95: scenario.goalP95Ms,
      });
    }
    if (references.length === 0) {
      references.push(await drive({ baseUrl: refBase, scenario: referenceScenario, ctx, seconds }));
    }
    // The reference row: the median of its paired runs, and its own latency at a quarter of that rate.
    const median = [...references].sort((a, b) => a.rps - b.rps)[Math.floor(references.length / 2)]!;
    rows.push({ scenario: referenceScenario.name, mode: "full speed", m: median, percent: 100 });
    const refRate = Math.max(1, Math.round(median.rps / 4));
    const refFixed = await drive({
      baseUrl: refBase,
      scenario: referenceScenario,
      ctx,
      rate: refRate,
      seconds,
    });
    rows.push({ scenario: referenceScenario.name, mode: `${refRate}/s`, m: refFixed, percent: null });
    // The same route through the server's database client and Drizzle, against the raw driver.
    const { reference: rawRun, scenario: drizzleRun } = await driveAlternating({
      reference: { baseUrl: refBase, scenario: referenceScenario, ctx, seconds },
      scenario: { baseUrl: drizzleRef.base, scenario: referenceScenario, ctx, seconds },
      seconds,
      slice,
    });
    rows.push({
      scenario: "reference through the server's database client and Drizzle",
      mode: "full speed",
      m: drizzleRun,
      percent: rawRun.rps ? (100 * drizzleRun.rps) / rawRun.rps : null,
    });
    rows.push(...measured);
    if (wantsFanout && students) {
      fanoutReport = await benchNotificationFanout({
        kind,
        baseUrl: base,
        auth: ctx.adminAuth,
        studentEmail: "estudiante1@demo.edu.ve",
        studentPassword: "Estudiante123*",
      });
    }
    if (wantsStorm && students) {
      stormReport = await benchInscriptionStorm({ kind, baseUrl: base, auth: ctx.adminAuth, ids: students });
    }
    if (file) {
      const pid = server.pid;
      fileReport = await benchFileServing({
        kind,
        storageKind: file.storageKind,
        baseUrl: base,
        auth: ctx.adminAuth,
        userId: file.userId,
        rss: () => rssMb(pid),
      });
    }
    if (pdfLoad) {
      const { token } = await signAccessToken({
        secret: jwtSecret,
        userId: pdfLoad.otherUserId,
        ttlSeconds: 3600,
      });
      pdfReport = await benchPdfLoad({
        kind,
        baseUrl: base,
        auth: ctx.adminAuth,
        otherAuth: `Bearer ${token}`,
        requestIds: pdfLoad.requestIds,
      });
    }
    if (wantsBackup) {
      backupReport = await benchBackupLoad({
        kind,
        baseUrl: base,
        auth: ctx.adminAuth,
        seconds,
        connections,
        filesMb: backupFilesMb,
        rows: backupRows,
        students: benchStudents,
        backupDir: benchBackupDir,
      });
    }
    if (importData) {
      const other = await signAccessToken({
        secret: jwtSecret,
        userId: importData.otherUserId,
        ttlSeconds: 3600,
      });
      importReport = await benchImport({
        kind,
        baseUrl: base,
        auth: ctx.adminAuth,
        otherAuth: `Bearer ${other.token}`,
        count: IMPORT_ROWS,
        data: importData,
      });
    }
  } finally {
    if (sampler) clearInterval(sampler);
    if (server) await stopProcess(server);
    await stopProcess(ref);
    await stopProcess(drizzleRef.child);
    for (const dir of refDirs) rmSync(dir, { recursive: true, force: true });
    rmSync(benchBackupDir, { recursive: true, force: true });
  }
  printTable(kind, rows, memory);
  if (stormReport) console.log(stormReport);
  if (fanoutReport) console.log(fanoutReport);
  if (fileReport) console.log(fileReport);
  if (backupReport) console.log(backupReport);
  if (pdfReport) console.log(pdfReport);
  if (importReport) console.log(importReport);

  // 3. What `npm run demo` holds when idle: a server that seeded the demo school itself (embedded only).
  if (kind === "pglite" && !args["skip-demo-memory"]) {
    const demoDir = mkdtempSync(path.join(tmpdir(), "aula-bench-demo-"));
    const demoPort = await freePort();
    try {
      const demo = await startProcess({
        script: "server/main.ts",
        args: ["--demo"],
        env: {
          DATA_DIR: demoDir,
          DATABASE_URL: "",
          PORT: String(demoPort),
          HOST: "127.0.0.1",
          NODE_ENV: "production",
          JWT_SECRET: jwtSecret,
          LOG_LEVEL: "warn",
          LOG_FORMAT: "json",
        },
        readyUrl: `http://127.0.0.1:${demoPort}/api/users/me`,
      });
      await new Promise((r) => setTimeout(r, 3000));
      const afterSeed = rssMb(demo.pid);
      await stopProcess(demo);
      const again = await startProcess({
        script: "server/main.ts",
        args: ["--demo"],
        env: {
          DATA_DIR: demoDir,
          DATABASE_URL: "",
          PORT: String(demoPort),
          HOST: "127.0.0.1",
          NODE_ENV: "production",
          JWT_SECRET: jwtSecret,
          LOG_LEVEL: "warn",
          LOG_FORMAT: "json",
        },
        readyUrl: `http://127.0.0.1:${demoPort}/api/users/me`,
      });
      await new Promise((r) => setTimeout(r, 3000));
      const restarted = rssMb(again.pid);
      await stopProcess(again);
      const mb = (v: number | null) => (v === null ? "n/a" : `${v.toFixed(0)} MB`);
      console.log(
        `npm run demo RSS: idle right after seeding itself ${mb(afterSeed)}; idle after a restart on the seeded folder ${mb(restarted)}`,
      );
    } finally {
      rmSync(demoDir, { recursive: true, force: true });
    }
  }

  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
}

const footer = `
How to read this: "% of ref" is a scenario's full-speed throughput divided by the reference's, measured in
the same run on the same database kind (a bare Fastify route answering one primary-key select through the
database's own driver — PGlite's query or pg.Pool — started with the server's Node flags and, embedded, its
WebAssembly compilation), the two alternating in short slices so that a change in the machine's load weighs on
both alike. The row "reference through the server's database client and Drizzle" is the same route through
what the server itself uses, against the raw one: what the client and Drizzle cost. Absolute req/s depend on
the machine; the ratios do not. Fixed-rate rows send a steady arrival rate (autocannon overallRate) and show
the latency a client sees below saturation. The server runs with LOG_LEVEL=warn (the reference logs nothing
either). Servers are pinned to core 0 and the load to core 1 when taskset exists; on a busy machine run it
twice.

Memory: the embedded server's RSS is mostly PGlite, PostgreSQL compiled to WebAssembly running inside the
Node process. Its linear memory (the WASM heap) holds PostgreSQL's shared buffers, catalog caches and the
per-backend work memory, and a WASM heap grows but never shrinks: seeding the demo school in-process (one big
transaction, sorts, index builds) leaves the heap at its high-water mark. So a server that has just created
or seeded its embedded database closes and reopens it before serving (keeping the folder's lock), dropping
that heap; what remains above a restarted server is V8 garbage from seeding, which it frees lazily. The rest is V8 (the
server's code, Fastify, Zod schemas, Drizzle) plus tsx's compiled module cache, roughly 100-150 MB, and
the young generation's room for short-lived objects (32 MB semi-spaces, scripts/server-node-flags.mjs). The web
app is served as prebuilt static files (no Vite in the server process). On PostgreSQL the database's memory
lives in the PostgreSQL processes, so the Node server idles at the V8 part alone.
`;

async function main() {
  const which = (args.db ?? "all") as Kind | "all";
  pinSelf(1);
  // The timetable engine needs no server and no database kind: measured once, here or alone (`--only=timetable`).
  if (wants(timetableName) && !args["no-footer"]) {
    console.log(
      await benchTimetable({
        seconds: Number(args["timetable-seconds"] ?? 60),
        seeds: Number(args["timetable-seeds"] ?? 1),
      }),
    );
    if (only?.toLowerCase() === timetableName) return;
  }
  if (which === "pglite" || which === "all") await benchKind("pglite");
  if (which === "postgres" || which === "all") {
    if (process.env.TEST_DATABASE_URL) await benchKind("postgres");
    else if (pgBinaries()) {
      // A throwaway PostgreSQL cluster on core 0, beside the server it serves.
      const passOn = process.argv.slice(2).filter((a) => !a.startsWith("--db="));
      const inner = [
        "bash",
        path.join(root, "scripts", "with-postgres.sh"),
        process.execPath,
        "--import",
        "tsx",
        fileURLToPath(import.meta.url),
        "--db=postgres",
        "--no-footer",
        ...passOn,
      ];
      const command = hasTaskset ? ["taskset", "-c", "0", ...inner] : inner;
      const result = spawnSync(command[0]!, command.slice(1), { stdio: "inherit", cwd: root });
      if (result.status !== 0) process.exitCode = result.status ?? 1;
    } else if (which === "postgres") {
      throw new Error("PostgreSQL binaries not found (install postgresql or set TEST_DATABASE_URL)");
    } else console.log("\n(PostgreSQL binaries not found: only the embedded database was measured)");
  }
  if (!args["no-footer"]) console.log(footer);
}

await main();
