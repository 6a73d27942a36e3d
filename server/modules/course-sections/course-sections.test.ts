import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";
import { sectionStudentsCoursesNotes } from "../sections/service.js";
import { lessonsRegister } from "./attendance.js";
import { gradeSheetPdf } from "./grade-sheet.js";
import { lessonsRegisterPdf } from "./lessons-register.js";
import { courseSectionNotes } from "./service.js";

let ctx: TestContext;
type Headers = { authorization: string };
type Who =
  | "admin"
  | "lowAdmin"
  | "teacher"
  | "otherTeacher"
  | "coordinator"
  | "strangerCoordinator"
  | "ana"
  | "beto"
  | "carla";
const as = {} as Record<Who, Headers>;

const api = (url: string, headers: Headers) => ctx.app.inject({ method: "GET", url: `/api${url}`, headers });

/** A section of our own in the demo's current period: two courses, three students, known notes. */
const f = {} as {
  periodId: number;
  sectionId: number;
  courseIds: [number, number];
  csIds: [number, number];
  students: Record<"ana" | "beto" | "carla", number>;
  lessons: number[];
  minimumNote: number;
  maxAbsences: number;
  cut: { first: [string, string]; second: [string, string] };
};

const addDays = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

let seq = 0;
async function insertTeacher(type: number) {
  const { user, headers } = await createUserWithToken(ctx, type);
  seq += 1;
  const [teacher] = await ctx.db
    .insert(s.teachers)
    .values({
      userId: user.id,
      firstName: "Prueba",
      lastName: `Docente ${seq}`,
      identityDocument: `E-8${String(seq).padStart(7, "0")}`,
      gender: "female",
      isCoordinator: type === Role.coordinator,
    })
    .returning();
  return { teacher: teacher!, headers };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  const [period] = await ctx.db.select().from(s.periods).where(eq(s.periods.enabled, true));
  f.periodId = period!.id;
  f.minimumNote = period!.approvalMinimumNote;
  f.cut = {
    first: [period!.startDate, addDays(period!.startDate, 40)],
    second: [addDays(period!.startDate, 41), period!.endDate],
  };
  await ctx.db
    .update(s.periods)
    .set({
      firstCutStartDate: f.cut.first[0],
      firstCutEndDate: f.cut.first[1],
      secondCutStartDate: f.cut.second[0],
      secondCutEndDate: f.cut.second[1],
    })
    .where(eq(s.periods.id, f.periodId));
  const [demo] = await ctx.db
    .select({
      sectionId: s.sections.id,
      semesterId: s.sections.semesterId,
      specializationId: s.inscriptions.specializationId,
    })
    .from(s.inscriptions)
    .innerJoin(s.sections, eq(s.sections.id, s.inscriptions.sectionId))
    .where(eq(s.sections.periodId, f.periodId))
    .limit(1);
  const demoCourses = await ctx.db
    .select({ courseId: s.courseSections.courseId, max: s.courses.maxAbsencesToFail })
    .from(s.courseSections)
    .innerJoin(s.courses, eq(s.courses.id, s.courseSections.courseId))
    .where(eq(s.courseSections.sectionId, demo!.sectionId))
    .orderBy(asc(s.courses.code))
    .limit(2);
  f.courseIds = [demoCourses[0]!.courseId, demoCourses[1]!.courseId];
  f.maxAbsences = demoCourses[0]!.max;
  const [section] = await ctx.db
    .insert(s.sections)
    .values({ periodId: f.periodId, semesterId: demo!.semesterId, letterCode: "Ñ", code: "PRUEBA-Ñ" })
    .returning();
  f.sectionId = section!.id;
  const css = await ctx.db
    .insert(s.courseSections)
    .values(f.courseIds.map((courseId) => ({ sectionId: f.sectionId, courseId })))
    .returning();
  f.csIds = [css[0]!.id, css[1]!.id];

  const teacher = await insertTeacher(Role.teacher);
  as.teacher = teacher.headers;
  await ctx.db
    .insert(s.courseSectionTeachers)
    .values(f.csIds.map((courseSectionId) => ({ courseSectionId, teacherId: teacher.teacher.id })));
  as.otherTeacher = (await insertTeacher(Role.teacher)).headers;
  const coordinator = await insertTeacher(Role.coordinator);
  await ctx.db
    .insert(s.coordinatorSupervisions)
    .values({ coordinatorId: coordinator.teacher.id, teacherId: teacher.teacher.id });
  as.coordinator = coordinator.headers;
  as.strangerCoordinator = (await insertTeacher(Role.coordinator)).headers;
  as.admin = (await createUserWithToken(ctx, Role.admin)).headers;
  as.lowAdmin = (await createUserWithToken(ctx, Role.lowAdmin)).headers;

  f.students = {} as typeof f.students;
  const people = [
    ["ana", "Ana", "Acosta Ávila", "E-70000001"],
    ["beto", "Beto", "Briceño", "E-70000002"],
    ["carla", "Carla", "Castillo", "E-70000003"],
  ] as const;
  for (const [key, firstName, lastName, identityDocument] of people) {
    const { user, headers } = await createUserWithToken(ctx, Role.student);
    as[key] = headers;
    const [student] = await ctx.db
      .insert(s.students)
      .values({ userId: user.id, firstName, lastName, identityDocument, gender: "female" })
      .returning();
    f.students[key] = student!.id;
    const [ins] = await ctx.db
      .insert(s.inscriptions)
      .values({
        studentId: student!.id,
        periodId: f.periodId,
        sectionId: f.sectionId,
        semesterId: demo!.semesterId,
        specializationId: demo!.specializationId,
      })
      .returning();
    await ctx.db.insert(s.courseEnrolments).values(
      f.csIds.map((courseSectionId) => ({
        inscriptionId: ins!.id,
        studentId: student!.id,
        courseSectionId,
      })),
    );
  }

  // Three evaluations of the first course: 30 % and 20 % in the first cut, 50 % in the second.
  const [c1] = f.csIds;
  const evaluated = await ctx.db
    .insert(s.lessons)
    .values([
      { courseSectionId: c1, date: addDays(f.cut.first[0], 7), evaluated: true, weight: 30, title: "Quiz" },
      {
        courseSectionId: c1,
        date: addDays(f.cut.first[0], 14),
        evaluated: true,
        weight: 20,
        title: "Taller",
      },
      {
        courseSectionId: c1,
        date: addDays(f.cut.second[0], 7),
        evaluated: true,
        weight: 50,
        title: "Examen",
      },
    ])
    .returning();
  f.lessons = evaluated.map((l) => l.id);
  const { ana, beto, carla } = f.students;
  const notes: [number, number, number | null][] = [
    [ana, 20, 10],
    [beto, 10, null],
    [carla, 18, 18],
  ];
  await ctx.db.insert(s.lessonStudents).values(
    notes.flatMap(([studentId, n1, n2]) => [
      { lessonId: f.lessons[0]!, studentId, note: n1 },
      { lessonId: f.lessons[1]!, studentId, note: n2 },
    ]),
  );
  await ctx.db.insert(s.lessonStudents).values([
    { lessonId: f.lessons[2]!, studentId: ana, note: 15 },
    { lessonId: f.lessons[2]!, studentId: beto, note: 9 },
    { lessonId: f.lessons[2]!, studentId: carla, note: 18, attendance: "delayed" },
  ]);
  // Carla misses more lessons than the course allows: failed by absences.
  const plain = await ctx.db
    .insert(s.lessons)
    .values(
      Array.from({ length: f.maxAbsences + 1 }, (_, i) => ({
        courseSectionId: c1,
        date: addDays(f.cut.first[0], 20 + i),
      })),
    )
    .returning();
  await ctx.db
    .insert(s.lessonStudents)
    .values(plain.map((l) => ({ lessonId: l.id, studentId: carla, attendance: "absent" })));
}, 180_000);
afterAll(() => ctx?.close());

