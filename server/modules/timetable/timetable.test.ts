import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import type { TimetableRun } from "../../../common/schemas/timetable-runs.js";
import { buildApp } from "../../app.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { fingerprintOf, loadSchoolRows } from "./load.js";
import { failOrphanRuns, runSettled } from "./service.js";

let ctx: TestContext;
type Headers = { authorization: string };
const as = {} as Record<"student" | "teacher" | "coordinator" | "lowAdmin" | "admin", Headers>;

const api = (method: "GET" | "POST", url: string, headers?: Headers, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A period with sections 1A (math 4 h, language 3 h) and 2A (math 4 h, physics 2 h), and an impossible 9Z. */
const f = {} as {
  h: number[];
  rooms: number[];
  period: number;
  other: number;
  sec1: number;
  sec2: number;
  secBig: number;
  secOther: number;
  cs: Record<"m1" | "l1" | "m2" | "p2" | "big", number>;
  pedro: number;
  ana: number;
};

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ["student", "teacher", "coordinator", "lowAdmin", "admin"] as const) {
    as[role] = (await createUserWithToken(ctx, Role[role])).headers;
  }
  const db = ctx.db;
  const hours = await db
    .insert(s.classHours)
    .values(
      ["07:00", "07:45", "08:30", "09:15", "10:15", "11:00"].map((start, i) => ({
        startTime: start,
        endTime: ["07:45", "08:30", "09:15", "10:00", "11:00", "11:45"][i]!,
      })),
    )
    .returning();
  f.h = hours.map((h) => h.id);
  const rooms = await db
    .insert(s.classrooms)
    .values([
      { code: "A-1", maxCapacity: 30 },
      { code: "A-2", maxCapacity: 30 },
    ])
    .returning();
  f.rooms = rooms.map((r) => r.id);
  const [spec] = await db.insert(s.specializations).values({ title: "Informática", code: "INF" }).returning();
  const [pensum] = await db.insert(s.pensums).values({ specializationId: spec!.id, name: "INF" }).returning();
  const [sem] = await db
    .insert(s.semesters)
    .values({ pensumId: pensum!.id, number: 1, code: "S1" })
    .returning();
  const courses = await db
    .insert(s.courses)
    .values([
      { code: "MAT", title: "Matemática", hours: 4 },
      { code: "LEN", title: "Lenguaje", hours: 3 },
      { code: "FIS", title: "Física", hours: 2 },
      { code: "MAR", title: "Maratón", hours: 40 },
    ])
    .returning();
  const [math, lang, phys, big] = courses.map((c) => c.id) as [number, number, number, number];
  const periods = await db
    .insert(s.periods)
    .values([
      { year: 2026, number: 2, startDate: "2026-09-01", endDate: "2027-01-31", enabled: true },
      { year: 2027, number: 1, startDate: "2027-03-01", endDate: "2027-07-31" },
    ])
    .returning();
  [f.period, f.other] = periods.map((p) => p.id) as [number, number];
  const secs = await db
    .insert(s.sections)
    .values([
      {
        periodId: f.period,
        semesterId: sem!.id,
        letterCode: "A",
        code: "1A",
        malesLimit: 10,
        femalesLimit: 10,
      },
      {
        periodId: f.period,
        semesterId: sem!.id,
        letterCode: "B",
        code: "2A",
        malesLimit: 10,
        femalesLimit: 10,
      },
      { periodId: f.period, semesterId: sem!.id, letterCode: "Z", code: "9Z" },
      { periodId: f.other, semesterId: sem!.id, letterCode: "A", code: "1A" },
    ])
    .returning();
  [f.sec1, f.sec2, f.secBig, f.secOther] = secs.map((x) => x.id) as [number, number, number, number];
  const css = await db
    .insert(s.courseSections)
    .values([
      { sectionId: f.sec1, courseId: math },
      { sectionId: f.sec1, courseId: lang },
      { sectionId: f.sec2, courseId: math },
      { sectionId: f.sec2, courseId: phys },
      { sectionId: f.secBig, courseId: big },
    ])
    .returning();
  const [m1, l1, m2, p2, bigCs] = css.map((c) => c.id) as [number, number, number, number, number];
  f.cs = { m1, l1, m2, p2, big: bigCs };
  const people: number[] = [];
  for (const [first, last, doc, gender] of [
    ["Pedro", "Pérez", "V-1", "male"],
    ["Ana", "Ruiz", "V-2", "female"],
  ] as const) {
    const { user } = await createUserWithToken(ctx, Role.teacher, { name: `${first} ${last}` });
    const [t] = await db
      .insert(s.teachers)
      .values({ userId: user.id, firstName: first, lastName: last, identityDocument: doc, gender })
      .returning();
    people.push(t!.id);
  }
  [f.pedro, f.ana] = people as [number, number];
  // Pedro teaches math to both sections (never at once) and the marathon; Ana language and physics.
  await db.insert(s.courseSectionTeachers).values([
    { courseSectionId: m1, teacherId: f.pedro },
    { courseSectionId: m2, teacherId: f.pedro },
    { courseSectionId: bigCs, teacherId: f.pedro },
    { courseSectionId: l1, teacherId: f.ana },
    { courseSectionId: p2, teacherId: f.ana },
  ]);
  // Ana cannot teach on Mondays.
  await db
    .insert(s.teacherUnavailabilities)
    .values(f.h.map((classHourId) => ({ teacherId: f.ana, day: 1, classHourId })));
});
afterAll(() => ctx?.close());

