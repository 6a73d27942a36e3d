import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";

let ctx: TestContext;
type Headers = { authorization: string };
const as = {} as Record<"student" | "teacher" | "coordinator" | "lowAdmin" | "admin", Headers>;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ["student", "teacher", "coordinator", "lowAdmin", "admin"] as const) {
    as[role] = (await createUserWithToken(ctx, Role[role])).headers;
  }
});
afterAll(() => ctx?.close());

const api = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  headers?: Headers,
  payload?: unknown,
) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const hour = (sh: number, sm: number, eh: number, em: number) => ({
  start_hour: sh,
  start_minute: sm,
  end_hour: eh,
  end_minute: em,
});

describe("class hours", () => {
  it("creates, lists in start order, reads, updates and deletes", async () => {
    const late = await api("POST", "/class-hours", as.admin, hour(13, 5, 13, 50));
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json().data).toEqual({
      id: expect.any(Number),
      start_hour: 13,
      start_minute: 5,
      end_hour: 13,
      end_minute: 50,
      start_time: "13:05",
      end_time: "13:50",
    });
    const early = await api("POST", "/class-hours", as.admin, hour(7, 0, 7, 45));
    expect(early.statusCode).toBe(201);

    const list = await api("GET", "/class-hours?limit=0", as.lowAdmin);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((h: { start_time: string }) => h.start_time)).toEqual(["07:00", "13:05"]);
    const desc = await api("GET", "/class-hours?sort_by=start_time,desc&search=13:", as.admin);
    expect(desc.json().data.map((h: { start_time: string }) => h.start_time)).toEqual(["13:05"]);

    const id = late.json().data.id;
    expect((await api("GET", `/class-hours/${id}`, as.admin)).json().data.end_time).toBe("13:50");
    const updated = await api("PATCH", `/class-hours/${id}`, as.admin, hour(12, 0, 12, 45));
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ start_time: "12:00", end_time: "12:45" });

    expect((await api("DELETE", `/class-hours/${id}`, as.admin)).statusCode).toBe(204);
    expect((await api("GET", `/class-hours/${id}`, as.admin)).statusCode).toBe(404);
    expect((await api("DELETE", `/class-hours/${id}`, as.admin)).statusCode).toBe(404);
  });

  it("refuses an end not after the start with a Spanish field message (422)", async () => {
    for (const body of [hour(9, 30, 9, 30), hour(10, 0, 9, 45)]) {
      const res = await api("POST", "/class-hours", as.admin, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        end_hour: ["La hora de fin debe ser posterior a la hora de inicio."],
      });
    }
    const created = await api("POST", "/class-hours", as.admin, hour(15, 0, 15, 45));
    const res = await api("PATCH", `/class-hours/${created.json().data.id}`, as.admin, hour(15, 0, 14, 0));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.end_hour).toBeDefined();
  });

  it("refuses out-of-range and missing numbers with Spanish labels, and duplicates", async () => {
    const res = await api("POST", "/class-hours", as.admin, {
      start_hour: 24,
      start_minute: 60,
      end_hour: 1,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      start_hour: ["El campo hora de inicio no debe ser mayor que 23."],
      start_minute: ["El campo minuto de inicio no debe ser mayor que 59."],
      end_minute: ["El campo minuto de fin es obligatorio."],
    });
    expect((await api("POST", "/class-hours", as.admin, hour(16, 0, 16, 45))).statusCode).toBe(201);
    const twice = await api("POST", "/class-hours", as.admin, hour(16, 0, 16, 45));
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.start_hour).toEqual(["El valor del campo hora de inicio ya está en uso."]);
  });

  it("refuses deleting a class hour that a schedule uses", async () => {
    const db = ctx.db;
    const created = await api("POST", "/class-hours", as.admin, hour(17, 0, 17, 45));
    const classHourId = created.json().data.id as number;
    const [room] = await db.insert(s.classrooms).values({ code: "CH-1", maxCapacity: 30 }).returning();
    const [spec] = await db
      .insert(s.specializations)
      .values({ title: "Informática", code: "INF" })
      .returning();
    const [pensum] = await db
      .insert(s.pensums)
      .values({ specializationId: spec!.id, name: "INF" })
      .returning();
    const [sem] = await db
      .insert(s.semesters)
      .values({ pensumId: pensum!.id, number: 1, code: "S1" })
      .returning();
    const [course] = await db.insert(s.courses).values({ code: "MAT-1", title: "Matemática I" }).returning();
    const [period] = await db
      .insert(s.periods)
      .values({ year: 2030, number: 1, startDate: "2030-01-07", endDate: "2030-05-31" })
      .returning();
    const [section] = await db
      .insert(s.sections)
      .values({ periodId: period!.id, semesterId: sem!.id, letterCode: "A", code: "S1A" })
      .returning();
    const [cs] = await db
      .insert(s.courseSections)
      .values({ sectionId: section!.id, courseId: course!.id })
      .returning();
    const [schedule] = await db
      .insert(s.schedules)
      .values({ courseSectionId: cs!.id, classroomId: room!.id, day: 2 })
      .returning();
    await db.insert(s.scheduleSlots).values({
      scheduleId: schedule!.id,
      classHourId,
      day: 2,
      courseSectionId: cs!.id,
      sectionId: section!.id,
      classroomId: room!.id,
      classroomShared: false,
    });

    const res = await api("DELETE", `/class-hours/${classHourId}`, as.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "class_hour_has_schedules",
      description: "La hora de clase está en uso en algún horario y no puede eliminarse.",
    });
    expect((await api("GET", `/class-hours/${classHourId}`, as.admin)).statusCode).toBe(200);
  });

  it("exports the class hours as CSV on a 12-hour clock", async () => {
    const res = await api("GET", "/class-hours?format=csv&search=07:", as.lowAdmin);
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace("\uFEFF", "").trim().split(/\r?\n/);
    expect(lines).toEqual(["Hora de inicio,Hora de fin", "07:00,07:45"]);
  });

  it("lets the admin group read and only administrators write (spec.md §6)", async () => {
    expect((await api("GET", "/class-hours")).statusCode).toBe(401);
    for (const role of ["student", "teacher", "coordinator"] as const) {
      expect((await api("GET", "/class-hours", as[role])).statusCode).toBe(403);
    }
    expect((await api("GET", "/class-hours", as.lowAdmin)).statusCode).toBe(200);
    const created = await api("POST", "/class-hours", as.admin, hour(18, 0, 18, 45));
    const id = created.json().data.id;
    for (const role of ["student", "teacher", "coordinator", "lowAdmin"] as const) {
      expect((await api("POST", "/class-hours", as[role], hour(19, 0, 19, 45))).statusCode).toBe(403);
      expect((await api("PATCH", `/class-hours/${id}`, as[role], hour(19, 0, 19, 45))).statusCode).toBe(403);
      expect((await api("DELETE", `/class-hours/${id}`, as[role])).statusCode).toBe(403);
    }
  });
});
