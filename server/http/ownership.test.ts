import { eq, notInArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import {
  coordinatorSupervisions,
  courseSectionTeachers,
  students,
  teachers,
  users,
} from "../db/schema/index.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { seedDemoSchool } from "../test/demo-school.js";
import { AppError } from "./errors.js";
import {
  assertOwnStudent,
  assertSupervises,
  assertTeachesCourseSection,
  callerStudentId,
  callerTeacherId,
  supervisedTeacherIds,
} from "./ownership.js";

let ctx: TestContext;

async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return { status: (err as AppError).status, message: (err as AppError).message };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
});
afterAll(() => ctx.close());

const caller = async (table: typeof students | typeof teachers, id: number) => {
  const [row] = await ctx.db
    .select({ id: users.id, type: users.type })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .where(eq(table.id, id));
  return row!;
};

describe("students reach only their own records", () => {
  it("lets a student through to their own id and refuses another's", async () => {
    const [a, b] = await ctx.db.select({ id: students.id }).from(students).orderBy(students.id).limit(2);
    const student = await caller(students, a!.id);
    expect(await callerStudentId(ctx.db, student)).toBe(a!.id);
    await expect(assertOwnStudent(ctx.db, student, a!.id)).resolves.toBeUndefined();
    expect(await refusal(assertOwnStudent(ctx.db, student, b!.id))).toEqual({
      status: 403,
      message: "this_action_is_unauthorized",
    });
  });

  it("leaves other roles to the route's role list", async () => {
    const [a] = await ctx.db.select({ id: students.id }).from(students).limit(1);
    await expect(assertOwnStudent(ctx.db, { id: 0, type: Role.admin }, a!.id)).resolves.toBeUndefined();
    expect(await callerStudentId(ctx.db, { id: 0, type: Role.admin })).toBeNull();
  });
});

describe("coordinators see only the teachers they supervise", () => {
  it("allows themselves and supervised teachers, refuses the rest with the spec's code", async () => {
    const [link] = await ctx.db.select().from(coordinatorSupervisions).limit(1);
    const coordinator = await caller(teachers, link!.coordinatorId);
    expect(coordinator.type).toBe(Role.coordinator);
    const allowed = await supervisedTeacherIds(ctx.db, coordinator);
    expect(allowed).toContain(link!.coordinatorId);
    expect(allowed).toContain(link!.teacherId);
    await expect(assertSupervises(ctx.db, coordinator, link!.teacherId)).resolves.toBeUndefined();

    const [stranger] = await ctx.db
      .select({ id: teachers.id })
      .from(teachers)
      .where(notInArray(teachers.id, allowed))
      .limit(1);
    expect(await refusal(assertSupervises(ctx.db, coordinator, stranger!.id))).toEqual({
      status: 403,
      message: "coordinator_not_owner_or_not_supervising",
    });
  });
});

describe("teachers work only on their own course sections", () => {
  it("allows an assigned course section and refuses another", async () => {
    const [own] = await ctx.db.select().from(courseSectionTeachers).limit(1);
    const teacher = await caller(teachers, own!.teacherId);
    expect(await callerTeacherId(ctx.db, teacher)).toBe(own!.teacherId);
    await expect(assertTeachesCourseSection(ctx.db, teacher, own!.courseSectionId)).resolves.toBeUndefined();

    const others = await ctx.db.select().from(courseSectionTeachers);
    const foreign = others.find(
      (o) => o.teacherId !== own!.teacherId && o.courseSectionId !== own!.courseSectionId,
    );
    const mine = new Set(others.filter((o) => o.teacherId === own!.teacherId).map((o) => o.courseSectionId));
    expect(mine.has(foreign!.courseSectionId)).toBe(false);
    expect(await refusal(assertTeachesCourseSection(ctx.db, teacher, foreign!.courseSectionId))).toEqual({
      status: 403,
      message: "teacher_not_has_course_section_assigned",
    });
  });

  it("lets the administration through and refuses students outright", async () => {
    const [own] = await ctx.db.select().from(courseSectionTeachers).limit(1);
    await expect(
      assertTeachesCourseSection(ctx.db, { id: 0, type: Role.lowAdmin }, own!.courseSectionId),
    ).resolves.toBeUndefined();
    expect(
      await refusal(assertTeachesCourseSection(ctx.db, { id: 0, type: Role.student }, own!.courseSectionId)),
    ).toEqual({ status: 403, message: "this_action_is_unauthorized" });
  });
});