type Lecture = NonNullable<TimetableRun["proposal"]>["lectures"][number];

async function slotsOf(courseSectionIds: number[]) {
  return ctx.db
    .select({
      cs: s.scheduleSlots.courseSectionId,
      day: s.scheduleSlots.day,
      hour: s.scheduleSlots.classHourId,
      room: s.scheduleSlots.classroomId,
    })
    .from(s.scheduleSlots)
    .where(inArray(s.scheduleSlots.courseSectionId, courseSectionIds))
    .orderBy(s.scheduleSlots.courseSectionId, s.scheduleSlots.day, s.scheduleSlots.classHourId);
}

const mine = () => [f.cs.m1, f.cs.l1, f.cs.m2, f.cs.p2];
const ordered = (list: { cs: number; day: number; hour: number; room: number }[]) =>
  [...list].sort((a, b) => a.cs - b.cs || a.day - b.day || a.hour - b.hour);

async function start(body: object) {
  const res = await api("POST", `/periods/${f.period}/timetable-runs`, as.admin, body);
  return { res, run: res.json().data as TimetableRun };
}

async function finished(id: number): Promise<TimetableRun> {
  await runSettled(ctx.db, id);
  const res = await api("GET", `/timetable-runs/${id}`, as.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** No section, teacher or classroom twice in a slot; Ana never on Monday; every hour of every course placed. */
function expectClashFree(lectures: Lecture[]) {
  const sectionOf = new Map([
    [f.cs.m1, f.sec1],
    [f.cs.l1, f.sec1],
    [f.cs.m2, f.sec2],
    [f.cs.p2, f.sec2],
  ]);
  const teacherOf = new Map([
    [f.cs.m1, f.pedro],
    [f.cs.m2, f.pedro],
    [f.cs.l1, f.ana],
    [f.cs.p2, f.ana],
  ]);
  const seen = new Set<string>();
  for (const l of lectures) {
    const at = `${l.day}:${l.class_hour_id}`;
    for (const key of [
      `s${sectionOf.get(l.course_section_id)}@${at}`,
      `t${teacherOf.get(l.course_section_id)}@${at}`,
      `r${l.classroom_id}@${at}`,
    ]) {
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
    if (teacherOf.get(l.course_section_id) === f.ana) expect(l.day).not.toBe(1);
  }
  const count = (cs: number) => lectures.filter((l) => l.course_section_id === cs).length;
  expect([count(f.cs.m1), count(f.cs.l1), count(f.cs.m2), count(f.cs.p2)]).toEqual([4, 3, 4, 2]);
}

describe("access and input", () => {
  it("is the administrator's only", async () => {
    for (const role of ["student", "teacher", "coordinator", "lowAdmin"] as const) {
      const post = await api("POST", `/periods/${f.period}/timetable-runs`, as[role], {});
      expect(post.statusCode, role).toBe(403);
      const list = await api("GET", `/periods/${f.period}/timetable-runs`, as[role]);
      expect(list.statusCode, role).toBe(403);
    }
    expect((await api("POST", `/periods/${f.period}/timetable-runs`, undefined, {})).statusCode).toBe(401);
  });

  it("refuses a time budget out of range and sections of another period with Spanish field messages", async () => {
    const slow = await api("POST", `/periods/${f.period}/timetable-runs`, as.admin, { seconds: 2 });
    expect(slow.statusCode).toBe(422);
    expect(slow.json().errors.seconds[0]).toMatch(/tiempo de búsqueda/);
    const foreign = await api("POST", `/periods/${f.period}/timetable-runs`, as.admin, {
      section_ids: [f.secOther],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.section_ids).toEqual([
      "Alguna de las secciones elegidas no pertenece al período.",
    ]);
    expect((await api("POST", "/periods/99999/timetable-runs", as.admin, {})).statusCode).toBe(404);
    expect((await api("GET", "/timetable-runs/99999", as.admin)).statusCode).toBe(404);
  });

  it("says why before searching when no clash-free timetable exists (422 with reasons)", async () => {
    const res = await api("POST", `/periods/${f.period}/timetable-runs`, as.admin, {
      section_ids: [f.secBig],
      seconds: 5,
    });
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json();
    expect(body.message).toBe("timetable_infeasible");
    expect(body.reasons).toContain(
      "Maratón (9Z) tiene 40 horas de clase y solo 30 horas disponibles en la semana.",
    );
    expect(body.reasons).toContain(
      "El profesor Pedro Pérez tiene 40 horas de clase y solo 30 horas disponibles en la semana.",
    );
    expect(body.description).toMatch(/^No existe un horario sin choques/);
    const runs = await api("GET", `/periods/${f.period}/timetable-runs`, as.admin);
    expect(runs.json().data).toEqual([]);
  });
});

describe("generate and apply", () => {
  const sections = () => [f.sec1, f.sec2];

  it("builds a clash-free proposal in the background, one run at a time, and writes nothing until Apply", async () => {
    const { res, run } = await start({ section_ids: sections(), rebuild: true, seconds: 5 });
    expect(res.statusCode, res.body).toBe(202);
    expect(run).toMatchObject({ status: "running", rebuild: true, seconds: 5, proposal: null });
    expect(run.section_ids).toEqual(sections());
    expect(run.started_at).toBe(ctx.clock.now().toISOString());

    const again = await start({ section_ids: [f.sec1], seconds: 5 });
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json().message).toBe("timetable_run_active");
    // Apply before it finishes: not ready.
    expect((await api("POST", `/timetable-runs/${run.id}/apply`, as.admin)).json().message).toBe(
      "timetable_run_not_ready",
    );

    const done = await finished(run.id);
    expect(done.status).toBe("done");
    expect(done.proposal!.evaluation.hard.total).toBe(0);
    expect(done.proposal!.unplaced).toEqual([]);
    expectClashFree(done.proposal!.lectures);
    expect(done.proposal!.lectures.every((l) => !l.fixed)).toBe(true);
    expect(done.proposal!.context.sections.map((x) => x.code)).toEqual(["1A", "2A"]);
    expect(await slotsOf(mine())).toEqual([]);

    const applied = await api("POST", `/timetable-runs/${run.id}/apply`, as.admin);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({
      status: "applied",
      applied_at: ctx.clock.now().toISOString(),
    });
    const written = await slotsOf(mine());
    expect(written).toEqual(
      ordered(
        done.proposal!.lectures.map((l) => ({
          cs: l.course_section_id,
          day: l.day,
          hour: l.class_hour_id,
          room: l.classroom_id,
        })),
      ),
    );
    // Applied once only.
    expect((await api("POST", `/timetable-runs/${run.id}/apply`, as.admin)).statusCode).toBe(409);
    const list = await api("GET", `/periods/${f.period}/timetable-runs`, as.admin);
    expect(list.json().data.map((r: TimetableRun) => r.id)[0]).toBe(run.id);
  });

  it("keeps existing schedules fixed unless rebuilding, and adds only the new lectures", async () => {
    const before = await slotsOf(mine());
    expect(before.length).toBe(13);
    // Free 1A's language: only its 3 hours are left to place.
    await ctx.db.delete(s.schedules).where(eq(s.schedules.courseSectionId, f.cs.l1));
    const { run } = await start({ section_ids: [f.sec1], seconds: 5 });
    const done = await finished(run.id);
    expect(done.status).toBe("done");
    const lectures = done.proposal!.lectures;
    expect(lectures.filter((l) => l.fixed).map((l) => l.course_section_id)).toEqual([
      f.cs.m1,
      f.cs.m1,
      f.cs.m1,
      f.cs.m1,
    ]);
    expect(lectures.filter((l) => !l.fixed).map((l) => l.course_section_id)).toEqual([
      f.cs.l1,
      f.cs.l1,
      f.cs.l1,
    ]);
    const applied = await api("POST", `/timetable-runs/${run.id}/apply`, as.admin);
    expect(applied.statusCode, applied.body).toBe(200);
    const after = await slotsOf(mine());
    expect(after.length).toBe(13);
    expect(after.filter((x) => x.cs === f.cs.m1)).toEqual(before.filter((x) => x.cs === f.cs.m1));
  });

  it("stops on request with the best proposal so far", async () => {
    const { run } = await start({ section_ids: sections(), rebuild: true, seconds: 300 });
    const stopped = await api("POST", `/timetable-runs/${run.id}/stop`, as.admin);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().data.status).toBe("stopped");
    expect(stopped.json().data.proposal.lectures.length).toBeGreaterThan(0);
    expect(stopped.json().data.finished_at).toBe(ctx.clock.now().toISOString());
  });

  it("refuses to apply when a schedule changed since the run started, naming it, and writes nothing", async () => {
    const { run } = await start({ section_ids: sections(), rebuild: true, seconds: 300 });
    const stopped = (await api("POST", `/timetable-runs/${run.id}/stop`, as.admin)).json()
      .data as TimetableRun;
    expect(stopped.status).toBe("stopped");
    // Someone moves 2A's physics by hand meanwhile.
    const moved = await api("POST", "/schedules/bulk-store", as.admin, {
      course_section_id: f.cs.p2,
      schedules: [{ day: 6, classroom_id: f.rooms[1], class_hours_ids: [f.h[0], f.h[1]] }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const before = await slotsOf(mine());
    const res = await api("POST", `/timetable-runs/${run.id}/apply`, as.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("timetable_schedules_changed");
    expect(res.json().description).toBe(
      "Desde que se generó la propuesta cambiaron los horarios de la sección 2A. Genere el horario de nuevo.",
    );
    expect(await slotsOf(mine())).toEqual(before);
    expect((await api("GET", `/timetable-runs/${run.id}`, as.admin)).json().data.status).toBe("stopped");
  });

  /** A finished run of 1A and 2A (rebuild) with `lectures` as its proposal, computed from the current rows. */
  async function finishedRun(lectures: Lecture[], hardConflicts = 0) {
    const rows = await loadSchoolRows(ctx.db, f.period);
    const zero = {
      unplaced: 0,
      conflicts: hardConflicts,
      room_occupancy: 0,
      availability: 0,
      total: hardConflicts,
    };
    const soft = {
      room_capacity: 0,
      min_working_days: 0,
      curriculum_compactness: 0,
      room_stability: 0,
      pairs: 0,
      holes: 0,
      total: 0,
    };
    const [row] = await ctx.db
      .insert(s.timetableRuns)
      .values({
        periodId: f.period,
        status: "done",
        sectionIds: [f.sec1, f.sec2],
        rebuild: true,
        seconds: 5,
        progress: { elapsed_ms: 5000, hard: 0, soft: 0, phase: "done" },
        proposal: { lectures, evaluation: { hard: zero, soft }, unplaced: [], context: {} },
        baseFingerprint: JSON.stringify(fingerprintOf(rows)),
        startedAt: ctx.clock.now(),
      })
      .returning();
    return row!.id;
  }

  it("answers a clash the database refuses at Apply with a 409 in Spanish, never a 500, and writes nothing", async () => {
    const before = await slotsOf(mine());
    // Two courses of 1A at once: the section's slot constraint refuses the second.
    const id = await finishedRun([
      { course_section_id: f.cs.m1, classroom_id: f.rooms[0]!, day: 2, class_hour_id: f.h[0]!, fixed: false },
      { course_section_id: f.cs.l1, classroom_id: f.rooms[1]!, day: 2, class_hour_id: f.h[0]!, fixed: false },
    ]);
    const res = await api("POST", `/timetable-runs/${id}/apply`, as.admin);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      message: "timetable_schedules_changed",
      description:
        "No se pudo aplicar la propuesta: La sección ya tiene otra materia ese día en esa hora. Genere el horario de nuevo.",
    });
    expect(await slotsOf(mine())).toEqual(before);
  });

  it("does not apply a proposal that still breaks a rule", async () => {
    const id = await finishedRun(
      [
        {
          course_section_id: f.cs.m1,
          classroom_id: f.rooms[0]!,
          day: 2,
          class_hour_id: f.h[0]!,
          fixed: false,
        },
      ],
      1,
    );
    const res = await api("POST", `/timetable-runs/${id}/apply`, as.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("timetable_run_not_ready");
    expect(res.json().description).toMatch(/^La propuesta tiene choques/);
  });

  it("keeps the best proposal so far as stopped when the server stops gracefully", async () => {
    const other = await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock });
    await other.ready();
    const res = await other.inject({
      method: "POST",
      url: `/api/periods/${f.period}/timetable-runs`,
      headers: as.admin,
      payload: { section_ids: [f.sec1, f.sec2], rebuild: true, seconds: 300 },
    });
    expect(res.statusCode, res.body).toBe(202);
    await other.close();
    const run = (await api("GET", `/timetable-runs/${res.json().data.id}`, as.admin)).json()
      .data as TimetableRun;
    expect(run.status).toBe("stopped");
    expect(run.proposal?.lectures.length).toBeGreaterThan(0);
  });

  it("fails runs left running by a server that is gone", async () => {
    const [row] = await ctx.db
      .insert(s.timetableRuns)
      .values({
        periodId: f.period,
        sectionIds: [f.sec1],
        seconds: 60,
        progress: { elapsed_ms: 0, hard: 0, soft: 0, phase: "start" },
        baseFingerprint: "{}",
        startedAt: ctx.clock.now(),
      })
      .returning();
    // Another live server (PostgreSQL) keeps its heartbeat: left alone.
    await failOrphanRuns({ db: ctx.db, clock: ctx.clock, allRunning: false });
    expect((await api("GET", `/timetable-runs/${row!.id}`, as.admin)).json().data.status).toBe("running");
    // At start-up on the embedded database every running run is orphaned.
    await failOrphanRuns({ db: ctx.db, clock: ctx.clock, allRunning: true });
    const failed = (await api("GET", `/timetable-runs/${row!.id}`, as.admin)).json().data;
    expect(failed).toMatchObject({
      status: "failed",
      error: "El servidor se reinició durante la generación.",
    });
  });
});
