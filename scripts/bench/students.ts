// Bench data for the people and enrolment scenarios (issue 8): a school of `--students` extra students
// (default 20,000) with Spanish names, accents included (so the search has to fold them), each inscribed in
// a section of the current period and enrolled in its courses, most with an inscription of the older period
// too; and, for the inscription storm, one section of 15 male + 15 female seats and 200 students with no
// inscription in the current period. Seeded with one multi-row insert per table (INSERT … SELECT over
// generate_series or over one JSON array), never a request or a statement per row.
import http from "node:http";
import { sql } from "drizzle-orm";
import { Role } from "../../common/roles.js";
import { openDatabase } from "../../server/db/client.js";
import { femaleNames, lastNames, maleNames } from "../../server/db/seed/names.js";

/** Students per section, about what a classroom holds. */
const SECTION_SIZE = 30;
export const STORM_STUDENTS = 200;
export const STORM_SEATS = { males: 15, females: 15 };
/**
 * Before the storm, smaller ones into another section of the semester (40 students, 5 + 5 seats), each
 * undone with POST /api/inscriptions/rollback: the server has been up and inscribing, as on any enrolment
 * morning before its peak, so the storm measures inscriptions, not the first runs of their code (compiled,
 * then optimized, as it gets used) and queries (planned once per database connection).
 */
export const WARMUP_STUDENTS = 40;
export const WARMUP_SEATS = { males: 5, females: 5 };
export const WARMUP_ROUNDS = 4;

export type StudentBenchIds = {
  /** The current period and a non-basic specialization, for the filtered list. */
  periodId: number;
  specializationId: number;
  seeded: number;
  seedSeconds: number;
  storm: { sectionId: number; sectionCode: string; semesterId: number; studentIds: number[] };
  warmup: { sectionId: number; studentIds: number[] };
};

type Query = (text: string, params?: (string | number)[]) => Promise<Record<string, unknown>[]>;
type SemesterOfPeriod = {
  id: number;
  number: number;
  code: string;
  specializationId: number;
  isBasic: boolean;
};

/** A section letter code no demo section uses: three base-36 characters. */
const letterOf = (i: number) => i.toString(36).toUpperCase().padStart(3, "0");

async function semestersOf(q: Query, periodId: number): Promise<SemesterOfPeriod[]> {
  const rows = await q(
    `select se.id, se.number, se.code, pp.specialization_id, sp.is_basic
       from period_pensums pp
       join semesters se on se.pensum_id = pp.pensum_id
       join specializations sp on sp.id = pp.specialization_id
      where pp.period_id = $1
      order by sp.is_basic desc, sp.id, se.number`,
    [periodId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    number: Number(r.number),
    code: String(r.code),
    specializationId: Number(r.specialization_id),
    isBasic: Boolean(r.is_basic),
  }));
}

