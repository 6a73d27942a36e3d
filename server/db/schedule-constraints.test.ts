import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/context.js";
import type { Db } from "./client.js";
import { constraintErrors, pgErrorOf, translateDbError } from "./constraints.js";
import * as s from "./schema/index.js";

let ctx: TestContext;
let db: Db;
const ids = {} as {
  hour1: number;
  hour2: number;
  roomA: number;
  roomB: number;
  shared: number;
  /** course sections: section 1 (math, lang), section 2 (math) */
  cs1Math: number;
  cs1Lang: number;
  cs2Math: number;
  section1: number;
  section2: number;
  teacher: number;
};

/** The error code a failing write translates to (and the constraint it broke must be mapped). */
async function violated(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
  } catch (e) {
    const refusal = translateDbError(e);
    expect(refusal?.status).toBe(400);
    expect(constraintErrors[pgErrorOf(e)!.constraint!]).toBe(refusal!.message);
    return refusal!.message;
  }
  return undefined;
}

async function schedule(csId: number, sectionId: number, classroomId: number, day: number, hours: number[]) {
  return db.transaction(async (tx) => {
    const [room] = await tx.select().from(s.classrooms).where(eqId(classroomId));
    const [row] = await tx
      .insert(s.schedules)
      .values({ courseSectionId: csId, classroomId, day })
      .returning({ id: s.schedules.id });
    await tx.insert(s.scheduleSlots).values(
      hours.map((classHourId) => ({
        scheduleId: row!.id,
        classHourId,
        day,
        courseSectionId: csId,
        sectionId,
        classroomId,
        classroomShared: room!.multipleSections,
      })),
    );
    return row!.id;
  });
}

import { eq, sql } from "drizzle-orm";

const eqId = (id: number) => eq(s.classrooms.id, id);

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.db;
  const [h1, h2] = await db
    .insert(s.classHours)
    .values([
      { startTime: "07:00", endTime: "07:45" },
      { startTime: "07:45", endTime: "08:30" },
    ])
    .returning();
  const [a, b, sh] = await db
    .insert(s.classrooms)
    .values([
      { code: "A-1", maxCapacity: 30 },
      { code: "A-2", maxCapacity: 30 },
      { code: "AUD", maxCapacity: 120, multipleSections: true },
    ])
    .returning();
  const [spec] = await db.insert(s.specializations).values({ title: "Informática", code: "INF" }).returning();
  const [pensum] = await db.insert(s.pensums).values({ specializationId: spec!.id, name: "INF" }).returning();
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
  const [period] = await db
    .insert(s.periods)
    .values({ year: 2030, number: 1, startDate: "2030-01-07", endDate: "2030-05-31" })
    .returning();
  const [sec1, sec2] = await db
    .insert(s.sections)
    .values([
      { periodId: period!.id, semesterId: sem!.id, letterCode: "A", code: "S1A" },
      { periodId: period!.id, semesterId: sem!.id, letterCode: "B", code: "S1B" },
    ])
    .returning();
  const [c1m, c1l, c2m] = await db
    .insert(s.courseSections)
    .values([
      { sectionId: sec1!.id, courseId: math!.id },
      { sectionId: sec1!.id, courseId: lang!.id },
      { sectionId: sec2!.id, courseId: math!.id },
    ])
    .returning();
  const [user] = await db
    .insert(s.users)
    .values({ type: 2, name: "Ana Pérez", email: "ana@example.com" })
    .returning();
  const [teacher] = await db
    .insert(s.teachers)
    .values({
      userId: user!.id,
      firstName: "Ana",
      lastName: "Pérez",
      identityDocument: "V-10000000",
      gender: "female",
    })
    .returning();
  Object.assign(ids, {
    hour1: h1!.id,
    hour2: h2!.id,
    roomA: a!.id,
    roomB: b!.id,
    shared: sh!.id,
    cs1Math: c1m!.id,
    cs1Lang: c1l!.id,
    cs2Math: c2m!.id,
    section1: sec1!.id,
    section2: sec2!.id,
    teacher: teacher!.id,
  });
  // Section 1 math: Monday, hours 1 and 2, room A.
  await schedule(ids.cs1Math, ids.section1, ids.roomA, 1, [ids.hour1, ids.hour2]);
});

afterAll(async () => {
  await ctx?.close();
});

