import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";

/**
 * DOMAIN.md "Final note": a course is passed when its note is ≥ approval_minimum_note (not >), and a total
 * prelation ("Prelation": A must be passed) is met by such a course at inscription. The boundary, through
 * the API: a note of exactly the minimum (10 of 20, the period's default) passes and opens the course that
 * requires it; one point below does not.
 *
 * One specialization whose pensum has S1 (MAT-101) and S2 (MAT-102, which requires MAT-101 passed — a
 * total prelation — and PRO-201, free). 2026-1 is the past period where the students took MAT-101;
 * 2026-2 (today's, 2026-11-25 on the test clock) has inscriptions open.
 */
let ctx: TestContext;
let admin: { authorization: string };
const w = {} as {
  past: number;
  open: number;
  s2: number;
  pastSection: number;
  openSection: number;
  /** MAT-101's only evaluated lesson in the past period (weight 100). */
  lesson: number;
  specializationId: number;
  courses: Record<string, number>;
};

let seq = 0;
/** A student who took MAT-101 in the past period and got `note` in its only evaluation (weight 100). */
async function studentWithMat101(note: number) {
  seq += 1;
  const [user] = await ctx.db
    .insert(s.users)
    .values({ type: Role.student, name: `Borde ${seq}`, email: `borde${seq}@test.local` })
    .returning();
  const [student] = await ctx.db
    .insert(s.students)
    .values({
      userId: user!.id,
      firstName: `Nombre${seq}`,
      lastName: `Borde${seq}`,
      identityDocument: `V-8${String(seq).padStart(6, "0")}`,
      gender: seq % 2 ? "female" : "male",
    })
    .returning();
  const [inscription] = await ctx.db
    .insert(s.inscriptions)
    .values({
      studentId: student!.id,
      periodId: w.past,
      sectionId: w.pastSection,
      semesterId: (await semesterOf(w.pastSection))!,
      specializationId: w.specializationId,
    })
    .returning();
  const [mat101] = await ctx.db
    .select()
    .from(s.courseSections)
    .where(
      and(
        eq(s.courseSections.sectionId, w.pastSection),
        eq(s.courseSections.courseId, w.courses["MAT-101"]!),
      ),
    );
  await ctx.db
    .insert(s.courseEnrolments)
    .values({ inscriptionId: inscription!.id, studentId: student!.id, courseSectionId: mat101!.id });
  await ctx.db
    .insert(s.lessonStudents)
    .values({ lessonId: w.lesson, studentId: student!.id, attendance: "present", note });
  return student!.id;
}

async function semesterOf(sectionId: number) {
  const [row] = await ctx.db
    .select({ id: s.sections.semesterId })
    .from(s.sections)
    .where(eq(s.sections.id, sectionId));
  return row?.id;
}

