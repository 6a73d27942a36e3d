import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import type { SchoolSetup } from "../../../common/schemas/dashboard.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";

/** The set-up guide of a new school: each step turns done as its records are created, in order. */
let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await createUserWithToken(ctx, Role.admin)).headers;
});
afterAll(() => ctx?.close());

async function setup(): Promise<SchoolSetup> {
  const res = await ctx.app.inject({ method: "GET", url: "/api/dashboard/setup", headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const stepsOf = (answer: SchoolSetup) =>
  Object.fromEntries(
    answer.steps.map((x) => [x.key, { done: x.done, count: x.count, needed: x.needed, missing: x.missing }]),
  );

describe("GET /api/dashboard/setup", () => {
  it("is the administrator's only", async () => {
    const anonymous = await ctx.app.inject({ method: "GET", url: "/api/dashboard/setup" });
    expect(anonymous.statusCode).toBe(401);
    for (const role of [Role.lowAdmin, Role.coordinator, Role.teacher, Role.student]) {
      const { headers } = await createUserWithToken(ctx, role);
      const res = await ctx.app.inject({ method: "GET", url: "/api/dashboard/setup", headers });
      expect(res.statusCode).toBe(403);
    }
  });

  it("lists every step missing on an empty school, then each done as its records exist", async () => {
    const empty = await setup();
    expect(empty.period).toBeNull();
    expect(empty.complete).toBe(false);
    expect(empty.steps.map((x) => x.key)).toEqual([
      "period",
      "specializations",
      "pensums",
      "sections",
      "class_hours",
      "classrooms",
      "schedules",
      "price_settings",
    ]);
    expect(empty.steps.every((x) => !x.done && x.count === 0 && x.missing === 1)).toBe(true);

    const [period] = await ctx.db
      .insert(s.periods)
      .values({ year: 2027, number: 1, startDate: "2027-01-11", endDate: "2027-05-14" })
      .returning();
    const [basic, computing] = await ctx.db
      .insert(s.specializations)
      .values([
        { title: "Ciclo básico", code: "CB", isBasic: true },
        { title: "Informática", code: "INF" },
      ])
      .returning();
    const [pensum] = await ctx.db
      .insert(s.pensums)
      .values({ specializationId: basic!.id, name: "Ciclo básico 2027" })
      .returning();
    const [semester] = await ctx.db
      .insert(s.semesters)
      .values({ pensumId: pensum!.id, number: 1, code: "CB-S1" })
      .returning();
    const [math, language] = await ctx.db
      .insert(s.courses)
      .values([
        { code: "MAT-1", title: "Matemática I", credits: 4, hours: 4 },
        { code: "LEN-1", title: "Lenguaje I", credits: 3, hours: 3 },
      ])
      .returning();
    await ctx.db.insert(s.semesterCourses).values([
      { semesterId: semester!.id, pensumId: pensum!.id, courseId: math!.id },
      { semesterId: semester!.id, pensumId: pensum!.id, courseId: language!.id },
    ]);
    await ctx.db
      .insert(s.periodPensums)
      .values({ periodId: period!.id, specializationId: basic!.id, pensumId: pensum!.id });

    // One of two specializations follows a pensum in the period: one missing.
    let answer = await setup();
    expect(answer.period).toEqual({ id: period!.id, year: 2027, number: 1, enabled: false });
    expect(stepsOf(answer)).toMatchObject({
      period: { done: true, count: 1, needed: null, missing: 0 },
      specializations: { done: true, count: 2, missing: 0 },
      pensums: { done: false, count: 1, needed: 2, missing: 1 },
      sections: { done: false, count: 0, missing: 1 },
    });

    const [other] = await ctx.db
      .insert(s.pensums)
      .values({ specializationId: computing!.id, name: "Informática 2027" })
      .returning();
    await ctx.db
      .insert(s.periodPensums)
      .values({ periodId: period!.id, specializationId: computing!.id, pensumId: other!.id });
    const [section] = await ctx.db
      .insert(s.sections)
      .values({ periodId: period!.id, semesterId: semester!.id, letterCode: "A", code: "CB-S1A" })
      .returning();
    const [mathSection] = await ctx.db
      .insert(s.courseSections)
      .values([
        { sectionId: section!.id, courseId: math!.id },
        { sectionId: section!.id, courseId: language!.id },
      ])
      .returning();
    await ctx.db.insert(s.classHours).values({ startTime: "07:00:00", endTime: "07:45:00" });
    // A disabled classroom does not count: nothing can be scheduled in it.
    await ctx.db.insert(s.classrooms).values({ code: "VIEJA", maxCapacity: 10, enabled: false });
    answer = await setup();
    expect(stepsOf(answer)).toMatchObject({
      pensums: { done: true, count: 2, missing: 0 },
      sections: { done: true, count: 1, missing: 0 },
      class_hours: { done: true, count: 1, missing: 0 },
      classrooms: { done: false, count: 0, missing: 1 },
      schedules: { done: false, count: 0, needed: 2, missing: 2 },
    });

    const [room] = await ctx.db.insert(s.classrooms).values({ code: "A-1", maxCapacity: 30 }).returning();
    await ctx.db
      .insert(s.schedules)
      .values({ courseSectionId: mathSection!.id, classroomId: room!.id, day: 1 });
    answer = await setup();
    // One of the section's two courses has a schedule: the other is what is missing.
    expect(stepsOf(answer)).toMatchObject({
      classrooms: { done: true, count: 1, missing: 0 },
      schedules: { done: false, count: 1, missing: 1 },
      price_settings: { done: false, count: 0, missing: 1 },
    });
    expect(answer.complete).toBe(false);

    const [languageSection] = await ctx.db
      .select({ id: s.courseSections.id })
      .from(s.courseSections)
      .where(eq(s.courseSections.courseId, language!.id));
    await ctx.db
      .insert(s.schedules)
      .values({ courseSectionId: languageSection!.id, classroomId: room!.id, day: 2 });
    await ctx.db.insert(s.periodPriceSettings).values({ periodId: period!.id });
    answer = await setup();
    expect(answer.steps.every((x) => x.done && x.missing === 0)).toBe(true);
    expect(answer.complete).toBe(true);
  });

  it("follows the enabled period rather than a later one being prepared", async () => {
    const [later] = await ctx.db
      .insert(s.periods)
      .values({ year: 2027, number: 2, startDate: "2027-06-01", endDate: "2027-10-01" })
      .returning();
    expect((await setup()).period?.id).toBe(later!.id);
    const [first] = await ctx.db
      .select({ id: s.periods.id })
      .from(s.periods)
      .where(and(eq(s.periods.year, 2027), eq(s.periods.number, 1)));
    await ctx.db.update(s.periods).set({ enabled: true }).where(eq(s.periods.id, first!.id));
    const answer = await setup();
    expect(answer.period).toMatchObject({ id: first!.id, enabled: true });
    expect(answer.complete).toBe(true);
  });
});

describe("the demo school", () => {
  let demo: TestContext;
  afterAll(() => demo?.close());

  it("is set up: its administrator's home shows the school's numbers, not the guide", async () => {
    demo = await createTestContext();
    await seedDemoSchool(demo);
    const { headers } = await createUserWithToken(demo, Role.admin);
    const res = await demo.app.inject({ method: "GET", url: "/api/dashboard/setup", headers });
    expect(res.statusCode).toBe(200);
    const answer: SchoolSetup = res.json().data;
    expect(answer.steps.filter((x) => !x.done)).toEqual([]);
    expect(answer.complete).toBe(true);
    expect(answer.period?.enabled).toBe(true);
  }, 120_000);
});
