import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";

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

/** A multipart body of text fields (and optionally a file), as the web app's course form sends it. */
function multipart(fields: Record<string, string>, file?: { name: string }) {
  const boundary = "----aula-test-boundary";
  let body = "";
  for (const [name, value] of Object.entries(fields)) {
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  if (file)
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nx\r\n`;
  body += `--${boundary}--\r\n`;
  return { payload: body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

async function postMultipart(
  fields: Record<string, string>,
  headers: Headers = as.admin,
  file?: { name: string },
) {
  const mp = multipart(fields, file);
  return ctx.app.inject({
    method: "POST",
    url: "/api/courses",
    headers: { ...headers, ...mp.headers },
    payload: mp.payload,
  });
}

let seq = 0;
async function pensumWithCourses(codes: string[][]) {
  seq += 1;
  const [spec] = await ctx.db
    .insert(s.specializations)
    .values({ title: `Esp ${seq}`, code: `CE${seq}` })
    .returning();
  const [pensum] = await ctx.db
    .insert(s.pensums)
    .values({ specializationId: spec!.id, name: `Pensum C${seq}` })
    .returning();
  const semesterIds: number[] = [];
  const courseIds: number[][] = [];
  for (const [i, list] of codes.entries()) {
    const [sem] = await ctx.db
      .insert(s.semesters)
      .values({ pensumId: pensum!.id, number: i + 1, code: `C${seq}-${i + 1}` })
      .returning();
    semesterIds.push(sem!.id);
    const ids: number[] = [];
    for (const code of list) {
      const [c] = await ctx.db
        .insert(s.courses)
        .values({ code, title: `Título ${code}` })
        .returning();
      await ctx.db
        .insert(s.semesterCourses)
        .values({ semesterId: sem!.id, pensumId: pensum!.id, courseId: c!.id });
      ids.push(c!.id);
    }
    courseIds.push(ids);
  }
  return { specializationId: spec!.id, pensumId: pensum!.id, semesterIds, courseIds };
}

describe("courses CRUD", () => {
  it("creates from a multipart form with booleans as 1/0, reads, updates and deletes", async () => {
    const created = await postMultipart({
      code: "FIS-101",
      title: "Física I",
      credits: "4",
      hours: "6",
      max_absences_to_fail: "8",
      enabled: "1",
      supports_final_delivery: "0",
    });
    expect(created.statusCode, created.body).toBe(201);
    const course = created.json().data;
    expect(course).toEqual({
      id: expect.any(Number),
      code: "FIS-101",
      title: "Física I",
      description: null,
      credits: 4,
      hours: 6,
      max_absences_to_fail: 8,
      enabled: true,
      supports_final_delivery: false,
      pensums: [],
    });
    const got = await api("GET", `/courses/${course.id}`, as.lowAdmin);
    expect(got.json().data).toEqual(course);

    const updated = await api("PATCH", `/courses/${course.id}`, as.admin, {
      title: "Física General I",
      enabled: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ title: "Física General I", enabled: false, credits: 4 });

    expect((await api("DELETE", `/courses/${course.id}`, as.admin)).statusCode).toBe(204);
    expect((await api("GET", `/courses/${course.id}`, as.admin)).statusCode).toBe(404);
  });

  it("accepts JSON too and refuses a repeated code with a 422 on code, even concurrently", async () => {
    const body = { code: "QUI-101", title: "Química I", credits: 3, hours: 4, max_absences_to_fail: 6 };
    const results = await Promise.all([
      api("POST", "/courses", as.admin, body),
      api("POST", "/courses", as.admin, body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const refused = results.find((r) => r.statusCode === 422)!.json();
    expect(Object.keys(refused.errors)).toEqual(["code"]);
    expect(refused.errors.code[0]).toContain("código");
  });

  it("refuses a code that differs only in case, on create and on update", async () => {
    const numbers = { credits: 3, hours: 4, max_absences_to_fail: 6 };
    const first = await api("POST", "/courses", as.admin, {
      code: "CASE-101",
      title: "Mayúsculas",
      ...numbers,
    });
    expect(first.statusCode, first.body).toBe(201);
    const lower = await api("POST", "/courses", as.admin, {
      code: "case-101",
      title: "Minúsculas",
      ...numbers,
    });
    expect(lower.statusCode).toBe(422);
    expect(lower.json().errors.code[0]).toContain("código");
    const other = await api("POST", "/courses", as.admin, { code: "CASE-102", title: "Otra", ...numbers });
    const renamed = await api("PATCH", `/courses/${other.json().data.id}`, as.admin, { code: "Case-101" });
    expect(renamed.statusCode).toBe(422);
    expect(Object.keys(renamed.json().errors)).toEqual(["code"]);
  });

  it("answers Spanish 422s for bad fields, in JSON and multipart", async () => {
    const numbers = { credits: 3, hours: 4, max_absences_to_fail: 6 };
    const empty = await api("POST", "/courses", as.admin, {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual([
      "code",
      "credits",
      "hours",
      "max_absences_to_fail",
      "title",
    ]);
    const bad = await postMultipart({
      code: "X-1",
      title: "X",
      credits: "muchos",
      hours: "4",
      max_absences_to_fail: "6",
      enabled: "quizás",
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["credits", "enabled"]);
    expect(bad.json().errors.credits[0]).toContain("créditos");
    const withFile = await postMultipart(
      { code: "X-2", title: "X", credits: "3", hours: "4", max_absences_to_fail: "6" },
      as.admin,
      {
        name: "picture",
      },
    );
    expect(withFile.statusCode).toBe(422);
    expect(Object.keys(withFile.json().errors)).toEqual(["picture"]);
    const negative = await api("POST", "/courses", as.admin, {
      code: "X-3",
      title: "X",
      ...numbers,
      hours: -1,
    });
    expect(Object.keys(negative.json().errors)).toEqual(["hours"]);
  });

  it("requires credits and weekly hours of at least 1 and the maximum absences: no silent 0", async () => {
    const missing = await api("POST", "/courses", as.admin, { code: "REQ-1", title: "Sin números" });
    expect(missing.statusCode).toBe(422);
    const errors = missing.json().errors;
    expect(errors.credits[0]).toBe("El campo créditos es obligatorio.");
    expect(Object.keys(errors).sort()).toEqual(["credits", "hours", "max_absences_to_fail"]);
    const zeros = await api("POST", "/courses", as.admin, {
      code: "REQ-2",
      title: "En cero",
      credits: 0,
      hours: 0,
      max_absences_to_fail: 0,
    });
    expect(zeros.statusCode).toBe(422);
    expect(Object.keys(zeros.json().errors).sort()).toEqual(["credits", "hours"]);
    const multipartMissing = await postMultipart({ code: "REQ-3", title: "Formulario" });
    expect(Object.keys(multipartMissing.json().errors).sort()).toEqual([
      "credits",
      "hours",
      "max_absences_to_fail",
    ]);
    const ok = await api("POST", "/courses", as.admin, {
      code: "REQ-4",
      title: "Con números",
      credits: 1,
      hours: 1,
      max_absences_to_fail: 0,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ credits: 1, hours: 1, max_absences_to_fail: 0 });
    const patchZero = await api("PATCH", `/courses/${ok.json().data.id}`, as.admin, { credits: 0 });
    expect(patchZero.statusCode).toBe(422);
  });

  it("lets the admin group read and only administrators write", async () => {
    for (const role of ["student", "teacher", "coordinator"] as const) {
      expect((await api("GET", "/courses", as[role])).statusCode).toBe(403);
    }
    expect((await api("GET", "/courses", as.lowAdmin)).statusCode).toBe(200);
    const low = await api("POST", "/courses", as.lowAdmin, {
      code: "LOW-1",
      title: "x",
      credits: 3,
      hours: 4,
      max_absences_to_fail: 6,
    });
    expect(low.statusCode).toBe(403);
    expect((await postMultipart({ code: "LOW-2", title: "x" }, as.lowAdmin)).statusCode).toBe(403);
    expect(
      (
        await api("POST", "/courses", as.god, {
          code: "GOD-1",
          title: "Dios",
          credits: 3,
          hours: 4,
          max_absences_to_fail: 6,
        })
      ).statusCode,
    ).toBe(201);
    expect((await ctx.app.inject({ method: "GET", url: "/api/courses" })).statusCode).toBe(401);
  });
});

describe("course lists", () => {
  it("filters by specialization, pensum and 'not in any pensum', with their pensums", async () => {
    const p = await pensumWithCourses([["LST-1"], ["LST-2"]]);
    const loose = await api("POST", "/courses", as.admin, {
      code: "LST-SUELTA",
      title: "Materia suelta",
      credits: 3,
      hours: 4,
      max_absences_to_fail: 6,
    });
    const looseId = loose.json().data.id;

    const bySpec = await api(
      "GET",
      `/courses?specialization_id=${p.specializationId}&sort_by=code`,
      as.admin,
    );
    expect(bySpec.json().data.map((c: { code: string }) => c.code)).toEqual(["LST-1", "LST-2"]);
    expect(bySpec.json().data[1].pensums).toEqual([
      expect.objectContaining({
        pensum_id: p.pensumId,
        semester_number: 2,
        specialization_id: p.specializationId,
      }),
    ]);
    const byPensum = await api(
      "GET",
      `/courses?pensum_id=${p.pensumId}&semester_id=${p.semesterIds[0]}`,
      as.admin,
    );
    expect(byPensum.json().data.map((c: { code: string }) => c.code)).toEqual(["LST-1"]);

    const unassigned = await api("GET", "/courses?unassigned=1&limit=0&search=lst", as.admin);
    expect(unassigned.json().data.map((c: { id: number }) => c.id)).toEqual([looseId]);
    const assigned = await api("GET", "/courses?unassigned=0&limit=0&search=lst", as.admin);
    expect(
      assigned
        .json()
        .data.map((c: { code: string }) => c.code)
        .sort(),
    ).toEqual(["LST-1", "LST-2"]);
    expect((await api("GET", "/courses?sort_by=nope", as.admin)).statusCode).toBe(422);
    const csv = await api(
      "GET",
      `/courses?specialization_id=${p.specializationId}&sort_by=code&format=csv`,
      as.lowAdmin,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Código,Título,Créditos/);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["LST-1", "LST-2"]);
  });

  it("refuses to delete a course of a pensum (course_has_pensums)", async () => {
    const p = await pensumWithCourses([["DEL-1"]]);
    const res = await api("DELETE", `/courses/${p.courseIds[0]![0]}`, as.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("course_has_pensums");
    expect(res.json().description).toMatch(/pensum/);
  });
});

describe("courses of a pensum in a period, course sections and teachers", () => {
  it("shows each course's sections with teachers and males and females enrolled", async () => {
    const p = await pensumWithCourses([["SEC-1", "SEC-2"]]);
    const [period] = await ctx.db
      .insert(s.periods)
      .values({ year: 2031, number: 1, startDate: "2031-01-10", endDate: "2031-06-30" })
      .returning();
    const [section] = await ctx.db
      .insert(s.sections)
      .values({ periodId: period!.id, semesterId: p.semesterIds[0]!, letterCode: "A", code: "C-1A" })
      .returning();
    const [c1, c2] = p.courseIds[0]!;
    const [cs1] = await ctx.db
      .insert(s.courseSections)
      .values({ sectionId: section!.id, courseId: c1! })
      .returning();
    await ctx.db.insert(s.courseSections).values({ sectionId: section!.id, courseId: c2! });

    const teacherUser = await createUserWithToken(ctx, Role.teacher);
    const [teacher] = await ctx.db
      .insert(s.teachers)
      .values({
        userId: teacherUser.user.id,
        firstName: "Ana",
        lastName: "Pérez",
        identityDocument: "V-90000001",
        gender: "female",
      })
      .returning();
    await ctx.db.insert(s.courseSectionTeachers).values({ courseSectionId: cs1!.id, teacherId: teacher!.id });

    for (const [i, gender] of (["male", "female", "female"] as const).entries()) {
      const u = await createUserWithToken(ctx, Role.student);
      const [st] = await ctx.db
        .insert(s.students)
        .values({
          userId: u.user.id,
          firstName: `E${i}`,
          lastName: "X",
          identityDocument: `V-8000000${i}`,
          gender,
        })
        .returning();
      const [ins] = await ctx.db
        .insert(s.inscriptions)
        .values({
          studentId: st!.id,
          periodId: period!.id,
          sectionId: section!.id,
          semesterId: p.semesterIds[0]!,
          specializationId: p.specializationId,
        })
        .returning();
      await ctx.db
        .insert(s.courseEnrolments)
        .values({ inscriptionId: ins!.id, studentId: st!.id, courseSectionId: cs1!.id });
    }

    const url = `/courses/periods/${period!.id}/specializations/${p.specializationId}/pensum/${p.pensumId}`;
    const res = await api("GET", url, as.lowAdmin);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data;
    expect(rows.map((r: { course: { code: string } }) => r.course.code)).toEqual(["SEC-1", "SEC-2"]);
    expect(rows[0].course_sections).toEqual([
      expect.objectContaining({
        id: cs1!.id,
        section: expect.objectContaining({ code: "C-1A", letter_code: "A" }),
        teachers: [{ id: teacher!.id, first_name: "Ana", last_name: "Pérez" }],
        males_assigned: 1,
        females_assigned: 2,
      }),
    ]);
    expect(rows[1].course_sections[0]).toMatchObject({
      teachers: [],
      males_assigned: 0,
      females_assigned: 0,
    });

    // The pensum must belong to the specialization of the path.
    const other = await pensumWithCourses([["SEC-3"]]);
    const wrong = `/courses/periods/${period!.id}/specializations/${other.specializationId}/pensum/${p.pensumId}`;
    expect((await api("GET", wrong, as.admin)).statusCode).toBe(404);

    const sectionsOfCourse = await api(
      "GET",
      `/courses/${c1}/course-sections?period_id=${period!.id}`,
      as.admin,
    );
    expect(sectionsOfCourse.json()).toMatchObject({
      meta: { period_id: period!.id },
      data: [{ id: cs1!.id }],
    });

    const teachers = await api("GET", "/teachers?search=p%C3%A9rez", as.admin);
    expect(teachers.statusCode).toBe(200);
    expect(teachers.json().data).toEqual([
      expect.objectContaining({
        id: teacher!.id,
        first_name: "Ana",
        email: teacherUser.user.email,
        enabled: true,
      }),
    ]);
    expect((await api("GET", "/teachers", as.teacher)).statusCode).toBe(403);
    expect((await api("GET", "/teachers", as.coordinator)).statusCode).toBe(200);
  });
});
