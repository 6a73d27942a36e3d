import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken, olderTokenHeaders } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";
import { completeEvaluations } from "../../test/evaluations.js";
import { reinscriptionFixture } from "./test-support.js";

let ctx: TestContext;
type Headers = { authorization: string };
const as = {} as Record<"student" | "teacher" | "lowAdmin" | "admin", Headers>;
type Fixture = Awaited<ReturnType<typeof reinscriptionFixture>>;
let olderId: number;
let currentId: number;
let nextId: number;
let api: Fixture["api"];
let pickStudent: Fixture["pickStudent"];
let setNotes: Fixture["setNotes"];
let semesterId: Fixture["semesterId"];
let nextSection: Fixture["nextSection"];
let openNextPeriod: Fixture["openNextPeriod"];

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  for (const role of ["student", "teacher", "lowAdmin", "admin"] as const) {
    as[role] = (await createUserWithToken(ctx, Role[role])).headers;
  }
  ({ olderId, currentId, nextId, api, pickStudent, setNotes, semesterId, nextSection, openNextPeriod } =
    await reinscriptionFixture(ctx, () => as.admin));
  // The current semester's notes final (100 % evaluated): only then is a re-inscription decided.
  await completeEvaluations(ctx.db, currentId);
}, 120_000);
afterAll(() => ctx?.close());

describe("next-semester preview and approval", () => {
  it("shows an approved student their next semester, with the notes and the average", async () => {
    const st = await pickStudent("INF-S1");
    await setNotes(st.studentId, 15, { "PRO-201": 18 });
    const res = await api("GET", `/students/${st.studentId}/courses/next-semester`, as.admin);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      approved: true,
      outcome: "next_semester",
      average: 15.75,
      reasons: [],
      already_inscribed: false,
      current: { semester: { code: "INF-S1" } },
      target_period: { id: nextId, enabled_inscriptions: false },
    });
    expect(data.courses.find((c: { course: { code: string } }) => c.course.code === "PRO-201")).toMatchObject(
      {
        note: 18,
        passed: true,
      },
    );
    expect(data.options).toHaveLength(1);
    expect(data.options[0].semester.code).toBe("INF-S2");
    expect(data.message).toBe("Aprobó INF-S1 con promedio 15,75: pasa a INF-S2.");

    const approved = await api("POST", `/students/${st.studentId}/approves-current-semester`, as.admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      approved: true,
      average: 15.75,
      inscription_id: st.inscriptionId,
    });
    const [row] = await ctx.db.select().from(s.inscriptions).where(eq(s.inscriptions.id, st.inscriptionId));
    expect(row!.approvedAt).not.toBeNull();
  });

  it("refuses to approve a failed semester naming the course and its note", async () => {
    const st = await pickStudent("INF-S1");
    await setNotes(st.studentId, 14, { "BDD-201": 7 });
    const res = await api("POST", `/students/${st.studentId}/approves-current-semester`, as.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "student_cant_move_to_next_semester",
      description:
        "El estudiante no puede avanzar al siguiente semestre. Reprobó Bases de Datos I (BDD-201) con 7; la nota mínima aprobatoria es 10.",
    });
    const preview = (await api("GET", `/students/${st.studentId}/courses/next-semester`, as.admin)).json()
      .data;
    expect(preview.outcome).toBe("repeat");
    expect(preview.options[0].semester.code).toBe("INF-S1");
    expect(preview.options[0].courses.map((c: { code: string }) => c.code)).toEqual(["BDD-201"]);
  });

  it("says how far the average is short when the period asks for more", async () => {
    const st = await pickStudent("ADM-S1");
    await setNotes(st.studentId, 12, { "CON-201": 13 });
    await ctx.db.update(s.periods).set({ approvalMinimumAvg: 13 }).where(eq(s.periods.id, currentId));
    try {
      const res = await api("POST", `/students/${st.studentId}/approves-current-semester`, as.admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().description).toBe(
        "El estudiante no puede avanzar al siguiente semestre. Su promedio es 12,25; el mínimo aprobatorio es 13: le faltan 0,75 puntos.",
      );
      const preview = (await api("GET", `/students/${st.studentId}/courses/next-semester`, as.admin)).json()
        .data;
      expect(preview.options[0].courses).toHaveLength(4); // the whole semester again
    } finally {
      await ctx.db.update(s.periods).set({ approvalMinimumAvg: 10 }).where(eq(s.periods.id, currentId));
    }
  });

  it("lets a student see only their own preview, and a teacher only their students'", async () => {
    const st = await pickStudent("ADM-S2");
    const own = await olderTokenHeaders(ctx, st.userId, 0);
    expect((await api("GET", `/students/${st.studentId}/courses/next-semester`, own)).statusCode).toBe(200);
    const other = await pickStudent("ADM-S2");
    expect((await api("GET", `/students/${other.studentId}/courses/next-semester`, own)).statusCode).toBe(
      403,
    );
    expect((await api("GET", `/students/${st.studentId}/courses/next-semester`, as.teacher)).statusCode).toBe(
      403,
    );
    const [teacher] = await ctx.db
      .select({ userId: s.teachers.userId })
      .from(s.courseEnrolments)
      .innerJoin(
        s.courseSectionTeachers,
        eq(s.courseSectionTeachers.courseSectionId, s.courseEnrolments.courseSectionId),
      )
      .innerJoin(s.teachers, eq(s.teachers.id, s.courseSectionTeachers.teacherId))
      .where(and(eq(s.courseEnrolments.studentId, st.studentId), eq(s.teachers.isCoordinator, false)));
    const teaches = await olderTokenHeaders(ctx, teacher!.userId, 0);
    expect((await api("GET", `/students/${st.studentId}/courses/next-semester`, teaches)).statusCode).toBe(
      200,
    );
    expect(
      (await api("POST", `/students/${st.studentId}/approves-current-semester`, as.lowAdmin)).statusCode,
    ).toBe(403);
    expect((await api("GET", "/students/999999/courses/next-semester", as.admin)).statusCode).toBe(404);
  });
});

