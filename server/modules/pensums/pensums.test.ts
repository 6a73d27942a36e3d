import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";

let ctx: TestContext;
type Headers = { authorization: string };
const as = {} as Record<"student" | "teacher" | "coordinator" | "lowAdmin" | "admin", Headers>;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ["student", "teacher", "coordinator", "lowAdmin", "admin"] as const) {
    as[role] = (await createUserWithToken(ctx, Role[role])).headers;
  }
}, 240_000);
afterAll(() => ctx?.close());

const api = (
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  headers: Headers,
  payload?: unknown,
) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
const uid = () => `${++seq}${Date.now() % 100000}`;

async function course(opts: { enabled?: boolean } = {}) {
  const code = `C${uid()}`;
  const [row] = await ctx.db
    .insert(s.courses)
    .values({ code, title: `Materia ${code}`, credits: 3, enabled: opts.enabled ?? true })
    .returning();
  return row!;
}

async function specialization() {
  const code = `E${uid()}`;
  const res = await api("POST", "/specializations", as.admin, { title: `Especialidad ${code}`, code });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; code: string };
}

/** A pensum with two semesters of two courses each. */
async function pensumWithCourses() {
  const spec = await specialization();
  const [a, b, c, d] = [await course(), await course(), await course(), await course()];
  const res = await api("POST", "/pensums", as.admin, {
    specialization_id: spec.id,
    name: "Pensum de prueba",
    semesters: [
      { code: "S1", courses_ids: [a.id, b.id] },
      { code: "S2", courses_ids: [c.id, d.id] },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { spec, pensum: res.json().data, courses: { a, b, c, d } };
}

async function period(opts: { started: boolean }) {
  const year = 2000 + (seq % 90);
  const start = opts.started ? "2020-01-06" : "2999-01-04";
  const end = opts.started ? "2999-12-20" : "2999-06-20";
  const [row] = await ctx.db
    .insert(s.periods)
    .values({ year: opts.started ? year : 2999, number: ++seq + 10, startDate: start, endDate: end })
    .returning();
  return row!;
}

async function section(semesterId: number) {
  const p = await period({ started: true });
  const [row] = await ctx.db
    .insert(s.sections)
    .values({ periodId: p.id, semesterId, letterCode: "A", code: "S1A" })
    .returning();
  return row!;
}

describe("specializations", () => {
  it("creates, lists, updates and deletes a specialization", async () => {
    const created = await api("POST", "/specializations", as.admin, {
      title: " Electrónica ",
      code: "ELE-X1",
      description: "",
    });
    expect(created.statusCode, created.body).toBe(201);
    const spec = created.json().data;
    expect(spec).toEqual({
      id: expect.any(Number),
      title: "Electrónica",
      code: "ELE-X1",
      description: null,
      is_basic: false,
      enabled: true,
      pensums_count: 0,
    });
    const list = await api("GET", "/specializations?search=electronica", as.lowAdmin);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((x: { id: number }) => x.id)).toContain(spec.id);
    const patched = await api("PATCH", `/specializations/${spec.id}`, as.admin, { is_basic: true });
    expect(patched.json().data.is_basic).toBe(true);
    expect((await api("DELETE", `/specializations/${spec.id}`, as.admin)).statusCode).toBe(204);
    expect((await api("GET", `/specializations/${spec.id}`, as.admin)).statusCode).toBe(404);
  });

  it("refuses a duplicate code and a second basic cycle with Spanish field messages", async () => {
    const spec = await specialization();
    const dup = await api("POST", "/specializations", as.admin, { title: "Otra", code: spec.code });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ code: ["El valor del campo código ya está en uso."] });
    await api("POST", "/specializations", as.admin, { title: "Básico", code: `B${uid()}`, is_basic: true });
    const second = await api("POST", "/specializations", as.admin, {
      title: "Otro básico",
      code: `B${uid()}`,
      is_basic: true,
    });
    expect(second.statusCode).toBe(422);
    expect(second.json().errors).toEqual({ is_basic: ["El valor del campo ciclo básico ya está en uso."] });
    const empty = await api("POST", "/specializations", as.admin, { title: "" });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(["code", "title"]);
  });

  it("refuses to delete a specialization with pensums or with a coordinator", async () => {
    const { spec } = await pensumWithCourses();
    const res = await api("DELETE", `/specializations/${spec.id}`, as.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "specialization_has_pensums",
      description: expect.any(String),
    });

    const other = await specialization();
    const coordinator = await createUserWithToken(ctx, Role.coordinator);
    const [teacher] = await ctx.db
      .insert(s.teachers)
      .values({
        userId: coordinator.user.id,
        firstName: "Ana",
        lastName: "Pérez",
        identityDocument: `V${uid()}`,
        gender: "female",
        isCoordinator: true,
        specializationId: other.id,
      })
      .returning();
    const shown = await api("GET", `/specializations/${other.id}/coordinator`, as.lowAdmin);
    expect(shown.json().data).toMatchObject({ id: teacher!.id, first_name: "Ana", last_name: "Pérez" });
    const refused = await api("DELETE", `/specializations/${other.id}`, as.admin);
    expect(refused.json().message).toBe("specialization_has_coordinator");
    const none = await api("GET", `/specializations/${(await specialization()).id}/coordinator`, as.admin);
    expect(none.json()).toEqual({ data: null });
  });

  it("creates specialization, pensum, semesters and courses in one call, or nothing", async () => {
    const existing = await course();
    const code = `N${uid()}`;
    const future = await period({ started: false });
    const res = await api("POST", "/specializations/periods/pensums/semesters/courses", as.admin, {
      specialization: { title: "Turismo", code },
      pensum: { name: "Pensum Turismo" },
      semesters: [
        {
          code: "T1",
          courses: [
            {
              code: `${code}-1`,
              title: "Introducción al Turismo",
              credits: 3,
              hours: 4,
              max_absences_to_fail: 6,
            },
          ],
        },
        { code: "T2", courses: [{ id: existing.id }] },
      ],
      period_id: future.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { pensum_id, period_id, pensums_count } = res.json().data;
    expect({ period_id, pensums_count }).toEqual({ period_id: future.id, pensums_count: 1 });
    const detail = (await api("GET", `/pensums/${pensum_id}`, as.admin)).json().data;
    expect(detail.semesters.map((x: { number: number; code: string }) => [x.number, x.code])).toEqual([
      [1, "T1"],
      [2, "T2"],
    ]);
    expect(detail.semesters[1].courses_ids).toEqual([existing.id]);
    expect(detail.periods).toEqual([{ id: future.id, year: future.year, number: future.number }]);

    // A period that has started refuses the attachment and nothing is left behind.
    const started = await period({ started: true });
    const code2 = `N${uid()}`;
    const refused = await api("POST", "/specializations/periods/pensums/semesters/courses", as.admin, {
      specialization: { title: "Gastronomía", code: code2 },
      pensum: { name: "Pensum Gastronomía" },
      semesters: [
        {
          code: "G1",
          courses: [{ code: `${code2}-1`, title: "Cocina I", credits: 3, hours: 4, max_absences_to_fail: 6 }],
        },
      ],
      period_id: started.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("cant_attach_a_pensum_to_an_active_period");
    const left = await ctx.db.select().from(s.specializations).where(eq(s.specializations.code, code2));
    expect(left).toEqual([]);

    // A duplicate course code in a later semester rolls everything back, with the field named.
    const code3 = `N${uid()}`;
    const dup = await api("POST", "/specializations/periods/pensums/semesters/courses", as.admin, {
      specialization: { title: "Diseño", code: code3 },
      pensum: { name: "Pensum Diseño" },
      semesters: [
        {
          code: "D1",
          courses: [
            { code: existing.code, title: "Repetida", credits: 3, hours: 4, max_absences_to_fail: 6 },
          ],
        },
      ],
    });
    expect(dup.statusCode).toBe(422);
    expect(Object.keys(dup.json().errors)).toEqual(["semesters.0.courses.0.code"]);
    expect(await ctx.db.select().from(s.specializations).where(eq(s.specializations.code, code3))).toEqual(
      [],
    );
  });
});

describe("pensums and semesters", () => {
  it("shows a pensum's ordered semesters, courses and prelations; lists by specialization", async () => {
    const { spec, pensum, courses } = await pensumWithCourses();
    await ctx.db.insert(s.prelations).values({
      pensumId: pensum.id,
      courseId: courses.c.id,
      requiredCourseId: courses.a.id,
      type: "partial",
    });
    const detail = (await api("GET", `/pensums/${pensum.id}`, as.lowAdmin)).json().data;
    expect(detail).toMatchObject({
      name: "Pensum de prueba",
      version: 1,
      specialization_id: spec.id,
      semesters_count: 2,
      courses_count: 4,
      periods_count: 0,
      versions: [{ id: pensum.id, version: 1, name: "Pensum de prueba" }],
    });
    expect(detail.semesters[0]).toMatchObject({ number: 1, code: "S1", credits: 6, has_sections: false });
    expect(detail.prelations).toEqual([
      { id: expect.any(Number), course_id: courses.c.id, required_course_id: courses.a.id, type: "partial" },
    ]);
    const list = await api("GET", `/pensums?specialization_id=${spec.id}`, as.admin);
    expect(list.json().data.map((p: { id: number }) => p.id)).toEqual([pensum.id]);
    expect((await api("GET", "/pensums?sort_by=nope,asc", as.admin)).statusCode).toBe(422);
  });

  it("a new version copies semesters, courses and prelations and leaves the original", async () => {
    const { pensum, courses } = await pensumWithCourses();
    await ctx.db.insert(s.prelations).values({
      pensumId: pensum.id,
      courseId: courses.d.id,
      requiredCourseId: courses.b.id,
      type: "total",
    });
    const res = await api("POST", `/pensums/${pensum.id}/versions`, as.admin, {});
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().data;
    expect(copy).toMatchObject({ version: 2, previous_pensum_id: pensum.id, name: pensum.name });
    expect(copy.semesters.map((x: { courses_ids: number[] }) => x.courses_ids)).toEqual([
      [courses.a.id, courses.b.id].sort((x, y) => x - y),
      [courses.c.id, courses.d.id].sort((x, y) => x - y),
    ]);
    expect(copy.prelations).toMatchObject([{ course_id: courses.d.id, required_course_id: courses.b.id }]);
    expect(copy.versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    const original = (await api("GET", `/pensums/${pensum.id}`, as.admin)).json().data;
    expect(original.semesters[0].id).not.toBe(copy.semesters[0].id);
    expect(original.prelations).toHaveLength(1);
  });

  it("adds, renames, reorders-checks and deletes semesters; replaces and moves courses", async () => {
    const { pensum, courses } = await pensumWithCourses();
    const [s1, s2] = pensum.semesters;
    const added = await api("POST", "/semesters", as.admin, { pensum_id: pensum.id, code: "S3" });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ number: 3, code: "S3", courses_ids: [] });
    const e = await course();
    const put = await api("PUT", `/semesters/${added.json().data.id}/courses`, as.admin, {
      courses_ids: [e.id],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.map((c: { id: number }) => c.id)).toEqual([e.id]);
    expect(
      (await api("GET", `/semesters/${added.json().data.id}/courses`, as.lowAdmin)).json().data,
    ).toHaveLength(1);

    // A course already in another semester of the pensum.
    const twice = await api("PUT", `/semesters/${s2.id}/courses`, as.admin, {
      courses_ids: [courses.c.id, courses.d.id, courses.a.id],
    });
    expect(twice.statusCode).toBe(422);
    expect(Object.keys(twice.json().errors)).toEqual(["courses_ids"]);
    // A disabled course.
    const off = await course({ enabled: false });
    const disabled = await api("PUT", `/semesters/${s2.id}/courses`, as.admin, { courses_ids: [off.id] });
    expect(disabled.json().message).toBe("disabled_course_detected");

    // Prelation c requires a: moving a to the semester of c is refused.
    await ctx.db.insert(s.prelations).values({
      pensumId: pensum.id,
      courseId: courses.c.id,
      requiredCourseId: courses.a.id,
    });
    const backwards = await api("PATCH", `/semesters/${s1.id}/courses/${courses.a.id}`, as.admin, {
      semester_id: s2.id,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe("target_must_be_related_to_next_semesters");
    const moved = await api("PATCH", `/semesters/${s1.id}/courses/${courses.b.id}`, as.admin, {
      semester_id: s2.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.map((c: { id: number }) => c.id)).toContain(courses.b.id);

    // Deleting the first semester renumbers the others.
    const del = await api("DELETE", `/semesters/${s1.id}`, as.admin);
    expect(del.statusCode, del.body).toBe(204);
    const after = (await api("GET", `/pensums/${pensum.id}`, as.admin)).json().data;
    expect(after.semesters.map((x: { number: number; code: string }) => [x.number, x.code])).toEqual([
      [1, "S2"],
      [2, "S3"],
    ]);
    // Its prelation went with course a.
    expect(after.prelations).toEqual([]);
    const list = await api("GET", `/semesters?pensum_id=${pensum.id}`, as.admin);
    expect(list.json().meta.total).toBe(2);
  });

  it("semesters with sections keep their courses; their pensum cannot be deleted", async () => {
    const { pensum, courses } = await pensumWithCourses();
    const [s1] = pensum.semesters;
    await section(s1.id);
    const lose = await api("PUT", `/semesters/${s1.id}/courses`, as.admin, { courses_ids: [courses.a.id] });
    expect(lose.json().message).toBe("semester_has_sections");
    const del = await api("DELETE", `/semesters/${s1.id}`, as.admin);
    expect(del.json().message).toBe("semester_has_sections");
    const delPensum = await api("DELETE", `/pensums/${pensum.id}`, as.admin);
    expect(delPensum.json().message).toBe("pensum_semesters_has_sections");
    expect((await api("GET", `/semesters/${s1.id}/courses`, as.admin)).json().data).toHaveLength(2);
  });

  it("a pensum a started period uses is versioned, not edited, and cannot be deleted", async () => {
    const { spec, pensum } = await pensumWithCourses();
    const p = await period({ started: true });
    await ctx.db
      .insert(s.periodPensums)
      .values({ periodId: p.id, specializationId: spec.id, pensumId: pensum.id });
    const add = await api("POST", "/semesters", as.admin, { pensum_id: pensum.id, code: "S9" });
    expect(add.statusCode).toBe(400);
    expect(add.json().message).toBe("pensum_is_not_versioned");
    const put = await api("PUT", `/semesters/${pensum.semesters[0].id}/courses`, as.admin, {
      courses_ids: [],
    });
    expect(put.json().message).toBe("pensum_is_not_versioned");
    const del = await api("DELETE", `/pensums/${pensum.id}`, as.admin);
    expect(del.json().message).toBe("pensum_has_periods");
    const rename = await api("PATCH", `/pensums/${pensum.id}`, as.admin, { name: "Otro nombre" });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toBe("pensum_is_not_versioned");
    // Its name unchanged, it can still be disabled or enabled.
    const toggle = await api("PATCH", `/pensums/${pensum.id}`, as.admin, {
      name: pensum.name,
      enabled: false,
    });
    expect(toggle.statusCode, toggle.body).toBe(200);
    expect(toggle.json().data).toMatchObject({ name: pensum.name, enabled: false });
    // The new version is free to change.
    const versioned = await api("POST", `/pensums/${pensum.id}/versions`, as.admin);
    expect(versioned.statusCode, versioned.body).toBe(201);
    const copy = versioned.json().data;
    const added = await api("POST", "/semesters", as.admin, { pensum_id: copy.id, code: "S3" });
    expect(added.statusCode).toBe(201);
    expect((await api("DELETE", `/pensums/${copy.id}`, as.admin)).statusCode).toBe(204);
  });

  it("exports the lists as CSV with the same filters and Spanish headers", async () => {
    const { spec } = await pensumWithCourses();
    const res = await api("GET", `/pensums?format=csv&specialization_id=${spec.id}`, as.lowAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("Especialidad,Nombre,Versión,Semestres,Materias,Períodos,Habilitado");
    expect(lines.slice(1)).toEqual([expect.stringContaining("Pensum de prueba,1,2,4,0,Sí")]);
    const specs = await api("GET", `/specializations?format=csv&search=${spec.code}`, as.admin);
    expect(specs.body.replace(/^\uFEFF/, "").split(/\r?\n/)[0]).toBe(
      "Código,Título,Descripción,Ciclo básico,Pensums,Habilitada",
    );
    const sems = await api("GET", "/semesters?format=csv&limit=5", as.admin);
    expect(sems.headers["content-type"]).toMatch(/^text\/csv/);
  });

  it("refuses writes to non-admins and reads to teachers and students", async () => {
    const { pensum } = await pensumWithCourses();
    for (const who of [as.lowAdmin, as.coordinator]) {
      expect((await api("POST", "/pensums", who, { specialization_id: 1, name: "x" })).statusCode).toBe(403);
      expect((await api("DELETE", `/semesters/${pensum.semesters[0].id}`, who)).statusCode).toBe(403);
      expect((await api("POST", "/specializations", who, { title: "x", code: "x" })).statusCode).toBe(403);
    }
    for (const who of [as.student, as.teacher]) {
      expect((await api("GET", `/pensums/${pensum.id}`, who)).statusCode).toBe(403);
      expect((await api("GET", "/specializations", who)).statusCode).toBe(403);
    }
    const anon = await ctx.app.inject({ method: "GET", url: "/api/semesters" });
    expect(anon.statusCode).toBe(401);
  });
});
