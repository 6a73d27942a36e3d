import { readdirSync } from "node:fs";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext, testToday } from "../../test/context.js";
import { writeInscription } from "./write.js";

let ctx: TestContext;
type Headers = { authorization: string };
const as = {} as Record<"teacher" | "lowAdmin" | "admin", Headers>;

/**
 * One specialization (INF) whose pensum has two semesters: S1 (MAT-101, FIS-101) and S2 (MAT-102 requires
 * MAT-101 passed, FIS-102 requires FIS-101 taken, PRO-201 free). Period 2030-1 has inscriptions open;
 * 2029-2 is the past (history); 2030-2 has them closed. A second specialization (STM) has one section of
 * 15 + 15 seats for the storm.
 */
const w = {} as {
  past: number;
  open: number;
  closed: number;
  pensumId: number;
  s1: number;
  s2: number;
  stmSemester: number;
  otherSemester: number;
  courses: Record<string, number>;
  sections: Record<"s1a" | "s1b" | "s2a" | "storm" | "pastS1", number>;
};

let seq = 0;
async function insertStudent(gender: "female" | "male", withToken = false) {
  seq += 1;
  const account = withToken
    ? await createUserWithToken(ctx, Role.student)
    : {
        user: (
          await ctx.db
            .insert(s.users)
            .values({ type: Role.student, name: `Est ${seq}`, email: `est${seq}@test.local` })
            .returning()
        )[0]!,
        headers: { authorization: "" },
      };
  const [row] = await ctx.db
    .insert(s.students)
    .values({
      userId: account.user.id,
      firstName: `Nombre${seq}`,
      lastName: `Apellido${seq}`,
      identityDocument: `V-7${String(seq).padStart(6, "0")}`,
      gender,
    })
    .returning();
  return { id: row!.id, headers: account.headers };
}

async function insertSection(
  periodId: number,
  semesterId: number,
  code: string,
  males: number,
  females: number,
) {
  const [section] = await ctx.db
    .insert(s.sections)
    .values({
      periodId,
      semesterId,
      letterCode: code.slice(-1),
      code,
      malesLimit: males,
      femalesLimit: females,
    })
    .returning();
  const courseIds = await ctx.db
    .select({ id: s.semesterCourses.courseId })
    .from(s.semesterCourses)
    .where(eq(s.semesterCourses.semesterId, semesterId));
  await ctx.db
    .insert(s.courseSections)
    .values(courseIds.map((c) => ({ sectionId: section!.id, courseId: c.id })));
  return section!.id;
}

async function insertPensum(code: string, semesters: string[][]) {
  const [spec] = await ctx.db
    .insert(s.specializations)
    .values({ code, title: `Especialización ${code}` })
    .returning();
  const [pensum] = await ctx.db
    .insert(s.pensums)
    .values({ specializationId: spec!.id, name: `Pensum ${code}` })
    .returning();
  const semesterIds: number[] = [];
  for (const [i, codes] of semesters.entries()) {
    const [sem] = await ctx.db
      .insert(s.semesters)
      .values({ pensumId: pensum!.id, number: i + 1, code: `${code}${i + 1}` })
      .returning();
    semesterIds.push(sem!.id);
    for (const c of codes) {
      const [course] = await ctx.db
        .insert(s.courses)
        .values({ code: c, title: `Materia ${c}` })
        .returning();
      w.courses[c] = course!.id;
      await ctx.db
        .insert(s.semesterCourses)
        .values({ semesterId: sem!.id, pensumId: pensum!.id, courseId: course!.id });
    }
  }
  return { specializationId: spec!.id, pensumId: pensum!.id, semesterIds };
}

const inscribe = (body: Record<string, unknown>, headers: Headers = as.admin) =>
  ctx.app.inject({ method: "POST", url: "/api/inscriptions/", headers, payload: body });

