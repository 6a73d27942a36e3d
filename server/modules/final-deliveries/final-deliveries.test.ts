import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import { signAccessToken } from "../../auth/tokens.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";
import { pdfDrawnHex, pdfHex } from "../../test/pdf-text.js";
import { juryAverage, juryCanModify } from "./service.js";

let ctx: TestContext;
type Headers = { authorization: string };
let admin: Headers;
let lowAdmin: Headers;

const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function headersOf(userId: number): Promise<Headers> {
  const { token } = await signAccessToken({ secret: ctx.config.jwtSecret, userId, ttlSeconds: 3600 });
  return { authorization: `Bearer ${token}` };
}

/** `date` as `YYYY-MM-DDTHH:MM` in the school's time zone. */
function local(date: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: ctx.config.timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}
const hoursFromNow = (h: number) => new Date(ctx.clock.now().getTime() + h * 3_600_000);

type Cs = { id: number; specializationId: number };
/** Course sections of courses that support a final delivery, with enrolled students, none having one yet. */
let finals: Cs[];
let noFinal: Cs;
let coordinator: { headers: Headers; specializationId: number };
let otherCoordinator: Headers | null;
let juror: { id: number; headers: Headers };
let juror2: { id: number; headers: Headers };

async function courseSectionsWhere(supports: boolean): Promise<Cs[]> {
  const rows = await ctx.db
    .selectDistinct({ id: s.courseSections.id, specializationId: s.pensums.specializationId })
    .from(s.courseSections)
    .innerJoin(s.courses, eq(s.courses.id, s.courseSections.courseId))
    .innerJoin(s.sections, eq(s.sections.id, s.courseSections.sectionId))
    .innerJoin(s.semesters, eq(s.semesters.id, s.sections.semesterId))
    .innerJoin(s.pensums, eq(s.pensums.id, s.semesters.pensumId))
    .innerJoin(s.courseEnrolments, eq(s.courseEnrolments.courseSectionId, s.courseSections.id))
    .where(and(eq(s.courses.supportsFinalDelivery, supports)))
    .orderBy(s.courseSections.id);
  return rows;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  admin = (await createUserWithToken(ctx, Role.admin)).headers;
  lowAdmin = (await createUserWithToken(ctx, Role.lowAdmin)).headers;
  finals = await courseSectionsWhere(true);
  expect(finals.length).toBeGreaterThan(0);
  noFinal = (await courseSectionsWhere(false))[0]!;
  const spec = finals[0]!.specializationId;
  const [c] = await ctx.db
    .select({ id: s.teachers.id, userId: s.teachers.userId })
    .from(s.teachers)
    .where(and(eq(s.teachers.isCoordinator, true), eq(s.teachers.specializationId, spec)));
  coordinator = { headers: await headersOf(c!.userId), specializationId: spec };
  const [o] = await ctx.db
    .select({ userId: s.teachers.userId })
    .from(s.teachers)
    .where(and(eq(s.teachers.isCoordinator, true), sql`${s.teachers.specializationId} <> ${spec}`));
  otherCoordinator = o ? await headersOf(o.userId) : null;
  // Jurors the coordinator supervises (a coordinator names only those).
  const teachers = await ctx.db
    .select({ id: s.teachers.id, userId: s.teachers.userId })
    .from(s.teachers)
    .innerJoin(s.coordinatorSupervisions, eq(s.coordinatorSupervisions.teacherId, s.teachers.id))
    .where(
      and(
        eq(s.teachers.isCoordinator, false),
        eq(s.teachers.enabled, true),
        eq(s.coordinatorSupervisions.coordinatorId, c!.id),
      ),
    )
    .orderBy(s.teachers.id)
    .limit(2);
  juror = { id: teachers[0]!.id, headers: await headersOf(teachers[0]!.userId) };
  juror2 = { id: teachers[1]!.id, headers: await headersOf(teachers[1]!.userId) };
}, 180_000);
afterAll(() => ctx?.close());