const notesUrl = () => `/sections/${f.sectionId}/courses/${f.courseIds[0]}/students-notes`;

describe("a course section's notes", () => {
  it("answers every student × every evaluation, the final note, the cuts and the absences", async () => {
    const res = await api(notesUrl(), as.teacher);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.course_section).toMatchObject({
      id: f.csIds[0],
      section: { id: f.sectionId, code: "PRUEBA-Ñ" },
      course: { id: f.courseIds[0] },
      period: { first_cut: { start: f.cut.first[0], end: f.cut.first[1] } },
      teachers: [{ name: expect.stringContaining("Docente") }],
      final_delivery_percent: null,
    });
    expect(data.lessons.map((l: { id: number; weight: number }) => [l.id, l.weight])).toEqual([
      [f.lessons[0], 30],
      [f.lessons[1], 20],
      [f.lessons[2], 50],
    ]);
    const [ana, beto, carla] = data.students;
    expect(ana).toMatchObject({
      id: f.students.ana,
      last_name: "Acosta Ávila",
      identity_document: "E-70000001",
      notes: [
        { lesson_id: f.lessons[0], note: 20 },
        { lesson_id: f.lessons[1], note: 10 },
        { lesson_id: f.lessons[2], note: 15 },
      ],
      // (20×30 + 10×20 + 15×50) / 100 = 15.5 → 16, half up.
      note: 16,
      evaluated_percent: 100,
      first_cut: { note: 16, evaluated_percent: 50 },
      second_cut: { note: 15, evaluated_percent: 50 },
      failed_by_absences: false,
      passed: true,
    });
    // A missing note counts 0: (10×30 + 0 + 9×50) / 100 = 7.5 → 8.
    expect(beto).toMatchObject({
      notes: [
        { lesson_id: f.lessons[0], note: 10 },
        { lesson_id: f.lessons[1], note: null },
        { lesson_id: f.lessons[2], note: 9 },
      ],
      note: 8,
      first_cut: { note: 6 },
      second_cut: { note: 9 },
      passed: 8 >= f.minimumNote,
    });
    expect(carla).toMatchObject({
      note: 18,
      absences: f.maxAbsences + 1,
      delays: 1,
      absences_with_delays: f.maxAbsences + 1,
      failed_by_absences: true,
      passed: false,
    });
  });

  it("lets the course's teacher, their coordinator and the administration in, nobody else", async () => {
    expect((await api(notesUrl(), as.admin)).statusCode).toBe(200);
    expect((await api(notesUrl(), as.coordinator)).statusCode).toBe(200);
    const other = await api(notesUrl(), as.otherTeacher);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe("teacher_not_has_course_section_assigned");
    const stranger = await api(notesUrl(), as.strangerCoordinator);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe("coordinator_not_owner_or_not_supervising");
    expect((await api(notesUrl(), as.ana)).statusCode).toBe(403);
    expect((await api(notesUrl(), as.lowAdmin)).statusCode).toBe(403);
    const missing = await api(`/sections/${f.sectionId}/courses/999999/students-notes`, as.admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("course_section_not_found");
  });

  it("reads with a fixed number of queries whatever the number of students", async () => {
    const client = (ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const caller = { id: 0, type: Role.admin };
    const countQueries = async (sectionId: number, courseId: number) => {
      const spy = vi.spyOn(client, "query");
      try {
        await courseSectionNotes({ db: ctx.db, caller, sectionId, courseId, today: ctx.clock.today() });
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    // The busiest course section of the demo against our three students.
    const [busiest] = await ctx.db
      .select({ sectionId: s.courseSections.sectionId, courseId: s.courseSections.courseId })
      .from(s.courseSections)
      .orderBy(
        sql`(select count(*) from course_enrolments e where e.course_section_id = ${s.courseSections.id}) desc`,
      )
      .limit(1);
    const small = await countQueries(f.sectionId, f.courseIds[0]);
    const big = await countQueries(busiest!.sectionId, busiest!.courseId);
    const [{ n }] = (await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.courseEnrolments)
      .innerJoin(s.courseSections, eq(s.courseSections.id, s.courseEnrolments.courseSectionId))
      .where(
        and(
          eq(s.courseSections.sectionId, busiest!.sectionId),
          eq(s.courseSections.courseId, busiest!.courseId),
        ),
      )) as [{ n: number }];
    expect(Number(n)).toBeGreaterThan(3);
    expect(big).toBe(small);
  });

  it("answers a section's students-courses-notes with a fixed number of queries", async () => {
    const client = (ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const caller = { id: 0, type: Role.admin };
    const countQueries = async (id: number) => {
      const spy = vi.spyOn(client, "query");
      try {
        const result = await sectionStudentsCoursesNotes({
          db: ctx.db,
          caller,
          id,
          today: ctx.clock.today(),
        });
        return { queries: spy.mock.calls.length, students: result.students.length };
      } finally {
        spy.mockRestore();
      }
    };
    const [busiest] = await ctx.db
      .select({ id: s.inscriptions.sectionId, n: sql<number>`count(*)::int` })
      .from(s.inscriptions)
      .groupBy(s.inscriptions.sectionId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const small = await countQueries(f.sectionId);
    const big = await countQueries(busiest!.id);
    expect(small.students).toBe(3);
    expect(big.students).toBeGreaterThan(3);
    expect(big.queries).toBe(small.queries);
    // The shared maths, the same numbers as the course section's own page.
    const notes = (await api(`/sections/${f.sectionId}/students-courses-notes`, as.admin)).json().data;
    const first = notes.courses.findIndex((c: { id: number }) => c.id === f.courseIds[0]);
    expect(notes.students.map((st: { notes: { note: number }[] }) => st.notes[first]!.note)).toEqual([
      16, 8, 18,
    ]);
    expect(notes.students[2].notes[first]).toMatchObject({ failed_by_absences: true, passed: false });
  });
});

describe("a student's note in a course", () => {
  const url = (student: number, course = f.courseIds[0]) =>
    `/sections/${f.sectionId}/courses/${course}/students/${student}`;

  it("shows the student their own evaluations, weights, cuts and absences", async () => {
    const res = await api(url(f.students.ana), as.ana);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      course_section: { id: f.csIds[0] },
      lessons: [{ weight: 30, title: "Quiz" }, { weight: 20 }, { weight: 50 }],
      student: { id: f.students.ana, note: 16, first_cut: { note: 16 }, second_cut: { note: 15 } },
    });
    const carla = (await api(url(f.students.carla), as.carla)).json().data.student;
    expect(carla).toMatchObject({ failed_by_absences: true, absences: f.maxAbsences + 1 });
  });

  it("refuses another student's note, a stranger teacher, and a student not in the course", async () => {
    expect((await api(url(f.students.beto), as.ana)).statusCode).toBe(403);
    expect((await api(url(f.students.beto), as.teacher)).statusCode).toBe(200);
    expect((await api(url(f.students.beto), as.coordinator)).statusCode).toBe(200);
    expect((await api(url(f.students.beto), as.lowAdmin)).statusCode).toBe(200);
    const other = await api(url(f.students.beto), as.otherTeacher);
    expect(other.json().message).toBe("teacher_not_has_course_section_assigned");
    const [outsider] = await ctx.db
      .select({ id: s.students.id })
      .from(s.students)
      .where(
        sql`${s.students.id} not in (select student_id from course_enrolments where course_section_id = ${f.csIds[0]})`,
      )
      .limit(1);
    const refused = await api(url(outsider!.id), as.admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: "student_is_not_related_to_course_section",
      description: expect.any(String),
    });
  });
});

describe("a course evaluated in part", () => {
  /**
   * The second course evaluated at 50 %: Ana has 14 at 15 % and 20 at 20 %, nothing yet at 15 %. By
   * DOMAIN.md's Σ note × weight / 100 that is 6.1 so far, not the 12 of a mean over what was evaluated.
   */
  async function halfEvaluated<T>(run: () => Promise<T>): Promise<T> {
    const c2 = f.csIds[1];
    const made = await ctx.db
      .insert(s.lessons)
      .values(
        [15, 20, 15].map((weight, i) => ({
          courseSectionId: c2,
          date: addDays(f.cut.first[0], 3 + i),
          evaluated: true,
          weight,
          title: `Parcial ${i + 1}`,
        })),
      )
      .returning();
    await ctx.db.insert(s.lessonStudents).values([
      { lessonId: made[0]!.id, studentId: f.students.ana, note: 14 },
      { lessonId: made[1]!.id, studentId: f.students.ana, note: 20 },
    ]);
    const start = ctx.clock.now();
    try {
      return await run();
    } finally {
      ctx.clock.set(start);
      const ids = made.map((l) => l.id);
      await ctx.db.delete(s.lessonStudents).where(sql`${s.lessonStudents.lessonId} in ${ids}`);
      await ctx.db.delete(s.lessons).where(sql`${s.lessons.id} in ${ids}`);
    }
  }
  const anaUrl = () => `/sections/${f.sectionId}/courses/${f.courseIds[1]}/students/${f.students.ana}`;

  it("shows the note so far by Σ note × weight / 100, in progress, neither passed nor failed", async () => {
    await halfEvaluated(async () => {
      const res = await api(anaUrl(), as.ana);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.student).toMatchObject({
        note: 6.1,
        evaluated_percent: 50,
        standing: "in_progress",
        passed: null,
      });
      const report = await api(
        `/sections/${f.sectionId}/courses/${f.courseIds[1]}/reports/students`,
        as.teacher,
      );
      expect(report.json().data).toMatchObject({ passed: 0, failed: 0, in_progress: 3 });
      const section = await api(`/sections/${f.sectionId}/students-courses-notes`, as.admin);
      const anaRow = section.json().data.students.find((st: { id: number }) => st.id === f.students.ana);
      expect(anaRow.notes[1]).toMatchObject({ note: 6.1, standing: "in_progress", passed: null });
      const csv = await api(
        `/sections/${f.sectionId}/courses/${f.courseIds[1]}/grade-sheet?format=csv`,
        as.teacher,
      );
      expect(csv.body).toContain("En curso");
      expect(csv.body).not.toContain("Aprobado");
      // The student's own record and home say the same.
      const own = await api(`/students/${f.students.ana}/courses?period_id=${f.periodId}`, as.ana);
      const course = own.json().data.find((c: { course: { id: number } }) => c.course.id === f.courseIds[1]);
      expect(course).toMatchObject({ note: 6.1, standing: "in_progress", passed: null });
      const home = await api("/dashboard/index", as.ana);
      const row = home
        .json()
        .data.courses.find((c: { course: { id: number } }) => c.course.id === f.courseIds[1]);
      expect(row).toMatchObject({ note: 6.1, standing: "in_progress" });
    });
  });

  it("once the period ended the note is final: the sum rounded half up, and it fails", async () => {
    await halfEvaluated(async () => {
      const [period] = await ctx.db.select().from(s.periods).where(eq(s.periods.id, f.periodId));
      ctx.clock.setSchoolTime(period!.endDate, "23:59");
      expect((await api(anaUrl(), as.ana)).json().data.student).toMatchObject({ standing: "in_progress" });
      ctx.clock.setSchoolTime(addDays(period!.endDate, 1), "08:00");
      expect((await api(anaUrl(), as.ana)).json().data.student).toMatchObject({
        note: 6,
        evaluated_percent: 50,
        standing: "failed",
        passed: false,
      });
    });
  });
});

