// The timetable engine's bench (issue 28): the ITC-2007 instances in the repository (comp01–07), each solved
// for `seconds` with `seeds` seeds, against the competition winner's best; and "Generar horario" on the demo
// school's period (every section rebuilt), which must be clash-free within 30 s. One core (the bench pins
// itself), no server: the engine is what is measured (the school's worker thread runs the same `solve`).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { defaultSchoolTimeZone } from "../../common/time.js";
import {
  diagnose,
  parseItc,
  type SolveResult,
  solve,
  type TimetableInstance,
} from "../../common/timetable/index.js";
import { systemClock } from "../../server/clock.js";
import { openDatabase } from "../../server/db/client.js";
import { ensureDemo } from "../../server/db/seed/demo.js";
import { buildInstance } from "../../server/modules/timetable/instance.js";
import { loadSchoolRows } from "../../server/modules/timetable/load.js";

export const timetableName = "timetable";

const itcFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../common/timetable/itc2007",
);

/** The ITC-2007 winner's best cost per instance (../shared/timetabling/README.md, Müller's Table 4). */
const winnersBest: Record<string, number> = {
  comp01: 5,
  comp02: 51,
  comp03: 84,
  comp04: 37,
  comp05: 330,
  comp06: 48,
  comp07: 20,
};

/** The demo period must be clash-free within this many seconds (issue 28). */
const demoGoalSeconds = 30;

type Measured = { result: SolveResult; feasibleMs: number | null; bestMs: number };

/** Solves once, noting when the best timetable first had no hard violation. */
function measure(instance: TimetableInstance, seconds: number, seed: number): Measured {
  let feasibleMs: number | null = null;
  let bestMs = 0;
  let last = { hard: -1, soft: -1 };
  const result = solve(instance, {
    seconds,
    seed,
    onProgress: (p) => {
      if (feasibleMs === null && p.hard === 0) feasibleMs = p.elapsedMs;
      if (p.hard !== last.hard || p.soft !== last.soft) bestMs = p.elapsedMs;
      last = p;
    },
  });
  return {
    result,
    feasibleMs: result.evaluation.hard.total === 0 ? (feasibleMs ?? result.elapsedMs) : null,
    bestMs,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

function table(header: string[], lines: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [fmt(header), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(fmt)].join("\n");
}

/** The demo school's period with the most sections, as "Generar horario" with every section rebuilt sees it. */
async function demoInstance(): Promise<{
  instance: TimetableInstance;
  sections: number;
  courseSections: number;
  lectures: number;
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "aula-bench-timetable-"));
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await ensureDemo(database.db, systemClock(process.env.TZ ?? defaultSchoolTimeZone));
    const { rows } = (await database.db.execute(
      sql`select period_id from sections group by period_id order by count(*) desc, period_id desc limit 1`,
    )) as unknown as { rows: { period_id: number }[] };
    const periodId = Number(rows[0]!.period_id);
    const school = await loadSchoolRows(database.db, periodId);
    const map = buildInstance({
      name: `demo-period-${periodId}`,
      rows: school,
      sectionIds: school.sections.map((s) => s.id),
      rebuild: true,
    });
    const lectures = map.instance.courses.reduce((n, c) => n + c.lectures, 0);
    return {
      instance: map.instance,
      sections: school.sections.length,
      courseSections: map.courseSectionIds.length,
      lectures,
    };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchTimetable(opts: { seconds: number; seeds: number }): Promise<string> {
  const seeds = Array.from({ length: Math.max(1, opts.seeds) }, (_, i) => i + 1);
  const lines: string[][] = [];
  const files = readdirSync(itcFolder)
    .filter((f) => f.endsWith(".ctt"))
    .sort();
  for (const file of files) {
    const name = file.replace(/\.ctt$/, "");
    const instance = parseItc(readFileSync(path.join(itcFolder, file), "utf8"));
    const runs = seeds.map((seed) => measure(instance, opts.seconds, seed));
    const hard = Math.max(...runs.map((r) => r.result.evaluation.hard.total));
    const soft = median(runs.map((r) => r.result.evaluation.soft.total));
    const feasible = runs.map((r) => r.feasibleMs);
    const best = winnersBest[name];
    lines.push([
      name,
      String(hard),
      runs.map((r) => r.result.evaluation.soft.total).join(" "),
      String(soft),
      best === undefined ? "" : String(best),
      feasible.every((f) => f !== null)
        ? `${(Math.max(...(feasible as number[])) / 1000).toFixed(1)} s`
        : "never",
      hard === 0 && best !== undefined ? (soft <= best ? "ok" : "above") : hard === 0 ? "" : "MISSED",
    ]);
    console.error(`[timetable] ${name}: hard ${hard}, soft ${soft}`);
  }
  const demo = await demoInstance();
  const reasons = diagnose(demo.instance).filter((r) => r.kind !== "no_room_big_enough");
  const demoRun = measure(demo.instance, demoGoalSeconds, 1);
  const d = demoRun.result.evaluation;
  const clashFree = d.hard.total === 0 && demoRun.feasibleMs !== null;
  return [
    `\n== Timetable engine (ITC-2007, ${opts.seconds} s per run, seeds ${seeds.join(", ")}, one core) ==`,
    table(
      [
        "instance",
        "hard (worst)",
        "soft per seed",
        "soft median",
        "winner's best",
        "clash-free after",
        "goal",
      ],
      lines,
    ),
    "hard must be 0 on every run; goal: the median at or below the ITC-2007 winner's best.",
    `\n== Generar horario, the demo school's period (${demo.sections} sections, ${demo.courseSections} course sections, ${demo.lectures} class hours a week, every section rebuilt) ==`,
    reasons.length > 0
      ? `proven impossible before searching: ${JSON.stringify(reasons)}`
      : "nothing proven impossible",
    `clash-free after ${clashFree ? `${(demoRun.feasibleMs! / 1000).toFixed(1)} s` : "never"} (goal ≤ ${demoGoalSeconds} s: ${clashFree && demoRun.feasibleMs! <= demoGoalSeconds * 1000 ? "ok" : "MISSED"}); ` +
      `best found after ${(demoRun.bestMs / 1000).toFixed(1)} s: hard ${d.hard.total}, soft ${d.soft.total} (room capacity ${d.soft.roomCapacity}, ` +
      `min. working days ${d.soft.minWorkingDays}, compactness ${d.soft.curriculumCompactness}, room stability ` +
      `${d.soft.roomStability}, blocks of two ${d.soft.pairs}, holes ${d.soft.holes}); ${demoRun.result.iterations} moves`,
  ].join("\n");
}