let turn = 0;
/**
 * A course section supporting final deliveries (of `specializationId` when given), made fresh: its final
 * delivery and its lessons (whose weights count against the percent) removed. The demo has few of them,
 * so tests take turns.
 */
async function nextFinal(specializationId?: number): Promise<Cs> {
  const pool = finals.filter(
    (c) => specializationId === undefined || c.specializationId === specializationId,
  );
  const cs = pool[turn++ % pool.length]!;
  await ctx.db.delete(s.finalDeliveries).where(eq(s.finalDeliveries.courseSectionId, cs.id));
  await ctx.db.delete(s.lessons).where(eq(s.lessons.courseSectionId, cs.id));
  return cs;
}

const body = (courseSectionId: number, overrides: Record<string, unknown> = {}) => ({
  course_section_id: courseSectionId,
  code: "EF-1",
  title: "Proyecto de grado",
  delivery_at: local(hoursFromNow(2)),
  final_delivery_value_percent: 20,
  scheduled_content: "Presentación de 20 minutos",
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}, as: Headers = admin) {
  const cs = await nextFinal(as === admin ? undefined : coordinator.specializationId);
  const res = await api("POST", "/final-deliveries", as, body(cs.id, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; course_section_id: number };
}

describe("maths and clock", () => {
  it("averages the jury's notes to two decimals, half up", () => {
    expect(juryAverage([])).toBeNull();
    expect(juryAverage([15, 16])).toBe(15.5);
    expect(juryAverage([10, 10, 11])).toBe(10.33);
    expect(juryAverage([10.005])).toBe(10.01);
  });
  it("lets the jury work until exactly 24 hours after the delivery date, never without one", () => {
    const at = new Date("2026-11-20T10:00:00Z");
    expect(juryCanModify(null, at)).toBe(false);
    expect(juryCanModify(at, new Date("2026-11-21T10:00:00Z"))).toBe(true);
    expect(juryCanModify(at, new Date("2026-11-21T10:00:00.001Z"))).toBe(false);
  });
});

describe("final deliveries", () => {
  it("creates with the course section's students, reads, updates and deletes", async () => {
    const cs = await nextFinal();
    const when = local(hoursFromNow(3));
    const res = await api("POST", "/final-deliveries", admin, body(cs.id, { delivery_at: when }));
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    const enrolled = await ctx.db
      .select({ id: s.courseEnrolments.studentId })
      .from(s.courseEnrolments)
      .where(and(eq(s.courseEnrolments.courseSectionId, cs.id), eq(s.courseEnrolments.status, "enrolled")));
    expect(d).toMatchObject({
      code: "EF-1",
      delivery_at_local: when,
      final_delivery_value_percent: 20,
      course_section_id: cs.id,
      students_count: enrolled.length,
      jury: [],
      jury_can_modify: true,
    });
    expect((await api("GET", `/final-deliveries/${d.id}`, lowAdmin)).statusCode).toBe(200);
    const upd = await api("PATCH", `/final-deliveries/${d.id}`, admin, {
      title: "Otro título",
      description: "",
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({ title: "Otro título", description: null, code: "EF-1" });
    const csv = await api("GET", "/final-deliveries?format=csv&search=otro%20titulo", admin);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    expect(csv.body).toContain("Otro título");
    expect((await api("DELETE", `/final-deliveries/${d.id}`, admin)).statusCode).toBe(204);
    expect((await api("GET", `/final-deliveries/${d.id}`, admin)).statusCode).toBe(404);
  });

  it("refuses a course that does not support finals, a second one, and bad input", async () => {
    const no = await api("POST", "/final-deliveries", admin, body(noFinal.id));
    expect(no.statusCode).toBe(400);
    expect(no.json().message).toBe("course_section_dont_support_finals");
    const d = await create();
    const again = await api("POST", "/final-deliveries", admin, body(d.course_section_id, { code: "EF-2" }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: "course_section_already_has_one",
      description: "La materia de la sección ya tiene una entrega final.",
    });
    const bad = await api("POST", "/final-deliveries", admin, {
      course_section_id: (await nextFinal()).id,
      code: "",
      final_delivery_value_percent: 101,
      delivery_at: "mañana",
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      "code",
      "delivery_at",
      "final_delivery_value_percent",
    ]);
    expect(bad.json().errors.final_delivery_value_percent[0]).toMatch(/porcentaje de la entrega final/);
  });

  it("refuses a percent that would pass 100 with the lessons' weights, saying what is left", async () => {
    const cs = await nextFinal();
    await ctx.db.insert(s.lessons).values([
      { courseSectionId: cs.id, date: "2026-01-05", evaluated: true, weight: 50 },
      { courseSectionId: cs.id, date: "2026-01-12", evaluated: true, weight: 35 },
    ]);
    const over = await api(
      "POST",
      "/final-deliveries",
      admin,
      body(cs.id, { final_delivery_value_percent: 16 }),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe("invalid_weighting");
    expect(over.json().description).toMatch(/quedan 15 %/);
    const ok = await api(
      "POST",
      "/final-deliveries",
      admin,
      body(cs.id, { final_delivery_value_percent: 15 }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const patch = await api("PATCH", `/final-deliveries/${ok.json().data.id}`, admin, {
      final_delivery_value_percent: 20,
    });
    expect(patch.json().message).toBe("invalid_weighting");
  });

  it("a coordinator manages only their specialization's; a teacher and a low admin none", async () => {
    const mine = await create({}, coordinator.headers);
    expect(mine.id).toBeGreaterThan(0);
    if (otherCoordinator) {
      expect(
        (await api("PATCH", `/final-deliveries/${mine.id}`, otherCoordinator, { title: "x" })).statusCode,
      ).toBe(403);
      expect(
        (await api("POST", `/final-deliveries/${mine.id}/teachers/${juror.id}`, otherCoordinator)).statusCode,
      ).toBe(403);
    }
    expect(
      (await api("POST", "/final-deliveries", juror.headers, body((await nextFinal()).id))).statusCode,
    ).toBe(403);
    expect((await api("POST", "/final-deliveries", lowAdmin, body((await nextFinal()).id))).statusCode).toBe(
      403,
    );
  });
});

describe("a coordinator and the teachers they supervise (issue 26; DOMAIN.md)", () => {
  /** Runs `fn` with the course section `cs` taught only by `teacherIds`, then puts its teachers back. */
  async function taughtBy(cs: Cs, teacherIds: number[], fn: () => Promise<void>) {
    const before = await ctx.db
      .select({ teacherId: s.courseSectionTeachers.teacherId })
      .from(s.courseSectionTeachers)
      .where(eq(s.courseSectionTeachers.courseSectionId, cs.id));
    const set = async (ids: number[]) => {
      await ctx.db.delete(s.courseSectionTeachers).where(eq(s.courseSectionTeachers.courseSectionId, cs.id));
      if (ids.length > 0)
        await ctx.db
          .insert(s.courseSectionTeachers)
          .values(ids.map((teacherId) => ({ courseSectionId: cs.id, teacherId })));
    };
    await set(teacherIds);
    try {
      await fn();
    } finally {
      await set(before.map((b) => b.teacherId));
    }
  }

  async function unsupervisedTeacher(): Promise<number> {
    const [row] = await ctx.db
      .select({ id: s.teachers.id })
      .from(s.teachers)
      .where(
        and(
          eq(s.teachers.isCoordinator, false),
          eq(s.teachers.enabled, true),
          sql`not exists (select 1 from coordinator_supervisions cv join teachers c on c.id = cv.coordinator_id
            where cv.teacher_id = ${s.teachers.id} and c.specialization_id = ${coordinator.specializationId})`,
        ),
      )
      .limit(1);
    return row!.id;
  }

  it("refuses a course section of a teacher they do not supervise, in Spanish, writing nothing", async () => {
    const cs = await nextFinal(coordinator.specializationId);
    await taughtBy(cs, [await unsupervisedTeacher()], async () => {
      const res = await api("POST", "/final-deliveries", coordinator.headers, body(cs.id));
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({
        message: "coordinator_not_owner_or_not_supervising",
        description: "La materia de esta sección la dicta un profesor que usted no supervisa.",
      });
      const written = await ctx.db
        .select({ id: s.finalDeliveries.id })
        .from(s.finalDeliveries)
        .where(eq(s.finalDeliveries.courseSectionId, cs.id));
      expect(written).toEqual([]);
      // The administration is not bound by supervision.
      expect((await api("POST", "/final-deliveries", admin, body(cs.id))).statusCode).toBe(201);
      // Nor may the coordinator change or delete that delivery.
      const [made] = await ctx.db
        .select({ id: s.finalDeliveries.id })
        .from(s.finalDeliveries)
        .where(eq(s.finalDeliveries.courseSectionId, cs.id));
      const patch = await api("PATCH", `/final-deliveries/${made!.id}`, coordinator.headers, { title: "x" });
      expect(patch.json().message).toBe("coordinator_not_owner_or_not_supervising");
      const removed = await api("DELETE", `/final-deliveries/${made!.id}`, coordinator.headers);
      expect(removed.statusCode).toBe(403);
    });
  });

  it("a course section taught by a supervised teacher, or by nobody yet, is theirs", async () => {
    const cs = await nextFinal(coordinator.specializationId);
    await taughtBy(cs, [juror.id], async () => {
      const res = await api("POST", "/final-deliveries", coordinator.headers, body(cs.id));
      expect(res.statusCode, res.body).toBe(201);
    });
    const empty = await nextFinal(coordinator.specializationId);
    await taughtBy(empty, [], async () => {
      const res = await api("POST", "/final-deliveries", coordinator.headers, body(empty.id));
      expect(res.statusCode, res.body).toBe(201);
    });
  });

  it("the form's course-section picker (manageable=1) lists only the ones they may manage", async () => {
    const cs = await nextFinal(coordinator.specializationId);
    const listed = async (headers: Headers) =>
      (await api("GET", `/course-sections?manageable=1&limit=0`, headers))
        .json()
        .data.map((r: { id: number }) => r.id);
    await taughtBy(cs, [await unsupervisedTeacher()], async () => {
      expect(await listed(coordinator.headers)).not.toContain(cs.id);
      expect(await listed(admin)).toContain(cs.id);
    });
    await taughtBy(cs, [juror.id], async () => {
      expect(await listed(coordinator.headers)).toContain(cs.id);
    });
    await taughtBy(cs, [], async () => {
      expect(await listed(coordinator.headers)).toContain(cs.id);
    });
  });

  it("names to the jury only teachers they supervise", async () => {
    const d = await create({}, coordinator.headers);
    const stranger = await unsupervisedTeacher();
    const res = await api("POST", `/final-deliveries/${d.id}/teachers/${stranger}`, coordinator.headers);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe("coordinator_not_owner_or_not_supervising");
    expect(res.json().description).toMatch(/profesores que usted supervisa/);
    expect((await api("POST", `/final-deliveries/${d.id}/teachers/${stranger}`, admin)).statusCode).toBe(200);
  });
});

describe("jury and notes", () => {
  it("a jury member grades; the average shows; others cannot grade", async () => {
    const d = await create({}, coordinator.headers);
    expect(
      (await api("POST", `/final-deliveries/${d.id}/teachers/${juror.id}`, coordinator.headers)).statusCode,
    ).toBe(200);
    const withJury = await api(
      "POST",
      `/final-deliveries/${d.id}/teachers/${juror2.id}`,
      coordinator.headers,
    );
    expect(
      withJury
        .json()
        .data.jury.map((j: { id: number }) => j.id)
        .sort(),
    ).toEqual([juror.id, juror2.id].sort());
    const list = (await api("GET", `/final-deliveries/${d.id}/students`, admin)).json().data;
    const student = list[0].id as number;
    const url = (t: number) => `/final-deliveries/${d.id}/teachers/${t}/students/${student}`;
    const first = await api("PATCH", url(juror.id), juror.headers, { note: 15 });
    expect(first.statusCode, first.body).toBe(200);
    await api("PATCH", url(juror2.id), juror2.headers, { note: 18 });
    const after = (await api("GET", `/final-deliveries/${d.id}/students`, admin)).json().data;
    expect(after.find((x: { id: number }) => x.id === student)).toMatchObject({ average: 16.5 });
    // Only as themself; not for another member; not outside the jury; not an admin.
    expect((await api("PATCH", url(juror.id), juror2.headers, { note: 1 })).statusCode).toBe(403);
    expect((await api("PATCH", url(juror.id), admin, { note: 1 })).statusCode).toBe(403);
    // Bad notes: 21, -1, "diez".
    for (const note of [21, -1, "diez"]) {
      const res = await api("PATCH", url(juror.id), juror.headers, { note });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.note[0]).toMatch(/nota/);
    }
    // A student not in the delivery.
    const [outsider] = await ctx.db
      .select({ id: s.students.id })
      .from(s.students)
      .where(
        sql`not exists (select 1 from final_delivery_students f where f.student_id = ${s.students.id} and f.final_delivery_id = ${d.id})`,
      )
      .limit(1);
    const wrong = await api(
      "PATCH",
      `/final-deliveries/${d.id}/teachers/${juror.id}/students/${outsider!.id}`,
      juror.headers,
      {
        note: 10,
      },
    );
    expect(wrong.json().message).toBe("student_is_not_related_to_course_section");
    // The jury is kept while notes exist: removing a member removes their notes; a graded delivery stays.
    expect((await api("DELETE", `/final-deliveries/${d.id}`, admin)).json().message).toBe(
      "final_delivery_has_notes",
    );
    expect((await api("DELETE", `/final-deliveries/${d.id}/teachers/${juror2.id}`, admin)).statusCode).toBe(
      200,
    );
    const left = (await api("GET", `/final-deliveries/${d.id}/students`, admin)).json().data;
    expect(left.find((x: { id: number }) => x.id === student)).toMatchObject({ average: 15 });
  });

  it("refuses jury changes and notes 24 hours after the delivery date, in Spanish, writing nothing", async () => {
    // Just inside the window: 23 h 50 min ago.
    const inside = await create({ delivery_at: local(hoursFromNow(-23.8)) });
    expect((await api("POST", `/final-deliveries/${inside.id}/teachers/${juror.id}`, admin)).statusCode).toBe(
      200,
    );
    const student = (await api("GET", `/final-deliveries/${inside.id}/students`, admin)).json().data[0].id;
    const ok = await api(
      "PATCH",
      `/final-deliveries/${inside.id}/teachers/${juror.id}/students/${student}`,
      juror.headers,
      { note: 12 },
    );
    expect(ok.statusCode, ok.body).toBe(200);

    // Past it: 24 h 10 min ago (the jury was added while it could be).
    const past = await create({ delivery_at: local(hoursFromNow(2)) });
    expect((await api("POST", `/final-deliveries/${past.id}/teachers/${juror.id}`, admin)).statusCode).toBe(
      200,
    );
    await api("PATCH", `/final-deliveries/${past.id}`, admin, { delivery_at: local(hoursFromNow(-24.2)) });
    const pastStudent = (await api("GET", `/final-deliveries/${past.id}/students`, admin)).json().data[0].id;
    const late = await api(
      "PATCH",
      `/final-deliveries/${past.id}/teachers/${juror.id}/students/${pastStudent}`,
      juror.headers,
      { note: 12 },
    );
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      message: "jury_unable_to_modify",
      description: expect.stringMatching(/24 horas/),
    });
    const notes = await ctx.db
      .select()
      .from(s.finalDeliveryNotes)
      .where(eq(s.finalDeliveryNotes.finalDeliveryId, past.id));
    expect(notes).toEqual([]);
    expect(
      (await api("POST", `/final-deliveries/${past.id}/teachers/${juror2.id}`, admin)).json().message,
    ).toBe("jury_unable_to_modify");
    expect(
      (await api("DELETE", `/final-deliveries/${past.id}/teachers/${juror.id}`, admin)).json().message,
    ).toBe("jury_unable_to_modify");
    expect((await api("GET", `/final-deliveries/${past.id}`, admin)).json().data.jury_can_modify).toBe(false);

    // Without a date the jury cannot work either.
    const undated = await create({ delivery_at: null });
    expect(
      (await api("POST", `/final-deliveries/${undated.id}/teachers/${juror.id}`, admin)).json().message,
    ).toBe("jury_unable_to_modify");
  });
});

describe("closed 24 hours after the delivery date", () => {
  it("refuses every change to the delivery, for an admin too, and a new date cannot reopen it", async () => {
    const start = ctx.clock.now();
    try {
      const fd = await create({ delivery_at: local(hoursFromNow(2)) });
      expect((await api("POST", `/final-deliveries/${fd.id}/teachers/${juror.id}`, admin)).statusCode).toBe(
        200,
      );
      const open = (await api("GET", `/final-deliveries/${fd.id}`, admin)).json().data;
      expect(open).toMatchObject({ closed: false, jury_can_modify: true });

      // 2 h + 24 h + 1 min later: the window is over.
      ctx.clock.advance((26 * 60 + 1) * 60_000);
      const before = (await api("GET", `/final-deliveries/${fd.id}`, admin)).json().data;
      expect(before).toMatchObject({ closed: true, jury_can_modify: false });

      for (const change of [
        { title: "Otro título" },
        { delivery_at: local(hoursFromNow(33)) },
        // Inside the window again by the new date: still refused, judged on the stored date.
        { delivery_at: local(hoursFromNow(-1)) },
        { final_delivery_value_percent: 10 },
      ]) {
        const res = await api("PATCH", `/final-deliveries/${fd.id}`, admin, change);
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json()).toMatchObject({
          message: "final_delivery_closed",
          description: expect.stringMatching(/24 horas/),
        });
      }
      const del = await api("DELETE", `/final-deliveries/${fd.id}`, admin);
      expect(del.json().message).toBe("final_delivery_closed");
      expect(
        (await api("POST", `/final-deliveries/${fd.id}/teachers/${juror2.id}`, admin)).json().message,
      ).toBe("jury_unable_to_modify");
      const after = (await api("GET", `/final-deliveries/${fd.id}`, admin)).json().data;
      expect(after).toEqual(before);
    } finally {
      ctx.clock.set(start);
    }
  });

  it("within the window the delivery can still be edited", async () => {
    const fd = await create({ delivery_at: local(hoursFromNow(-23)) });
    const res = await api("PATCH", `/final-deliveries/${fd.id}`, admin, { title: "Proyecto final" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ title: "Proyecto final", closed: false });
  });
});

describe("students see their own", () => {
  it("lists and opens only the deliveries a student is part of, and their own row", async () => {
    const d = await create({ delivery_at: "2026-12-03T14:30" });
    const rows = (await api("GET", `/final-deliveries/${d.id}/students`, admin)).json().data;
    const [st] = await ctx.db
      .select({ userId: s.students.userId })
      .from(s.students)
      .where(eq(s.students.id, rows[0].id));
    const asStudent = await headersOf(st!.userId);
    const list = (await api("GET", "/final-deliveries?limit=0", asStudent)).json().data as { id: number }[];
    expect(list.map((x) => x.id)).toContain(d.id);
    const memberships = await ctx.db
      .select({ id: s.finalDeliveryStudents.finalDeliveryId })
      .from(s.finalDeliveryStudents)
      .where(eq(s.finalDeliveryStudents.studentId, rows[0].id));
    expect(list.map((x) => x.id).sort()).toEqual(memberships.map((m) => m.id).sort());
    const own = (await api("GET", `/final-deliveries/${d.id}/students`, asStudent)).json().data;
    expect(own.map((x: { id: number }) => x.id)).toEqual([rows[0].id]);
    const stranger = (await createUserWithToken(ctx, Role.student)).headers;
    expect((await api("GET", `/final-deliveries/${d.id}`, stranger)).statusCode).toBe(403);
    expect((await api("GET", "/final-deliveries", stranger)).json().data).toEqual([]);

    const cover = await api(
      "GET",
      `/download-work-cover?final_delivery_id=${d.id}&student_id=${rows[0].id}`,
      asStudent,
    );
    expect(cover.statusCode).toBe(200);
    expect(cover.headers["content-type"]).toMatch(/application\/pdf/);
    expect(cover.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // The delivery's day and hour as the school writes them: DD/MM/AAAA and 24-hour HH:MM.
    const drawn = pdfDrawnHex(cover.rawPayload);
    expect(drawn).toContain(pdfHex("Fecha de entrega: 03/12/2026 14:30"));
    if (rows[1]) {
      const other = await api(
        "GET",
        `/download-work-cover?final_delivery_id=${d.id}&student_id=${rows[1].id}`,
        asStudent,
      );
      expect(other.statusCode).toBe(403);
    }
  });
});

describe("scheduled content file", () => {
  function multipart(name: string, filename: string, type: string, data: Buffer) {
    const boundary = "----aulafinals1234";
    return {
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    };
  }
  const upload = (id: number, headers: Headers, part: ReturnType<typeof multipart>) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/final-deliveries/${id}/scheduled-content-resource`,
      headers: { ...headers, ...part.headers },
      payload: part.payload,
    });

  it("stores a PDF, serves it behind the access check, and refuses other types in Spanish", async () => {
    const d = await create();
    const pdf = Buffer.from("%PDF-1.4\n% contenido\n");
    const res = await upload(
      d.id,
      admin,
      multipart("scheduled_content_resource", "plan.pdf", "application/pdf", pdf),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.scheduled_content_resource).toBe("contenido-programado.pdf");
    const got = await api("GET", `/final-deliveries/${d.id}/scheduled-content-resource`, juror.headers);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    const stranger = (await createUserWithToken(ctx, Role.student)).headers;
    expect(
      (await api("GET", `/final-deliveries/${d.id}/scheduled-content-resource`, stranger)).statusCode,
    ).toBe(403);

    const exe = await upload(
      d.id,
      admin,
      multipart("scheduled_content_resource", "virus.exe", "application/x-msdownload", Buffer.from("MZ")),
    );
    expect(exe.statusCode).toBe(422);
    expect(exe.json().errors.scheduled_content_resource[0]).toMatch(
      /recurso del contenido programado.*formato/,
    );
    const big = await upload(
      d.id,
      admin,
      multipart(
        "scheduled_content_resource",
        "big.pdf",
        "application/pdf",
        Buffer.alloc(10 * 1024 * 1024 + 1, 0x25),
      ),
    );
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.scheduled_content_resource[0]).toMatch(/no debe ser mayor que 10240 kilobytes/);
    expect(
      (
        await upload(
          d.id,
          juror.headers,
          multipart("scheduled_content_resource", "p.pdf", "application/pdf", pdf),
        )
      ).statusCode,
    ).toBe(403);
  });
});
