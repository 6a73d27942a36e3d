import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";

let ctx: TestContext;
let admin: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await createUserWithToken(ctx, Role.admin)).headers;
});
afterAll(() => ctx?.close());

const api = (method: "POST" | "PATCH", url: string, payload: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: admin, payload });

describe("specialization codes", () => {
  it("are unique whatever their case, on create, update and the nested create", async () => {
    const first = await api("POST", "/specializations", { title: "Contabilidad", code: "CT" });
    expect(first.statusCode, first.body).toBe(201);
    const lower = await api("POST", "/specializations", { title: "Contaduría", code: "ct" });
    expect(lower.statusCode).toBe(422);
    expect(lower.json().errors.code[0]).toContain("código");

    const other = await api("POST", "/specializations", { title: "Turismo", code: "TU" });
    expect(other.statusCode, other.body).toBe(201);
    const renamed = await api("PATCH", `/specializations/${other.json().data.id}`, { code: "Ct" });
    expect(renamed.statusCode).toBe(422);
    expect(Object.keys(renamed.json().errors)).toEqual(["code"]);

    const nested = await api("POST", "/specializations/periods/pensums/semesters/courses", {
      specialization: { title: "Contabilidad II", code: "cT" },
      pensum: { name: "Pensum" },
      semesters: [{ code: "S1", courses: [] }],
    });
    expect(nested.statusCode).toBe(422);
    expect(Object.keys(nested.json().errors)).toEqual(["specialization.code"]);
  });

  it("a new course of the nested create states its credits, weekly hours and maximum absences", async () => {
    const res = await api("POST", "/specializations/periods/pensums/semesters/courses", {
      specialization: { title: "Idiomas", code: "ID" },
      pensum: { name: "Pensum ID" },
      semesters: [{ code: "I1", courses: [{ code: "ING-900", title: "Inglés", credits: 0 }] }],
    });
    expect(res.statusCode).toBe(422);
    // The union of "an existing course by id" or "a new course" names the course, not the field.
    expect(Object.keys(res.json().errors)).toEqual(["semesters.0.courses.0"]);
    const ok = await api("POST", "/specializations/periods/pensums/semesters/courses", {
      specialization: { title: "Idiomas", code: "ID" },
      pensum: { name: "Pensum ID" },
      semesters: [
        {
          code: "I1",
          courses: [{ code: "ING-900", title: "Inglés", credits: 2, hours: 3, max_absences_to_fail: 5 }],
        },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const [course] = await ctx.db.select().from(s.courses).where(eq(s.courses.code, "ING-900"));
    expect(course).toMatchObject({ credits: 2, hours: 3, maxAbsencesToFail: 5 });
  });

  it("a new course of the nested create clashes with an existing code in another case", async () => {
    const course = await api("POST", "/courses", {
      code: "NEST-101",
      title: "Existente",
      credits: 2,
      hours: 2,
      max_absences_to_fail: 4,
    });
    expect(course.statusCode, course.body).toBe(201);
    const nested = await api("POST", "/specializations/periods/pensums/semesters/courses", {
      specialization: { title: "Gastronomía", code: "GA" },
      pensum: { name: "Pensum GA" },
      semesters: [
        {
          code: "G1",
          courses: [{ code: "nest-101", title: "Repetida", credits: 2, hours: 2, max_absences_to_fail: 4 }],
        },
      ],
    });
    expect(nested.statusCode).toBe(422);
    expect(Object.keys(nested.json().errors)).toEqual(["semesters.0.courses.0.code"]);
  });
});
