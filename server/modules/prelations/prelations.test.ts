import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext, testToday } from "../../test/context.js";

let ctx: TestContext;
type Headers = { authorization: string };
const as = {} as Record<"student" | "teacher" | "coordinator" | "lowAdmin" | "admin" | "god", Headers>;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ["student", "teacher", "coordinator", "lowAdmin", "admin", "god"] as const) {
    as[role] = (await createUserWithToken(ctx, Role[role])).headers;
  }
});
afterAll(() => ctx?.close());

const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
/** A pensum with `semesters` semesters of `perSemester` courses each; answers course ids by semester. */
async function pensumWith(opts: { semesters: number; perSemester: number }) {
  seq += 1;
  const [spec] = await ctx.db
    .insert(s.specializations)
    .values({ title: `Especialidad ${seq}`, code: `ES${seq}` })
    .returning();
  const [pensum] = await ctx.db
    .insert(s.pensums)
    .values({ specializationId: spec!.id, name: `Pensum ${seq}` })
    .returning();
  const bySemester: number[][] = [];
  for (let n = 1; n <= opts.semesters; n++) {
    const [sem] = await ctx.db
      .insert(s.semesters)
      .values({ pensumId: pensum!.id, number: n, code: `S${seq}-${n}` })
      .returning();
    const ids: number[] = [];
    for (let c = 1; c <= opts.perSemester; c++) {
      const [course] = await ctx.db
        .insert(s.courses)
        .values({ code: `P${seq}-${n}${c}`, title: `Materia ${seq}.${n}.${c}` })
        .returning();
      await ctx.db
        .insert(s.semesterCourses)
        .values({ semesterId: sem!.id, pensumId: pensum!.id, courseId: course!.id });
      ids.push(course!.id);
    }
    bySemester.push(ids);
  }
  return { pensumId: pensum!.id, specializationId: spec!.id, courses: bySemester };
}

async function create(body: Record<string, unknown>) {
  return api("POST", "/prelations", as.admin, body);
}

describe("prelations CRUD", () => {
  it("creates, lists, reads, updates and deletes a prelation", async () => {
    const p = await pensumWith({ semesters: 2, perSemester: 2 });
    const [[a1, a2], [b1]] = p.courses as [number[], number[]];
    const created = await create({ pensum_id: p.pensumId, course_id: b1, required_course_id: a1 });
    expect(created.statusCode, created.body).toBe(201);
    const prelation = created.json().data;
    expect(prelation).toMatchObject({
      type: "total",
      pensum_id: p.pensumId,
      course_id: b1,
      required_course_id: a1,
      course: { id: b1, semester_number: 2 },
      required_course: { id: a1, semester_number: 1 },
      pensum: { id: p.pensumId, specialization_id: p.specializationId },
    });

    const list = await api("GET", `/prelations?pensum_id=${p.pensumId}`, as.student);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((x: { id: number }) => x.id)).toEqual([prelation.id]);
    expect(list.json().meta.total).toBe(1);

    const search = await api(
      "GET",
      `/prelations?search=${encodeURIComponent(`materia ${seq}.1.1`)}`,
      as.teacher,
    );
    expect(search.json().data.map((x: { id: number }) => x.id)).toEqual([prelation.id]);

    const byCourse = await api("GET", `/courses/${b1}/prelations`, as.student);
    expect(byCourse.statusCode).toBe(200);
    expect(byCourse.json().data.map((x: { required_course_id: number }) => x.required_course_id)).toEqual([
      a1,
    ]);

    const updated = await api("PATCH", `/prelations/${prelation.id}`, as.admin, {
      type: "partial",
      required_course_id: a2,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ type: "partial", required_course_id: a2 });

    expect((await api("GET", `/prelations/${prelation.id}`, as.coordinator)).json().data.type).toBe(
      "partial",
    );
    expect((await api("DELETE", `/prelations/${prelation.id}`, as.admin)).statusCode).toBe(204);
    expect((await api("GET", `/prelations/${prelation.id}`, as.admin)).statusCode).toBe(404);
  });

  it("lets everyone read and only administrators write", async () => {
    const p = await pensumWith({ semesters: 2, perSemester: 1 });
    const [[a], [b]] = p.courses as [number[], number[]];
    for (const role of ["student", "teacher", "coordinator", "lowAdmin"] as const) {
      expect((await api("GET", "/prelations", as[role])).statusCode).toBe(200);
      const res = await api("POST", "/prelations", as[role], {
        pensum_id: p.pensumId,
        course_id: b,
        required_course_id: a,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("this_action_is_unauthorized");
      expect((await api("DELETE", "/prelations", as[role], { ids: [1] })).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: "GET", url: "/api/prelations" })).statusCode).toBe(401);
    const god = await api("POST", "/prelations", as.god, {
      pensum_id: p.pensumId,
      course_id: b,
      required_course_id: a,
    });
    expect(god.statusCode).toBe(201);
  });
});

