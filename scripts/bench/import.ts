// Bench scenario "import 20,000 students from XLSX" (goal: the file checked and written in ≤ 60 s, with the
// progress reported on the way). Before the server starts, the current period gets sections enough for every
// row (about 30 students a section, 20 + 20 seats each) with their course sections. The bench then builds the
// workbook a school would send ("Estudiantes.xlsx": the template's ten columns, Spanish names with their
// accents, cédulas written "V-12.345.678" or "V12345678", e-mails, "Femenino"/"M", birth dates as date cells
// or DD/MM/AAAA text, phones, addresses, and the specialization and semester each student is inscribed in) and
// times the administrator's two calls through the real route: "Revisar archivo" (`dry_run=1`) and "Importar"
// (`dry_run=0`, which checks the file again and writes it in one transaction). Meanwhile it polls the progress
// endpoint (the rows done out of the total, as the page's bar shows them) and another user reads
// GET /api/users/me one call after another, so the report shows that the server kept answering.
import ExcelJS from "exceljs";
import { studentImportHeaders } from "../../common/schemas/student-import.js";
import { openDatabase } from "../../server/db/client.js";
import { PersonFactory } from "../../server/db/seed/names.js";
import { Random } from "../../server/db/seed/random.js";

export const importName = "import 20,000 students from XLSX";
const GOAL_SECONDS = 60;
/** How often the other user reads their session while the file is checked and imported. */
const READ_EVERY_MS = 100;
/** Students per section, about what a classroom holds; each section has more seats than that per gender. */
const SECTION_SIZE = 30;
const SEATS_PER_GENDER = 20;

/** A semester the current period follows, as a school's file names it. */
type Placement = { specialization: string; semester: number };

/** Students in the bench's workbook: the most one import takes. */
export const IMPORT_ROWS = 20_000;

export type ImportBenchData = {
  /** Where the rows ask to be inscribed, in turn. */
  placements: Placement[];
  sections: number;
  /** A demo student, who reads their own session meanwhile. */
  otherUserId: number;
};

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Before the server starts: sections for `count` students across the current period's semesters. */
export async function prepareImport(opts: {
  databaseUrl?: string;
  dataDir: string | null;
  count: number;
}): Promise<ImportBenchData> {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  const client = (
    database.db as unknown as { $client: { query(t: string, p?: unknown[]): Promise<unknown> } }
  ).$client;
  const q: Query = async (text, params = []) =>
    ((await client.query(text, params)) as { rows: Record<string, unknown>[] }).rows;
  try {
    const semesters = await q(
      `select se.id, se.number, se.code, sp.title, sp.code as sp_code
         from periods p
         join period_pensums pp on pp.period_id = p.id
         join semesters se on se.pensum_id = pp.pensum_id
         join specializations sp on sp.id = pp.specialization_id and sp.enabled
        where p.enabled and p.enabled_inscriptions
        order by sp.is_basic desc, sp.id, se.number`,
    );
    if (semesters.length === 0)
      throw new Error("import bench: no semester in a period with inscriptions open");
    const [period] = await q("select id from periods where enabled");
    const periodId = Number(period!.id);
    const perSemester = Math.ceil(opts.count / semesters.length);
    const sections: Record<string, unknown>[] = [];
    for (const se of semesters)
      for (let i = 0; i < Math.ceil(perSemester / SECTION_SIZE); i++) {
        const letter = `M${i.toString(36).toUpperCase().padStart(2, "0")}`;
        sections.push({
          period_id: periodId,
          semester_id: Number(se.id),
          letter,
          code: `${se.code}${letter}`,
          shift: i % 2 ? "afternoon" : "morning",
          males: SEATS_PER_GENDER,
          females: SEATS_PER_GENDER,
        });
      }
    const ids = await q(
      `insert into sections (period_id, semester_id, letter_code, code, title, shift, males_limit, females_limit)
       select x.period_id, x.semester_id, x.letter, x.code, 'Sección ' || x.letter, x.shift, x.males, x.females
         from json_to_recordset($1::json)
           as x(period_id int, semester_id int, letter text, code text, shift text, males int, females int)
       returning id`,
      [JSON.stringify(sections)],
    );
    await q(
      `insert into course_sections (section_id, course_id)
       select s.id, sc.course_id from sections s join semester_courses sc on sc.semester_id = s.semester_id
        where s.id = any($1::int[])`,
      [ids.map((r) => Number(r.id))],
    );
    for (const table of ["sections", "course_sections"]) await q(`analyze ${table}`);
    const [other] = await q(
      "select u.id from users u join students st on st.user_id = u.id order by st.id limit 1",
    );
    // A school writes the specialization by its name (with or without accents) or by its code.
    const placements = semesters.map((se, k) => ({
      specialization: k % 3 === 2 ? String(se.sp_code) : String(se.title),
      semester: Number(se.number),
    }));
    return { placements, sections: ids.length, otherUserId: Number(other!.id) };
  } finally {
    await database.close();
  }
}