describe("the course section's report", () => {
  it("counts passed and failed students and averages their notes", async () => {
    const res = await api(`/sections/${f.sectionId}/courses/${f.courseIds[0]}/reports/students`, as.teacher);
    expect(res.statusCode).toBe(200);
    const passedBeto = 8 >= f.minimumNote ? 1 : 0;
    expect(res.json().data).toEqual({
      students: 3,
      with_note: 3,
      average: 14, // (16 + 8 + 18) / 3
      highest: 18,
      lowest: 8,
      passed: 1 + passedBeto,
      failed: 2 - passedBeto,
      in_progress: 0,
      failed_by_absences: 1,
      withdrawn: 0,
    });
  });

  it("refuses a course with nothing evaluated yet: course_sections_avg_not_found", async () => {
    const res = await api(`/sections/${f.sectionId}/courses/${f.courseIds[1]}/reports/students`, as.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "course_sections_avg_not_found",
      description: "No se encontró el promedio de las materias.",
    });
  });
});

describe("a course section's students", () => {
  const url = (query = "") => `/sections/${f.sectionId}/courses/${f.courseIds[0]}/students${query}`;

  it("lists the enrolled students with their notes, searchable, one page at a time, also as CSV", async () => {
    const page = await api(url("?limit=2"), as.teacher);
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toMatchObject({ total: 3, last_page: 2 });
    expect(page.json().data.map((r: { last_name: string; note: number }) => [r.last_name, r.note])).toEqual([
      ["Acosta Ávila", 16],
      ["Briceño", 8],
    ]);
    const found = await api(url("?search=castillo"), as.lowAdmin);
    expect(found.json().data).toEqual([
      expect.objectContaining({ id: f.students.carla, failed_by_absences: true, passed: false }),
    ]);
    const csv = await api(url("?format=csv"), as.admin);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Cédula,Apellidos,Nombres,Nota,Evaluado (%),1.er corte,2.º corte,Inasistencias,Retrasos,Condición",
    );
    expect(lines[1]).toBe("E-70000001,Acosta Ávila,Ana,16,100,16,15,0,0,Aprobado");
    expect(lines).toHaveLength(4);
    expect((await api(url(), as.otherTeacher)).statusCode).toBe(403);
    expect((await api(url(), as.ana)).statusCode).toBe(403);
  });
});