describe("schedule slot constraints", () => {
  it("refuses the same course section twice in a slot", async () => {
    const c = await violated(schedule(ids.cs1Math, ids.section1, ids.roomB, 1, [ids.hour2]));
    expect(c).toBe("combination_of_day_course_section_class_hour_exists");
  });

  it("refuses a section with two courses in a slot", async () => {
    const c = await violated(schedule(ids.cs1Lang, ids.section1, ids.roomB, 1, [ids.hour1]));
    expect(c).toBe("combination_of_day_section_class_hour_exists");
  });

  it("refuses a classroom used twice in a slot unless it hosts multiple sections", async () => {
    const c = await violated(schedule(ids.cs2Math, ids.section2, ids.roomA, 1, [ids.hour1]));
    expect(c).toBe("combination_of_day_classroom_class_hour_exists");
    await schedule(ids.cs1Lang, ids.section1, ids.shared, 2, [ids.hour1]);
    await schedule(ids.cs2Math, ids.section2, ids.shared, 2, [ids.hour1]);
  });

  it("refuses to stop sharing a classroom that is double-booked", async () => {
    const c = await violated(
      db.update(s.classrooms).set({ multipleSections: false }).where(eq(s.classrooms.id, ids.shared)),
    );
    expect(c).toBe("combination_of_day_classroom_class_hour_exists");
  });

  it("refuses a teacher in two places at once, whichever is written last", async () => {
    await db.insert(s.courseSectionTeachers).values({ courseSectionId: ids.cs1Math, teacherId: ids.teacher });
    const slots = await db.select().from(s.teacherSlots).where(eq(s.teacherSlots.teacherId, ids.teacher));
    expect(slots).toHaveLength(2);
    // Assigning the teacher to section 2's math clashes with nothing yet (Tuesday) ...
    await db.insert(s.courseSectionTeachers).values({ courseSectionId: ids.cs2Math, teacherId: ids.teacher });
    // ... but a Monday hour-1 schedule for it now does.
    const c1 = await violated(schedule(ids.cs2Math, ids.section2, ids.roomB, 1, [ids.hour1]));
    expect(c1).toBe("combination_of_day_teacher_class_hour_exists");
    // Scheduling first and assigning afterwards is refused too.
    await schedule(ids.cs1Lang, ids.section1, ids.roomB, 3, [ids.hour1]);
    await schedule(ids.cs2Math, ids.section2, ids.roomA, 3, [ids.hour1]);
    const c2 = await violated(
      db.insert(s.courseSectionTeachers).values({ courseSectionId: ids.cs1Lang, teacherId: ids.teacher }),
    );
    expect(c2).toBe("combination_of_day_teacher_class_hour_exists");
  });

  it("drops teacher slots with the schedule or the assignment", async () => {
    await db.delete(s.courseSectionTeachers).where(eq(s.courseSectionTeachers.courseSectionId, ids.cs2Math));
    const left = await db.select().from(s.teacherSlots);
    expect(left.every((r) => r.courseSectionId === ids.cs1Math)).toBe(true);
    await db.delete(s.schedules).where(eq(s.schedules.courseSectionId, ids.cs1Math));
    expect(await db.select().from(s.teacherSlots)).toHaveLength(0);
  });
});

describe("translateDbError", () => {
  it("answers 409 foreign_key_violation for an unmapped foreign key", async () => {
    let error: unknown;
    await db
      .delete(s.classrooms)
      .where(eq(s.classrooms.id, ids.roomA))
      .catch((e) => {
        error = e;
      });
    expect(pgErrorOf(error)?.code).toBe("23503");
    const refusal = translateDbError(error);
    expect(refusal?.status).toBe(409);
    expect(refusal?.message).toBe("foreign_key_violation");
  });

  it("maps check and unique constraints of other tables", async () => {
    const period = { year: 2030, number: 1, startDate: "2030-01-07", endDate: "2030-05-31" };
    expect(await violated(db.insert(s.periods).values(period))).toBe(
      "year_number_combination_already_exists",
    );
    expect(await violated(db.insert(s.periods).values({ ...period, number: 2, endDate: "2029-12-31" }))).toBe(
      "invalid_date_range",
    );
    expect(await violated(db.insert(s.classHours).values({ startTime: "09:00", endTime: "08:00" }))).toBe(
      "invalid_time_range",
    );
  });

  it("leaves other errors alone", async () => {
    expect(translateDbError(new Error("boom"))).toBeNull();
    let error: unknown;
    await db.execute(sql`select * from no_such_table`).catch((e) => {
      error = e;
    });
    expect(pgErrorOf(error)?.code).toBe("42P01");
    expect(translateDbError(error)).toBeNull();
  });
});
