// Bench scenario "a list's throughput while a backup runs" (issue 12, goal: not below half of its usual
// throughput). Before the server starts, `--backup-files-mb` MB of incompressible files (1 MB each, 500 by
// default) are put in the server's storage and `--backup-rows` extra rows in `notifications`, beside the
// bench school of `--students` students (students.ts); then the students list (first page with its count)
// is driven at full speed for `seconds` without a backup, and again while the server writes a backup
// (POST /api/backups, the same code as the scheduled one), in one-second slices until the backup has
// finished. Then the archive just written is restored (`npm run restore`, the command people run) into a
// fresh throwaway database of the same kind. Shrink it with --backup-files-mb / --backup-rows / --students.
// Goals (issue 12): the backup and the restore each ≤ 2 min, the list ≥ 50 % of its throughput meanwhile.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase } from "../../server/db/client.js";
import { createStorage } from "../../server/storage/index.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Goal of the backup and of the restore of the bench school, in seconds. */
const goalSeconds = 120;
/** Goal of the list's throughput while a backup runs, in % of its throughput without one. */
const goalPercent = 50;

/** `49.1 s`, `1 m 12 s`. */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} m ${String(whole % 60).padStart(2, "0")} s`;
}

const verdict = (met: boolean) => (met ? "met" : "MISSED");

export const backupLoadName = "list while a backup runs";
const listPath = "/api/students?page=1&limit=10";

/** Before the server starts: the files and extra rows the backup will carry. */
export async function prepareBackupLoad(opts: {
  databaseUrl?: string;
  dataDir: string | null;
  filesMb: number;
  rows: number;
}) {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    const storage = createStorage({
      config: { storageDir: path.join(opts.dataDir ?? "", "uploads") },
      db: database.db,
      kind: database.kind,
    });
    for (let i = 0; i < opts.filesMb; i++) {
      await storage.put(`bench-backup/${String(i).padStart(5, "0")}.bin`, randomBytes(1024 * 1024), {
        contentType: "application/octet-stream",
      });
    }
    await storage.close?.();
    const client = (
      database.db as unknown as { $client: { query(t: string, p?: unknown[]): Promise<unknown> } }
    ).$client;
    for (let done = 0; done < opts.rows; done += 5000) {
      await client.query(
        `insert into notifications (content, type, created_at)
         select 'Aviso de prueba ' || g || ' ' || md5(g::text), 1, now() from generate_series(1, $1) g`,
        [Math.min(5000, opts.rows - done)],
      );
    }
  } finally {
    await database.close();
  }
}

async function slice(baseUrl: string, auth: string, seconds: number, connections: number) {
  const result = await autocannon({
    url: baseUrl + listPath,
    headers: { authorization: auth },
    connections,
    duration: seconds,
  });
  return { requests: result.requests.total, errors: result.non2xx + result.errors + result.timeouts };
}

/** A fresh throwaway target of `kind`: the environment `npm run restore` needs, and its removal. */
async function freshTarget(
  kind: "pglite" | "postgres",
): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  if (kind === "pglite") {
    const dir = mkdtempSync(path.join(tmpdir(), "aula-bench-restore-"));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
    delete env.DATABASE_URL;
    delete env.STORAGE_DIR;
    delete env.STORAGE_URL;
    return { env, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("restoring on PostgreSQL needs TEST_DATABASE_URL");
  const name = `aula_bench_restore_${randomBytes(4).toString("hex")}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { ...process.env, DATABASE_URL: url.toString() },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** `npm run restore -- FILE` into a fresh target of `kind`; answers its time (s), start-up included. */
async function timeRestore(kind: "pglite" | "postgres", archive: string): Promise<number> {
  const target = await freshTarget(kind);
  try {
    const started = performance.now();
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/restore.ts", archive], {
      cwd: root,
      env: target.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`restore failed (exit code ${code}):\n${output}`);
    return (performance.now() - started) / 1000;
  } finally {
    await target.drop();
  }
}

/** Runs the scenario against a started server; answers the report lines. */
export async function benchBackupLoad(opts: {
  kind: "pglite" | "postgres";
  baseUrl: string;
  auth: string;
  seconds: number;
  connections: number;
  filesMb: number;
  rows: number;
  students: number;
  /** The server's BACKUP_DIR (the archive is restored from there). */
  backupDir: string;
}): Promise<string> {
  const { baseUrl, auth } = opts;
  await slice(baseUrl, auth, 2, opts.connections); // warm-up
  const quiet = await slice(baseUrl, auth, opts.seconds, opts.connections);
  const quietRps = quiet.requests / opts.seconds;

  type Status = {
    running: boolean;
    progress: { phase: string } | null;
    last: { name: string; size: number } | null;
    last_error: string | null;
  };
  const status = async () => {
    const res = await fetch(`${baseUrl}/api/backups`, { headers: { authorization: auth } });
    return ((await res.json()) as { data: Status }).data;
  };
  const started = performance.now();
  const post = await fetch(`${baseUrl}/api/backups`, { method: "POST", headers: { authorization: auth } });
  if (post.status !== 202) throw new Error(`backup did not start: ${post.status} ${await post.text()}`);
  let requests = 0;
  let errors = 0;
  let seconds = 0;
  /** When each phase was first seen (s after the start; seen once a second, between slices). */
  const phases = new Map<string, number>();
  for (;;) {
    const s = await slice(baseUrl, auth, 1, opts.connections);
    requests += s.requests;
    errors += s.errors;
    seconds += 1;
    const now = await status();
    const phase = now.progress?.phase;
    if (phase && !phases.has(phase)) phases.set(phase, (performance.now() - started) / 1000);
    if (!now.running) break;
  }
  const backupSeconds = (performance.now() - started) / 1000;
  const after = await status();
  if (after.last_error) throw new Error(`backup failed during the bench: ${after.last_error}`);
  if (!after.last) throw new Error("the backup wrote no archive");
  const busyRps = requests / seconds;
  const percent = (100 * busyRps) / quietRps;
  const size = `${(after.last.size / 1024 / 1024).toFixed(1)} MB`;
  const seen = [...phases].map(([phase, at]) => `${phase} from ${at.toFixed(0)} s`).join(", ");

  const restoreSeconds = await timeRestore(opts.kind, path.join(opts.backupDir, after.last.name));
  const school = `the seeded school + ${opts.students} students + ${opts.rows} extra rows + ${opts.filesMb} MB of files`;
  return [
    `${backupLoadName} [${opts.kind}]: GET ${listPath} ${quietRps.toFixed(0)} req/s without a backup, ` +
      `${busyRps.toFixed(0)} req/s during it (${percent.toFixed(0)} %, goal ≥ ${goalPercent} %: ` +
      `${verdict(percent >= goalPercent)}${errors ? `, ${errors} errors` : ""})`,
    `  backup of ${school}: ${formatSeconds(backupSeconds)} (goal ≤ 2 min: ${verdict(backupSeconds <= goalSeconds)}), ` +
      `archive ${size}${seen ? ` (${seen})` : ""}`,
    `  restore of that archive into a fresh ${opts.kind === "pglite" ? "data folder" : "PostgreSQL database"} ` +
      `(npm run restore): ${formatSeconds(restoreSeconds)} (goal ≤ 2 min: ${verdict(restoreSeconds <= goalSeconds)})`,
  ].join("\n");
}
