import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";
import { reinscriptionFixture } from "./test-support.js";

// The demo school's current period is half evaluated: every course is "En curso" (DOMAIN.md "Final note").
let ctx: TestContext;
let admin: { authorization: string };
let fx: Awaited<ReturnType<typeof reinscriptionFixture>>;
let currentEnd: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  admin = (await createUserWithToken(ctx, Role.admin)).headers;
  fx = await reinscriptionFixture(ctx, () => admin);
  const [current] = await ctx.db.select().from(s.periods).where(eq(s.periods.id, fx.currentId));
  currentEnd = current!.endDate!;
}, 120_000);
afterAll(() => ctx?.close());

/** The school's calendar moved to `date` for the test's body, then back. */
async function on<T>(date: string, body: () => Promise<T>): Promise<T> {
  const before = ctx.clock.now();
  ctx.clock.setSchoolTime(date, "10:00");
  try {
    return await body();
  } finally {
    ctx.clock.set(before);
  }
}

const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe("a semester still in progress", () => {
  it("is not judged on the mean of what was graded: the preview says it is in progress, and why", async () => {
    const st = await fx.pickStudent("INF-S1");
    // 15 on everything graded so far (half of each course): the mean is 15, the note so far 7,5.
    await fx.setNotes(st.studentId, 15);
    const res = await fx.api("GET", `/students/${st.studentId}/courses/next-semester`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ outcome: "in_progress", approved: false, options: [] });
    expect(
      data.courses.every((c: { standing: string; passed: boolean }) => c.standing === "in_progress"),
    ).toBe(true);
    expect(data.courses.every((c: { passed: boolean }) => !c.passed)).toBe(true);
    expect(data.message).toContain("INF-S1 aún está en curso");
    expect(data.reasons[0]).toMatch(/está en curso: lleva 7,5 con el 50 % evaluado\.$/);
  });

  it("refuses to approve or re-inscribe while a course is in progress, naming the courses", async () => {
    const st = await fx.pickStudent("INF-S1");
    await fx.setNotes(st.studentId, 16);
    await fx.openNextPeriod(true);
    await fx.nextSection("INF-S2", "P");
    const approve = await fx.api("POST", `/students/${st.studentId}/approves-current-semester`, admin);
    expect(approve.statusCode).toBe(400);
    expect(approve.json().message).toBe("current_semester_in_progress");
    const res = await fx.api("POST", `/students/${st.studentId}/reinscription-v2`, admin, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("current_semester_in_progress");
    expect(res.json().description).toContain("PRO-201");
    expect(res.json().description).toContain("lleva 8 con el 50 % evaluado");
    const written = await ctx.db
      .select()
      .from(s.inscriptions)
      .where(eq(s.inscriptions.studentId, st.studentId));
    expect(written).toHaveLength(1);
  });

  it("once the period has ended, the ungraded half counts 0: 15 on half of each course fails", async () => {
    const st = await fx.pickStudent("INF-S1");
    await fx.setNotes(st.studentId, 15);
    await on(dayAfter(currentEnd), async () => {
      const res = await fx.api("GET", `/students/${st.studentId}/courses/next-semester`, admin);
      const data = res.json().data;
      // Σ note × weight / 100 = 7,5 → 8, below 10: failed, where the mean (15) would have passed.
      expect(data).toMatchObject({ outcome: "repeat", approved: false });
      expect(
        data.courses.every(
          (c: { note: number; standing: string }) => c.note === 8 && c.standing === "failed",
        ),
      ).toBe(true);
    });
    // The day the period ends is still inside it.
    await on(currentEnd, async () => {
      const res = await fx.api("GET", `/students/${st.studentId}/courses/next-semester`, admin);
      expect(res.json().data.outcome).toBe("in_progress");
    });
  });

  it("does not meet a total prelation at inscription with a course in progress (partial: taken is enough)", async () => {
    const st = await fx.pickStudent("INF-S1");
    await fx.setNotes(st.studentId, 18);
    await fx.openNextPeriod(true);
    const section = await fx.nextSection("INF-S2", "Q");
    const res = await fx.api("POST", "/inscriptions", admin, {
      student_id: st.studentId,
      period_id: fx.nextId,
      semester_id: await fx.semesterId("INF-S2"),
      section_id: section.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    // PRO-202 and BDD-202 need PRO-201 and BDD-201 passed: still in progress, so not yet.
    const skipped = data.skipped_courses.map((c: { course: { code: string } }) => c.course.code).sort();
    expect(skipped).toEqual(["BDD-202", "PRO-202"]);
  });
});