describe("a course section's lessons", () => {
  const url = (query = "") => `/sections/${f.sectionId}/courses/${f.courseIds[0]}/lessons${query}`;

  it("lists the lessons with their counts for the course's staff, also as CSV", async () => {
    const res = await api(url("?limit=100"), as.teacher);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(3 + f.maxAbsences + 1);
    const evaluated = await api(url("?evaluated=1"), as.lowAdmin);
    expect(evaluated.json().data.map((l: { weight: number }) => l.weight)).toEqual([30, 20, 50]);
    const csv = await api(url("?format=csv"), as.coordinator);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("Inasistencias");
    expect((await api(url(), as.otherTeacher)).json().message).toBe(
      "teacher_not_has_course_section_assigned",
    );
    expect((await api(url(), as.ana)).statusCode).toBe(403);
    expect((await api(`/sections/${f.sectionId}/courses/999999/lessons`, as.admin)).statusCode).toBe(404);
  });
});

describe("a section's report", () => {
  it("sums up each course with notes and the mean of the students' averages", async () => {
    const res = await api(`/sections/${f.sectionId}/reports/students`, as.admin);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // Only the first course has notes; each student's average is that course's note.
    expect(data.courses).toEqual([
      expect.objectContaining({
        course: expect.objectContaining({ id: f.courseIds[0] }),
        students: 3,
        average: 14,
        failed_by_absences: 1,
      }),
    ]);
    expect(data.average).toBe(14);
    expect((await api(`/sections/${f.sectionId}/reports/students`, as.teacher)).statusCode).toBe(403);
  });

  it("refuses a section without any note: course_sections_avg_not_found", async () => {
    const [empty] = await ctx.db
      .insert(s.sections)
      .values({
        periodId: f.periodId,
        semesterId: (await ctx.db.select().from(s.sections).where(eq(s.sections.id, f.sectionId)))[0]!
          .semesterId,
        letterCode: "Y",
        code: "PRUEBA-Y",
      })
      .returning();
    const res = await api(`/sections/${empty!.id}/reports/students`, as.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("course_sections_avg_not_found");
  });
});

describe("the grade sheet", () => {
  const url = (format: string) =>
    `/sections/${f.sectionId}/courses/${f.courseIds[0]}/grade-sheet?format=${format}`;

  it("is a PDF for the course's teacher", async () => {
    const res = await api(url("pdf"), as.teacher);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain("acta-PRUEBA-");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await api(url("pdf"), as.otherTeacher)).statusCode).toBe(403);
    expect((await api(url("pdf"), as.ana)).statusCode).toBe(403);
    expect((await api(url("doc"), as.teacher)).statusCode).toBe(422);
  });

  it("is a CSV of the students by cédula with their final notes", async () => {
    const res = await api(url("csv"), as.coordinator);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Cédula,Apellidos,Nombres,Nota final,Inasistencias,Condición");
    expect(lines[1]).toBe("E-70000001,Acosta Ávila,Ana,16,0,Aprobado");
    expect(lines[3]).toBe(`E-70000003,Castillo,Carla,18,${f.maxAbsences + 1},Reprobado por inasistencias`);
  });

  it("prints Spanish accents and ñ with the standard font", async () => {
    const notes = await courseSectionNotes({
      db: ctx.db,
      today: ctx.clock.today(),
      caller: { id: 0, type: Role.admin },
      sectionId: f.sectionId,
      courseId: f.courseIds[0],
    });
    const pdf = (
      await gradeSheetPdf({ institution: "Institución", notes, today: "2026-01-01", compress: false })
    ).toString("latin1");
    // Helvetica draws WinAnsi codes as hex strings (split where a kerning pair adjusts the spacing):
    // "ñ" is f1, "á" e1, "í" ed, "Á" c1.
    const drawn = [...pdf.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1]!.toLowerCase()).join("");
    const hex = (text: string) => Buffer.from(text, "latin1").toString("hex");
    for (const text of ["Institución", "Acta de notas", "Período", "Briceño", "Acosta Ávila", "Condición"]) {
      expect(drawn, text).toContain(hex(text));
    }
    // The day of the sheet as the school writes it (DD/MM/AAAA), never ISO.
    expect(drawn).toContain(hex("01/01/2026"));
    expect(drawn).not.toContain(hex("2026-01-01"));
  });
});

