import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { listSchedules, weeklyGrid } from "./service.js";

const everything = { page: 1, limit: 0, sort_by: { field: "day" as const, direction: "asc" as const } };

let ctx: TestContext;
type Headers = { authorization: string };
const as = {} as Record<"student" | "teacher" | "coordinator" | "lowAdmin" | "admin", Headers>;

const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Ids of the fixture: two periods, sections 1A (math, lang, phys) and 1B (math) now, 1A next period. */
const f = {} as {
  h: number[];
  roomA: number;
  roomB: number;
  aud: number;
  lab: number;
  period: number;
  next: number;
  old: number;
  sec1: number;
  sec2: number;
  secNext: number;
  secOld: number;
  cs1Math: number;
  cs1Lang: number;
  cs1Phys: number;
  cs2Math: number;
  csNextMath: number;
  csOldMath: number;
  ana: number;
  luis: number;
  mathId: number;
};

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ["student", "teacher", "coordinator", "lowAdmin", "admin"] as const) {
    as[role] = (await createUserWithToken(ctx, Role[role])).headers;
  }
  const db = ctx.db;
  const hours = await db
    .insert(s.classHours)
    .values([
      { startTime: "07:00", endTime: "07:45" },
      { startTime: "07:45", endTime: "08:30" },
      { startTime: "08:30", endTime: "09:15" },
      { startTime: "13:00", endTime: "13:45" },
    ])
    .returning();
  f.h = hours.map((h) => h.id);
  const rooms = await db
    .insert(s.classrooms)
    .values([
      { code: "A-12", maxCapacity: 30 },
      { code: "B-1", maxCapacity: 30 },
      { code: "AUD", maxCapacity: 120, multipleSections: true },
      { code: "LAB", maxCapacity: 20, enabled: false },
    ])
    .returning();
  [f.roomA, f.roomB, f.aud, f.lab] = rooms.map((r) => r.id) as [number, number, number, number];
  const [spec] = await db.insert(s.specializations).values({ title: "Informática", code: "INF" }).returning();
  const [pensum] = await db.insert(s.pensums).values({ specializationId: spec!.id, name: "INF" }).returning();
  const [sem] = await db
    .insert(s.semesters)
    .values({ pensumId: pensum!.id, number: 1, code: "S1" })
    .returning();
  const courses = await db
    .insert(s.courses)
    .values([
      { code: "MAT-1", title: "Matemática I" },
      { code: "LEN-1", title: "Lenguaje" },
      { code: "FIS-1", title: "Física I" },
    ])
    .returning();
  const [math, lang, phys] = courses as [(typeof courses)[0], (typeof courses)[0], (typeof courses)[0]];
  f.mathId = math.id;
  const periods = await db
    .insert(s.periods)
    .values([
      { year: 2030, number: 1, startDate: "2030-01-07", endDate: "2030-05-31", enabled: true },
      { year: 2030, number: 2, startDate: "2030-09-01", endDate: "2030-12-20" },
      { year: 2029, number: 2, startDate: "2029-09-01", endDate: "2029-12-20" },
    ])
    .returning();
  [f.period, f.next, f.old] = periods.map((p) => p.id) as [number, number, number];
  const secs = await db
    .insert(s.sections)
    .values([
      { periodId: f.period, semesterId: sem!.id, letterCode: "A", code: "1A" },
      { periodId: f.period, semesterId: sem!.id, letterCode: "B", code: "3B" },
      { periodId: f.next, semesterId: sem!.id, letterCode: "A", code: "1A" },
      { periodId: f.old, semesterId: sem!.id, letterCode: "A", code: "1A" },
    ])
    .returning();
  [f.sec1, f.sec2, f.secNext, f.secOld] = secs.map((x) => x.id) as [number, number, number, number];
  const css = await db
    .insert(s.courseSections)
    .values([
      { sectionId: f.sec1, courseId: math.id },
      { sectionId: f.sec1, courseId: lang.id },
      { sectionId: f.sec1, courseId: phys.id },
      { sectionId: f.sec2, courseId: math.id },
      { sectionId: f.secNext, courseId: math.id },
      { sectionId: f.secOld, courseId: math.id },
    ])
    .returning();
  [f.cs1Math, f.cs1Lang, f.cs1Phys, f.cs2Math, f.csNextMath, f.csOldMath] = css.map((c) => c.id) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const people = [];
  for (const [first, last, doc] of [
    ["Ana", "Pérez", "V-1"],
    ["Luis", "Gómez", "V-2"],
  ] as const) {
    const { user } = await createUserWithToken(ctx, Role.teacher, { name: `${first} ${last}` });
    const [t] = await db
      .insert(s.teachers)
      .values({ userId: user.id, firstName: first, lastName: last, identityDocument: doc, gender: "female" })
      .returning();
    people.push(t!.id);
  }
  [f.ana, f.luis] = people as [number, number];
  // Ana teaches math to 1A and physics to 1A, Luis math to 3B and next period's 1A.
  await db.insert(s.courseSectionTeachers).values([
    { courseSectionId: f.cs1Math, teacherId: f.ana },
    { courseSectionId: f.cs1Phys, teacherId: f.ana },
    { courseSectionId: f.cs2Math, teacherId: f.luis },
    { courseSectionId: f.csNextMath, teacherId: f.ana },
  ]);
});
afterAll(() => ctx?.close());

