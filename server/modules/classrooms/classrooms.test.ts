import { eq } from "drizzle-orm";
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
  ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function createRoom(body: Record<string, unknown>) {
  const res = await api("POST", "/classrooms", as.admin, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; code: string };
}

/** A course section of a section in `periodId`, scheduled in `classroomId` on `day` during `hourIds`. */
async function insertSchedule(opts: {
  classroomId: number;
  day: number;
  hourIds: number[];
  courseSectionId: number;
  sectionId: number;
}) {
  return ctx.db.transaction(async (tx) => {
    const [room] = await tx.select().from(s.classrooms).where(eq(s.classrooms.id, opts.classroomId));
    const [row] = await tx
      .insert(s.schedules)
      .values({ courseSectionId: opts.courseSectionId, classroomId: opts.classroomId, day: opts.day })
      .returning();
    await tx.insert(s.scheduleSlots).values(
      opts.hourIds.map((classHourId) => ({
        scheduleId: row!.id,
        classHourId,
        day: opts.day,
        courseSectionId: opts.courseSectionId,
        sectionId: opts.sectionId,
        classroomId: opts.classroomId,
        classroomShared: room!.multipleSections,
      })),
    );
    return row!.id;
  });
}

describe("classrooms CRUD", () => {
  it("creates, reads, updates and deletes a classroom", async () => {
    const created = await api("POST", "/classrooms", as.admin, {
      code: " LAB-1 ",
      description: "Laboratorio de física",
      max_capacity: 25,
    });
    expect(created.statusCode).toBe(201);
    const room = created.json().data;
    expect(room).toEqual({
      id: expect.any(Number),
      code: "LAB-1",
      description: "Laboratorio de física",
      max_capacity: 25,
      multiple_sections: false,
      enabled: true,
      state: true,
    });

    const shown = await api("GET", `/classrooms/${room.id}`, as.lowAdmin);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ data: room });

    const patched = await api("PATCH", `/classrooms/${room.id}`, as.god, { max_capacity: 30, enabled: false });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ code: "LAB-1", max_capacity: 30, enabled: false, state: false });

    const cleared = await api("PATCH", `/classrooms/${room.id}`, as.admin, { description: "" });
    expect(cleared.json().data.description).toBeNull();

    const deleted = await api("DELETE", `/classrooms/${room.id}`, as.admin);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    const gone = await api("GET", `/classrooms/${room.id}`, as.admin);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: "resource_not_found", description: expect.any(String) });
  });

  it("answers 404 for updates and deletes of a missing classroom", async () => {
    expect((await api("PATCH", "/classrooms/999999", as.admin, { max_capacity: 3 })).statusCode).toBe(404);
    expect((await api("DELETE", "/classrooms/999999", as.admin)).statusCode).toBe(404);
  });

  it("validates the payload with Spanish messages and field labels", async () => {
    const res = await api("POST", "/classrooms", as.admin, { code: "", max_capacity: 0, enabled: "yes" });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: "validation_failed",
      description: "Por favor verifique la información ingresada",
      errors: {
        code: ["El campo código es obligatorio."],
        max_capacity: ["El campo máxima capacidad debe ser al menos 1."],
        enabled: ["El campo habilitado debe tener un valor verdadero o falso."],
      },
    });
    const missing = await api("POST", "/classrooms", as.admin, { code: "X".repeat(21) });
    expect(missing.json().errors).toEqual({
      code: ["El campo código no debe ser mayor que 20 caracteres."],
      max_capacity: ["El campo máxima capacidad es obligatorio."],
    });
    const badId = await api("GET", "/classrooms/abc", as.admin);
    expect(badId.statusCode).toBe(422);
    expect(badId.json().errors).toEqual({ id: ["El campo identificador debe ser numérico."] });
  });

  it("refuses a duplicate code with the unique message on `code`, on create and update", async () => {
    const a = await createRoom({ code: "DUP-1", max_capacity: 10 });
    const b = await createRoom({ code: "DUP-2", max_capacity: 10 });
    const dup = await api("POST", "/classrooms", as.admin, { code: "DUP-1", max_capacity: 10 });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toMatchObject({
      message: "validation_failed",
      errors: { code: ["El valor del campo código ya está en uso."] },
    });
    const renamed = await api("PATCH", `/classrooms/${b.id}`, as.admin, { code: a.code });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual({ code: ["El valor del campo código ya está en uso."] });
  });
});

describe("classroom access by role", () => {
  let roomId: number;
  beforeAll(async () => {
    roomId = (await createRoom({ code: "ROLE-1", max_capacity: 10 })).id;
  });

  const reads = () => [
    ["GET", "/classrooms"],
    ["GET", `/classrooms/${roomId}`],
    ["GET", `/classrooms/${roomId}/schedules`],
    ["GET", "/classrooms/schedules-availability"],
  ] as const;
  const writes = () =>
    [
      ["POST", "/classrooms", { code: "ROLE-NEW", max_capacity: 5 }],
      ["PATCH", `/classrooms/${roomId}`, { max_capacity: 11 }],
      ["DELETE", `/classrooms/${roomId}`, undefined],
    ] as const;

  it.each(["student", "teacher", "coordinator"] as const)("refuses every call to a %s", async (role) => {
    for (const [method, url] of reads()) {
      const res = await api(method, url, as[role]);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({
        message: "this_action_is_unauthorized",
        description: "No tiene permiso para realizar esta acción.",
      });
    }
    for (const [method, url, body] of writes()) {
      expect((await api(method, url, as[role], body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("lets a low admin read but not write", async () => {
    for (const [method, url] of reads()) {
      expect((await api(method, url, as.lowAdmin)).statusCode, `${method} ${url}`).toBe(200);
    }
    for (const [method, url, body] of writes()) {
      expect((await api(method, url, as.lowAdmin, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it.each(["admin", "god"] as const)("lets an %s read and write", async (role) => {
    for (const [method, url] of reads()) {
      expect((await api(method, url, as[role])).statusCode, `${method} ${url}`).toBe(200);
    }
    const created = await api("POST", "/classrooms", as[role], { code: `W-${role}`, max_capacity: 5 });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await api("PATCH", `/classrooms/${id}`, as[role], { max_capacity: 6 })).statusCode).toBe(200);
    expect((await api("DELETE", `/classrooms/${id}`, as[role])).statusCode).toBe(204);
  });

  it("asks for a token first", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/classrooms" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: "Token not provided" });
  });
});