const headers = Object.values(studentImportHeaders);

const plain = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]+/g, "");
const domains = ["gmail.com", "hotmail.com", "yahoo.es", "outlook.com", "correo.edu.ve"];

/**
 * The workbook a school would send: `count` students in the template's columns, each asking for a place in
 * turn (none when `placements` is empty: the two columns stay blank).
 */
export async function importWorkbook(count: number, placements: Placement[]): Promise<Buffer> {
  const random = new Random(20_000);
  const people = new PersonFactory(random);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Estudiantes");
  sheet.addRow(headers);
  for (let i = 0; i < count; i++) {
    const gender = random.next() < 0.52 ? "female" : "male";
    const p = people.person({ gender, documentRange: [34_000_000, 39_999_999], birthYears: [1998, 2009] });
    const digits = p.identityDocument.slice(2);
    const document =
      i % 3 === 0
        ? `V-${Number(digits).toLocaleString("es-VE")}`
        : i % 3 === 1
          ? p.identityDocument
          : `V${digits}`;
    const email = `${plain(p.firstName.split(" ")[0]!)}.${plain(p.lastName.split(" ")[0]!)}${i + 1}@${random.pick(domains)}`;
    const [y, m, d] = p.birthDate.split("-").map(Number) as [number, number, number];
    const place = placements.length > 0 ? placements[i % placements.length]! : null;
    sheet.addRow([
      p.firstName,
      p.lastName,
      document,
      i % 10 === 0 ? email.toUpperCase() : email,
      i % 4 === 0 ? (gender === "female" ? "F" : "M") : gender === "female" ? "Femenino" : "Masculino",
      // Most as date cells, some typed as text (a column pasted from elsewhere).
      i % 5 === 0
        ? `${String(d).padStart(2, "0")}/${String(m).padStart(2, "0")}/${y}`
        : new Date(Date.UTC(y, m - 1, d)),
      p.phone,
      p.address,
      place?.specialization ?? "",
      place ? place.semester : "",
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

type Progress = { phase: string; done: number; total: number; at?: number };

/** POST /api/students/import with the workbook, as the page's FormData sends it. */
async function post(opts: {
  baseUrl: string;
  auth: string;
  file: Buffer;
  dryRun: boolean;
  progressId: string;
}): Promise<{ status: number; seconds: number; body: unknown }> {
  const form = new FormData();
  form.append("dry_run", opts.dryRun ? "1" : "0");
  form.append("progress_id", opts.progressId);
  form.append(
    "file",
    new Blob([new Uint8Array(opts.file)], {
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    }),
    "Estudiantes.xlsx",
  );
  const started = performance.now();
  const res = await fetch(`${opts.baseUrl}/api/students/import`, {
    method: "POST",
    headers: { authorization: opts.auth },
    body: form,
  });
  const body = await res.json();
  return { status: res.status, seconds: (performance.now() - started) / 1000, body };
}

/**
 * Follows the progress stream of a call (server-sent events), as the page does: opened again while it
 * answers 404 (the file is still being sent), each `progress` event kept, until the last one (`done`).
 */
async function follow(opts: {
  baseUrl: string;
  auth: string;
  progressId: string;
  seen: Progress[];
  finished: () => boolean;
}) {
  for (;;) {
    const res = await fetch(`${opts.baseUrl}/api/students/import/progress/${opts.progressId}`, {
      headers: { authorization: opts.auth, accept: "text/event-stream" },
    });
    if (res.ok && res.body) {
      const decoder = new TextDecoder();
      let buffer = "";
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        const blocks = buffer.split("\n\n");
        buffer = blocks.pop() ?? "";
        for (const block of blocks) {
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (block.startsWith("event: progress") && data)
            opts.seen.push({ ...(JSON.parse(data) as Progress), at: performance.now() });
        }
      }
      return;
    }
    await res.arrayBuffer();
    if (opts.finished()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs the scenario against a started server; answers the report lines. */
export async function benchImport(opts: {
  kind: "pglite" | "postgres";
  baseUrl: string;
  /** The administrator importing. */
  auth: string;
  /** Another user, reading their own session meanwhile. */
  otherAuth: string;
  count: number;
  data: ImportBenchData;
}): Promise<string> {
  const { baseUrl } = opts;
  const built = performance.now();
  const file = await importWorkbook(opts.count, opts.data.placements);
  const buildSeconds = (performance.now() - built) / 1000;
  const me = async () => {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/users/me`, { headers: { authorization: opts.otherAuth } });
    await res.arrayBuffer();
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) await me(); // warm-up (and the session cached)

  /** One call, with the other user reading and its progress followed until it answers. */
  const run = async (dryRun: boolean) => {
    const progressId = crypto.randomUUID();
    let done = false;
    const started = performance.now();
    const call = post({ baseUrl, auth: opts.auth, file, dryRun, progressId }).finally(() => {
      done = true;
    });
    const latencies: number[] = [];
    // Another user working meanwhile: a page every 100 ms (not back to back, which on the bench's one core
    // for the server would take its time from the import).
    const reader = (async () => {
      while (!done) {
        latencies.push(await me());
        await new Promise((r) => setTimeout(r, READ_EVERY_MS));
      }
    })();
    const seen: Progress[] = [];
    const follower = follow({ baseUrl, auth: opts.auth, progressId, seen, finished: () => done });
    const result = await call;
    const ended = performance.now();
    await Promise.all([reader, follower]);
    latencies.sort((a, b) => a - b);
    // The longest the page's bar stood still: between the call's start, each report, and its answer.
    const moments = [started, ...seen.filter((p) => p.phase !== "done").map((p) => p.at!), ended];
    const stillest = Math.max(...moments.slice(1).map((t, i) => t - moments[i]!));
    const writing = seen.find((p) => p.phase === "writing")?.at;
    return {
      ...result,
      latencies,
      reports: seen.filter((p) => p.phase === "checking" || p.phase === "writing").length,
      stillest: stillest / 1000,
      checkSeconds: writing === undefined ? result.seconds : (writing - started) / 1000,
    };
  };

  const check = await run(true);
  if (check.status !== 200)
    throw new Error(
      `import bench: check answered ${check.status} ${JSON.stringify(check.body).slice(0, 2000)}`,
    );
  const preview = (check.body as { data: { valid: number; invalid: number; rows: { errors: object }[] } })
    .data;
  if (preview.invalid > 0) {
    const first = preview.rows.find((r) => Object.keys(r.errors).length > 0);
    throw new Error(`import bench: ${preview.invalid} rows with errors, e.g. ${JSON.stringify(first)}`);
  }
  const write = await run(false);
  if (write.status !== 201)
    throw new Error(
      `import bench: (check ${check.seconds.toFixed(1)} s) import answered ${write.status} in ${write.seconds.toFixed(1)} s: ${JSON.stringify(write.body).slice(0, 2000)}`,
    );
  const result = (write.body as { data: { created: number; inscribed: number } }).data;
  const total = check.seconds + write.seconds;
  const all = [...check.latencies, ...write.latencies].sort((a, b) => a - b);
  const s = (n: number) => `${n.toFixed(1)} s`;
  const n = (v: number) => v.toLocaleString("en");
  return [
    `${importName} [${opts.kind}]: "Revisar archivo" ${s(check.seconds)} + "Importar" ${s(write.seconds)} ` +
      `(its check ${s(write.checkSeconds)}, writing ${s(write.seconds - write.checkSeconds)}) = ${s(total)} ` +
      `(goal ≤ ${GOAL_SECONDS} s: ${total <= GOAL_SECONDS ? "met" : "MISSED"})`,
    `  ${n(result.created)} students created, ${n(result.inscribed)} inscribed in ${n(opts.data.sections)} sections, ` +
      `from a workbook of ${(file.length / 1024 / 1024).toFixed(1)} MB the bench built in ${s(buildSeconds)}`,
    `  progress: ${check.reports} + ${write.reports} reports of rows done / total; the bar stood still at most ` +
      `${s(check.stillest)} while checking, ${s(write.stillest)} while importing`,
    `  meanwhile another user's GET /api/users/me: p50 ${percentile(all, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(all, 95).toFixed(1)} ms, max ${(all.at(-1) ?? 0).toFixed(1)} ms over ${n(all.length)} calls`,
  ].join("\n");
}
