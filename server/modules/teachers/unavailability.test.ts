import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";

let ctx: TestContext;
type Headers = { authorization: string };
const as = {} as Record<
  "student" | "teacher" | "otherTeacher" | "coordinator" | "lowAdmin" | "admin" | "god",
  Headers
>;
const world = {} as {
  /** The teacher who logs in as `as.teacher`, supervised by the coordinator. */
  teacherId: number;
  /** Logs in as `as.otherTeacher`; nobody supervises them. */
  otherId: number;
  coordinatorId: number;
  hours: number[];
};

let seq = 0;
async function insertTeacher(userId: number, coordinates?: number) {
  seq += 1;
  const [row] = await ctx.db
    .insert(s.teachers)
    .values({
      userId,
      firstName: `Disp${seq}`,
      lastName: `Fixture${seq}`,
      identityDocument: `V-9${seq}10000`,
      gender: "female",
      isCoordinator: coordinates !== undefined,
      specializationId: coordinates ?? null,
    })
    .returning();
  return row!.id;
}

const url = (id: number) => `/api/teachers/${id}/unavailability`;
const read = (id: number, headers: Headers) => ctx.app.inject({ method: "GET", url: url(id), headers });
const replace = (id: number, payload: unknown, headers: Headers = as.admin) =>
  ctx.app.inject({ method: "PUT", url: url(id), headers, payload: payload as object });

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ["student", "lowAdmin", "admin", "god"] as const)
    as[role] = (await createUserWithToken(ctx, Role[role])).headers;
  const [spec] = await ctx.db.insert(s.specializations).values({ code: "DISP", title: "Disp" }).returning();
  const teacher = await createUserWithToken(ctx, Role.teacher);
  const other = await createUserWithToken(ctx, Role.teacher);
  const coordinator = await createUserWithToken(ctx, Role.coordinator);
  as.teacher = teacher.headers;
  as.otherTeacher = other.headers;
  as.coordinator = coordinator.headers;
  world.teacherId = await insertTeacher(teacher.user.id);
  world.otherId = await insertTeacher(other.user.id);
  world.coordinatorId = await insertTeacher(coordinator.user.id, spec!.id);
  await ctx.db
    .insert(s.coordinatorSupervisions)
    .values({ coordinatorId: world.coordinatorId, teacherId: world.teacherId });
  // Inserted out of order: the answer follows the class hours' start, not their ids.
  const hours = await ctx.db
    .insert(s.classHours)
    .values([
      { startTime: "07:45:00", endTime: "08:30:00" },
      { startTime: "07:00:00", endTime: "07:45:00" },
      { startTime: "08:30:00", endTime: "09:15:00" },
    ])
    .returning();
  world.hours = hours.map((h) => h.id);
});
afterAll(() => ctx?.close());

describe("GET /teachers/{id}/unavailability", () => {
  it("answers an empty set for a teacher who never marked any", async () => {
    const res = await read(world.otherId, as.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.slots).toEqual([]);
    // The grid's rows: the day's class hours, by start.
    expect(res.json().data.class_hours.map((h: { start_time: string }) => h.start_time)).toEqual([
      "07:00",
      "07:45",
      "08:30",
    ]);
  });

  it("lets the administration, the teacher and their coordinator read it; refuses the others", async () => {
    for (const who of ["admin", "god", "lowAdmin", "teacher", "coordinator"] as const)
      expect((await read(world.teacherId, as[who])).statusCode, who).toBe(200);
    // The coordinator's own week too (a coordinator "supervises" themself).
    expect((await read(world.coordinatorId, as.coordinator)).statusCode).toBe(200);
    const otherTeacher = await read(world.teacherId, as.otherTeacher);
    expect(otherTeacher.statusCode).toBe(403);
    expect(otherTeacher.json().message).toBe("this_action_is_unauthorized");
    const coordinator = await read(world.otherId, as.coordinator);
    expect(coordinator.statusCode).toBe(403);
    expect(coordinator.json().message).toBe("coordinator_not_owner_or_not_supervising");
    expect((await read(world.teacherId, as.student)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: "GET", url: url(world.teacherId) })).statusCode).toBe(401);
  });

  it("answers 404 for an unknown teacher", async () => {
    const res = await read(999_999, as.admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("teacher_not_found");
  });
});

