import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";

let ctx: TestContext;
type Headers = { authorization: string };
const as = {} as Record<"student" | "lowAdmin" | "admin" | "god", Headers>;
let currentId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  for (const role of ["student", "lowAdmin", "admin", "god"] as const) {
    as[role] = (await createUserWithToken(ctx, Role[role])).headers;
  }
  const [current] = await ctx.db.select().from(s.periods).where(eq(s.periods.enabled, true));
  currentId = current!.id;
}, 120_000);
afterAll(() => ctx?.close());

const api = (method: "GET" | "POST" | "PATCH", url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const used = new Set<number>();
async function pickStudent(semesterCode: string, gender?: string) {
  const rows = await ctx.db
    .select({
      studentId: s.students.id,
      gender: s.students.gender,
      sectionId: s.inscriptions.sectionId,
      inscriptionId: s.inscriptions.id,
      semesterId: s.inscriptions.semesterId,
    })
    .from(s.inscriptions)
    .innerJoin(s.semesters, eq(s.semesters.id, s.inscriptions.semesterId))
    .innerJoin(s.students, eq(s.students.id, s.inscriptions.studentId))
    .where(and(eq(s.semesters.code, semesterCode), eq(s.inscriptions.periodId, currentId)))
    .orderBy(asc(s.students.id));
  const row = rows.find((r) => !used.has(r.studentId) && (!gender || r.gender === gender));
  if (!row) throw new Error(`no student left in ${semesterCode}`);
  used.add(row.studentId);
  return row;
}

async function sectionOf(code: string) {
  const [row] = await ctx.db
    .select()
    .from(s.sections)
    .where(and(eq(s.sections.code, code), eq(s.sections.periodId, currentId)));
  return row!;
}

const enrolments = (inscriptionId: number) =>
  ctx.db.select().from(s.courseEnrolments).where(eq(s.courseEnrolments.inscriptionId, inscriptionId));

describe("retire", () => {
  it("says retirada for a woman and retirado for a man", async () => {
    for (const [gender, word] of [
      ["female", "quedó retirada:"],
      ["male", "quedó retirado:"],
    ] as const) {
      const st = await pickStudent("CB-S1", gender);
      const res = await api("PATCH", `/students/${st.studentId}/retire`, as.admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.message).toContain(word);
    }
  });
  it("retires a student: their inscription and courses withdrawn, nothing deleted, the seat freed", async () => {
    const st = await pickStudent("INF-S2");
    const before = await enrolments(st.inscriptionId);
    const res = await api("PATCH", `/students/${st.studentId}/retire`, as.admin);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.student.status).toBe("retired");
    expect(data.inscription).toMatchObject({ id: st.inscriptionId, status: "retired" });
    expect(data.inscription.courses.every((c: { status: string }) => c.status === "withdrawn")).toBe(true);
    expect(data.message).toContain("Su historial se conserva.");
    const after = await enrolments(st.inscriptionId);
    expect(after).toHaveLength(before.length);
    expect(after.every((e) => e.withdrawnAt !== null)).toBe(true);
    const [ins] = await ctx.db.select().from(s.inscriptions).where(eq(s.inscriptions.id, st.inscriptionId));
    expect(ins!.retiredAt).not.toBeNull();

    const again = await api("PATCH", `/students/${st.studentId}/retire`, as.admin);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("student_already_retired");

    // A retired student is judged as not approved: the preview repeats the whole semester.
    const preview = (await api("GET", `/students/${st.studentId}/courses/next-semester`, as.admin)).json()
      .data;
    expect(preview).toMatchObject({ approved: false, outcome: "repeat" });
    expect(preview.reasons[0]).toBe("El estudiante se retiró del período.");
  });

  it("is for administrators only", async () => {
    const st = await pickStudent("INF-S2");
    for (const who of [as.lowAdmin, as.student]) {
      expect((await api("PATCH", `/students/${st.studentId}/retire`, who)).statusCode).toBe(403);
    }
    expect((await api("GET", `/students/${st.studentId}/withdrawal-state`, as.god)).statusCode).toBe(200);
    expect((await api("PATCH", "/students/999999/retire", as.admin)).statusCode).toBe(404);
  });
});

