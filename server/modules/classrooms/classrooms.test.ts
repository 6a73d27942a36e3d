import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { translateDeleteError } from "./service.js";

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
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

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

    const patched = await api("PATCH", `/classrooms/${room.id}`, as.god, {
      max_capacity: 30,
      enabled: false,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({
      code: "LAB-1",
      max_capacity: 30,
      enabled: false,
      state: false,
    });

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

  const reads = () =>
    [
      ["GET", "/classrooms"],
      ["GET", `/classrooms/${roomId}`],
      ["GET", `/classrooms/${roomId}/schedules`],
    ] as const;
  // spec.md §6 "schedule show, disponibilities and edit: admin only": the availability is the
  // /schedules/disponibilities page's, not the low admin's.
  const adminReads = () => [["GET", "/classrooms/schedules-availability"]] as const;
  const writes = () =>
    [
      ["POST", "/classrooms", { code: "ROLE-NEW", max_capacity: 5 }],
      ["PATCH", `/classrooms/${roomId}`, { max_capacity: 11 }],
      ["DELETE", `/classrooms/${roomId}`, undefined],
    ] as const;

  it.each(["student", "teacher", "coordinator"] as const)("refuses every call to a %s", async (role) => {
    for (const [method, url] of [...reads(), ...adminReads()]) {
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

  it("lets a low admin read but not write, nor see the availability", async () => {
    for (const [method, url] of reads()) {
      expect((await api(method, url, as.lowAdmin)).statusCode, `${method} ${url}`).toBe(200);
    }
    for (const [method, url] of adminReads()) {
      expect((await api(method, url, as.lowAdmin)).statusCode, `${method} ${url}`).toBe(403);
    }
    for (const [method, url, body] of writes()) {
      expect((await api(method, url, as.lowAdmin, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it.each(["admin", "god"] as const)("lets an %s read and write", async (role) => {
    for (const [method, url] of [...reads(), ...adminReads()]) {
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

describe("classroom schedules and availability", () => {
  const ids = {} as {
    room: number;
    spare: number;
    shared: number;
    disabled: number;
    hour1: number;
    hour2: number;
    hour3: number;
    period: number;
    oldPeriod: number;
    csMath: number;
    csLang: number;
    csOther: number;
    csOld: number;
    sectionA: number;
    sectionB: number;
    sectionOld: number;
    mathSchedule: number;
  };

  beforeAll(async () => {
    const db = ctx.db;
    ids.room = (await createRoom({ code: "SCH-1", max_capacity: 30 })).id;
    ids.spare = (await createRoom({ code: "SCH-2", max_capacity: 40 })).id;
    ids.shared = (await createRoom({ code: "SCH-3", max_capacity: 200, multiple_sections: true })).id;
    ids.disabled = (await createRoom({ code: "SCH-4", max_capacity: 30, enabled: false })).id;
    // Inserted out of order: answers list class hours by start time.
    const [h3, h1, h2] = await db
      .insert(s.classHours)
      .values([
        { startTime: "08:30", endTime: "09:15" },
        { startTime: "07:00", endTime: "07:45" },
        { startTime: "07:45", endTime: "08:30" },
      ])
      .returning();
    Object.assign(ids, { hour1: h1!.id, hour2: h2!.id, hour3: h3!.id });
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
    const [math, lang] = await db
      .insert(s.courses)
      .values([
        { code: "MAT-1", title: "Matemática I" },
        { code: "LEN-1", title: "Lenguaje" },
      ])
      .returning();
    const [old, current] = await db
      .insert(s.periods)
      .values([
        { year: 2029, number: 2, startDate: "2029-09-01", endDate: "2029-12-15" },
        { year: 2030, number: 1, startDate: "2030-01-07", endDate: "2030-05-31", enabled: true },
      ])
      .returning();
    Object.assign(ids, { period: current!.id, oldPeriod: old!.id });
    const [secA, secB, secOld] = await db
      .insert(s.sections)
      .values([
        { periodId: current!.id, semesterId: sem!.id, letterCode: "A", code: "S1A" },
        { periodId: current!.id, semesterId: sem!.id, letterCode: "B", code: "S1B" },
        { periodId: old!.id, semesterId: sem!.id, letterCode: "A", code: "S1A" },
      ])
      .returning();
    Object.assign(ids, { sectionA: secA!.id, sectionB: secB!.id, sectionOld: secOld!.id });
    const [csMath, csLang, csOther, csOld] = await db
      .insert(s.courseSections)
      .values([
        { sectionId: secA!.id, courseId: math!.id },
        { sectionId: secA!.id, courseId: lang!.id },
        { sectionId: secB!.id, courseId: math!.id },
        { sectionId: secOld!.id, courseId: math!.id },
      ])
      .returning();
    Object.assign(ids, { csMath: csMath!.id, csLang: csLang!.id, csOther: csOther!.id, csOld: csOld!.id });
    // Current period: section A math Monday hours 1-2 and Wednesday hour 3 in SCH-1; language Tuesday
    // hour 1 in SCH-1; both sections in the shared SCH-3 on Friday hour 1.
    ids.mathSchedule = await insertSchedule({
      classroomId: ids.room,
      day: 1,
      hourIds: [ids.hour2, ids.hour1],
      courseSectionId: ids.csMath,
      sectionId: ids.sectionA,
    });
    await insertSchedule({
      classroomId: ids.room,
      day: 3,
      hourIds: [ids.hour3],
      courseSectionId: ids.csMath,
      sectionId: ids.sectionA,
    });
    await insertSchedule({
      classroomId: ids.room,
      day: 2,
      hourIds: [ids.hour1],
      courseSectionId: ids.csLang,
      sectionId: ids.sectionA,
    });
    await insertSchedule({
      classroomId: ids.shared,
      day: 5,
      hourIds: [ids.hour1],
      courseSectionId: ids.csLang,
      sectionId: ids.sectionA,
    });
    await insertSchedule({
      classroomId: ids.shared,
      day: 5,
      hourIds: [ids.hour1],
      courseSectionId: ids.csOther,
      sectionId: ids.sectionB,
    });
    // An older period's schedule in SCH-2 (not part of the current period's answers).
    await insertSchedule({
      classroomId: ids.spare,
      day: 1,
      hourIds: [ids.hour1],
      courseSectionId: ids.csOld,
      sectionId: ids.sectionOld,
    });
  });

  it("lists a classroom's schedules in the current period, by day and hour", async () => {
    const res = await api("GET", `/classrooms/${ids.room}/schedules`, as.lowAdmin);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.map((x: { day: number }) => x.day)).toEqual([1, 2, 3]);
    expect(data[0]).toEqual({
      id: ids.mathSchedule,
      day: 1,
      day_name: "Lunes",
      class_hours_ids: [ids.hour1, ids.hour2],
      class_hours: [
        { id: ids.hour1, start_time: "07:00", end_time: "07:45" },
        { id: ids.hour2, start_time: "07:45", end_time: "08:30" },
      ],
      classroom: { id: ids.room, code: "SCH-1" },
      course_section: {
        id: ids.csMath,
        course: { id: expect.any(Number), code: "MAT-1", title: "Matemática I" },
        section: { id: ids.sectionA, code: "S1A", letter_code: "A", period_id: ids.period },
      },
    });
    expect(data[1].course_section.course.title).toBe("Lenguaje");
  });

  it("lists another period's schedules on request", async () => {
    const current = await api("GET", `/classrooms/${ids.spare}/schedules`, as.admin);
    expect(current.json().data).toEqual([]);
    const old = await api("GET", `/classrooms/${ids.spare}/schedules?period_id=${ids.oldPeriod}`, as.admin);
    expect(old.json().data).toHaveLength(1);
    expect(old.json().data[0].course_section.section.period_id).toBe(ids.oldPeriod);
    const missing = await api("GET", `/classrooms/${ids.spare}/schedules?period_id=999999`, as.admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("period_not_found");
    expect((await api("GET", "/classrooms/999999/schedules", as.admin)).statusCode).toBe(404);
  });

  it("answers which classrooms are free on a day and class hours", async () => {
    const res = await api(
      "GET",
      `/classrooms/schedules-availability?day=1&class_hours_ids=${ids.hour1},${ids.hour3}`,
      as.admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.period_id).toBe(ids.period);
    expect(data.days).toEqual([1]);
    expect(data.class_hours.map((h: { id: number }) => h.id)).toEqual([ids.hour1, ids.hour3]);
    const byCode = Object.fromEntries(data.classrooms.map((c: { code: string }) => [c.code, c]));
    expect(byCode["SCH-4"]).toBeUndefined(); // disabled classrooms are left out by default
    expect(byCode["SCH-1"]).toMatchObject({ available: false, free_slots: 1 });
    expect(byCode["SCH-1"].slots).toEqual([
      {
        day: 1,
        class_hour_id: ids.hour1,
        free: false,
        occupied_by: [
          {
            schedule_id: ids.mathSchedule,
            course_section_id: ids.csMath,
            course_code: "MAT-1",
            course_title: "Matemática I",
            section_id: ids.sectionA,
            section_code: "S1A",
          },
        ],
      },
      { day: 1, class_hour_id: ids.hour3, free: true, occupied_by: [] },
    ]);
    // SCH-2 is busy Monday hour 1 only in an older period.
    expect(byCode["SCH-2"]).toMatchObject({ available: true, free_slots: 2 });
    expect(byCode["SCH-3"]).toMatchObject({ available: true });
  });

  it("answers the whole week, a shared classroom staying free while occupied", async () => {
    const res = await api("GET", "/classrooms/schedules-availability?include_disabled=1", as.admin);
    const data = res.json().data;
    expect(data.days).toEqual([1, 2, 3, 4, 5, 6]);
    expect(data.class_hours).toHaveLength(3);
    const byCode = Object.fromEntries(data.classrooms.map((c: { code: string }) => [c.code, c]));
    expect(byCode["SCH-4"]).toMatchObject({ enabled: false, available: true, free_slots: 18 });
    expect(byCode["SCH-1"].free_slots).toBe(18 - 4);
    const friday = byCode["SCH-3"].slots.find(
      (x: { day: number; class_hour_id: number }) => x.day === 5 && x.class_hour_id === ids.hour1,
    );
    expect(friday.free).toBe(true);
    expect(friday.occupied_by.map((o: { section_code: string }) => o.section_code)).toEqual(["S1A", "S1B"]);
  });

  it("filters by capacity and ignores a schedule being moved", async () => {
    const big = await api("GET", "/classrooms/schedules-availability?day=1&min_capacity=100", as.admin);
    expect(big.json().data.classrooms.map((c: { code: string }) => c.code)).toEqual(["SCH-3"]);
    const moving = await api(
      "GET",
      `/classrooms/schedules-availability?day=1&class_hours_ids=${ids.hour1}&class_hours_ids=${ids.hour2}&exclude_schedule_id=${ids.mathSchedule}`,
      as.admin,
    );
    const room = moving.json().data.classrooms.find((c: { code: string }) => c.code === "SCH-1");
    expect(room).toMatchObject({ available: true, free_slots: 2 });
  });

  it("pages the availability (page, limit, meta) and finds classrooms by code, free or busy", async () => {
    const url = `/classrooms/schedules-availability?day=1&class_hours_ids=${ids.hour1}&search=sch-`;
    const first = await api("GET", `${url}&limit=2`, as.admin);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().meta).toEqual({ total: 3, per_page: 2, current_page: 1, last_page: 2 });
    expect(first.json().data.days).toEqual([1]);
    const codes = (res: { json(): { data: { classrooms: { code: string }[] } } }) =>
      res.json().data.classrooms.map((c) => c.code);
    expect(codes(first)).toEqual(["SCH-1", "SCH-2"]);
    expect(first.json().data.classrooms[0].slots[0].occupied_by).toHaveLength(1);
    const second = await api("GET", `${url}&limit=2&page=2`, as.admin);
    expect(codes(second)).toEqual(["SCH-3"]);
    const past = await api("GET", `${url}&limit=2&page=9`, as.admin);
    expect(past.json().meta).toEqual({ total: 3, per_page: 2, current_page: 9, last_page: 2 });
    expect(codes(past)).toEqual([]);
    const desc = await api("GET", `${url}&sort_by=code,desc&limit=1`, as.admin);
    expect(codes(desc)).toEqual(["SCH-3"]);
    // Free in the asked slot: SCH-1 holds Math on Monday at hour 1; SCH-3 takes several sections.
    expect(codes(await api("GET", `${url}&available=1`, as.admin))).toEqual(["SCH-2", "SCH-3"]);
    expect(codes(await api("GET", `${url}&available=0`, as.admin))).toEqual(["SCH-1"]);
    const moving = await api("GET", `${url}&available=1&exclude_schedule_id=${ids.mathSchedule}`, as.admin);
    expect(codes(moving)).toEqual(["SCH-1", "SCH-2", "SCH-3"]);
    const every = await api("GET", `${url}&limit=0&include_disabled=1`, as.admin);
    expect(every.json().meta).toMatchObject({ total: 4, per_page: 4, last_page: 1 });
    const tooMany = await api("GET", `${url}&limit=101&sort_by=nope`, as.admin);
    expect(tooMany.statusCode).toBe(422);
    expect(Object.keys(tooMany.json().errors).sort()).toEqual(["limit", "sort_by"]);
  });

  it("validates the availability query", async () => {
    const res = await api("GET", "/classrooms/schedules-availability?day=7&class_hours_ids=a", as.admin);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      day: ["El campo día no debe ser mayor que 6."],
      "class_hours_ids.0": ["El campo horas de clase debe ser numérico."],
    });
  });

  it("refuses to delete a classroom with schedules (classroom_has_schedules)", async () => {
    const res = await api("DELETE", `/classrooms/${ids.room}`, as.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "classroom_has_schedules",
      description: "El aula tiene horarios asignados y no puede eliminarse.",
    });
    expect((await api("GET", `/classrooms/${ids.room}`, as.admin)).statusCode).toBe(200);
  });

  it("refuses to stop sharing a classroom that hosts two sections at once", async () => {
    const res = await api("PATCH", `/classrooms/${ids.shared}`, as.admin, { multiple_sections: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("combination_of_day_classroom_class_hour_exists");
    const ok = await api("PATCH", `/classrooms/${ids.room}`, as.admin, { multiple_sections: true });
    expect(ok.statusCode).toBe(200);
  });
});

describe("delete relies on the foreign key too", () => {
  it("reads a foreign key refusal of the delete as classroom_has_schedules", async () => {
    // The service checks for schedules first; a schedule written between that check and the delete is
    // refused by the foreign key, which this translation turns into the same answer.
    const [used] = await ctx.db.select({ id: s.schedules.classroomId }).from(s.schedules).limit(1);
    const error = await ctx.db
      .delete(s.classrooms)
      .where(eq(s.classrooms.id, used!.id))
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(error).toBeDefined();
    expect(() => translateDeleteError(error)).toThrow(
      expect.objectContaining({ status: 400, message: "classroom_has_schedules" }),
    );
    const other = new Error("connection lost");
    expect(() => translateDeleteError(other)).toThrow(other);
  });
});