/** Before the server starts: seeds the bench students (once per database). */
export async function prepareStudents(opts: {
  databaseUrl?: string;
  dataDir: string | null;
  count: number;
}): Promise<StudentBenchIds> {
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    return await database.db.transaction(async (tx) => {
      /** Raw SQL with $n placeholders, sent as one parameterised statement. */
      const q: Query = async (text, params = []) => {
        const chunks = text
          .split(/\$(\d+)/)
          .map((part, i) => (i % 2 ? sql`${params[Number(part) - 1]}` : sql.raw(part)));
        const result = await tx.execute(sql.join(chunks, sql.raw("")));
        return (result as unknown as { rows: Record<string, unknown>[] }).rows;
      };
      const [current] = await q("select id from periods where enabled");
      const periodId = Number(current!.id);
      const [older] = await q(
        "select id from periods where start_date < (select start_date from periods where id = $1) order by start_date desc limit 1",
        [periodId],
      );
      const olderId = older ? Number(older.id) : null;
      const nowSemesters = await semestersOf(q, periodId);
      const olderSemesters = olderId === null ? [] : await semestersOf(q, olderId);

      // Students go round the current period's semesters; a semester of n students gets ⌈n / 30⌉ sections.
      const n = opts.count;
      const perSemester = nowSemesters.map(
        (_, k) => Math.floor(n / nowSemesters.length) + (k < n % nowSemesters.length ? 1 : 0),
      );
      /** The semester a student of the current period came from in the older period, if any. */
      const previousOf = (sem: SemesterOfPeriod): SemesterOfPeriod | undefined => {
        if (sem.number > 1) {
          return olderSemesters.find(
            (o) => o.specializationId === sem.specializationId && o.number === sem.number - 1,
          );
        }
        if (sem.isBasic) return undefined; // a first inscription
        const basic = olderSemesters.filter((o) => o.isBasic);
        return basic[basic.length - 1];
      };
      const sectionDefs: {
        periodId: number;
        semesterId: number;
        letter: string;
        code: string;
        shift: string;
      }[] = [];
      const sectionsOf = new Map<string, number[]>(); // "period:semester" → indexes into sectionDefs
      /** Adds ⌈students / 30⌉ sections after the semester's others; answers the first one's number. */
      const addSections = (pid: number, sem: SemesterOfPeriod, students: number) => {
        const key = `${pid}:${sem.id}`;
        const list = sectionsOf.get(key) ?? [];
        const first = list.length;
        for (let i = first; i < first + Math.ceil(students / SECTION_SIZE); i++) {
          const letter = letterOf(i);
          list.push(sectionDefs.length);
          sectionDefs.push({
            periodId: pid,
            semesterId: sem.id,
            letter,
            code: `${sem.code}${letter}`,
            shift: i % 2 ? "afternoon" : "morning",
          });
        }
        sectionsOf.set(key, list);
        return first;
      };
      /** Where each current semester's students sat in the older period (several may share a semester). */
      const olderFirst = nowSemesters.map((sem, k) => {
        addSections(periodId, sem, perSemester[k]!);
        const prev = previousOf(sem);
        return prev && olderId !== null ? addSections(olderId, prev, perSemester[k]!) : 0;
      });
      // The storm's section: ADM-S1 (or the last semester) of the current period, 15 + 15 seats.
      const stormSemester =
        nowSemesters.find((x) => x.code === "ADM-S1") ?? nowSemesters[nowSemesters.length - 1]!;
      const stormLetter = "TOR";
      const warmupLetter = "WRM";
      const sectionRows = await q(
        `insert into sections (period_id, semester_id, letter_code, code, title, shift, males_limit, females_limit)
         select x.period_id, x.semester_id, x.letter, x.code, 'Sección ' || x.letter, x.shift, x.males, x.females
           from json_to_recordset($1::json) as x(period_id int, semester_id int, letter text, code text, shift text, males int, females int)
         returning id, period_id, semester_id, letter_code`,
        [
          JSON.stringify([
            ...sectionDefs.map((d) => ({
              period_id: d.periodId,
              semester_id: d.semesterId,
              letter: d.letter,
              code: d.code,
              shift: d.shift,
              males: 15,
              females: 15,
            })),
            {
              period_id: periodId,
              semester_id: stormSemester.id,
              letter: stormLetter,
              code: `${stormSemester.code}${stormLetter}`,
              shift: "morning",
              males: STORM_SEATS.males,
              females: STORM_SEATS.females,
            },
            {
              period_id: periodId,
              semester_id: stormSemester.id,
              letter: warmupLetter,
              code: `${stormSemester.code}${warmupLetter}`,
              shift: "afternoon",
              males: WARMUP_SEATS.males,
              females: WARMUP_SEATS.females,
            },
          ]),
        ],
      );
      const idOf = new Map(
        sectionRows.map((r) => [`${r.period_id}:${r.semester_id}:${r.letter_code}`, Number(r.id)]),
      );
      const sectionIds = sectionRows.map((r) => Number(r.id));
      await q(
        `insert into course_sections (section_id, course_id)
         select s.id, sc.course_id from sections s join semester_courses sc on sc.semester_id = s.semester_id
          where s.id = any(select (jsonb_array_elements_text($1::jsonb))::int)`,
        [JSON.stringify(sectionIds)],
      );

      // Users and students in one statement: the names cycle through the demo's Spanish names (accents
      // and all), the cédulas and e-mails are numbered.
      const people = await q(
        `with names as (
           select array(select jsonb_array_elements_text($2::jsonb)) as female,
                  array(select jsonb_array_elements_text($3::jsonb)) as male,
                  array(select jsonb_array_elements_text($4::jsonb)) as last
         ), made as (
           select g,
                  case when g % 2 = 0 then female[1 + (g / 2) % cardinality(female)] else male[1 + (g / 2) % cardinality(male)] end as first_name,
                  last[1 + g % cardinality(last)] || ' ' || last[1 + (g / 7) % cardinality(last)] as last_name,
                  case when g % 2 = 0 then 'female' else 'male' end as gender
             from generate_series(1, $1::int) g, names
         ), u as (
           insert into users (type, name, email, email_confirmed_at)
           select ${Role.student}, first_name || ' ' || last_name, 'banco.estudiante' || g || '@bench.local', now() from made
           returning id, email
         )
         insert into students (user_id, first_name, last_name, identity_document, gender, birth_date)
         select u.id, m.first_name, m.last_name, 'V-' || (40000000 + m.g), m.gender,
                make_date(1998 + m.g % 10, 1 + m.g % 12, 1 + m.g % 28)
           from u join made m on u.email = 'banco.estudiante' || m.g || '@bench.local'
         returning id, gender`,
        [
          n + STORM_STUDENTS + WARMUP_STUDENTS,
          JSON.stringify(femaleNames),
          JSON.stringify(maleNames),
          JSON.stringify(lastNames),
        ],
      );
      const ids = people
        .map((p) => ({ id: Number(p.id), gender: String(p.gender) }))
        .sort((a, b) => a.id - b.id);
      // The storm's 200: the last 100 women and the last 100 men, so both genders fill their seats; the
      // warm-up's 40 the 20 + 20 before them. Neither group is inscribed in the current period.
      const half = STORM_STUDENTS / 2;
      const warmHalf = WARMUP_STUDENTS / 2;
      const women = ids.filter((p) => p.gender === "female");
      const men = ids.filter((p) => p.gender === "male");
      const storm = [...women.slice(-half), ...men.slice(-half)];
      const warmup = [...women.slice(-half - warmHalf, -half), ...men.slice(-half - warmHalf, -half)];
      const unplaced = new Set([...storm, ...warmup].map((p) => p.id));
      const placed = ids.filter((p) => !unplaced.has(p.id));

      // Inscriptions of the current period (and the older one for those who came back), one statement.
      const rows: {
        student_id: number;
        period_id: number;
        section_id: number;
        semester_id: number;
        specialization_id: number;
        kind: string;
      }[] = [];
      let next = 0;
      nowSemesters.forEach((sem, k) => {
        const prev = previousOf(sem);
        for (let j = 0; j < perSemester[k]!; j++) {
          const st = placed[next++]!;
          const letter = letterOf(Math.floor(j / SECTION_SIZE));
          rows.push({
            student_id: st.id,
            period_id: periodId,
            section_id: idOf.get(`${periodId}:${sem.id}:${letter}`)!,
            semester_id: sem.id,
            specialization_id: sem.specializationId,
            kind: prev ? "reinscription" : "inscription",
          });
          if (prev && olderId !== null) {
            rows.push({
              student_id: st.id,
              period_id: olderId,
              section_id: idOf.get(
                `${olderId}:${prev.id}:${letterOf(olderFirst[k]! + Math.floor(j / SECTION_SIZE))}`,
              )!,
              semester_id: prev.id,
              specialization_id: prev.specializationId,
              kind: prev.isBasic && prev.number === 1 ? "inscription" : "reinscription",
            });
          }
        }
      });
      await q(
        `insert into inscriptions (student_id, period_id, section_id, semester_id, specialization_id, kind)
         select * from json_to_recordset($1::json)
           as x(student_id int, period_id int, section_id int, semester_id int, specialization_id int, kind text)`,
        [JSON.stringify(rows)],
      );
      await q(
        `insert into course_enrolments (inscription_id, student_id, course_section_id)
         select i.id, i.student_id, cs.id from inscriptions i join course_sections cs on cs.section_id = i.section_id
          where i.student_id >= $1`,
        [ids[0]?.id ?? 0],
      );
      // Fresh statistics for the planner (PGlite has no autovacuum to gather them after a bulk load).
      for (const table of [
        "users",
        "students",
        "sections",
        "course_sections",
        "inscriptions",
        "course_enrolments",
      ])
        await q(`analyze ${table}`);
      const specialization = nowSemesters.find((x) => !x.isBasic) ?? nowSemesters[0]!;
      return {
        periodId,
        specializationId: specialization.specializationId,
        seeded: n,
        seedSeconds: (performance.now() - started) / 1000,
        storm: {
          sectionId: idOf.get(`${periodId}:${stormSemester.id}:${stormLetter}`)!,
          sectionCode: `${stormSemester.code}${stormLetter}`,
          semesterId: stormSemester.id,
          studentIds: storm.map((s) => s.id),
        },
        warmup: {
          sectionId: idOf.get(`${periodId}:${stormSemester.id}:${warmupLetter}`)!,
          studentIds: warmup.map((s) => s.id),
        },
      } satisfies StudentBenchIds;
    });
  } finally {
    await database.close();
  }
}