async function activeIn(sectionId: number) {
  const [row] = await ctx.db
    .select({
      males: sql<number>`count(*) filter (where ${s.students.gender} = 'male')`.mapWith(Number),
      females: sql<number>`count(*) filter (where ${s.students.gender} = 'female')`.mapWith(Number),
    })
    .from(s.inscriptions)
    .innerJoin(s.students, eq(s.students.id, s.inscriptions.studentId))
    .where(eq(s.inscriptions.sectionId, sectionId));
  return row!;
}

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ["teacher", "lowAdmin", "admin"] as const) {
    as[role] = (await createUserWithToken(ctx, Role[role])).headers;
  }
  w.courses = {};
  const [past] = await ctx.db
    .insert(s.periods)
    .values({ year: 2029, number: 2, startDate: "2029-07-10", endDate: "2029-12-20" })
    .returning();
  const [open] = await ctx.db
    .insert(s.periods)
    .values({
      year: 2030,
      number: 1,
      startDate: "2030-01-10",
      endDate: "2030-06-30",
      enabled: true,
      enabledInscriptions: true,
    })
    .returning();
  const [closed] = await ctx.db
    .insert(s.periods)
    .values({ year: 2030, number: 2, startDate: "2030-07-10", endDate: "2030-12-20" })
    .returning();
  const inf = await insertPensum("INF", [
    ["MAT-101", "FIS-101"],
    ["MAT-102", "FIS-102", "PRO-201"],
  ]);
  const stm = await insertPensum("STM", [["STM-101"]]);
  const other = await insertPensum("OTR", [["OTR-101"]]);
  for (const periodId of [past!.id, open!.id, closed!.id]) {
    for (const p of [inf, stm]) {
      await ctx.db
        .insert(s.periodPensums)
        .values({ periodId, specializationId: p.specializationId, pensumId: p.pensumId });
    }
  }
  await ctx.db.insert(s.prelations).values([
    {
      pensumId: inf.pensumId,
      courseId: w.courses["MAT-102"]!,
      requiredCourseId: w.courses["MAT-101"]!,
      type: "total",
    },
    {
      pensumId: inf.pensumId,
      courseId: w.courses["FIS-102"]!,
      requiredCourseId: w.courses["FIS-101"]!,
      type: "partial",
    },
  ]);
  Object.assign(w, {
    past: past!.id,
    open: open!.id,
    closed: closed!.id,
    pensumId: inf.pensumId,
    s1: inf.semesterIds[0]!,
    s2: inf.semesterIds[1]!,
    stmSemester: stm.semesterIds[0]!,
    otherSemester: other.semesterIds[0]!,
  });
  w.sections = {
    s1a: await insertSection(open!.id, w.s1, "INF1A", 2, 2),
    s1b: await insertSection(open!.id, w.s1, "INF1B", 2, 2),
    s2a: await insertSection(open!.id, w.s2, "INF2A", 10, 10),
    storm: await insertSection(open!.id, w.stmSemester, "STM1A", 15, 15),
    pastS1: await insertSection(past!.id, w.s1, "INF1P", 10, 10),
  };
});

afterAll(async () => {
  await ctx.close();
});

