import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type {
  ProposalContext,
  StartTimetableRunInput,
  TimetableProposal,
} from "../../../common/schemas/timetable-runs.js";
import { diagnose, type SolveResult } from "../../../common/timetable/index.js";
import type { Clock } from "../../clock.js";
import type { DbOrTx } from "../../db/client.js";
import { translateDbError } from "../../db/constraints.js";
import { courseSections, periods, schedules, timetableRuns } from "../../db/schema/index.js";
import { AppError, conflict, invalidField, notFound, refuse } from "../../http/errors.js";
import { assertPeriodWritable } from "../periods/read-only.js";
import { insertEntries } from "../schedules/service.js";
import {
  buildInstance,
  type InstanceMap,
  type SchoolRows,
  studentsOf,
  toProposalLectures,
} from "./instance.js";
import {
  describeChanges,
  type Fingerprint,
  fingerprintOf,
  loadSchoolRows,
  sectionsOfPeriod,
} from "./load.js";
import { describeInfeasibility, describeUnplaced, isCertain, namesOf } from "./reasons.js";
import { type RunOutcome, requestStop, runsHere, searchSettled, startSearch } from "./runner.js";

export type TimetableRunRow = typeof timetableRuns.$inferSelect;

/** 422 `timetable_infeasible`: the engine proved before searching that no clash-free timetable exists. */
export class TimetableInfeasible extends AppError {
  constructor(readonly reasons: string[]) {
    super(
      422,
      "timetable_infeasible",
      `No existe un horario sin choques para las secciones elegidas: ${reasons.join(" ")}`,
    );
  }
}

/** A run still `running` whose process saved nothing for this long has died with it. */
const staleSeconds = 30;
const restartedText = "El servidor se reinició durante la generación.";

/**
 * Runs left `running` by a process that is gone become `failed`. At start-up on the embedded database (one
 * server per data folder) that is every running run; on PostgreSQL, those whose heartbeat is stale.
 */
export async function failOrphanRuns(opts: { db: DbOrTx; clock: Clock; allRunning: boolean }) {
  const here = runsHere(opts.db);
  await opts.db
    .update(timetableRuns)
    .set({ status: "failed", error: restartedText, finishedAt: opts.clock.now() })
    .where(
      and(
        eq(timetableRuns.status, "running"),
        here.length > 0 ? notInArray(timetableRuns.id, here) : undefined,
        opts.allRunning
          ? undefined
          : sql`${timetableRuns.heartbeatAt} < now() - make_interval(secs => ${staleSeconds})`,
      ),
    );
}

async function findRun(db: DbOrTx, id: number): Promise<TimetableRunRow> {
  const [row] = await db.select().from(timetableRuns).where(eq(timetableRuns.id, id));
  if (!row) throw notFound();
  return row;
}

/** A run, after failing it when it was left running by a process that is gone. */
export async function getRun(opts: { db: DbOrTx; clock: Clock; id: number }): Promise<TimetableRunRow> {
  const row = await findRun(opts.db, opts.id);
  if (row.status !== "running") return row;
  await failOrphanRuns({ db: opts.db, clock: opts.clock, allRunning: false });
  return findRun(opts.db, opts.id);
}

export async function listRuns(opts: { db: DbOrTx; periodId: number }): Promise<TimetableRunRow[]> {
  await assertPeriodExists(opts.db, opts.periodId);
  return opts.db
    .select()
    .from(timetableRuns)
    .where(eq(timetableRuns.periodId, opts.periodId))
    .orderBy(desc(timetableRuns.id));
}

async function assertPeriodExists(db: DbOrTx, periodId: number) {
  const [row] = await db.select({ id: periods.id }).from(periods).where(eq(periods.id, periodId));
  if (!row) throw notFound("period_not_found");
}

