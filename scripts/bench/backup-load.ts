// Bench scenario "a list's throughput while a backup runs" (issue 12, goal: not below half of its usual
// throughput). Before the server starts, `--backup-files-mb` MB of incompressible files (1 MB each, 500 by
// default) are put in the server's storage and `--backup-rows` extra rows in `notifications`, beside the
// bench school of `--students` students (students.ts); then the students list (first page with its count)
// is driven at full speed for `seconds` without a backup, and again while the server writes a backup
// (POST /api/backups, the same code as the scheduled one), in one-second slices until the backup has
// finished. Shrink it with --backup-files-mb / --backup-rows / --students.
import { randomBytes } from "node:crypto";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../../server/db/client.js";
import { createStorage } from "../../server/storage/index.js";

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

/** Runs the scenario against a started server; answers the report line. */
export async function benchBackupLoad(opts: {
  kind: "pglite" | "postgres";
  baseUrl: string;
  auth: string;
  seconds: number;
  connections: number;
  filesMb: number;
  rows: number;
  students: number;
}): Promise<string> {
  const { baseUrl, auth } = opts;
  await slice(baseUrl, auth, 2, opts.connections); // warm-up
  const quiet = await slice(baseUrl, auth, opts.seconds, opts.connections);
  const quietRps = quiet.requests / opts.seconds;

  const status = async () => {
    const res = await fetch(`${baseUrl}/api/backups`, { headers: { authorization: auth } });
    return (
      (await res.json()) as {
        data: { running: boolean; last: { size: number } | null; last_error: string | null };
      }
    ).data;
  };
  const started = performance.now();
  const post = await fetch(`${baseUrl}/api/backups`, { method: "POST", headers: { authorization: auth } });
  if (post.status !== 202) throw new Error(`backup did not start: ${post.status} ${await post.text()}`);
  let requests = 0;
  let errors = 0;
  let seconds = 0;
  for (;;) {
    const s = await slice(baseUrl, auth, 1, opts.connections);
    requests += s.requests;
    errors += s.errors;
    seconds += 1;
    if (!(await status()).running) break;
  }
  const backupSeconds = (performance.now() - started) / 1000;
  const after = await status();
  if (after.last_error) throw new Error(`backup failed during the bench: ${after.last_error}`);
  const busyRps = requests / seconds;
  const percent = (100 * busyRps) / quietRps;
  const size = after.last ? `${(after.last.size / 1024 / 1024).toFixed(1)} MB` : "n/a";
  return (
    `${backupLoadName} [${opts.kind}]: GET ${listPath} ${quietRps.toFixed(0)} req/s without a backup, ` +
    `${busyRps.toFixed(0)} req/s during it (${percent.toFixed(0)}%, goal ≥ 50%${percent >= 50 ? ", met" : ", MISSED"}` +
    `${errors ? `, ${errors} errors` : ""}); backup of the seeded school + ${opts.students} students + ${opts.rows} extra rows + ` +
    `${opts.filesMb} MB of files took ${backupSeconds.toFixed(1)} s, archive ${size}`
  );
}
