import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import { signAccessToken } from "../../auth/tokens.js";
import * as s from "../../db/schema/index.js";
import type { AppError } from "../../http/errors.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";
import { createFinalDelivery } from "./service.js";

/**
 * spec.md §6 "Final deliveries … create and update: admin, coordinator": a teacher — even the teacher of the
 * course section, the likeliest to try — cannot create one. The server refuses twice over, and each
 * refusal is checked on its own so that loosening either fails here: the route's role check (403 before
 * the payload is read, so an empty body is 403, not 422) and the service (403 for a teacher caller).
 * Nothing is written.
 */
let ctx: TestContext;
type Headers = { authorization: string };
let admin: Headers;
let teacher: { userId: number; headers: Headers };
let courseSectionId: number;

/** `YYYY-MM-DDTHH:MM` two days after the test clock's now, in the school's time zone. */
function inTwoDays(): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: ctx.config.timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(ctx.clock.now().getTime() + 48 * 3_600_000));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

const body = () => ({
  course_section_id: courseSectionId,
  code: "EF-PROF",
  title: "Proyecto del profesor",
  delivery_at: inTwoDays(),
  final_delivery_value_percent: 20,
  scheduled_content: "Presentación",
});

const post = (headers: Headers, payload: object) =>
  ctx.app.inject({ method: "POST", url: "/api/final-deliveries", headers, payload });

async function written() {
  const deliveries = await ctx.db
    .select({ id: s.finalDeliveries.id })
    .from(s.finalDeliveries)
    .where(eq(s.finalDeliveries.courseSectionId, courseSectionId));
  const [{ n }] = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.finalDeliveryStudents)) as [
    { n: number },
  ];
  return { deliveries: deliveries.length, juryStudents: n };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  admin = (await createUserWithToken(ctx, Role.admin)).headers;

  // A course section whose course supports a final delivery, with enrolled students and a (non-coordinator)
  // teacher; made fresh: no delivery, no lessons whose weights would count against the percent.
  const [cs] = await ctx.db
    .selectDistinct({ id: s.courseSections.id, userId: s.teachers.userId })
    .from(s.courseSections)
    .innerJoin(s.courses, eq(s.courses.id, s.courseSections.courseId))
    .innerJoin(s.courseEnrolments, eq(s.courseEnrolments.courseSectionId, s.courseSections.id))
    .innerJoin(s.courseSectionTeachers, eq(s.courseSectionTeachers.courseSectionId, s.courseSections.id))
    .innerJoin(s.teachers, eq(s.teachers.id, s.courseSectionTeachers.teacherId))
    .where(and(eq(s.courses.supportsFinalDelivery, true), eq(s.teachers.isCoordinator, false)))
    .orderBy(s.courseSections.id)
    .limit(1);
  expect(cs, "the demo school has a taught course section supporting final deliveries").toBeDefined();
  courseSectionId = cs!.id;
  await ctx.db.delete(s.finalDeliveries).where(eq(s.finalDeliveries.courseSectionId, courseSectionId));
  await ctx.db.delete(s.lessons).where(eq(s.lessons.courseSectionId, courseSectionId));
  const { token } = await signAccessToken({
    secret: ctx.config.jwtSecret,
    userId: cs!.userId,
    ttlSeconds: 3600,
  });
  teacher = { userId: cs!.userId, headers: { authorization: `Bearer ${token}` } };
}, 180_000);
afterAll(() => ctx?.close());

describe("a teacher cannot create a final delivery", () => {
  it("POST /api/final-deliveries as the course section's own teacher: 403, nothing written", async () => {
    const before = await written();
    expect(before.deliveries).toBe(0);

    const res = await post(teacher.headers, body());
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe("this_action_is_unauthorized");
    expect(await written()).toEqual(before);
  });

  it("is refused by the role check, before the payload is read (an empty body is 403, not 422)", async () => {
    const res = await post(teacher.headers, {});
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe("this_action_is_unauthorized");
  });

  it("is refused by the service too, whatever the route lets through", async () => {
    const before = await written();
    const attempt = createFinalDelivery({
      db: ctx.db,
      caller: { id: teacher.userId, type: Role.teacher },
      timeZone: ctx.config.timeZone,
      input: { ...body(), description: null },
    });
    await expect(attempt).rejects.toMatchObject({
      status: 403,
      message: "this_action_is_unauthorized",
    } satisfies Partial<AppError>);
    expect(await written()).toEqual(before);
  });

  it("the same body from an administrator is created (the refusal was the teacher's role)", async () => {
    const res = await post(admin, body());
    expect(res.statusCode, res.body).toBe(201);
    expect((await written()).deliveries).toBe(1);
  });
});