export const inscriptionStormName = "inscription storm: 200 students at once into 15 + 15 seats";
const stormRefusal = "section_is_filled_or_gender_is_filled";

const percentileOf = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

/**
 * Issue 8's storm against a started server: the 200 storm students each POST /api/inscriptions into the
 * storm section at the same moment (like server/modules/inscriptions/inscriptions.test.ts). Goals: p95 ≤
 * 300 ms, exactly 30 answered 201 and every other answer a 400 `section_is_filled_or_gender_is_filled`;
 * anything else is an error and is printed. Answers the report lines.
 */
export async function benchInscriptionStorm(opts: {
  kind: "pglite" | "postgres";
  baseUrl: string;
  auth: string;
  ids: StudentBenchIds;
}): Promise<string> {
  const { storm } = opts.ids;
  // node:http with a keep-alive agent, not fetch: 200 fetches at once cost the bench's own process ~200 ms
  // before the first one is even sent (measured against a bare HTTP server), which is the client's time,
  // not the server's. Each request still opens its own connection, as 200 browsers would.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const send = (method: "GET" | "POST", path: string, body?: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        `${opts.baseUrl}${path}`,
        {
          method,
          agent,
          headers: { authorization: opts.auth, ...(body ? { "content-type": "application/json" } : {}) },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (d: string) => {
            text += d;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  /** Every student of `studentIds` POSTs /api/inscriptions into `sectionId` at the same moment. */
  const burst = (studentIds: number[], sectionId: number) =>
    Promise.all(
      studentIds.map(async (studentId) => {
        const t0 = performance.now();
        try {
          const res = await send(
            "POST",
            "/api/inscriptions",
            JSON.stringify({ student_id: studentId, semester_id: storm.semesterId, section_id: sectionId }),
          );
          return { ms: performance.now() - t0, ...res };
        } catch (error) {
          return { ms: performance.now() - t0, status: 0, text: String(error) };
        }
      }),
    );
  // The client's own code paths warmed up, then the server's (WARMUP_STUDENTS): smaller storms into
  // another section of the semester, each undone before the next.
  await Promise.all(Array.from({ length: 10 }, () => send("GET", "/api/users/me")));
  const warmCreated: number[] = [];
  for (let round = 0; round < WARMUP_ROUNDS; round++) {
    const warm = await burst(opts.ids.warmup.studentIds, opts.ids.warmup.sectionId);
    const created = warm
      .filter((a) => a.status === 201)
      .map((a) => (JSON.parse(a.text) as { data: { id: number } }).data.id);
    warmCreated.push(created.length);
    for (const id of created) {
      const undone = await send("POST", "/api/inscriptions/rollback", JSON.stringify({ inscription_id: id }));
      if (undone.status !== 204)
        throw new Error(`rollback of the warm-up's inscription ${id}: ${undone.status} ${undone.text}`);
    }
  }
  const started = performance.now();
  const answers = await burst(storm.studentIds, storm.sectionId);
  const wall = performance.now() - started;
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  const p50 = percentileOf(latencies, 50);
  const p95 = percentileOf(latencies, 95);
  const created = answers.filter((a) => a.status === 201).length;
  const refusalOf = (text: string) => {
    try {
      return (JSON.parse(text) as { message?: string }).message;
    } catch {
      return undefined;
    }
  };
  const refused = answers.filter((a) => a.status === 400 && refusalOf(a.text) === stormRefusal).length;
  const others = answers.filter(
    (a) => a.status !== 201 && !(a.status === 400 && refusalOf(a.text) === stormRefusal),
  );
  // What the section holds afterwards, as the inscriptions list counts it.
  const check = await fetch(
    `${opts.baseUrl}/api/inscriptions?section_id=${storm.sectionId}&period_id=${opts.ids.periodId}&limit=1`,
    { headers: { authorization: opts.auth } },
  );
  const inSection = check.ok ? ((await check.json()) as { meta: { total: number } }).meta.total : null;
  const seats = STORM_SEATS.males + STORM_SEATS.females;
  const lines = [
    `${inscriptionStormName} [${opts.kind}]: ${answers.length} simultaneous POST /api/inscriptions into ` +
      `${storm.sectionCode} (${STORM_SEATS.males} + ${STORM_SEATS.females} seats) in ${wall.toFixed(0)} ms: ` +
      `p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (goal ≤ 300 ms, ${p95 <= 300 ? "met" : "MISSED"}); ` +
      `${created} × 201 (goal ${seats}, ${created === seats ? "met" : "MISSED"}), ${refused} × 400 ${stormRefusal}, ` +
      `${others.length} other answers (goal 0, ${others.length === 0 ? "met" : "MISSED"}); ` +
      `the section lists ${inSection ?? "?"} inscriptions (after ${WARMUP_ROUNDS} warm-ups of ` +
      `${opts.ids.warmup.studentIds.length} at once into another section of ${WARMUP_SEATS.males} + ` +
      `${WARMUP_SEATS.females} seats, each undone: ${warmCreated.join(", ")} × 201)`,
  ];
  for (const o of others.slice(0, 10)) lines.push(`  unexpected answer ${o.status}: ${o.text.slice(0, 300)}`);
  if (others.length > 10) lines.push(`  … and ${others.length - 10} more`);
  return lines.join("\n");
}