describe("reinscription-v2", () => {
  it("re-inscribes an approved student into the next semester of the next period", async () => {
    const st = await pickStudent("INF-S1");
    await setNotes(st.studentId, 16);
    await openNextPeriod(false);
    const closed = await api("POST", `/students/${st.studentId}/reinscription-v2`, as.admin, {});
    expect(closed.json()).toMatchObject({ message: "period_inscriptions_are_disabled" });
    await openNextPeriod(true);
    const none = await api("POST", `/students/${st.studentId}/reinscription-v2`, as.admin, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("no_available_sections_for_inscription");

    const section = await nextSection("INF-S2", "A");
    const res = await api("POST", `/students/${st.studentId}/reinscription-v2`, as.admin, {});
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      outcome: "next_semester",
      semester: { code: "INF-S2" },
      section: { id: section.id },
      period: { id: nextId },
      status: "active",
    });
    // PIN-202 has no prelation; PRO-202 and BDD-202 need PRO-201 and BDD-201 passed: all four taken.
    expect(data.courses.map((c: { course: { code: string } }) => c.course.code).sort()).toEqual([
      "BDD-202",
      "ISW-202",
      "PIN-202",
      "PRO-202",
    ]);
    expect(data.skipped_courses).toEqual([]);

    const again = await api("POST", `/students/${st.studentId}/reinscription-v2`, as.admin, {});
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("period_and_student_latest_period_are_equals");

    const detail = await api("GET", `/reinscriptions/${data.id}`, as.lowAdmin);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.courses).toHaveLength(4);
    const list = await api("GET", `/reinscriptions?period_id=${nextId}`, as.lowAdmin);
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(data.id);
    const csv = await api("GET", `/reinscriptions?period_id=${nextId}&format=csv`, as.admin);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("Cédula");
  });

  it("re-inscribes a failing student in the failed courses only, and skips courses whose prelations fail", async () => {
    const st = await pickStudent("INF-S1");
    await setNotes(st.studentId, 15, { "PRO-201": 4 });
    await openNextPeriod(true);
    await nextSection("INF-S1", "R");
    // Both the current and the next period are open: a specialization sent for a repeating student is
    // refused, not silently ignored.
    const [adm] = await ctx.db.select().from(s.specializations).where(eq(s.specializations.code, "ADM"));
    const other = await api("POST", `/students/${st.studentId}/reinscription-v2`, as.admin, {
      specialization_id: adm!.id,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe("specialization_cannot_be_chosen");
    expect(other.json().description).toContain("repite INF-S1");
    const res = await api("POST", `/students/${st.studentId}/reinscription-v2`, as.admin, {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ outcome: "repeat", semester: { code: "INF-S1" } });
    expect(res.json().data.courses.map((c: { course: { code: string } }) => c.course.code)).toEqual([
      "PRO-201",
    ]);
    expect(res.json().data.message).toContain("repetir 1 materia");
  });

  it("refuses a chosen section with no seat for the student's gender, saying which", async () => {
    const st = await pickStudent("ADM-S1", "female");
    await setNotes(st.studentId, 15);
    await openNextPeriod(true);
    const full = await nextSection("ADM-S2", "Z", { males_limit: 5, females_limit: 0 });
    const res = await api("POST", `/students/${st.studentId}/reinscription-v2`, as.admin, {
      section_id: full.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "section_is_filled_or_gender_is_filled",
      description: `La sección ${full.code} no admite hembras (0 cupos).`,
    });
    const wrong = await nextSection("INF-S2", "Y");
    const mismatch = await api("POST", `/students/${st.studentId}/reinscription-v2`, as.admin, {
      section_id: wrong.id,
    });
    expect(mismatch.json().message).toBe("section_not_found_for_inscription");
  });

  it("moves from the basic cycle to a specialization only with the basic average reached", async () => {
    const st = await pickStudent("CB-S2");
    await setNotes(st.studentId, 12);
    await openNextPeriod(true);
    const preview = (await api("GET", `/students/${st.studentId}/courses/next-semester`, as.admin)).json()
      .data;
    expect(preview.outcome).toBe("choose_specialization");
    expect(preview.options.map((o: { semester: { code: string } }) => o.semester.code).sort()).toEqual([
      "ADM-S1",
      "INF-S1",
    ]);
    const missing = await api("POST", `/students/${st.studentId}/reinscription-v2`, as.admin, {});
    expect(missing.json().message).toBe("specialization_not_present");

    // An older attempt of CB-S1 with low notes drags the basic average down: (4 × 12 + 4 × 6) / 8 = 9.
    const cbS1 = await semesterId("CB-S1");
    const [oldSection] = await ctx.db
      .insert(s.sections)
      .values({
        periodId: olderId,
        semesterId: cbS1,
        letterCode: "H",
        code: "CB-S1H",
        malesLimit: 5,
        femalesLimit: 5,
      })
      .returning();
    const cbCourses = await ctx.db
      .select({ courseId: s.semesterCourses.courseId })
      .from(s.semesterCourses)
      .where(eq(s.semesterCourses.semesterId, cbS1));
    const css = await ctx.db
      .insert(s.courseSections)
      .values(cbCourses.map((c) => ({ sectionId: oldSection!.id, courseId: c.courseId })))
      .returning();
    const [basic] = await ctx.db.select().from(s.specializations).where(eq(s.specializations.isBasic, true));
    const [old] = await ctx.db
      .insert(s.inscriptions)
      .values({
        studentId: st.studentId,
        periodId: olderId,
        sectionId: oldSection!.id,
        semesterId: cbS1,
        specializationId: basic!.id,
      })
      .returning();
    await ctx.db
      .insert(s.courseEnrolments)
      .values(css.map((cs) => ({ inscriptionId: old!.id, studentId: st.studentId, courseSectionId: cs.id })));
    const lessons = await ctx.db
      .insert(s.lessons)
      .values(css.map((cs) => ({ courseSectionId: cs.id, date: "2020-01-06", evaluated: true, weight: 100 })))
      .returning();
    await ctx.db
      .insert(s.lessonStudents)
      .values(lessons.map((l) => ({ lessonId: l.id, studentId: st.studentId, note: 6 })));
    const [inf] = await ctx.db.select().from(s.specializations).where(eq(s.specializations.code, "INF"));
    const short = await api("POST", `/students/${st.studentId}/reinscription-v2`, as.admin, {
      specialization_id: inf!.id,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      message: "basic_avg_lt_approval_minimum_avg",
      description:
        "El promedio del ciclo básico es 9; para pasar a una especialidad se necesita 10: le faltan 1 punto.",
    });

    // Passing CB-S1 the first time round lifts it to 12: the student moves on.
    await ctx.db
      .update(s.lessonStudents)
      .set({ note: 12 })
      .where(
        inArray(
          s.lessonStudents.lessonId,
          lessons.map((l) => l.id),
        ),
      );
    await nextSection("INF-S1", "X");
    const ok = await api("POST", `/students/${st.studentId}/reinscription-v2`, as.admin, {
      specialization_id: inf!.id,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({
      outcome: "choose_specialization",
      specialization: { code: "INF" },
      semester: { code: "INF-S1" },
    });
  });

  it("redoes a re-inscription in another section until lessons are recorded", async () => {
    const st = await pickStudent("ADM-S1", "male");
    await setNotes(st.studentId, 13);
    await openNextPeriod(true);
    const first = await nextSection("ADM-S2", "M");
    const second = await nextSection("ADM-S2", "N");
    const created = await api("POST", `/students/${st.studentId}/reinscription-v2`, as.admin, {
      section_id: first.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const moved = await api("POST", "/inscriptions/update/reinscription", as.admin, {
      inscription_id: created.json().data.id,
      section_id: second.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const data = moved.json().data;
    expect(data).toMatchObject({
      section: { id: second.id },
      semester: { code: "ADM-S2" },
      outcome: "next_semester",
    });
    expect(data.courses).toHaveLength(4);

    const [cs] = data.courses as { course_section_id: number }[];
    const [lesson] = await ctx.db
      .insert(s.lessons)
      .values({ courseSectionId: cs!.course_section_id, date: "2099-01-04" })
      .returning();
    await ctx.db.insert(s.lessonStudents).values({ lessonId: lesson!.id, studentId: st.studentId });
    const refused = await api("POST", "/inscriptions/update/reinscription", as.admin, {
      inscription_id: data.id,
      section_id: first.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("inscription_has_lessons");
    expect(
      (
        await api("POST", "/inscriptions/update/reinscription", as.admin, {
          inscription_id: 999999,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("is for administrators only", async () => {
    const st = await pickStudent("ADM-S2");
    expect(
      (await api("POST", `/students/${st.studentId}/reinscription-v2`, as.lowAdmin, {})).statusCode,
    ).toBe(403);
    expect((await api("GET", "/reinscriptions", as.teacher)).statusCode).toBe(403);
  });
});