describe("prelation rules", () => {
  it("refuses a duplicate with prelation_already_exists ('La prelación ya existe')", async () => {
    const p = await pensumWith({ semesters: 2, perSemester: 1 });
    const [[a], [b]] = p.courses as [number[], number[]];
    expect((await create({ pensum_id: p.pensumId, course_id: b, required_course_id: a })).statusCode).toBe(
      201,
    );
    const again = await create({
      pensum_id: p.pensumId,
      course_id: b,
      required_course_id: a,
      type: "partial",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: "prelation_already_exists",
      description: "La prelación ya existe",
    });
  });

  it("lets exactly one of two concurrent identical creates win", async () => {
    const p = await pensumWith({ semesters: 2, perSemester: 1 });
    const [[a], [b]] = p.courses as [number[], number[]];
    const body = { pensum_id: p.pensumId, course_id: b, required_course_id: a };
    const results = await Promise.all([create(body), create(body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().message).toBe("prelation_already_exists");
    const rows = await ctx.db.select().from(s.prelations).where(eq(s.prelations.pensumId, p.pensumId));
    expect(rows).toHaveLength(1);
  });

  it("refuses a required course of the same or a later semester (target_must_be_related_to_next_semesters)", async () => {
    const p = await pensumWith({ semesters: 2, perSemester: 2 });
    const [[a1, a2], [b1]] = p.courses as [number[], number[]];
    const same = await create({ pensum_id: p.pensumId, course_id: a2, required_course_id: a1 });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe("target_must_be_related_to_next_semesters");
    const backwards = await create({ pensum_id: p.pensumId, course_id: a1, required_course_id: b1 });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe("target_must_be_related_to_next_semesters");
  });

  it("refuses a prelation that closes a cycle, even through other courses", async () => {
    const p = await pensumWith({ semesters: 3, perSemester: 1 });
    const [[a], [b], [c]] = p.courses as [number[], number[], number[]];
    expect((await create({ pensum_id: p.pensumId, course_id: b, required_course_id: a })).statusCode).toBe(
      201,
    );
    expect((await create({ pensum_id: p.pensumId, course_id: c, required_course_id: b })).statusCode).toBe(
      201,
    );
    const direct = await create({ pensum_id: p.pensumId, course_id: a, required_course_id: b });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().message).toBe("prelation_creates_cycle");
    expect(direct.json().description).toMatch(/ciclo/);
    const indirect = await create({ pensum_id: p.pensumId, course_id: a, required_course_id: c });
    expect(indirect.json().message).toBe("prelation_creates_cycle");
  });

  it("refuses a disabled course (disabled_course_detected) and courses outside the pensum (422)", async () => {
    const p = await pensumWith({ semesters: 2, perSemester: 1 });
    const other = await pensumWith({ semesters: 1, perSemester: 1 });
    const [[a], [b]] = p.courses as [number[], number[]];
    await ctx.db.update(s.courses).set({ enabled: false }).where(eq(s.courses.id, a!));
    const disabled = await create({ pensum_id: p.pensumId, course_id: b, required_course_id: a });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().message).toBe("disabled_course_detected");

    const outside = await create({
      pensum_id: p.pensumId,
      course_id: b,
      required_course_id: other.courses[0]![0],
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors.required_course_id[0]).toContain("materia requerida");
    const self = await create({ pensum_id: p.pensumId, course_id: b, required_course_id: b });
    expect(self.statusCode).toBe(422);
    expect(Object.keys(self.json().errors)).toEqual(["required_course_id"]);
    const empty = await create({});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(["course_id", "pensum_id", "required_course_id"]);
    const badType = await create({ pensum_id: p.pensumId, course_id: b, required_course_id: a, type: "x" });
    expect(badType.statusCode).toBe(422);
    const noPensum = await create({ pensum_id: 999999, course_id: b, required_course_id: a });
    expect(noPensum.statusCode).toBe(422);
    expect(Object.keys(noPensum.json().errors)).toEqual(["pensum_id"]);
  });

  it("removes partial prelations in bulk, all or none", async () => {
    const p = await pensumWith({ semesters: 2, perSemester: 3 });
    const [[a1, a2, a3], [b1]] = p.courses as [number[], number[]];
    const ids: number[] = [];
    for (const [req, type] of [
      [a1, "partial"],
      [a2, "partial"],
      [a3, "total"],
    ] as const) {
      const res = await create({ pensum_id: p.pensumId, course_id: b1, required_course_id: req, type });
      ids.push(res.json().data.id);
    }
    const mixed = await api("DELETE", "/prelations", as.admin, { ids });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe("only_partial_prelations_can_be_bulk_deleted");
    expect(
      await ctx.db.select().from(s.prelations).where(eq(s.prelations.pensumId, p.pensumId)),
    ).toHaveLength(3);

    const unknown = await api("DELETE", "/prelations", as.admin, { ids: [ids[0], 99999999] });
    expect(unknown.statusCode).toBe(404);

    const partials = await api("DELETE", "/prelations", as.admin, { ids: [ids[0], ids[1]] });
    expect(partials.statusCode, partials.body).toBe(200);
    expect(partials.json().data.deleted).toBe(2);
    const left = await ctx.db.select().from(s.prelations).where(eq(s.prelations.pensumId, p.pensumId));
    expect(left.map((r) => r.id)).toEqual([ids[2]]);

    const empty = await api("DELETE", "/prelations", as.admin, { ids: [] });
    expect(empty.statusCode).toBe(422);
  });

  it("freezes the prelations of a pensum a started period uses (pensum_is_not_versioned)", async () => {
    const p = await pensumWith({ semesters: 2, perSemester: 2 });
    const [[a1, a2], [b1, b2]] = p.courses as [number[], number[]];
    const total = (await create({ pensum_id: p.pensumId, course_id: b1, required_course_id: a1 })).json()
      .data;
    const partial = (
      await create({ pensum_id: p.pensumId, course_id: b2, required_course_id: a2, type: "partial" })
    ).json().data;
    // A period that starts tomorrow does not freeze it yet; once the clock reaches its start, it does.
    const start = "2026-11-26"; // the day after testToday
    const [period] = await ctx.db
      .insert(s.periods)
      .values({ year: 2026, number: 9, startDate: start, endDate: "2027-03-31" })
      .returning();
    await ctx.db
      .insert(s.periodPensums)
      .values({ periodId: period!.id, specializationId: p.specializationId, pensumId: p.pensumId });
    const before = await create({ pensum_id: p.pensumId, course_id: b2, required_course_id: a1 });
    expect(before.statusCode, before.body).toBe(201);
    ctx.clock.setSchoolTime(start, "08:00");
    try {
      const frozen = [
        await create({ pensum_id: p.pensumId, course_id: b1, required_course_id: a2 }),
        await api("PATCH", `/prelations/${total.id}`, as.admin, { type: "partial" }),
        await api("DELETE", `/prelations/${total.id}`, as.admin),
        await api("DELETE", "/prelations", as.admin, { ids: [partial.id] }),
      ];
      for (const res of frozen) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toBe("pensum_is_not_versioned");
        expect(res.json().description).toContain("nueva versión");
      }
      const left = await api("GET", `/prelations?pensum_id=${p.pensumId}`, as.admin);
      expect(left.json().meta.total).toBe(3);
    } finally {
      ctx.clock.setSchoolTime(testToday, "10:00");
    }
  });

  it("answers 404 for the prelations of an unknown course and 422 for an unknown sort", async () => {
    expect((await api("GET", "/courses/99999999/prelations", as.student)).statusCode).toBe(404);
    expect((await api("GET", "/prelations?sort_by=nope", as.student)).statusCode).toBe(422);
    expect((await api("GET", "/prelations?sort_by=course_code,desc", as.student)).statusCode).toBe(200);
  });

  it("exports the filtered list as CSV with Spanish headers", async () => {
    const p = await pensumWith({ semesters: 2, perSemester: 1 });
    const [[a], [b]] = p.courses as [number[], number[]];
    await create({ pensum_id: p.pensumId, course_id: b, required_course_id: a, type: "partial" });
    const res = await api("GET", `/prelations?pensum_id=${p.pensumId}&format=csv`, as.student);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain("Materia requerida");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Parcial");
  });
});