const send = (method: "PATCH", url: string, headers: Headers, payload: unknown) =>
  ctx.app.inject({ method, url: `/api${url}`, headers, payload: payload as object });
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");

describe("a student's absences in a course", () => {
  const url = (student: number, query = "") =>
    `/sections/${f.sectionId}/courses/${f.courseIds[0]}/students/${student}/absences${query}`;

  it("lists each lesson missed or late, with the totals against the course's maximum", async () => {
    const res = await api(url(f.students.carla), as.carla);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.student).toMatchObject({ id: f.students.carla, identity_document: "E-70000003" });
    expect(data.absences).toHaveLength(f.maxAbsences + 2);
    expect(data.absences.filter((a: { attendance: string }) => a.attendance === "delayed")).toEqual([
      expect.objectContaining({ lesson_id: f.lessons[2], title: "Examen" }),
    ]);
    const dates = data.absences.map((a: { date: string }) => a.date);
    expect(dates).toEqual([...dates].sort());
    expect(data.totals).toEqual({
      absences: f.maxAbsences + 1,
      delays: 1,
      absences_with_delays: f.maxAbsences + 1,
      max_absences_to_fail: f.maxAbsences,
      failed_by_absences: true,
    });
    const ana = (await api(url(f.students.ana), as.ana)).json().data;
    expect(ana.absences).toEqual([]);
    expect(ana.totals).toMatchObject({ absences_with_delays: 0, failed_by_absences: false });
  });

  it("is also a CSV whose last line has the totals", async () => {
    const res = await api(url(f.students.carla, "?format=csv"), as.teacher);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = csvLines(res.body);
    expect(lines[0]).toBe("Fecha,Clase,Asistencia");
    expect(lines).toHaveLength(f.maxAbsences + 4);
    expect(lines).toContain(`${await lessonDate(f.lessons[2]!)},Examen,Retraso`);
    expect(lines.at(-1)).toBe(
      `Total,${f.maxAbsences + 1} inasistencias y 1 retrasos: ${f.maxAbsences + 1} de ${f.maxAbsences} permitidas,Reprobado por inasistencias`,
    );
  });

  it("lets the course's staff and the student in, nobody else", async () => {
    expect((await api(url(f.students.beto), as.coordinator)).statusCode).toBe(200);
    expect((await api(url(f.students.beto), as.lowAdmin)).statusCode).toBe(200);
    expect((await api(url(f.students.beto), as.admin)).statusCode).toBe(200);
    expect((await api(url(f.students.beto), as.ana)).statusCode).toBe(403);
    expect((await api(url(f.students.beto), as.otherTeacher)).json().message).toBe(
      "teacher_not_has_course_section_assigned",
    );
    expect((await api(url(f.students.beto), as.strangerCoordinator)).json().message).toBe(
      "coordinator_not_owner_or_not_supervising",
    );
    const outsider = await outsiderStudent();
    expect((await api(url(outsider), as.admin)).json().message).toBe(
      "student_is_not_related_to_course_section",
    );
  });
});