type Entry = { day: number; classroom_id?: number; class_hours_ids?: number[] };
const bulk = (courseSectionId: number, schedules: Entry[], headers = as.admin) =>
  api("POST", "/schedules/bulk-store", headers, { course_section_id: courseSectionId, schedules });

async function slotsOf(courseSectionId: number) {
  return ctx.db
    .select({
      day: s.scheduleSlots.day,
      hour: s.scheduleSlots.classHourId,
      room: s.scheduleSlots.classroomId,
    })
    .from(s.scheduleSlots)
    .where(eq(s.scheduleSlots.courseSectionId, courseSectionId));
}

describe("bulk store", () => {
  it("replaces a course section's week, dropping entries without class hours", async () => {
    const first = await bulk(f.cs1Math, [
      { day: 1, classroom_id: f.roomA, class_hours_ids: [f.h[0]!, f.h[1]!] },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const res = await bulk(f.cs1Math, [
      { day: 3, classroom_id: f.roomA, class_hours_ids: [f.h[1]!, f.h[0]!] },
      { day: 5, classroom_id: f.roomB, class_hours_ids: [] },
      { day: 6 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      day: 3,
      day_name: "Miércoles",
      class_hours_ids: [f.h[0], f.h[1]],
      class_hours: [
        { id: f.h[0], start_time: "07:00", end_time: "07:45" },
        { id: f.h[1], start_time: "07:45", end_time: "08:30" },
      ],
      classroom: { id: f.roomA, code: "A-12", multiple_sections: false },
      course_section: {
        id: f.cs1Math,
        course: { code: "MAT-1", title: "Matemática I" },
        section: { id: f.sec1, code: "1A", shift: "morning", period_id: f.period },
        teachers: [{ id: f.ana, name: "Ana Pérez" }],
      },
    });
    expect(await slotsOf(f.cs1Math)).toHaveLength(2);
    expect((await slotsOf(f.cs1Math)).every((x) => x.day === 3)).toBe(true);
  });

  it("an empty week clears the course section's schedule", async () => {
    await bulk(f.cs1Lang, [{ day: 2, classroom_id: f.roomB, class_hours_ids: [f.h[2]!] }]);
    const res = await bulk(f.cs1Lang, [{ day: 2, class_hours_ids: [] }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([]);
    expect(await slotsOf(f.cs1Lang)).toEqual([]);
  });

  const clashes: [string, () => Promise<unknown>, string][] = [
    [
      "the classroom is taken by another section",
      () => bulk(f.cs2Math, [{ day: 3, classroom_id: f.roomA, class_hours_ids: [f.h[1]!, f.h[2]!] }]),
      "combination_of_day_classroom_class_hour_exists",
    ],
    [
      "the section has another course then",
      () => bulk(f.cs1Lang, [{ day: 3, classroom_id: f.roomB, class_hours_ids: [f.h[0]!] }]),
      "combination_of_day_section_class_hour_exists",
    ],
    [
      "the course section is twice in one slot",
      () =>
        bulk(f.cs2Math, [
          { day: 4, classroom_id: f.roomB, class_hours_ids: [f.h[0]!] },
          { day: 4, classroom_id: f.aud, class_hours_ids: [f.h[0]!] },
        ]),
      "combination_of_day_course_section_class_hour_exists",
    ],
  ];
  for (const [what, call, code] of clashes) {
    it(`refuses when ${what} (${code}), keeping the previous week`, async () => {
      const before = {
        math: await slotsOf(f.cs1Math),
        lang: await slotsOf(f.cs1Lang),
        m2: await slotsOf(f.cs2Math),
      };
      const res = (await call()) as Awaited<ReturnType<typeof bulk>>;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: code, description: expect.any(String) });
      expect(await slotsOf(f.cs1Math)).toEqual(before.math);
      expect(await slotsOf(f.cs1Lang)).toEqual(before.lang);
      expect(await slotsOf(f.cs2Math)).toEqual(before.m2);
    });
  }

  it("refuses a teacher in two places at once", async () => {
    // Ana teaches 1A math on Wednesday 07:00-08:30; 1A physics is hers too, but that is also the
    // section's clash, so give her a course section of another section: none exists; use 1B math with Ana.
    await ctx.db.insert(s.courseSectionTeachers).values({ courseSectionId: f.cs2Math, teacherId: f.ana });
    const res = await bulk(f.cs2Math, [{ day: 3, classroom_id: f.roomB, class_hours_ids: [f.h[0]!] }]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe("combination_of_day_teacher_class_hour_exists");
    await ctx.db
      .delete(s.courseSectionTeachers)
      .where(eq(s.courseSectionTeachers.teacherId, f.ana))
      .then(() =>
        ctx.db.insert(s.courseSectionTeachers).values([
          { courseSectionId: f.cs1Math, teacherId: f.ana },
          { courseSectionId: f.cs1Phys, teacherId: f.ana },
          { courseSectionId: f.csNextMath, teacherId: f.ana },
        ]),
      );
  });

  it("a classroom of several sections and another period never clash", async () => {
    const shared = await bulk(f.cs2Math, [{ day: 3, classroom_id: f.aud, class_hours_ids: [f.h[0]!] }]);
    expect(shared.statusCode, shared.body).toBe(200);
    const alsoShared = await bulk(f.cs1Phys, [{ day: 4, classroom_id: f.aud, class_hours_ids: [f.h[0]!] }]);
    expect(alsoShared.statusCode, alsoShared.body).toBe(200);
    const other = await bulk(f.cs2Math, [{ day: 4, classroom_id: f.aud, class_hours_ids: [f.h[0]!] }]);
    expect(other.statusCode, other.body).toBe(200);
    // Next period: same classroom, same slot, same teacher (Ana) as this period's 1A math.
    const next = await bulk(f.csNextMath, [{ day: 3, classroom_id: f.roomA, class_hours_ids: [f.h[0]!] }]);
    expect(next.statusCode, next.body).toBe(200);
  });

  it("two concurrent bulk stores for the same classroom slot: exactly one wins", async () => {
    await bulk(f.cs2Math, []);
    await bulk(f.cs1Lang, []);
    await bulk(f.cs1Math, []);
    const results = await Promise.all([
      bulk(f.cs1Math, [{ day: 6, classroom_id: f.roomB, class_hours_ids: [f.h[3]!] }]),
      bulk(f.cs2Math, [{ day: 6, classroom_id: f.roomB, class_hours_ids: [f.h[3]!] }]),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const refused = results.find((r) => r.statusCode === 400)!;
    expect(refused.json().message).toBe("combination_of_day_classroom_class_hour_exists");
    const held = await ctx.db.select().from(s.scheduleSlots).where(eq(s.scheduleSlots.classroomId, f.roomB));
    expect(held.filter((x) => x.day === 6)).toHaveLength(1);
  });

  it("answers 422 with Spanish field messages for bad input", async () => {
    const badDay = await bulk(f.cs1Math, [{ day: 7, classroom_id: f.roomA, class_hours_ids: [f.h[0]!] }]);
    expect(badDay.statusCode).toBe(422);
    expect(Object.keys(badDay.json().errors)).toEqual(["schedules.0.day"]);
    const noRoom = await bulk(f.cs1Math, [{ day: 2, classroom_id: 99999, class_hours_ids: [f.h[0]!] }]);
    expect(noRoom.statusCode).toBe(422);
    expect(noRoom.json().errors["schedules.0.classroom_id"]).toEqual([expect.any(String)]);
    const disabled = await bulk(f.cs1Math, [{ day: 2, classroom_id: f.lab, class_hours_ids: [f.h[0]!] }]);
    expect(disabled.statusCode).toBe(422);
    const noHour = await bulk(f.cs1Math, [{ day: 2, classroom_id: f.roomA, class_hours_ids: [99999] }]);
    expect(noHour.statusCode).toBe(422);
    expect(noHour.json().errors["schedules.0.class_hours_ids"]).toBeDefined();
    const noCs = await bulk(99999, []);
    expect(noCs.statusCode).toBe(422);
    expect(noCs.json().errors.course_section_id).toBeDefined();
  });

  it("refuses writes to a period older than the current one", async () => {
    const res = await bulk(f.csOldMath, [{ day: 1, classroom_id: f.roomB, class_hours_ids: [f.h[3]!] }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("unable_to_update_older_periods");
  });
});

describe("standard calls", () => {
  it("creates, reads, lists, moves and deletes one schedule", async () => {
    await bulk(f.cs1Lang, []);
    const created = await api("POST", "/schedules", as.admin, {
      course_section_id: f.cs1Lang,
      day: 5,
      classroom_id: f.roomA,
      class_hours_ids: [f.h[2]!],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const got = await api("GET", `/schedules/${id}`, as.lowAdmin);
    expect(got.json().data).toMatchObject({ id, day: 5, class_hours_ids: [f.h[2]] });
    const moved = await api("PATCH", `/schedules/${id}`, as.admin, {
      day: 2,
      class_hours_ids: [f.h[0]!, f.h[1]!],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      id,
      day: 2,
      classroom: { id: f.roomA },
      class_hours_ids: [f.h[0], f.h[1]],
    });
    const list = await api("GET", `/schedules?section_id=${f.sec1}&search=lenguaje&limit=0`, as.lowAdmin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((x: { id: number }) => x.id)).toEqual([id]);
    const byTeacher = await api("GET", `/schedules?teacher_id=${f.luis}&limit=0`, as.admin);
    expect(
      byTeacher
        .json()
        .data.every((x: { course_section: { id: number } }) => x.course_section.id === f.cs2Math),
    ).toBe(true);
    const clash = await api("PATCH", `/schedules/${id}`, as.admin, { day: 6, class_hours_ids: [f.h[3]!] });
    expect([200, 400]).toContain(clash.statusCode);
    const del = await api("DELETE", `/schedules/${id}`, as.admin);
    expect(del.statusCode).toBe(204);
    expect((await api("GET", `/schedules/${id}`, as.admin)).statusCode).toBe(404);
    expect((await api("GET", "/schedules?sort_by=nope", as.admin)).statusCode).toBe(422);
    const csv = await api("GET", `/schedules?format=csv&section_id=${f.sec2}&sort_by=day,asc`, as.lowAdmin);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(header).toBe("Sección,Turno,Materia,Código de materia,Día,Inicio,Fin,Aula,Profesores");
    expect(lines.every((line) => line.startsWith("3B,Mañana,Matemática I,MAT-1,"))).toBe(true);
  });
});

describe("weekly grid and reads", () => {
  it("answers a section's, a classroom's and a teacher's week, and the whole period's occupancy", async () => {
    await bulk(f.cs1Math, [{ day: 1, classroom_id: f.roomA, class_hours_ids: [f.h[0]!, f.h[1]!] }]);
    await bulk(f.cs2Math, [{ day: 1, classroom_id: f.roomB, class_hours_ids: [f.h[0]!] }]);
    const section = await api("GET", `/schedules/grid?section_id=${f.sec1}`, as.admin);
    expect(section.statusCode, section.body).toBe(200);
    const grid = section.json().data;
    expect(grid.class_hours.map((h: { start_time: string }) => h.start_time)).toEqual([
      "07:00",
      "07:45",
      "08:30",
      "13:00",
    ]);
    expect(grid.slots.every((x: { section: { id: number } }) => x.section.id === f.sec1)).toBe(true);
    expect(grid.slots).toContainEqual(
      expect.objectContaining({
        day: 1,
        class_hour_id: f.h[0],
        course: expect.objectContaining({ title: "Matemática I" }),
        classroom: { id: f.roomA, code: "A-12", multiple_sections: false },
        teachers: [{ id: f.ana, name: "Ana Pérez" }],
      }),
    );
    const room = (await api("GET", `/schedules/grid?classroom_id=${f.roomB}`, as.admin)).json().data;
    expect(room.period_id).toBe(f.period);
    expect(room.slots.map((x: { course_section_id: number }) => x.course_section_id)).toContain(f.cs2Math);
    expect(room.slots.every((x: { classroom: { id: number } }) => x.classroom.id === f.roomB)).toBe(true);
    const teacher = (await api("GET", `/schedules/grid?teacher_id=${f.luis}`, as.admin)).json().data;
    expect(teacher.slots.map((x: { course_section_id: number }) => x.course_section_id)).toEqual([f.cs2Math]);
    const all = (await api("GET", "/schedules/grid", as.admin)).json().data;
    expect(all.slots.some((x: { course_section_id: number }) => x.course_section_id === f.csNextMath)).toBe(
      false,
    );
    const next = (await api("GET", `/schedules/grid?period_id=${f.next}`, as.admin)).json().data;
    expect(next.slots.map((x: { course_section_id: number }) => x.course_section_id)).toEqual([f.csNextMath]);
    expect((await api("GET", "/schedules/grid?period_id=99999", as.admin)).statusCode).toBe(404);
  });

  it("GET /sections/{id}/schedules and the set-schedule read of one course section", async () => {
    const res = await api("GET", `/sections/${f.sec1}/schedules`, as.coordinator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((x: { course_section: { id: number } }) => x.course_section.id)).toContain(
      f.cs1Math,
    );
    expect((await api("GET", "/sections/99999/schedules", as.admin)).statusCode).toBe(404);
    const one = await api("GET", `/sections/${f.sec1}/courses/${f.mathId}/schedules`, as.admin);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({
      course_section: { id: f.cs1Math, section: { code: "1A" }, teachers: [{ name: "Ana Pérez" }] },
      schedules: [{ day: 1 }],
    });
    const missing = await api("GET", `/sections/${f.sec2}/courses/99999/schedules`, as.admin);
    expect(missing.statusCode).toBe(404);
  });
});

describe("speed", () => {
  /** Database queries made by `fn` (PGlite and node-postgres both go through the client's `query`). */
  async function queriesOf(fn: () => Promise<unknown>) {
    const client = (ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, "query");
    try {
      await fn();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  it("answers the grid and the list with a fixed number of queries, never one per slot", async () => {
    const db = ctx.db;
    await bulk(f.cs1Math, [{ day: 1, classroom_id: f.roomA, class_hours_ids: [f.h[0]!] }]);
    await bulk(f.cs1Lang, []);
    const small = await queriesOf(() => weeklyGrid({ db, sectionId: f.sec1 }));
    const smallList = await queriesOf(() =>
      listSchedules({ db, list: everything, filters: { sectionId: f.sec1 } }),
    );
    await bulk(f.cs1Lang, [
      { day: 2, classroom_id: f.roomA, class_hours_ids: [f.h[0]!, f.h[1]!, f.h[2]!] },
      { day: 4, classroom_id: f.roomB, class_hours_ids: [f.h[0]!, f.h[1]!, f.h[2]!] },
      { day: 5, classroom_id: f.roomB, class_hours_ids: [f.h[0]!, f.h[1]!, f.h[2]!, f.h[3]!] },
    ]);
    expect(small).toBeGreaterThan(0);
    expect(await queriesOf(() => weeklyGrid({ db, sectionId: f.sec1 }))).toBe(small);
    expect(await queriesOf(() => weeklyGrid({ db, periodId: f.period }))).toBe(small + 1);
    expect(
      await queriesOf(() => listSchedules({ db, list: everything, filters: { sectionId: f.sec1 } })),
    ).toBe(smallList);
  });
});

describe("access (spec.md §6)", () => {
  it("reads for the admin group, writes for administrators only", async () => {
    for (const role of ["student", "teacher", "coordinator"] as const) {
      expect((await api("GET", "/schedules", as[role])).statusCode).toBe(403);
      expect((await api("GET", "/schedules/grid", as[role])).statusCode).toBe(403);
    }
    expect((await api("GET", "/schedules", as.lowAdmin)).statusCode).toBe(200);
    // spec.md §6 "schedule show, disponibilities and edit: admin only": the grid of /schedules/show.
    expect((await api("GET", "/schedules/grid", as.lowAdmin)).statusCode).toBe(403);
    expect((await bulk(f.cs1Math, [], as.lowAdmin)).statusCode).toBe(403);
    expect((await bulk(f.cs1Math, [], as.coordinator)).statusCode).toBe(403);
    expect((await api("GET", `/sections/${f.sec1}/schedules`, as.teacher)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: "GET", url: "/api/schedules" });
    expect(anonymous.statusCode).toBe(401);
  });
});