describe("PUT /teachers/{id}/unavailability", () => {
  it("replaces the whole set and answers it by day and class hour start", async () => {
    const [h745, h700, h830] = world.hours as [number, number, number];
    const first = await replace(world.teacherId, {
      slots: [
        { day: 3, class_hour_id: h830 },
        { day: 1, class_hour_id: h745 },
        { day: 1, class_hour_id: h700 },
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.slots).toEqual([
      { day: 1, class_hour_id: h700 },
      { day: 1, class_hour_id: h745 },
      { day: 3, class_hour_id: h830 },
    ]);

    const second = await replace(world.teacherId, { slots: [{ day: 6, class_hour_id: h700 }] });
    expect(second.statusCode).toBe(200);
    expect((await read(world.teacherId, as.teacher)).json().data.slots).toEqual([
      { day: 6, class_hour_id: h700 },
    ]);
    // Another teacher's marks are untouched by the replacement.
    await replace(world.otherId, { slots: [{ day: 2, class_hour_id: h700 }] });
    await replace(world.teacherId, { slots: [] });
    expect((await read(world.teacherId, as.admin)).json().data.slots).toEqual([]);
    expect((await read(world.otherId, as.admin)).json().data.slots).toEqual([
      { day: 2, class_hour_id: h700 },
    ]);
  });

  it("is the admin's only", async () => {
    for (const who of ["lowAdmin", "teacher", "coordinator", "student"] as const) {
      const res = await replace(world.teacherId, { slots: [] }, as[who]);
      expect(res.statusCode, who).toBe(403);
    }
    expect((await replace(world.teacherId, { slots: [] }, as.god)).statusCode).toBe(200);
  });

  it("refuses a day outside 1–6, an unknown class hour and a repeated slot with Spanish field messages", async () => {
    const [h700] = world.hours as [number];
    await replace(world.teacherId, { slots: [{ day: 2, class_hour_id: h700 }] });

    const badDay = await replace(world.teacherId, {
      slots: [
        { day: 0, class_hour_id: h700 },
        { day: 7, class_hour_id: h700 },
      ],
    });
    expect(badDay.statusCode).toBe(422);
    expect(badDay.json().errors).toEqual({
      "slots.0.day": ["El campo día debe ser al menos 1."],
      "slots.1.day": ["El campo día no debe ser mayor que 6."],
    });

    const unknownHour = await replace(world.teacherId, {
      slots: [
        { day: 1, class_hour_id: h700 },
        { day: 1, class_hour_id: 987_654 },
      ],
    });
    expect(unknownHour.statusCode).toBe(422);
    expect(unknownHour.json().errors).toEqual({
      "slots.1.class_hour_id": ["El valor seleccionado en el campo hora de clase no existe."],
    });

    const repeated = await replace(world.teacherId, {
      slots: [
        { day: 1, class_hour_id: h700 },
        { day: 1, class_hour_id: h700 },
      ],
    });
    expect(repeated.statusCode).toBe(422);
    expect(repeated.json().errors).toEqual({
      "slots.1": ["El campo franjas no disponibles tiene un valor duplicado."],
    });

    const missing = await replace(world.teacherId, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ slots: ["El campo franjas no disponibles es obligatorio."] });

    // Nothing of a refused request was written.
    expect((await read(world.teacherId, as.admin)).json().data.slots).toEqual([
      { day: 2, class_hour_id: h700 },
    ]);
  });

  it("lets one of two concurrent saves win whole, never a mix of both", async () => {
    const [h745, h700, h830] = world.hours as [number, number, number];
    const a = [
      { day: 1, class_hour_id: h700 },
      { day: 1, class_hour_id: h745 },
    ];
    const b = [
      { day: 5, class_hour_id: h700 },
      { day: 5, class_hour_id: h830 },
    ];
    // Each save pauses after deleting the old set, so the second starts while the first is still open
    // (on PostgreSQL; PGlite runs transactions one at a time anyway).
    await ctx.db.execute(
      sql.raw(`create function test_unavailability_pause() returns trigger language plpgsql as
        $$ begin perform pg_sleep(0.3); return null; end $$`),
    );
    await ctx.db.execute(
      sql.raw(`create trigger test_unavailability_pause after delete on teacher_unavailabilities
        for each statement execute function test_unavailability_pause()`),
    );
    try {
      const answers = await Promise.all([
        replace(world.teacherId, { slots: a }),
        replace(world.teacherId, { slots: b }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    } finally {
      await ctx.db.execute(sql.raw("drop trigger test_unavailability_pause on teacher_unavailabilities"));
      await ctx.db.execute(sql.raw("drop function test_unavailability_pause()"));
    }
    const slots = (await read(world.teacherId, as.admin)).json().data.slots;
    expect([a, b]).toContainEqual(slots);
  });

  it("answers 404 for an unknown teacher", async () => {
    const res = await replace(999_999, { slots: [] });
    expect(res.statusCode).toBe(404);
  });

  it("goes with the teacher and with the class hour when either is deleted", async () => {
    const [hour] = await ctx.db
      .insert(s.classHours)
      .values({ startTime: "13:00:00", endTime: "13:45:00" })
      .returning();
    const [h700] = world.hours as [number];
    await replace(world.otherId, {
      slots: [
        { day: 4, class_hour_id: hour!.id },
        { day: 4, class_hour_id: h700 },
      ],
    });
    await ctx.db.delete(s.classHours).where(eq(s.classHours.id, hour!.id));
    expect((await read(world.otherId, as.admin)).json().data.slots).toEqual([
      { day: 4, class_hour_id: h700 },
    ]);
    await ctx.db.delete(s.teachers).where(eq(s.teachers.id, world.otherId));
    const left = await ctx.db
      .select()
      .from(s.teacherUnavailabilities)
      .where(eq(s.teacherUnavailabilities.teacherId, world.otherId));
    expect(left).toEqual([]);
  });
});