async function lessonDate(id: number) {
  const [l] = await ctx.db.select({ date: s.lessons.date }).from(s.lessons).where(eq(s.lessons.id, id));
  return l!.date;
}

async function outsiderStudent() {
  const [outsider] = await ctx.db
    .select({ id: s.students.id })
    .from(s.students)
    .where(
      sql`${s.students.id} not in (select student_id from course_enrolments where course_section_id = ${f.csIds[0]})`,
    )
    .limit(1);
  return outsider!.id;
}

describe("a student's lessons in a course", () => {
  const url = (student: number, query = "") =>
    `/sections/${f.sectionId}/courses/${f.courseIds[0]}/students/${student}/lessons${query}`;

  it("lists every lesson of the course with the student's attendance, note and weight", async () => {
    const res = await api(url(f.students.ana), as.ana);
    expect(res.statusCode).toBe(200);
    const lessons = res.json().data.lessons as {
      id: number;
      attendance: string | null;
      evaluated: boolean;
      weight: number;
      note: number | null;
    }[];
    expect(lessons).toHaveLength(3 + f.maxAbsences + 1);
    expect(lessons.filter((l) => l.evaluated).map((l) => [l.weight, l.note])).toEqual([
      [30, 20],
      [20, 10],
      [50, 15],
    ]);
    // Attendance never taken and no row for Ana: not registered, not "present".
    expect(lessons.filter((l) => !l.evaluated).every((l) => l.attendance === null && l.note === null)).toBe(
      true,
    );
    const carla = (await api(url(f.students.carla), as.teacher)).json().data.lessons as {
      id: number;
      attendance: string | null;
    }[];
    expect(carla.find((l) => l.id === f.lessons[2])?.attendance).toBe("delayed");
    expect(carla.filter((l) => l.attendance === "absent")).toHaveLength(f.maxAbsences + 1);
  });

  it("is also a CSV, and refuses strangers", async () => {
    const csv = await api(url(f.students.ana, "?format=csv"), as.coordinator);
    const lines = csvLines(csv.body);
    expect(lines[0]).toBe("Fecha,Clase,Asistencia,Evaluada,Ponderación (%),Nota");
    expect(lines).toContain(`${await lessonDate(f.lessons[0]!)},Quiz,Presente,Sí,30,20`);
    expect((await api(url(f.students.ana), as.beto)).statusCode).toBe(403);
    expect((await api(url(f.students.ana), as.otherTeacher)).json().message).toBe(
      "teacher_not_has_course_section_assigned",
    );
    expect((await api(url(f.students.ana), as.strangerCoordinator)).json().message).toBe(
      "coordinator_not_owner_or_not_supervising",
    );
  });
});