function contextOf(rows: SchoolRows, map: InstanceMap): ProposalContext {
  const placed = new Set(map.courseSectionIds);
  for (const o of map.outside) placed.add(o.course_section_id);
  const sectionIds = new Set(rows.courseSections.filter((c) => placed.has(c.id)).map((c) => c.sectionId));
  const sectionById = new Map(rows.sections.map((s) => [s.id, s]));
  const teacherIdsOf = (csId: number) =>
    rows.courseSectionTeachers.filter((t) => t.courseSectionId === csId).map((t) => t.teacherId);
  return {
    class_hours: rows.classHours.map((h) => ({
      id: h.id,
      start_time: (h.startTime ?? "").slice(0, 5),
      end_time: (h.endTime ?? "").slice(0, 5),
    })),
    classrooms: rows.classrooms.map((r) => ({ id: r.id, code: r.code, max_capacity: r.maxCapacity })),
    sections: rows.sections.filter((s) => sectionIds.has(s.id)).map((s) => ({ id: s.id, code: s.code })),
    course_sections: rows.courseSections
      .filter((c) => placed.has(c.id))
      .map((c) => ({
        id: c.id,
        section_id: c.sectionId,
        title: c.title,
        teacher_ids: teacherIdsOf(c.id),
        students: sectionById.has(c.sectionId) ? studentsOf(c, sectionById.get(c.sectionId)!) : 0,
      })),
    teachers: rows.teachers.map((t) => ({ id: t.id, name: t.name })),
  };
}

function proposalOf(result: SolveResult, map: InstanceMap, context: ProposalContext): TimetableProposal {
  const e = result.evaluation;
  const placed = new Set(map.courseSectionIds.map(String));
  return {
    lectures: toProposalLectures(map, result.lectures),
    evaluation: {
      hard: {
        unplaced: e.hard.unplaced,
        conflicts: e.hard.conflicts,
        room_occupancy: e.hard.roomOccupancy,
        availability: e.hard.availability,
        total: e.hard.total,
      },
      soft: {
        room_capacity: e.soft.roomCapacity,
        min_working_days: e.soft.minWorkingDays,
        curriculum_compactness: e.soft.curriculumCompactness,
        room_stability: e.soft.roomStability,
        pairs: e.soft.pairs,
        holes: e.soft.holes,
        total: e.soft.total,
      },
    },
    unplaced: result.unplaced
      .filter((u) => placed.has(u.course) && u.missing > 0)
      .map((u) => ({ course_section_id: Number(u.course), missing: u.missing })),
    context,
  };
}

/**
 * Starts a search for the period (DOMAIN.md "Generar horario"): maps the chosen sections to the engine's
 * instance, refuses what the diagnosis proves impossible (422 `timetable_infeasible`), records the run (one
 * running per period: 409 `timetable_run_active`) and starts the engine in a worker thread. Nothing is
 * written to the schedules.
 */
export async function startRun(opts: {
  db: DbOrTx;
  clock: Clock;
  periodId: number;
  input: StartTimetableRunInput;
  userId: number;
}): Promise<TimetableRunRow> {
  const { db, clock, periodId, input } = opts;
  await assertPeriodExists(db, periodId);
  await assertPeriodWritable(db, periodId);
  const rows = await loadSchoolRows(db, periodId);
  let sectionIds = rows.sections.map((s) => s.id);
  if (input.section_ids) {
    const known = new Set(await sectionsOfPeriod(db, periodId, input.section_ids));
    if (input.section_ids.some((id) => !known.has(id)))
      throw invalidField("section_ids", "Alguna de las secciones elegidas no pertenece al período.");
    sectionIds = input.section_ids;
  }
  if (rows.classHours.length === 0) throw refuse("timetable_no_class_hours");
  if (!rows.classrooms.some((r) => r.enabled)) throw refuse("timetable_no_classrooms");
  const map = buildInstance({ name: `period-${periodId}`, rows, sectionIds, rebuild: input.rebuild });
  if (map.instance.courses.every((c) => c.id.startsWith("r"))) throw refuse("timetable_nothing_to_place");
  const names = namesOf(rows);
  const diagnosis = diagnose(map.instance);
  const certain = diagnosis.filter(isCertain);
  if (certain.length > 0) throw new TimetableInfeasible(certain.map((r) => describeInfeasibility(r, names)));
  const warnings = [
    ...map.warnings,
    ...diagnosis.filter((r) => !isCertain(r)).map((r) => describeInfeasibility(r, names)),
  ];

  await failOrphanRuns({ db, clock, allRunning: false });
  let run: TimetableRunRow;
  try {
    [run] = (await db
      .insert(timetableRuns)
      .values({
        periodId,
        status: "running",
        sectionIds,
        rebuild: input.rebuild,
        seconds: input.seconds,
        progress: { elapsed_ms: 0, hard: 0, soft: 0, phase: "start" },
        warnings,
        baseFingerprint: JSON.stringify(fingerprintOf(rows)),
        createdBy: opts.userId,
        startedAt: clock.now(),
      })
      .returning()) as [TimetableRunRow];
  } catch (err) {
    if (translateDbError(err) === null && isUnique(err)) throw conflict("timetable_run_active");
    throw err;
  }
  launch({ db, clock, run, map, rows, warnings });
  return run;
}

