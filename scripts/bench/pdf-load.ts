// Bench scenario "another user while 100 PDFs are generated" (issue 27, goal: that user's p95 ≤ 200 ms).
// Before the server starts, 100 pending grades-certificate requests (type 2) of students of the current
// period are added; then all 100 generations are sent at once while another user asks GET /api/users/me
// one call after another until every generation has answered. The PDFs are built by the worker pool
// (server/pdf), so the event loop and the database stay free; generations beyond the pool's queue are
// refused with 503 `documents_busy` (counted, not errors).
import { sql } from "drizzle-orm";
import { openDatabase } from "../../server/db/client.js";

export const pdfLoadName = "another user while 100 PDFs are generated";
const generations = 100;

/**
 * Before the server starts: the requests to generate (students of the current period, round-robin) and the
 * user who reads meanwhile (a student without any of those requests, or the last one).
 */
export async function preparePdfLoad(opts: {
  databaseUrl?: string;
  dataDir: string | null;
}): Promise<{ requestIds: number[]; otherUserId: number }> {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    const rows = (await database.db.execute(sql`
      with pupils as (
        select i.student_id, i.period_id, row_number() over (order by i.student_id) as n,
               count(*) over () as total
          from inscriptions i join periods p on p.id = i.period_id and p.enabled)
      insert into document_requests (student_id, type_id, period_id, status, observation)
      select p.student_id, 2, p.period_id, 'pending', 'Banco de pruebas PDF'
        from generate_series(1, ${generations}) g
        join pupils p on p.n = ((g - 1) % p.total) + 1
      returning id`)) as unknown as { rows: { id: number }[] };
    if (rows.rows.length === 0) throw new Error("pdf bench: no student in the current period");
    const other = (await database.db.execute(sql`
      select u.id from users u join students st on st.user_id = u.id
       order by st.id desc limit 1`)) as unknown as { rows: { id: number }[] };
    return { requestIds: rows.rows.map((r) => Number(r.id)), otherUserId: Number(other.rows[0]!.id) };
  } finally {
    await database.close();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Runs the scenario against a started server; answers the report line. */
export async function benchPdfLoad(opts: {
  kind: "pglite" | "postgres";
  baseUrl: string;
  /** The administrator generating. */
  auth: string;
  /** Another user, reading their own session meanwhile. */
  otherAuth: string;
  requestIds: number[];
}): Promise<string> {
  const { baseUrl } = opts;
  const me = async () => {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/users/me`, { headers: { authorization: opts.otherAuth } });
    await res.arrayBuffer();
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) await me(); // warm-up
  const statuses = new Map<number, number>();
  let done = false;
  const started = performance.now();
  const all = Promise.all(
    opts.requestIds.map(async (id) => {
      const res = await fetch(`${baseUrl}/api/document-requests/${id}/generate-certificateNote`, {
        headers: { authorization: opts.auth },
      });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }),
  ).finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done) latencies.push(await me());
  await all;
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p95 = percentile(latencies, 95);
  const answers = [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n}×${status}`)
    .join(", ");
  return (
    `${pdfLoadName} [${opts.kind}]: GET /api/users/me p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
    `p95 ${p95.toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms over ${latencies.length} calls ` +
    `(goal p95 ≤ 200 ms${p95 <= 200 ? ", met" : ", MISSED"}); ${opts.requestIds.length} generations at once ` +
    `answered ${answers} in ${seconds.toFixed(1)} s`
  );
}