describe("POST /inscriptions/", () => {
  it("inscribes an existing student in the chosen section and every course of it", async () => {
    const student = await insertStudent("male");
    const res = await inscribe({ student_id: student.id, semester_id: w.s1, section_id: w.sections.s1a });
    expect(res.statusCode).toBe(201);
    const body = res.json().data;
    expect(body).toMatchObject({
      kind: "inscription",
      status: "active",
      period: { id: w.open, name: "2030-1" },
      section: { id: w.sections.s1a, code: "INF1A" },
      semester: { id: w.s1 },
      courses_count: 2,
      skipped_courses: [],
      fee_generated: false,
    });
    expect(body.enrolled_courses.map((c: { course: { code: string } }) => c.course.code)).toEqual([
      "FIS-101",
      "MAT-101",
    ]);
    // The same without the trailing slash.
    const again = await ctx.app.inject({
      method: "POST",
      url: "/api/inscriptions",
      headers: as.admin,
      payload: { student_id: student.id, semester_id: w.s1 },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: "period_and_student_latest_period_are_equals",
      description: "El estudiante ya está inscrito en el período 2030-1 (sección INF1A).",
    });
  });

  it("stamps the inscription with the application's clock, not the database's (its day is when its fee falls due)", async () => {
    // A day and hour the machine is not at: the database's now() would give another instant.
    ctx.clock.setSchoolTime("2026-10-07", "21:45");
    try {
      const chosen = await insertStudent("male");
      const picked = await insertStudent("female");
      const fast = await inscribe({ student_id: chosen.id, semester_id: w.s1, section_id: w.sections.s1a });
      const long = await inscribe({ student_id: picked.id, semester_id: w.s1 });
      expect([fast.statusCode, long.statusCode]).toEqual([201, 201]);
      const rows = await ctx.db
        .select({ createdAt: s.inscriptions.createdAt })
        .from(s.inscriptions)
        .where(inArray(s.inscriptions.studentId, [chosen.id, picked.id]));
      expect(rows.map((r) => r.createdAt.toISOString())).toEqual([
        ctx.clock.now().toISOString(),
        ctx.clock.now().toISOString(),
      ]);
      // Undone, so the seats the later tests count are as they were.
      for (const res of [fast, long]) {
        const undo = await ctx.app.inject({
          method: "POST",
          url: "/api/inscriptions/rollback",
          headers: as.admin,
          payload: { inscription_id: res.json().data.id },
        });
        expect(undo.statusCode).toBe(204);
      }
    } finally {
      ctx.clock.setSchoolTime("2026-11-25", "10:00");
    }
  });

  it("without a section picks the one of the semester with the fewest students and a free seat", async () => {
    const student = await insertStudent("female");
    const res = await inscribe({ student_id: student.id, semester_id: w.s1 });
    expect(res.statusCode).toBe(201);
    // INF1A has one student already, INF1B none.
    expect(res.json().data.section.code).toBe("INF1B");
  });

  it("refuses a chosen section full for the student's gender, naming section, gender and count", async () => {
    for (let i = 0; i < 2; i++) {
      const st = await insertStudent("female");
      expect(
        (await inscribe({ student_id: st.id, semester_id: w.s1, section_id: w.sections.s1a })).statusCode,
      ).toBe(201);
    }
    const late = await insertStudent("female");
    const res = await inscribe({ student_id: late.id, semester_id: w.s1, section_id: w.sections.s1a });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "section_is_filled_or_gender_is_filled",
      description: "La sección INF1A no tiene cupos para hembras: 2 de 2 ocupados.",
    });
    // A male still fits.
    const male = await insertStudent("male");
    expect(
      (await inscribe({ student_id: male.id, semester_id: w.s1, section_id: w.sections.s1a })).statusCode,
    ).toBe(201);
  });

  it("counts the seat last, after the writes: past the limit it refuses and nothing stays written", async () => {
    // The path of two requests that both passed the snapshot check: everything is written, then the seat is
    // counted under the section's lock with the request's own inscription in (`writeInscription`, one
    // statement), and a refusal leaves nothing behind.
    const sectionId = await insertSection(w.open, w.s1, "INF1Z", 1, 1);
    const [semester] = await ctx.db
      .select({ specializationId: s.pensums.specializationId })
      .from(s.semesters)
      .innerJoin(s.pensums, eq(s.pensums.id, s.semesters.pensumId))
      .where(eq(s.semesters.id, w.s1));
    const seen: unknown[] = [];
    const attempt = (student: { id: number }, gender: "female" | "male") =>
      writeInscription(ctx.db, {
        studentId: student.id,
        gender,
        periodId: w.open,
        semesterId: w.s1,
        specializationId: semester!.specializationId,
        sectionId,
        preInscriptionId: null,
        courseSectionIds: [],
        onSeats: (seats) => seen.push(seats),
        now: ctx.clock.now(),
      });
    const first = await attempt(await insertStudent("female"), "female");
    expect(first.seats).toMatchObject({
      females: 0,
      femalesLimit: 1,
      section: { id: sectionId, code: "INF1Z" },
    });
    expect(seen.pop()).toMatchObject({ females: 1 });
    const late = await insertStudent("female");
    await expect(attempt(late, "female")).rejects.toMatchObject({
      message: "section_is_filled_or_gender_is_filled",
      description: "La sección INF1Z no tiene cupos para hembras: 1 de 1 ocupados.",
    });
    expect(seen.pop()).toMatchObject({ females: 1, femalesLimit: 1 });
    expect(await activeIn(sectionId)).toEqual({ males: 0, females: 1 });
    const lateFees = await ctx.db
      .select({ id: s.studentPeriodFees.id })
      .from(s.studentPeriodFees)
      .where(eq(s.studentPeriodFees.studentId, late.id));
    expect(lateFees).toEqual([]);
    await attempt(await insertStudent("male"), "male");
    expect(await activeIn(sectionId)).toEqual({ males: 1, females: 1 });
    // The semester's other tests count its sections: this one goes.
    await ctx.db
      .delete(s.studentPeriodFees)
      .where(
        inArray(
          s.studentPeriodFees.inscriptionId,
          ctx.db
            .select({ id: s.inscriptions.id })
            .from(s.inscriptions)
            .where(eq(s.inscriptions.sectionId, sectionId)),
        ),
      );
    await ctx.db.delete(s.inscriptions).where(eq(s.inscriptions.sectionId, sectionId));
    await ctx.db.delete(s.sections).where(eq(s.sections.id, sectionId));
  });

  it("answers no_available_sections_for_inscription when no section has a seat, listing each one", async () => {
    const st = await insertStudent("female");
    expect((await inscribe({ student_id: st.id, semester_id: w.s1 })).statusCode).toBe(201); // INF1B 2/2
    const late = await insertStudent("female");
    const res = await inscribe({ student_id: late.id, semester_id: w.s1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "no_available_sections_for_inscription",
      description:
        "No hay secciones con cupos disponibles para hembras en este semestre: INF1A (2 de 2), INF1B (2 de 2).",
    });
    const written = await ctx.db.select().from(s.inscriptions).where(eq(s.inscriptions.studentId, late.id));
    expect(written).toEqual([]);
  });

  it("refuses a period without inscriptions open, and says so when none is open", async () => {
    const st = await insertStudent("male");
    const res = await inscribe({ student_id: st.id, semester_id: w.s1, period_id: w.closed });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "period_inscriptions_are_disabled",
      description: "Las inscripciones del período 2030-2 están deshabilitadas.",
    });
    await ctx.db.update(s.periods).set({ enabledInscriptions: false }).where(eq(s.periods.id, w.open));
    try {
      const none = await inscribe({ student_id: st.id, semester_id: w.s1 });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe("period_inscriptions_are_disabled");
    } finally {
      await ctx.db.update(s.periods).set({ enabledInscriptions: true }).where(eq(s.periods.id, w.open));
    }
  });

  it("with two periods open refuses a call that does not say which, and inscribes in the one asked", async () => {
    const st = await insertStudent("female");
    const spare = await insertSection(w.open, w.s1, "INF1Z", 1, 1);
    await ctx.db.update(s.periods).set({ enabledInscriptions: true }).where(eq(s.periods.id, w.closed));
    try {
      const ambiguous = await inscribe({ student_id: st.id, semester_id: w.s1, section_id: spare });
      expect(ambiguous.statusCode).toBe(400);
      expect(ambiguous.json().message).toBe("inscription_period_is_ambiguous");
      expect(ambiguous.json().description).toContain("2030-1, 2030-2");
      const chosen = await inscribe({
        student_id: st.id,
        semester_id: w.s1,
        section_id: spare,
        period_id: w.open,
      });
      expect(chosen.statusCode, chosen.body).toBe(201);
      const [row] = await ctx.db.select().from(s.inscriptions).where(eq(s.inscriptions.studentId, st.id));
      expect(row!.periodId).toBe(w.open);
      const undo = await ctx.app.inject({
        method: "POST",
        url: "/api/inscriptions/rollback",
        headers: as.admin,
        payload: { inscription_id: row!.id },
      });
      expect(undo.statusCode, undo.body).toBeLessThan(300);
    } finally {
      await ctx.db.update(s.periods).set({ enabledInscriptions: false }).where(eq(s.periods.id, w.closed));
      await ctx.db.delete(s.courseSections).where(eq(s.courseSections.sectionId, spare));
      await ctx.db.delete(s.sections).where(eq(s.sections.id, spare));
    }
  });

  it("checks the semester belongs to the period's pensums and the section to the semester (422)", async () => {
    const st = await insertStudent("male");
    const wrongSemester = await inscribe({ student_id: st.id, semester_id: w.otherSemester });
    expect(wrongSemester.statusCode).toBe(422);
    expect(wrongSemester.json().errors.semester_id[0]).toContain("no pertenece a los pensums");
    const wrongSection = await inscribe({ student_id: st.id, semester_id: w.s2, section_id: w.sections.s1a });
    expect(wrongSection.statusCode).toBe(422);
    expect(wrongSection.json().errors.section_id[0]).toBe(
      "La sección INF1A no pertenece al semestre y período de la inscripción.",
    );
    const missing = await inscribe({ student_id: 999_999, semester_id: w.s1 });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(["student_id"]);
    const nobody = await inscribe({ semester_id: w.s1 });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().errors.student_id).toBeDefined();
  });

  it("inscribes a new student: account unconfirmed, confirmation e-mail sent; duplicates are 422", async () => {
    const payload = {
      student: {
        first_name: "Ana",
        last_name: "Pérez",
        identity_document: "12345678",
        email: "Ana.Perez@Test.local",
        gender: "female",
      },
      semester_id: w.s2,
    };
    const res = await inscribe(payload);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.student).toMatchObject({
      first_name: "Ana",
      identity_document: "V-12345678",
      email: "ana.perez@test.local",
    });
    const [user] = await ctx.db.select().from(s.users).where(eq(s.users.email, "ana.perez@test.local"));
    expect(user).toMatchObject({ type: Role.student, emailConfirmedAt: null, passwordHash: null });
    await ctx.app.mailer.idle();
    expect(readdirSync(ctx.outboxDir).length).toBeGreaterThan(0);
    const dup = await inscribe(payload);
    expect(dup.statusCode).toBe(422);
    expect(Object.keys(dup.json().errors)).toEqual(["student.email"]);
  });

  it("refuses a new student born after the school's today (the app's clock, not UTC's date)", async () => {
    // 21:00 on 25 November at the school is already 26 November in UTC.
    ctx.clock.setSchoolTime(testToday, "21:00");
    try {
      const student = {
        first_name: "Bruno",
        last_name: "Mañana",
        identity_document: "23456781",
        email: "bruno.manana@test.local",
        gender: "male",
        birth_date: "2026-11-26",
      };
      const tomorrow = await inscribe({ student, semester_id: w.s2 });
      expect(tomorrow.statusCode).toBe(422);
      expect(tomorrow.json().errors).toEqual({
        "student.birth_date": ["El campo fecha de nacimiento debe ser una fecha anterior o igual a hoy."],
      });
      expect(await ctx.db.select().from(s.users).where(eq(s.users.email, student.email))).toHaveLength(0);
      const today = await inscribe({ student: { ...student, birth_date: "2026-11-25" }, semester_id: w.s2 });
      expect(today.statusCode, today.body).toBe(201);
    } finally {
      ctx.clock.setSchoolTime(testToday, "10:00");
    }
  });

  it("enrols only the courses whose prelations are met and explains the others", async () => {
    // One student passed MAT-101 in 2029-2 (15/20 in an evaluated lesson of weight 100).
    const veteran = await insertStudent("male");
    const [pastIns] = await ctx.db
      .insert(s.inscriptions)
      .values({
        studentId: veteran.id,
        periodId: w.past,
        sectionId: w.sections.pastS1,
        semesterId: w.s1,
        specializationId: (await ctx.db.select().from(s.pensums).where(eq(s.pensums.id, w.pensumId)))[0]!
          .specializationId,
      })
      .returning();
    const [mat101] = await ctx.db
      .select()
      .from(s.courseSections)
      .where(
        and(
          eq(s.courseSections.sectionId, w.sections.pastS1),
          eq(s.courseSections.courseId, w.courses["MAT-101"]!),
        ),
      );
    await ctx.db
      .insert(s.courseEnrolments)
      .values({ inscriptionId: pastIns!.id, studentId: veteran.id, courseSectionId: mat101!.id });
    const [lesson] = await ctx.db
      .insert(s.lessons)
      .values({ courseSectionId: mat101!.id, date: "2029-09-01", evaluated: true, weight: 100 })
      .returning();
    await ctx.db.insert(s.lessonStudents).values({ lessonId: lesson!.id, studentId: veteran.id, note: 15 });

    // Into a chosen section (the prelations read with the checks, everything written in one statement).
    const res = await inscribe({ student_id: veteran.id, semester_id: w.s2, section_id: w.sections.s2a });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.enrolled_courses.map((c: { course: { code: string } }) => c.course.code)).toEqual([
      "MAT-102",
      "PRO-201",
    ]);
    const written = await ctx.db
      .select({ code: s.courses.code })
      .from(s.courseEnrolments)
      .innerJoin(s.courseSections, eq(s.courseSections.id, s.courseEnrolments.courseSectionId))
      .innerJoin(s.courses, eq(s.courses.id, s.courseSections.courseId))
      .where(eq(s.courseEnrolments.inscriptionId, data.id))
      .orderBy(s.courses.code);
    expect(written.map((r) => r.code)).toEqual(["MAT-102", "PRO-201"]);
    expect(data.skipped_courses).toEqual([
      {
        course: { id: w.courses["FIS-102"], code: "FIS-102", title: "Materia FIS-102" },
        missing: [
          {
            course: { id: w.courses["FIS-101"], code: "FIS-101", title: "Materia FIS-101" },
            type: "partial",
          },
        ],
        reason: "No se inscribió en FIS-102 Materia FIS-102: requiere haber cursado FIS-101 Materia FIS-101.",
      },
    ]);

    // A newcomer has neither: only PRO-201, and the reason for MAT-102 names the course to pass (the section
    // picked by the system this time: the other way of writing an inscription).
    const newcomer = await insertStudent("female");
    const other = await inscribe({ student_id: newcomer.id, semester_id: w.s2 });
    expect(other.statusCode).toBe(201);
    const reasons = other.json().data.skipped_courses.map((c: { reason: string }) => c.reason);
    expect(reasons).toContain(
      "No se inscribió en MAT-102 Materia MAT-102: requiere aprobar MAT-101 Materia MAT-101.",
    );
    expect(other.json().data.courses_count).toBe(1);
  });

  it("is for administrators only", async () => {
    const st = await insertStudent("male", true);
    for (const headers of [as.lowAdmin, as.teacher, st.headers]) {
      expect((await inscribe({ student_id: st.id, semester_id: w.s1 }, headers)).statusCode).toBe(403);
    }
    const anonymous = await ctx.app.inject({ method: "POST", url: "/api/inscriptions/", payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("period fee", () => {
  let settingId: number;
  beforeAll(async () => {
    const [setting] = await ctx.db
      .insert(s.periodPriceSettings)
      .values({ periodId: w.open, installmentPaymentMethods: [1, 3], fullPaymentMethods: [1] })
      .returning();
    settingId = setting!.id;
    await ctx.db.insert(s.periodPriceInstallments).values([
      { priceSettingId: settingId, date: "2030-02-01", amountE2: 5000 },
      { priceSettingId: settingId, date: "2030-03-01", amountE2: 5000 },
    ]);
  });
  afterAll(async () => {
    await ctx.db.delete(s.periodPriceSettings).where(eq(s.periodPriceSettings.id, settingId));
  });

  it("is generated with the inscription from the period's price setting; the student sees it", async () => {
    const st = await insertStudent("male", true);
    const res = await inscribe({ student_id: st.id, semester_id: w.s2, section_id: w.sections.s2a });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.fee_generated).toBe(true);
    // The same when the system picks the section.
    const picked = await inscribe({ student_id: (await insertStudent("female")).id, semester_id: w.s2 });
    expect(picked.json().data.fee_generated).toBe(true);
    const own = await ctx.app.inject({
      method: "GET",
      url: `/api/students/${st.id}/period-fee`,
      headers: st.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({
      student_id: st.id,
      period_id: w.open,
      installment_payment_methods: [1, 3],
      total_e2: 10000,
      paid_e2: 0,
      installments: [
        { date: "2030-02-01", amount_e2: 5000, paid_amount_e2: 0 },
        { date: "2030-03-01", amount_e2: 5000, paid_amount_e2: 0 },
      ],
    });
    const other = await insertStudent("female", true);
    const foreign = await ctx.app.inject({
      method: "GET",
      url: `/api/students/${st.id}/period-fee`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(403);
    const teacher = await ctx.app.inject({
      method: "GET",
      url: `/api/students/${st.id}/period-fee`,
      headers: as.teacher,
    });
    expect(teacher.statusCode).toBe(403);
    const again = await ctx.app.inject({
      method: "POST",
      url: `/api/students/${st.id}/generate-period-fee`,
      headers: as.admin,
      payload: {},
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("student_period_fee_already_exists");
  });

  it("generate-period-fee creates the fee of a student inscribed before the price was set", async () => {
    const [earlier] = await ctx.db
      .select({ studentId: s.inscriptions.studentId })
      .from(s.inscriptions)
      .where(eq(s.inscriptions.sectionId, w.sections.s1a))
      .limit(1);
    const id = earlier!.studentId;
    const none = await ctx.app.inject({
      method: "GET",
      url: `/api/students/${id}/period-fee`,
      headers: as.admin,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("student_period_fee_not_found");
    const made = await ctx.app.inject({
      method: "POST",
      url: `/api/students/${id}/generate-period-fee`,
      headers: as.admin,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().data.installments).toHaveLength(2);
    const notInscribed = await insertStudent("male");
    const refused = await ctx.app.inject({
      method: "POST",
      url: `/api/students/${notInscribed.id}/generate-period-fee`,
      headers: as.admin,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("student_has_no_inscription");
  });
});

describe("rollback and update", () => {
  it("rolls back an inscription with no lessons recorded, its courses and fee with it", async () => {
    const st = await insertStudent("male");
    const created = (await inscribe({ student_id: st.id, semester_id: w.s2 })).json().data;
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/inscriptions/rollback",
      headers: as.admin,
      payload: { inscription_id: created.id },
    });
    expect(res.statusCode).toBe(204);
    expect(await ctx.db.select().from(s.inscriptions).where(eq(s.inscriptions.id, created.id))).toEqual([]);
    expect(
      await ctx.db.select().from(s.courseEnrolments).where(eq(s.courseEnrolments.inscriptionId, created.id)),
    ).toEqual([]);
    const missing = await ctx.app.inject({
      method: "POST",
      url: "/api/inscriptions/rollback",
      headers: as.admin,
      payload: { inscription_id: created.id },
    });
    expect(missing.statusCode).toBe(404);
    // Inscribed again afterwards: allowed.
    expect((await inscribe({ student_id: st.id, semester_id: w.s2 })).statusCode).toBe(201);
  });

  it("refuses to roll back or change an inscription whose student has a lesson recorded", async () => {
    const st = await insertStudent("female");
    const created = (await inscribe({ student_id: st.id, semester_id: w.s2 })).json().data;
    const csId = created.enrolled_courses[0].course_section_id;
    const [lesson] = await ctx.db
      .insert(s.lessons)
      .values({ courseSectionId: csId, date: "2030-02-02" })
      .onConflictDoNothing()
      .returning();
    const lessonId =
      lesson?.id ?? (await ctx.db.select().from(s.lessons).where(eq(s.lessons.courseSectionId, csId)))[0]!.id;
    await ctx.db.insert(s.lessonStudents).values({ lessonId, studentId: st.id, attendance: "absent" });
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/inscriptions/rollback",
      headers: as.admin,
      payload: { inscription_id: created.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("inscription_has_lessons");
  });

  it("moves an inscription to another section under the seat rules", async () => {
    const sectionS2b = await insertSection(w.open, w.s2, "INF2B", 1, 0);
    const st = await insertStudent("male");
    const created = (
      await inscribe({ student_id: st.id, semester_id: w.s2, section_id: w.sections.s2a })
    ).json().data;
    const same = await ctx.app.inject({
      method: "POST",
      url: "/api/inscriptions/update",
      headers: as.admin,
      payload: { inscription_id: created.id, section_id: w.sections.s2a },
    });
    expect(same.json().message).toBe("new_section_equals_old");
    const moved = await ctx.app.inject({
      method: "POST",
      url: "/api/inscriptions/update",
      headers: as.admin,
      payload: { inscription_id: created.id, section_id: sectionS2b },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.section.code).toBe("INF2B");
    expect(moved.json().data.courses_count).toBe(created.courses_count);
    const female = await insertStudent("female");
    const hers = (
      await inscribe({ student_id: female.id, semester_id: w.s2, section_id: w.sections.s2a })
    ).json().data;
    const full = await ctx.app.inject({
      method: "POST",
      url: "/api/inscriptions/update",
      headers: as.admin,
      payload: { inscription_id: hers.id, section_id: sectionS2b },
    });
    expect(full.statusCode).toBe(400);
    expect(full.json().description).toBe("La sección INF2B no admite hembras (0 cupos).");
  });
});

describe("lists", () => {
  it("lists inscriptions for the administration with filters, search and CSV", async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: `/api/inscriptions?period_id=${w.open}&section_id=${w.sections.s1a}&limit=0`,
      headers: as.lowAdmin,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { section: { code: string } }[];
    expect(rows.length).toBe(4);
    expect(rows.every((r) => r.section.code === "INF1A")).toBe(true);
    const search = await ctx.app.inject({
      method: "GET",
      url: "/api/inscriptions?search=ana%20perez",
      headers: as.admin,
    });
    expect(search.json().data.map((r: { student: { email: string } }) => r.student.email)).toEqual([
      "ana.perez@test.local",
    ]);
    const csv = await ctx.app.inject({
      method: "GET",
      url: `/api/inscriptions?format=csv&section_id=${w.sections.s1a}`,
      headers: as.admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("Cédula");
    expect(csv.body.split("\n").filter((l) => l.includes("INF1A"))).toHaveLength(4);
    const teacher = await ctx.app.inject({ method: "GET", url: "/api/inscriptions", headers: as.teacher });
    expect(teacher.statusCode).toBe(403);
  });

  it("a student sees their own inscriptions by period with the courses; not another's", async () => {
    const st = await insertStudent("male", true);
    await inscribe({ student_id: st.id, semester_id: w.s2 });
    const own = await ctx.app.inject({
      method: "GET",
      url: `/api/students/${st.id}/inscriptions`,
      headers: st.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toHaveLength(1);
    expect(own.json().data[0]).toMatchObject({ period: { name: "2030-1" }, semester: { id: w.s2 } });
    expect(own.json().data[0].courses.map((c: { course: { code: string } }) => c.course.code)).toEqual([
      "PRO-201",
    ]);
    const other = await insertStudent("female", true);
    const foreign = await ctx.app.inject({
      method: "GET",
      url: `/api/students/${st.id}/inscriptions`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(403);
    const admin = await ctx.app.inject({
      method: "GET",
      url: `/api/students/${st.id}/inscriptions`,
      headers: as.admin,
    });
    expect(admin.statusCode).toBe(200);
  });
});

describe("seats are never oversold", () => {
  it("200 simultaneous inscriptions into 15 + 15 seats: exactly 15 + 15, the rest refused, no 500", async () => {
    const [spec] = await ctx.db
      .select({ id: s.pensums.specializationId })
      .from(s.semesters)
      .innerJoin(s.pensums, eq(s.pensums.id, s.semesters.pensumId))
      .where(eq(s.semesters.id, w.stmSemester));
    expect(spec).toBeDefined();
    const userRows = await ctx.db
      .insert(s.users)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          type: Role.student,
          name: `Storm ${i}`,
          email: `storm${i}@test.local`,
        })),
      )
      .returning({ id: s.users.id });
    const studentRows = await ctx.db
      .insert(s.students)
      .values(
        userRows.map((u, i) => ({
          userId: u.id,
          firstName: `Storm${i}`,
          lastName: "Tormenta",
          identityDocument: `V-8${String(i).padStart(6, "0")}`,
          gender: i % 2 ? "male" : "female",
        })),
      )
      .returning({ id: s.students.id });
    const responses = await Promise.all(
      studentRows.map((st, i) =>
        inscribe({
          student_id: st.id,
          semester_id: w.stmSemester,
          // Half choose the section, half let the system pick it.
          section_id: i % 4 < 2 ? w.sections.storm : null,
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((c) => c === 201)).toHaveLength(30);
    expect(statuses.filter((c) => c !== 201 && c !== 400)).toEqual([]);
    const refusals = new Set(responses.filter((r) => r.statusCode === 400).map((r) => r.json().message));
    expect([...refusals].sort()).toEqual(
      ["no_available_sections_for_inscription", "section_is_filled_or_gender_is_filled"].sort(),
    );
    expect(await activeIn(w.sections.storm)).toEqual({ males: 15, females: 15 });
    const [dups] = await ctx.db
      .select({
        n: sql<number>`count(*) - count(distinct (${s.inscriptions.studentId}, ${s.inscriptions.periodId}))`.mapWith(
          Number,
        ),
      })
      .from(s.inscriptions);
    expect(dups!.n).toBe(0);
  }, 180_000);

  it("the same student sent five times at once is inscribed once", async () => {
    const st = await insertStudent("female");
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => inscribe({ student_id: st.id, semester_id: w.s2 })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const r of responses.filter((x) => x.statusCode === 400)) {
      expect(r.json().message).toBe("period_and_student_latest_period_are_equals");
    }
  });
});