describe("the lessons register", () => {
  const url = (format: string) =>
    `/sections/${f.sectionId}/courses/${f.courseIds[1]}/lessons-register-report?format=${format}`;
  const registered = {} as { lessonId: number; evaluatedId: number; date: string };

  beforeAll(async () => {
    // The second course: one lesson with its attendance taken, one evaluated lesson not yet taken.
    const [lesson, evaluated] = await ctx.db
      .insert(s.lessons)
      .values([
        { courseSectionId: f.csIds[1], date: addDays(f.cut.first[0], 3), title: "Introducción" },
        {
          courseSectionId: f.csIds[1],
          date: addDays(f.cut.first[0], 10),
          title: "Práctica",
          description: "Ejercicios de diseño",
          evaluated: true,
          weight: 40,
        },
      ])
      .returning();
    Object.assign(registered, { lessonId: lesson!.id, evaluatedId: evaluated!.id, date: lesson!.date });
    const res = await send("PATCH", `/lessons/${lesson!.id}/register`, as.teacher, {
      students: [
        { student_id: f.students.ana, attendance: "absent" },
        { student_id: f.students.beto, attendance: "delayed" },
      ],
    });
    expect(res.statusCode).toBe(200);
  });

  it("is a CSV of each lesson with its topic, weight and attendance counts", async () => {
    const res = await api(url("csv"), as.teacher);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("registro-de-clases-PRUEBA-");
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      "Fecha,Tema,Descripción,Asistencia registrada,Evaluada,Ponderación (%),Presentes,Inasistentes,Retrasos",
    );
    expect(lines[1]).toBe(`${registered.date},Introducción,,Sí,No,,1,1,1`);
    expect(lines[2]).toMatch(/,Práctica,Ejercicios de diseño,No,Sí,40,,,$/);
  });

  it("is a PDF for the course's staff, with Spanish accents; refused to others", async () => {
    const res = await api(url("pdf"), as.coordinator);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await api(url("pdf"), as.admin)).statusCode).toBe(200);
    expect((await api(url("pdf"), as.otherTeacher)).json().message).toBe(
      "teacher_not_has_course_section_assigned",
    );
    expect((await api(url("pdf"), as.strangerCoordinator)).json().message).toBe(
      "coordinator_not_owner_or_not_supervising",
    );
    expect((await api(url("pdf"), as.ana)).statusCode).toBe(403);
    expect((await api(url("xls"), as.teacher)).statusCode).toBe(422);

    const register = await lessonsRegister({
      db: ctx.db,
      caller: { id: 0, type: Role.admin },
      sectionId: f.sectionId,
      courseId: f.courseIds[1],
    });
    expect(register.totals).toMatchObject({ lessons: 2, registered: 1, evaluated: 1, weight: 40 });
    const pdf = (
      await lessonsRegisterPdf({ institution: "Institución", register, today: "2026-01-01", compress: false })
    ).toString("latin1");
    const drawn = [...pdf.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1]!.toLowerCase()).join("");
    const hex = (text: string) => Buffer.from(text, "latin1").toString("hex");
    for (const text of [
      "Institución",
      "Registro de clases",
      "Período",
      "Introducción",
      "Práctica",
      "Sección",
    ]) {
      expect(drawn, text).toContain(hex(text));
    }
    // Every date as DD/MM/AAAA: the day of the register and each lesson's.
    expect(drawn).toContain(hex("01/01/2026"));
    for (const lesson of register.lessons) {
      expect(drawn).toContain(hex(lesson.date.split("-").reverse().join("/")));
      expect(drawn).not.toContain(hex(lesson.date));
    }
  });
});