function isUnique(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && typeof e === "object" && i < 5; i++) {
    if ((e as { code?: string }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs the engine for `run` in a worker; saves progress at most once a second and the outcome at the end. */
function launch(opts: {
  db: DbOrTx;
  clock: Clock;
  run: TimetableRunRow;
  map: InstanceMap;
  rows: SchoolRows;
  warnings: string[];
}) {
  const { db, clock, run, map, rows } = opts;
  const context = contextOf(rows, map);
  let latest: TimetableRunRow["progress"] | null = null;
  let saving = false;
  let lastBeat = 0;
  // Progress and heartbeat: at most once a second; a stop asked through another server arrives here.
  const tick = setInterval(() => {
    if (saving) return;
    const progress = latest;
    const now = performance.now();
    if (!progress && now - lastBeat < 5000) return;
    latest = null;
    lastBeat = now;
    saving = true;
    db.update(timetableRuns)
      .set({ ...(progress ? { progress } : {}), heartbeatAt: sql`now()` })
      .where(and(eq(timetableRuns.id, run.id), eq(timetableRuns.status, "running")))
      .returning({ stopRequested: timetableRuns.stopRequested })
      .then(([row]) => {
        if (row?.stopRequested) requestStop(db, run.id);
      })
      .catch(() => undefined)
      .finally(() => {
        saving = false;
      });
  }, 1000);
  tick.unref();
  startSearch({
    owner: db,
    runId: run.id,
    instance: map.instance,
    seconds: run.seconds,
    seed: run.id,
    onProgress: (p) => {
      latest = { elapsed_ms: Math.round(p.elapsedMs), hard: p.hard, soft: p.soft, phase: p.phase };
    },
    async onFinish(outcome: RunOutcome) {
      clearInterval(tick);
      if ("error" in outcome) {
        await db
          .update(timetableRuns)
          .set({ status: "failed", error: `La generación falló: ${outcome.error}`, finishedAt: clock.now() })
          .where(and(eq(timetableRuns.id, run.id), eq(timetableRuns.status, "running")));
        return;
      }
      const { result } = outcome;
      const proposal = proposalOf(result, map, context);
      const missing = result.unplaced.filter(
        (u) => u.missing > 0 && map.courseSectionIds.includes(Number(u.course)),
      );
      const unplaced = describeUnplaced(missing, rows, namesOf(rows));
      await db
        .update(timetableRuns)
        .set({
          status: outcome.stopRequested || result.stopped ? "stopped" : "done",
          proposal,
          warnings: [...opts.warnings, ...unplaced],
          progress: {
            elapsed_ms: Math.round(result.elapsedMs),
            hard: result.evaluation.hard.total,
            soft: result.evaluation.soft.total,
            phase: "done",
          },
          finishedAt: clock.now(),
        })
        .where(and(eq(timetableRuns.id, run.id), eq(timetableRuns.status, "running")));
    },
  });
}

/** Resolves once a search of this process has ended and its row is saved (tests, the stop route). */
export async function runSettled(db: DbOrTx, id: number): Promise<void> {
  await searchSettled(db, id);
}

/**
 * Stops a running search: it answers with its best proposal so far, saved with status `stopped`. A search
 * of another server (PostgreSQL) is asked through the row and awaited a while; a finished run is answered as is.
 */
export async function stopRun(opts: { db: DbOrTx; clock: Clock; id: number }): Promise<TimetableRunRow> {
  const { db, id } = opts;
  const row = await getRun(opts);
  if (row.status !== "running") return row;
  if (requestStop(db, id)) {
    await searchSettled(db, id);
    return findRun(db, id);
  }
  await db.update(timetableRuns).set({ stopRequested: true }).where(eq(timetableRuns.id, id));
  for (let waited = 0; waited < 15_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const current = await getRun(opts);
    if (current.status !== "running") return current;
  }
  return findRun(db, id);
}

type Group = { courseSectionId: number; day: number; classroomId: number; classHourIds: number[] };

/**
 * Writes a run's proposal in one transaction (DOMAIN.md "Generar horario"): refused with 409
 * `timetable_run_not_ready` unless it is done or stopped with a proposal, and with 409
 * `timetable_schedules_changed` (naming what) when what it was computed from has changed. With `rebuild` the
 * chosen sections' schedules are replaced, otherwise the new lectures are added beside them. The schedules'
 * clash constraints stay in force: a clash refuses everything (409).
 */
export async function applyRun(opts: { db: DbOrTx; clock: Clock; id: number }): Promise<TimetableRunRow> {
  const { db, clock, id } = opts;
  try {
    await db.transaction(async (tx) => {
      const [run] = await tx.select().from(timetableRuns).where(eq(timetableRuns.id, id)).for("update");
      if (!run) throw notFound();
      const proposal = run.proposal as TimetableProposal | null;
      if ((run.status !== "done" && run.status !== "stopped") || !proposal)
        throw conflict("timetable_run_not_ready");
      const hard = proposal.evaluation.hard;
      if (hard.conflicts + hard.room_occupancy + hard.availability > 0) {
        throw conflict(
          "timetable_run_not_ready",
          "La propuesta tiene choques o usa horas no disponibles: genere el horario de nuevo con más tiempo.",
        );
      }
      const sectionIds = run.sectionIds;
      // The chosen sections' course sections, locked: nobody edits their schedules until this commits.
      const own = await tx
        .select({ id: courseSections.id, sectionId: courseSections.sectionId })
        .from(courseSections)
        .where(inArray(courseSections.sectionId, sectionIds.length > 0 ? sectionIds : [0]))
        .for("update");
      await assertPeriodWritable(tx, run.periodId);
      const rows = await loadSchoolRows(tx, run.periodId);
      const before = JSON.parse(run.baseFingerprint) as Fingerprint;
      const codes = new Map(rows.sections.map((s) => [String(s.id), s.code]));
      const changed = describeChanges(before, fingerprintOf(rows), (s) => codes.get(s) ?? s);
      if (changed.length > 0) {
        throw conflict(
          "timetable_schedules_changed",
          `Desde que se generó la propuesta cambiaron ${joinSpanish(changed)}. Genere el horario de nuevo.`,
        );
      }
      const csOf = new Map(own.map((c) => [c.id, c]));
      if (run.rebuild) {
        const ids = own.map((c) => c.id);
        if (ids.length > 0) await tx.delete(schedules).where(inArray(schedules.courseSectionId, ids));
      }
      const groups = new Map<string, Group>();
      for (const l of proposal.lectures) {
        if (l.fixed) continue;
        const key = `${l.course_section_id}|${l.day}|${l.classroom_id}`;
        const g = groups.get(key) ?? {
          courseSectionId: l.course_section_id,
          day: l.day,
          classroomId: l.classroom_id,
          classHourIds: [],
        };
        g.classHourIds.push(l.class_hour_id);
        groups.set(key, g);
      }
      const byCs = new Map<number, Group[]>();
      for (const g of groups.values())
        byCs.set(g.courseSectionId, [...(byCs.get(g.courseSectionId) ?? []), g]);
      for (const [csId, list] of byCs) {
        const cs = csOf.get(csId);
        if (!cs) throw conflict("timetable_schedules_changed");
        await insertEntries(tx, cs, list, (i, name) => `lectures.${i}.${name}`);
      }
      await tx
        .update(timetableRuns)
        .set({ status: "applied", appliedAt: clock.now() })
        .where(eq(timetableRuns.id, id));
    });
  } catch (err) {
    const mapped = translateDbError(err);
    if (mapped) {
      throw conflict(
        "timetable_schedules_changed",
        `No se pudo aplicar la propuesta: ${mapped.description} Genere el horario de nuevo.`,
      );
    }
    throw err;
  }
  return findRun(db, id);
}

function joinSpanish(items: string[]): string {
  if (items.length === 1) return items[0]!;
  return `${items.slice(0, -1).join(", ")} y ${items.at(-1)}`;
}