async function insertSection(periodId: number, semesterId: number, code: string) {
  const [section] = await ctx.db
    .insert(s.sections)
    .values({ periodId, semesterId, letterCode: code.slice(-1), code, malesLimit: 10, femalesLimit: 10 })
    .returning();
  const courseIds = await ctx.db
    .select({ id: s.semesterCourses.courseId })
    .from(s.semesterCourses)
    .where(eq(s.semesterCourses.semesterId, semesterId));
  await ctx.db
    .insert(s.courseSections)
    .values(courseIds.map((c) => ({ sectionId: section!.id, courseId: c.id })));
  return section!.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await createUserWithToken(ctx, Role.admin)).headers;
  w.courses = {};
  const [past] = await ctx.db
    .insert(s.periods)
    .values({ year: 2026, number: 1, startDate: "2026-01-12", endDate: "2026-06-30" })
    .returning();
  const [open] = await ctx.db
    .insert(s.periods)
    .values({
      year: 2026,
      number: 2,
      startDate: "2026-09-14",
      endDate: "2027-02-12",
      enabled: true,
      enabledInscriptions: true,
    })
    .returning();
  // The minimum is the period's: the default of DOMAIN.md, 10 of 20.
  expect(past!.approvalMinimumNote).toBe(10);
  const [spec] = await ctx.db.insert(s.specializations).values({ code: "BRD", title: "Borde" }).returning();
  const [pensum] = await ctx.db
    .insert(s.pensums)
    .values({ specializationId: spec!.id, name: "Pensum BRD" })
    .returning();
  const semesterIds: number[] = [];
  for (const [i, codes] of [["MAT-101"], ["MAT-102", "PRO-201"]].entries()) {
    const [sem] = await ctx.db
      .insert(s.semesters)
      .values({ pensumId: pensum!.id, number: i + 1, code: `BRD${i + 1}` })
      .returning();
    semesterIds.push(sem!.id);
    for (const code of codes) {
      const [course] = await ctx.db
        .insert(s.courses)
        .values({ code, title: `Materia ${code}` })
        .returning();
      w.courses[code] = course!.id;
      await ctx.db
        .insert(s.semesterCourses)
        .values({ semesterId: sem!.id, pensumId: pensum!.id, courseId: course!.id });
    }
  }
  for (const periodId of [past!.id, open!.id]) {
    await ctx.db
      .insert(s.periodPensums)
      .values({ periodId, specializationId: spec!.id, pensumId: pensum!.id });
  }
  await ctx.db.insert(s.prelations).values({
    pensumId: pensum!.id,
    courseId: w.courses["MAT-102"]!,
    requiredCourseId: w.courses["MAT-101"]!,
    type: "total",
  });
  Object.assign(w, {
    past: past!.id,
    open: open!.id,
    s2: semesterIds[1]!,
    specializationId: spec!.id,
    pastSection: await insertSection(past!.id, semesterIds[0]!, "BRD1A"),
    openSection: await insertSection(open!.id, semesterIds[1]!, "BRD2A"),
  });
  const [mat101] = await ctx.db
    .select()
    .from(s.courseSections)
    .where(
      and(
        eq(s.courseSections.sectionId, w.pastSection),
        eq(s.courseSections.courseId, w.courses["MAT-101"]!),
      ),
    );
  const [lesson] = await ctx.db
    .insert(s.lessons)
    .values({ courseSectionId: mat101!.id, date: "2026-03-02", evaluated: true, weight: 100 })
    .returning();
  w.lesson = lesson!.id;
});

afterAll(async () => {
  await ctx?.close();
});

type CourseRow = { course: { code: string }; note: number | null; passed: boolean };
type Enrolled = { course: { code: string } };

async function mat101Result(studentId: number) {
  const res = await ctx.app.inject({
    method: "GET",
    url: `/api/students/${studentId}/courses?period_id=${w.past}`,
    headers: admin,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data as CourseRow[]).find((c) => c.course.code === "MAT-101");
}

const inscribe = (studentId: number) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/inscriptions/",
    headers: admin,
    payload: { student_id: studentId, semester_id: w.s2, section_id: w.openSection },
  });

async function enrolledCodes(inscriptionId: number) {
  const rows = await ctx.db
    .select({ code: s.courses.code })
    .from(s.courseEnrolments)
    .innerJoin(s.courseSections, eq(s.courseSections.id, s.courseEnrolments.courseSectionId))
    .innerJoin(s.courses, eq(s.courses.id, s.courseSections.courseId))
    .where(eq(s.courseEnrolments.inscriptionId, inscriptionId))
    .orderBy(s.courses.code);
  return rows.map((r) => r.code);
}

describe("approval minimum and total prelations (DOMAIN.md: passed when note ≥ approval_minimum_note)", () => {
  it("a note exactly at the minimum passes the course and meets the total prelation at inscription", async () => {
    const exact = await studentWithMat101(10);
    const res = await inscribe(exact);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect((data.enrolled_courses as Enrolled[]).map((c) => c.course.code)).toEqual(["MAT-102", "PRO-201"]);
    expect(data.skipped_courses).toEqual([]);
    expect(await enrolledCodes(data.id)).toEqual(["MAT-102", "PRO-201"]);
    // The course itself, as the student's record shows it.
    expect(await mat101Result(exact)).toMatchObject({ note: 10, passed: true });
  });

  it("one point below the minimum fails the course: the course that requires it is not enrolled", async () => {
    const below = await studentWithMat101(9);
    const res = await inscribe(below);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect((data.enrolled_courses as Enrolled[]).map((c) => c.course.code)).toEqual(["PRO-201"]);
    expect(data.skipped_courses).toEqual([
      expect.objectContaining({
        course: expect.objectContaining({ code: "MAT-102" }),
        reason: "No se inscribió en MAT-102 Materia MAT-102: requiere aprobar MAT-101 Materia MAT-101.",
      }),
    ]);
    expect(await enrolledCodes(data.id)).toEqual(["PRO-201"]);
    // The course itself, as the student's record shows it.
    expect(await mat101Result(below)).toMatchObject({ note: 9, passed: false });
  });
});