describe("saving a student's notes of several evaluations", () => {
  const url = (student: number, course = f.courseIds[1]) =>
    `/sections/${f.sectionId}/courses/${course}/students/${student}`;
  const ids = {} as { a: number; b: number; plain: number };

  beforeAll(async () => {
    const rows = await ctx.db
      .insert(s.lessons)
      .values([
        { courseSectionId: f.csIds[1], date: addDays(f.cut.second[0], 1), evaluated: true, weight: 25 },
        { courseSectionId: f.csIds[1], date: addDays(f.cut.second[0], 2), evaluated: true, weight: 25 },
        { courseSectionId: f.csIds[1], date: addDays(f.cut.second[0], 3) },
      ])
      .returning();
    Object.assign(ids, { a: rows[0]!.id, b: rows[1]!.id, plain: rows[2]!.id });
  });

  const notesOf = async (studentId: number) =>
    ctx.db
      .select({ lessonId: s.lessonStudents.lessonId, note: s.lessonStudents.note })
      .from(s.lessonStudents)
      .where(and(eq(s.lessonStudents.studentId, studentId), sql`${s.lessonStudents.note} is not null`))
      .orderBy(asc(s.lessonStudents.lessonId));

  it("saves them in one request, answers the new course note and keeps each change in the history", async () => {
    const res = await send("PATCH", url(f.students.beto), as.teacher, {
      notes: [
        { lesson_id: ids.b, note: 12 },
        { lesson_id: ids.a, note: 18.5 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const { student } = res.json().data;
    expect(student.notes).toEqual(
      expect.arrayContaining([
        { lesson_id: ids.a, note: 18.5 },
        { lesson_id: ids.b, note: 12 },
      ]),
    );
    const again = await send("PATCH", url(f.students.beto), as.coordinator, {
      notes: [{ lesson_id: ids.a, note: 17 }],
    });
    expect(again.statusCode).toBe(200);
    const history = await api(`${url(f.students.beto)}/history`, as.admin);
    const changes = history.json().data.filter((c: { field: string }) => c.field === "note");
    expect(
      changes.map((c: { lesson_id: number; old_value: string | null; new_value: string }) => [
        c.lesson_id,
        c.old_value,
        c.new_value,
      ]),
    ).toEqual([
      [ids.a, "18.5", "17"],
      [ids.b, null, "12"],
      [ids.a, null, "18.5"],
    ]);
    expect(changes[0].changed_by.name).toEqual(expect.any(String));
  });

  it("refuses a lesson of another course, a lesson not evaluated, bad notes: nothing written", async () => {
    const before = await notesOf(f.students.ana);
    const other = await send("PATCH", url(f.students.ana), as.teacher, {
      notes: [
        { lesson_id: ids.a, note: 10 },
        { lesson_id: f.lessons[0], note: 10 },
      ],
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      message: "lesson_not_of_course_section",
      description: expect.stringContaining("no es una evaluación de esta materia"),
    });
    const plain = await send("PATCH", url(f.students.ana), as.teacher, {
      notes: [
        { lesson_id: ids.a, note: 10 },
        { lesson_id: ids.plain, note: 10 },
      ],
    });
    expect(plain.json().message).toBe("lesson_is_not_evaluated");
    for (const note of [21, -1, "diez"]) {
      const bad = await send("PATCH", url(f.students.ana), as.teacher, {
        notes: [{ lesson_id: ids.a, note }],
      });
      expect(bad.statusCode, String(note)).toBe(422);
      expect(bad.json().message).toBe("validation_failed");
    }
    const twice = await send("PATCH", url(f.students.ana), as.teacher, {
      notes: [
        { lesson_id: ids.a, note: 10 },
        { lesson_id: ids.a, note: 11 },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(await notesOf(f.students.ana)).toEqual(before);
  });

  it("refuses a student failed by absences with the spec's sentence", async () => {
    const res = await send("PATCH", url(f.students.carla, f.courseIds[0]), as.teacher, {
      notes: [{ lesson_id: f.lessons[0], note: 5 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "lesson_student_failed_by_absences",
      description:
        "Algunos estudiantes no se pudieron editar ya que tienen la materia aplazada por inasistencias.",
    });
    expect((await notesOf(f.students.carla)).find((n) => n.lessonId === f.lessons[0])?.note).toBe(18);
  });

  it("is for the course's staff only", async () => {
    const body = { notes: [{ lesson_id: ids.a, note: 14 }] };
    expect((await send("PATCH", url(f.students.ana), as.ana, body)).statusCode).toBe(403);
    expect((await send("PATCH", url(f.students.ana), as.lowAdmin, body)).statusCode).toBe(403);
    expect((await send("PATCH", url(f.students.ana), as.otherTeacher, body)).json().message).toBe(
      "teacher_not_has_course_section_assigned",
    );
    expect((await send("PATCH", url(f.students.ana), as.strangerCoordinator, body)).json().message).toBe(
      "coordinator_not_owner_or_not_supervising",
    );
    const outsider = await outsiderStudent();
    expect((await send("PATCH", url(outsider), as.teacher, body)).json().message).toBe(
      "student_is_not_related_to_course_section",
    );
    // spec.md §6: lesson detail (notes) is for teachers and coordinators, not the administration.
    expect((await send("PATCH", url(f.students.ana), as.admin, body)).statusCode).toBe(403);
    expect((await send("PATCH", url(f.students.ana), as.teacher, body)).statusCode).toBe(200);
  });
});
