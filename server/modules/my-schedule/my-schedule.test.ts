import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import { signAccessToken } from "../../auth/tokens.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";

let ctx: TestContext;
type Headers = { authorization: string };

async function headersOf(userId: number): Promise<Headers> {
  const { token } = await signAccessToken({ secret: ctx.config.jwtSecret, userId, ttlSeconds: 3600 });
  return { authorization: `Bearer ${token}` };
}
const get = (headers: Headers, query = "") =>
  ctx.app.inject({ method: "GET", url: `/api/profile/schedules${query}`, headers });
type Grid = {
  period_id: number | null;
  class_hours: { id: number }[];
  slots: { day: number; course_section_id: number; section: { code: string } }[];
};

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
}, 180_000);
afterAll(() => ctx?.close());

describe("GET /profile/schedules", () => {
  it("answers a teacher's own week: only their course sections, in the active period", async () => {
    const [teacher] = await ctx.db
      .select({ id: s.teachers.id, userId: s.teachers.userId })
      .from(s.teachers)
      .innerJoin(s.courseSectionTeachers, eq(s.courseSectionTeachers.teacherId, s.teachers.id))
      .where(eq(s.teachers.isCoordinator, false))
      .limit(1);
    const res = await get(await headersOf(teacher!.userId));
    expect(res.statusCode, res.body).toBe(200);
    const grid = res.json().data as Grid;
    const [period] = await ctx.db.select().from(s.periods).where(eq(s.periods.enabled, true));
    expect(grid.period_id).toBe(period!.id);
    expect(grid.class_hours.length).toBeGreaterThan(0);
    expect(grid.slots.length).toBeGreaterThan(0);
    const own = new Set(
      (
        await ctx.db
          .select({ id: s.courseSectionTeachers.courseSectionId })
          .from(s.courseSectionTeachers)
          .where(eq(s.courseSectionTeachers.teacherId, teacher!.id))
      ).map((r) => r.id),
    );
    for (const slot of grid.slots) expect(own.has(slot.course_section_id)).toBe(true);
  });

  it("answers a student the courses they take (a withdrawn course leaves the week)", async () => {
    const [student] = await ctx.db
      .select({ id: s.students.id, userId: s.students.userId, sectionId: s.inscriptions.sectionId })
      .from(s.students)
      .innerJoin(s.inscriptions, eq(s.inscriptions.studentId, s.students.id))
      .innerJoin(s.periods, and(eq(s.periods.id, s.inscriptions.periodId), eq(s.periods.enabled, true)))
      .where(eq(s.inscriptions.status, "active"))
      .limit(1);
    const headers = await headersOf(student!.userId);
    const before = (await get(headers)).json().data as Grid;
    expect(before.slots.length).toBeGreaterThan(0);
    const enrolled = await ctx.db
      .select({ id: s.courseEnrolments.courseSectionId })
      .from(s.courseEnrolments)
      .where(eq(s.courseEnrolments.studentId, student!.id));
    const mine = new Set(enrolled.map((r) => r.id));
    for (const slot of before.slots) expect(mine.has(slot.course_section_id)).toBe(true);

    const dropped = before.slots[0]!.course_section_id;
    await ctx.db
      .update(s.courseEnrolments)
      .set({ status: "withdrawn" })
      .where(
        and(eq(s.courseEnrolments.studentId, student!.id), eq(s.courseEnrolments.courseSectionId, dropped)),
      );
    const after = (await get(headers)).json().data as Grid;
    expect(after.slots.some((x) => x.course_section_id === dropped)).toBe(false);
    expect(after.slots.length).toBeLessThan(before.slots.length);
  });

  it("answers an empty week for a student without courses, another period on request, and refuses admins", async () => {
    const alone = await createUserWithToken(ctx, Role.student);
    const empty = await get(alone.headers);
    expect(empty.statusCode, empty.body).toBe(200);
    expect((empty.json().data as Grid).slots).toEqual([]);

    const [teacher] = await ctx.db
      .select({ userId: s.teachers.userId })
      .from(s.teachers)
      .where(eq(s.teachers.isCoordinator, false))
      .limit(1);
    const [next] = await ctx.db
      .select({ id: s.periods.id })
      .from(s.periods)
      .where(eq(s.periods.enabled, false))
      .orderBy(s.periods.startDate)
      .limit(1);
    const other = await get(await headersOf(teacher!.userId), `?period_id=${next!.id}`);
    expect(other.statusCode, other.body).toBe(200);
    expect((other.json().data as Grid).period_id).toBe(next!.id);
    expect((await get(await headersOf(teacher!.userId), "?period_id=99999")).statusCode).toBe(404);
    expect((await get(await headersOf(teacher!.userId), "?period_id=diez")).statusCode).toBe(422);

    const admin = await createUserWithToken(ctx, Role.admin);
    const refused = await get(admin.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBeTypeOf("string");
  });
});