describe("withdraw courses", () => {
  it("withdraws chosen courses of a specialization student", async () => {
    const st = await pickStudent("ADM-S2");
    const [first, second] = await enrolments(st.inscriptionId);
    const res = await api("POST", `/students/${st.studentId}/withdraw-courses`, as.admin, {
      course_section_ids: [first!.courseSectionId],
    });
    expect(res.statusCode, res.body).toBe(200);
    const courses = res.json().data.inscription.courses as { course_section_id: number; status: string }[];
    expect(courses.find((c) => c.course_section_id === first!.courseSectionId)!.status).toBe("withdrawn");
    expect(courses.find((c) => c.course_section_id === second!.courseSectionId)!.status).toBe("enrolled");
    expect(res.json().data.message).toMatch(/^Se retiró la materia /);

    const twice = await api("POST", `/students/${st.studentId}/withdraw-courses`, as.admin, {
      course_section_ids: [first!.courseSectionId],
    });
    expect(twice.json()).toMatchObject({ message: "student_is_not_related_to_course_section" });
    expect(twice.json().description).toContain("ya retiró");

    const other = await pickStudent("INF-S1");
    const [foreign] = await enrolments(other.inscriptionId);
    const notHis = await api("POST", `/students/${st.studentId}/withdraw-courses`, as.admin, {
      course_section_ids: [second!.courseSectionId, foreign!.courseSectionId],
    });
    expect(notHis.statusCode).toBe(400);
    expect(notHis.json().message).toBe("student_is_not_related_to_course_section");
    // All or nothing: the first course of the request was not withdrawn either.
    const [kept] = (await enrolments(st.inscriptionId)).filter(
      (e) => e.courseSectionId === second!.courseSectionId,
    );
    expect(kept!.status).toBe("enrolled");
  });

  it("refuses in the basic cycle", async () => {
    const st = await pickStudent("CB-S1");
    const [first] = await enrolments(st.inscriptionId);
    const res = await api("POST", `/students/${st.studentId}/withdraw-courses`, as.admin, {
      course_section_ids: [first!.courseSectionId],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("unable_to_withdraw_courses_in_basic_specialization");
    expect(res.json().description).toContain("CB-S1");
  });

  it("validates the body in Spanish", async () => {
    const st = await pickStudent("ADM-S2");
    const res = await api("POST", `/students/${st.studentId}/withdraw-courses`, as.admin, {
      course_section_ids: [],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain("course_section_ids");
  });
});

describe("change section", () => {
  it("moves the student and their courses to another section of the same semester", async () => {
    const st = await pickStudent("INF-S1");
    const b = await sectionOf("INF-S1B");
    const res = await api("POST", `/students/${st.studentId}/change-section`, as.admin, {
      new_section_id: b.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.inscription.section).toEqual({ id: b.id, code: "INF-S1B" });
    const moved = await ctx.db
      .select({ sectionId: s.courseSections.sectionId })
      .from(s.courseEnrolments)
      .innerJoin(s.courseSections, eq(s.courseSections.id, s.courseEnrolments.courseSectionId))
      .where(eq(s.courseEnrolments.inscriptionId, st.inscriptionId));
    expect(moved.length).toBe(4);
    expect(moved.every((m) => m.sectionId === b.id)).toBe(true);

    const same = await api("POST", `/students/${st.studentId}/change-section`, as.admin, {
      new_section_id: b.id,
    });
    expect(same.json()).toMatchObject({ message: "new_section_equals_old" });
  });

  it("refuses a section of another semester, saying both", async () => {
    const st = await pickStudent("INF-S1");
    const other = await sectionOf("INF-S2B");
    const res = await api("POST", `/students/${st.studentId}/change-section`, as.admin, {
      new_section_id: other.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("new_section_semester_must_match_old");
    expect(res.json().description).toContain("INF-S2B es de INF-S2");
    expect(
      (await api("POST", `/students/${st.studentId}/change-section`, as.admin, { new_section_id: 999999 }))
        .statusCode,
    ).toBe(404);
  });

  it("respects the seats of the new section for the student's gender", async () => {
    const st = await pickStudent("ADM-S1", "male");
    const b = await sectionOf("ADM-S1B");
    await ctx.db.update(s.sections).set({ malesLimit: 0 }).where(eq(s.sections.id, b.id));
    const res = await api("POST", `/students/${st.studentId}/change-section`, as.admin, {
      new_section_id: b.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "section_is_filled_or_gender_is_filled",
      description: "La sección ADM-S1B no admite varones (0 cupos).",
    });
  });

  it("never overfills the new section when several students move at once", async () => {
    const b = await sectionOf("CB-S1B");
    const movers = [];
    for (let i = 0; i < 6; i++) {
      let m = await pickStudent("CB-S1", "female");
      while (m.sectionId === b.id) m = await pickStudent("CB-S1", "female");
      movers.push(m);
    }
    const already = await ctx.db
      .select({ id: s.inscriptions.id })
      .from(s.inscriptions)
      .innerJoin(s.students, eq(s.students.id, s.inscriptions.studentId))
      .where(
        and(
          eq(s.inscriptions.sectionId, b.id),
          eq(s.students.gender, "female"),
          eq(s.inscriptions.status, "active"),
        ),
      );
    await ctx.db
      .update(s.sections)
      .set({ femalesLimit: already.length + 2 })
      .where(eq(s.sections.id, b.id));
    const answers = await Promise.all(
      movers.map((m) =>
        api("POST", `/students/${m.studentId}/change-section`, as.admin, { new_section_id: b.id }),
      ),
    );
    const codes = answers.map((a) => (a.statusCode === 200 ? "ok" : a.json().message));
    expect(codes.filter((c) => c === "ok")).toHaveLength(2);
    expect(codes.filter((c) => c !== "ok").every((c) => c === "section_is_filled_or_gender_is_filled")).toBe(
      true,
    );
  });
});
