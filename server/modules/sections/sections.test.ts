import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";

let ctx: TestContext;
type Headers = { authorization: string };
const as = {} as Record<
  "student" | "teacher" | "coordinator" | "otherCoordinator" | "lowAdmin" | "admin" | "god",
  Headers
>;

/** Two specializations with a pensum each (two semesters of courses), attached to one period. */
const world = {} as {
  periodId: number;
  otherPeriodId: number;
  inf: { specializationId: number; pensumId: number; s1: number; s2: number; courseIds: number[] };
  adm: { specializationId: number; pensumId: number; s1: number };
  teacherIds: number[];
  disabledTeacherId: number;
  classHourIds: number[];
  classroomIds: number[];
};

let seq = 0;
async function insertTeacher(opts: { userId?: number; enabled?: boolean; coordinates?: number } = {}) {
  seq += 1;
  const userId = opts.userId ?? (await createUserWithToken(ctx, Role.teacher)).user.id;
  const [row] = await ctx.db
    .insert(s.teachers)
    .values({
      userId,
      firstName: `Prof${seq}`,
      lastName: `Apellido${seq}`,
      identityDocument: `V-9${seq}000`,
      gender: seq % 2 ? "male" : "female",
      enabled: opts.enabled ?? true,
      isCoordinator: opts.coordinates !== undefined,
      specializationId: opts.coordinates ?? null,
    })
    .returning();
  return row!.id;
}

async function insertPensum(code: string, courseCodes: string[][]) {
  const [spec] = await ctx.db
    .insert(s.specializations)
    .values({ code, title: `Especialización ${code}` })
    .returning();
  const [pensum] = await ctx.db
    .insert(s.pensums)
    .values({ specializationId: spec!.id, name: `Pensum ${code}` })
    .returning();
  const semesterIds: number[] = [];
  const courseIds: number[] = [];
  for (const [i, codes] of courseCodes.entries()) {
    const [sem] = await ctx.db
      .insert(s.semesters)
      .values({ pensumId: pensum!.id, number: i + 1, code: `${code}-S${i + 1}` })
      .returning();
    semesterIds.push(sem!.id);
    for (const c of codes) {
      const [course] = await ctx.db
        .insert(s.courses)
        .values({ code: c, title: `Materia ${c}` })
        .returning();
      courseIds.push(course!.id);
      await ctx.db
        .insert(s.semesterCourses)
        .values({ semesterId: sem!.id, pensumId: pensum!.id, courseId: course!.id });
    }
  }
  return { specializationId: spec!.id, pensumId: pensum!.id, semesterIds, courseIds };
}

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ["student", "teacher", "lowAdmin", "admin", "god"] as const) {
    as[role] = (await createUserWithToken(ctx, Role[role])).headers;
  }
  const [period] = await ctx.db
    .insert(s.periods)
    .values({ year: 2030, number: 1, startDate: "2030-01-10", endDate: "2030-06-30", enabled: true })
    .returning();
  const [other] = await ctx.db
    .insert(s.periods)
    .values({ year: 2030, number: 2, startDate: "2030-07-10", endDate: "2030-12-20" })
    .returning();
  const inf = await insertPensum("TINF", [
    ["TPRO-1", "TBDD-1", "TRED-1"],
    ["TPRO-2", "TBDD-2"],
  ]);
  const adm = await insertPensum("TADM", [["TCON-1", "TECO-1"]]);
  for (const p of [inf, adm]) {
    await ctx.db
      .insert(s.periodPensums)
      .values({ periodId: period!.id, specializationId: p.specializationId, pensumId: p.pensumId });
  }
  const coordinator = await createUserWithToken(ctx, Role.coordinator);
  as.coordinator = coordinator.headers;
  await insertTeacher({ userId: coordinator.user.id, coordinates: inf.specializationId });
  const otherCoordinator = await createUserWithToken(ctx, Role.coordinator);
  as.otherCoordinator = otherCoordinator.headers;
  await insertTeacher({ userId: otherCoordinator.user.id, coordinates: adm.specializationId });
  const teacherIds = [await insertTeacher(), await insertTeacher(), await insertTeacher()];
  const disabledTeacherId = await insertTeacher({ enabled: false });
  const hours = await ctx.db
    .insert(s.classHours)
    .values([
      { startTime: "07:00", endTime: "07:45" },
      { startTime: "07:45", endTime: "08:30" },
    ])
    .returning();
  const rooms = await ctx.db
    .insert(s.classrooms)
    .values([
      { code: "T-1", maxCapacity: 30 },
      { code: "T-2", maxCapacity: 30 },
    ])
    .returning();
  Object.assign(world, {
    periodId: period!.id,
    otherPeriodId: other!.id,
    inf: {
      specializationId: inf.specializationId,
      pensumId: inf.pensumId,
      s1: inf.semesterIds[0]!,
      s2: inf.semesterIds[1]!,
      courseIds: inf.courseIds,
    },
    adm: { specializationId: adm.specializationId, pensumId: adm.pensumId, s1: adm.semesterIds[0]! },
    teacherIds,
    disabledTeacherId,
    classHourIds: hours.map((h) => h.id),
    classroomIds: rooms.map((r) => r.id),
  });
});
afterAll(() => ctx?.close());

const api = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  headers: Headers | undefined,
  payload?: unknown,
) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function createSection(body: Record<string, unknown>) {
  const res = await api("POST", "/sections", as.admin, {
    period_id: world.periodId,
    males_limit: 15,
    females_limit: 15,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: number;
    code: string;
    courses: { id: number; course_id: number; course: { code: string }; teachers: { id: number }[] }[];
  };
}

/** Schedules a course section on `day` at the given class hours in `classroomId` (as the schedules module does). */
async function schedule(sectionId: number, courseSectionId: number, day: number, classroomId: number) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(s.schedules).values({ courseSectionId, classroomId, day }).returning();
    await tx.insert(s.scheduleSlots).values(
      world.classHourIds.map((classHourId) => ({
        scheduleId: row!.id,
        classHourId,
        day,
        courseSectionId,
        sectionId,
        classroomId,
        classroomShared: false,
      })),
    );
  });
}

describe("creating a section", () => {
  it("creates its course sections in the same call, with code = semester code + letter", async () => {
    const section = await createSection({ semester_id: world.inf.s1, letter_code: "a", shift: "afternoon" });
    expect(section.code).toBe("TINF-S1A");
    expect(section).toMatchObject({
      letter_code: "A",
      shift: "afternoon",
      shift_name: "Tarde",
      males_limit: 15,
      females_limit: 15,
      males_count: 0,
      females_count: 0,
      courses_count: 3,
      semester: { code: "TINF-S1", number: 1 },
      specialization: { code: "TINF" },
      period: { year: 2030, number: 1 },
    });
    expect(section.courses.map((c) => c.course.code)).toEqual(["TBDD-1", "TPRO-1", "TRED-1"]);
    expect(section.courses.every((c) => c.teachers.length === 0)).toBe(true);
    const rows = await ctx.db
      .select()
      .from(s.courseSections)
      .where(eq(s.courseSections.sectionId, section.id));
    expect(rows).toHaveLength(3);
  });

  it("refuses a repeated letter in the same period and semester with letter_code_already_exists", async () => {
    await createSection({ semester_id: world.inf.s2, letter_code: "B" });
    const again = await api("POST", "/sections", as.admin, {
      period_id: world.periodId,
      semester_id: world.inf.s2,
      letter_code: "b",
      males_limit: 1,
      females_limit: 1,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: "letter_code_already_exists",
      description: expect.any(String),
    });
    // Nothing half-written: still one section (and its two course sections) with that letter.
    const rows = await ctx.db
      .select()
      .from(s.sections)
      .where(and(eq(s.sections.semesterId, world.inf.s2), eq(s.sections.letterCode, "B")));
    expect(rows).toHaveLength(1);
  });

  it("lets exactly one of two concurrent creations with the same letter win", async () => {
    const body = {
      period_id: world.periodId,
      semester_id: world.adm.s1,
      letter_code: "Q",
      males_limit: 5,
      females_limit: 5,
    };
    const answers = await Promise.all([
      api("POST", "/sections", as.admin, body),
      api("POST", "/sections", as.admin, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json().message).toBe("letter_code_already_exists");
    const rows = await ctx.db
      .select({ id: s.sections.id })
      .from(s.sections)
      .where(and(eq(s.sections.semesterId, world.adm.s1), eq(s.sections.letterCode, "Q")));
    expect(rows).toHaveLength(1);
    const courses = await ctx.db
      .select()
      .from(s.courseSections)
      .where(eq(s.courseSections.sectionId, rows[0]!.id));
    expect(courses).toHaveLength(2);
  });

  it("answers Spanish field messages for bad input, and refuses a semester the period does not follow", async () => {
    const bad = await api("POST", "/sections", as.admin, {
      period_id: world.periodId,
      semester_id: world.inf.s1,
      letter_code: "",
      shift: "night",
      males_limit: -1,
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(errors.letter_code[0]).toContain("letra");
    expect(errors.shift[0]).toBe("El valor seleccionado en el campo turno no es válido.");
    expect(errors.males_limit[0]).toContain("límite de varones");
    expect(errors.females_limit[0]).toBe("El campo límite de hembras es obligatorio.");

    const notAttached = await api("POST", "/sections", as.admin, {
      period_id: world.otherPeriodId,
      semester_id: world.inf.s1,
      letter_code: "Z",
      males_limit: 1,
      females_limit: 1,
    });
    expect(notAttached.statusCode).toBe(422);
    expect(notAttached.json().errors.semester_id[0]).toBe(
      "El valor seleccionado en el campo semestre no es válido.",
    );
    const missing = await api("POST", "/sections", as.admin, {
      period_id: world.periodId,
      semester_id: 999999,
      letter_code: "Z",
      males_limit: 1,
      females_limit: 1,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.semester_id[0]).toBe(
      "El valor seleccionado en el campo semestre no existe.",
    );
  });
});

describe("listing sections", () => {
  it("lists by period, searches and sorts; a coordinator sees only their specialization", async () => {
    await createSection({ semester_id: world.adm.s1, letter_code: "C", shift: "mixed" });
    const all = await api(
      "GET",
      `/sections?period_id=${world.periodId}&limit=0&sort_by=code,desc`,
      as.lowAdmin,
    );
    expect(all.statusCode).toBe(200);
    const codes = all.json().data.map((x: { code: string }) => x.code);
    expect(codes).toEqual([...codes].sort().reverse());
    expect(codes).toEqual(expect.arrayContaining(["TADM-S1C", "TINF-S1A", "TINF-S2B"]));

    const mixed = await api("GET", `/sections?period_id=${world.periodId}&shift=mixed`, as.admin);
    expect(mixed.json().data.map((x: { code: string }) => x.code)).toEqual(["TADM-S1C"]);
    const searched = await api("GET", `/sections?search=s2b`, as.admin);
    expect(searched.json().data.map((x: { code: string }) => x.code)).toEqual(["TINF-S2B"]);
    const otherPeriod = await api("GET", `/sections?period_id=${world.otherPeriodId}`, as.admin);
    expect(otherPeriod.json().meta.total).toBe(0);

    const coordinator = await api("GET", `/sections?period_id=${world.periodId}&limit=0`, as.coordinator);
    expect(coordinator.statusCode).toBe(200);
    const seen = coordinator.json().data.map((x: { code: string }) => x.code);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((c: string) => c.startsWith("TINF"))).toBe(true);

    const badSort = await api("GET", "/sections?sort_by=nope", as.admin);
    expect(badSort.statusCode).toBe(422);
  });

  it("a coordinator's Secciones screen: the period selector lists the periods, the list only their specialization (issue 26)", async () => {
    const own = await createSection({ semester_id: world.inf.s1, letter_code: "P" });
    const foreign = await createSection({ semester_id: world.adm.s1, letter_code: "P" });
    // The period selector's call (`GET /periods?limit=0`) was refused to coordinators (403).
    const periods = await api("GET", "/periods?limit=0", as.coordinator);
    expect(periods.statusCode, periods.body).toBe(200);
    const listed = periods.json().data as { id: number; enabled: boolean }[];
    expect(listed.map((p) => p.id)).toEqual(expect.arrayContaining([world.periodId, world.otherPeriodId]));
    const chosen = listed.find((p) => p.enabled)!.id;
    expect(chosen).toBe(world.periodId);
    // The list of the chosen period is filtered on the server; the detail of another's section is refused.
    const list = await api("GET", `/sections?period_id=${chosen}&limit=0`, as.coordinator);
    const ids = list.json().data.map((x: { id: number }) => x.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(foreign.id);
    expect((await api("GET", `/sections/${own.id}`, as.coordinator)).statusCode).toBe(200);
    expect((await api("GET", `/sections/${foreign.id}`, as.coordinator)).statusCode).toBe(403);
    // Teachers and students still have no period list; the Períodos detail stays the admin group's.
    expect((await api("GET", "/periods?limit=0", as.teacher)).statusCode).toBe(403);
    expect((await api("GET", "/periods?limit=0", as.student)).statusCode).toBe(403);
    expect((await api("GET", `/periods/${chosen}`, as.coordinator)).statusCode).toBe(403);
  });

  it("refuses roles outside spec.md §6", async () => {
    expect((await api("GET", "/sections", undefined)).statusCode).toBe(401);
    expect((await api("GET", "/sections", as.student)).statusCode).toBe(403);
    expect((await api("GET", "/sections", as.teacher)).statusCode).toBe(403);
    const section = await createSection({ semester_id: world.inf.s1, letter_code: "R" });
    expect((await api("GET", `/sections/${section.id}`, as.teacher)).statusCode).toBe(403);
    expect((await api("GET", `/sections/${section.id}`, as.lowAdmin)).statusCode).toBe(200);
    expect((await api("GET", `/sections/${section.id}`, as.god)).statusCode).toBe(200);
    expect((await api("GET", `/sections/${section.id}`, as.coordinator)).statusCode).toBe(200);
    // The coordinator of another specialization is refused this one.
    expect((await api("GET", `/sections/${section.id}`, as.otherCoordinator)).statusCode).toBe(403);
    expect((await api("GET", `/sections/${section.id}/students`, as.otherCoordinator)).statusCode).toBe(403);
    expect((await api("POST", "/sections", as.lowAdmin, { period_id: world.periodId })).statusCode).toBe(403);
    expect((await api("DELETE", `/sections/${section.id}`, as.coordinator)).statusCode).toBe(403);
    expect(
      (
        await api(
          "PATCH",
          `/sections/${section.id}/courses/${world.inf.courseIds[0]}/assign-teacher`,
          as.lowAdmin,
          {
            teacher_ids: [],
          },
        )
      ).statusCode,
    ).toBe(403);
    expect((await api("GET", "/sections/999999", as.admin)).statusCode).toBe(404);
  });
});

describe("assigning teachers", () => {
  it("replaces the set of teachers with PATCH or POST and shows them on the section", async () => {
    const section = await createSection({ semester_id: world.inf.s1, letter_code: "T" });
    const courseId = section.courses[0]!.course_id;
    const url = `/sections/${section.id}/courses/${courseId}/assign-teacher`;
    const [t1, t2, t3] = world.teacherIds as [number, number, number];
    const first = await api("PATCH", url, as.admin, { teacher_ids: [t1, t2] });
    expect(first.statusCode, first.body).toBe(200);
    expect(
      first
        .json()
        .data.teachers.map((t: { id: number }) => t.id)
        .sort(),
    ).toEqual([t1, t2].sort());
    const second = await api("POST", url, as.admin, { teacher_ids: [t3, t2, t3] });
    expect(second.statusCode).toBe(200);
    expect(
      second
        .json()
        .data.teachers.map((t: { id: number }) => t.id)
        .sort(),
    ).toEqual([t2, t3].sort());

    const detail = await api("GET", `/sections/${section.id}/courses/${courseId}`, as.admin);
    expect(detail.json().data.teachers).toHaveLength(2);
    const teachers = await api("GET", `/sections/${section.id}/teachers`, as.admin);
    expect(
      teachers
        .json()
        .data.map((t: { id: number }) => t.id)
        .sort(),
    ).toEqual([t2, t3].sort());

    const cleared = await api("PATCH", `/sections/${section.id}/courses/${courseId}`, as.admin, {
      teacher_ids: [],
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.teachers).toEqual([]);
  });

  it("refuses a disabled teacher (teacher_not_enabled) and unknown ones (422), changing nothing", async () => {
    const section = await createSection({ semester_id: world.inf.s1, letter_code: "D" });
    const courseId = section.courses[0]!.course_id;
    const url = `/sections/${section.id}/courses/${courseId}/assign-teacher`;
    await api("PATCH", url, as.admin, { teacher_ids: [world.teacherIds[0]] });
    const disabled = await api("PATCH", url, as.admin, { teacher_ids: [world.disabledTeacherId] });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().message).toBe("teacher_not_enabled");
    const unknown = await api("PATCH", url, as.admin, { teacher_ids: [999999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.teacher_ids[0]).toBe(
      "El valor seleccionado en el campo profesores no existe.",
    );
    const notList = await api("PATCH", url, as.admin, { teacher_ids: "x" });
    expect(notList.statusCode).toBe(422);
    const after = await api("GET", `/sections/${section.id}/courses/${courseId}`, as.admin);
    expect(after.json().data.teachers.map((t: { id: number }) => t.id)).toEqual([world.teacherIds[0]]);

    // A disabled course is given no teacher (disabled_course_detected); its teachers can still be removed.
    await ctx.db.update(s.courses).set({ enabled: false }).where(eq(s.courses.id, courseId));
    const disabledCourse = await api("PATCH", url, as.admin, { teacher_ids: [world.teacherIds[1]] });
    expect(disabledCourse.statusCode).toBe(400);
    expect(disabledCourse.json().message).toBe("disabled_course_detected");
    expect((await api("PATCH", url, as.admin, { teacher_ids: [] })).statusCode).toBe(200);
    await ctx.db.update(s.courses).set({ enabled: true }).where(eq(s.courses.id, courseId));

    const missingCourse = await api(
      "PATCH",
      `/sections/${section.id}/courses/999999/assign-teacher`,
      as.admin,
      {
        teacher_ids: [],
      },
    );
    expect(missingCourse.statusCode).toBe(404);
    expect(missingCourse.json().message).toBe("course_section_not_found");
  });

  it("refuses a teacher who already teaches at the same hour (teacher slots constraint)", async () => {
    const a = await createSection({ semester_id: world.inf.s2, letter_code: "H" });
    const b = await createSection({ semester_id: world.inf.s2, letter_code: "J" });
    const [csA, csB] = [a.courses[0]!, b.courses[0]!];
    await schedule(a.id, csA.id, 2, world.classroomIds[0]!);
    await schedule(b.id, csB.id, 2, world.classroomIds[1]!);
    const teacher = world.teacherIds[2]!;
    const ok = await api("PATCH", `/sections/${a.id}/courses/${csA.course_id}/assign-teacher`, as.admin, {
      teacher_ids: [teacher],
    });
    expect(ok.statusCode).toBe(200);
    const clash = await api("PATCH", `/sections/${b.id}/courses/${csB.course_id}/assign-teacher`, as.admin, {
      teacher_ids: [world.teacherIds[1], teacher],
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toMatchObject({
      message: "combination_of_day_teacher_class_hour_exists",
      description: "El profesor ya tiene clase ese día en esa hora.",
    });
    // One transaction: the other teacher was not kept either.
    const after = await api("GET", `/sections/${b.id}/courses/${csB.course_id}`, as.admin);
    expect(after.json().data.teachers).toEqual([]);
    expect(after.json().data.schedules_count).toBe(1);

    // A section with a schedule cannot be deleted.
    const del = await api("DELETE", `/sections/${a.id}`, as.admin);
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toBe("section_has_schedules");
  });
});

describe("course sections list", () => {
  it("filters by period, section, course, teacher and missing teacher", async () => {
    const section = await createSection({ semester_id: world.inf.s1, letter_code: "K" });
    const cs = section.courses[1]!;
    const teacher = world.teacherIds[0]!;
    await api("PATCH", `/sections/${section.id}/courses/${cs.course_id}/assign-teacher`, as.admin, {
      teacher_ids: [teacher],
    });
    const bySection = await api(
      "GET",
      `/course-sections?section_id=${section.id}&sort_by=course_code`,
      as.admin,
    );
    expect(bySection.statusCode).toBe(200);
    expect(bySection.json().meta.total).toBe(3);
    const byTeacher = await api(
      "GET",
      `/course-sections?section_id=${section.id}&teacher_id=${teacher}`,
      as.admin,
    );
    expect(byTeacher.json().data.map((x: { id: number }) => x.id)).toEqual([cs.id]);
    const withoutTeacher = await api(
      "GET",
      `/course-sections?section_id=${section.id}&without_teacher=1`,
      as.admin,
    );
    expect(withoutTeacher.json().meta.total).toBe(2);
    const byCourse = await api(
      "GET",
      `/course-sections?period_id=${world.periodId}&course_id=${cs.course_id}&limit=0`,
      as.admin,
    );
    expect(byCourse.json().data.every((x: { course_id: number }) => x.course_id === cs.course_id)).toBe(true);
    expect(byCourse.json().data.length).toBeGreaterThanOrEqual(1);
    expect((await api("GET", "/course-sections", as.student)).statusCode).toBe(403);
    const scoped = await api("GET", `/course-sections?section_id=${section.id}`, as.otherCoordinator);
    expect(scoped.json().meta.total).toBe(0);
  });
});

describe("students of a section", () => {
  it("answers the inscribed students, their notes per course, and refuses deleting the section", async () => {
    const section = await createSection({ semester_id: world.adm.s1, letter_code: "S" });
    const empty = await api("GET", `/sections/${section.id}/students`, as.admin);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ data: [], meta: { total: 0 } });
    const emptyNotes = await api("GET", `/sections/${section.id}/students-courses-notes`, as.admin);
    expect(emptyNotes.json().data).toEqual({
      courses: section.courses.map((c) => expect.objectContaining({ code: c.course.code })),
      students: [],
    });

    const user = await createUserWithToken(ctx, Role.student);
    const [student] = await ctx.db
      .insert(s.students)
      .values({
        userId: user.user.id,
        firstName: "Ana",
        lastName: "Pérez",
        identityDocument: "V-555",
        gender: "female",
      })
      .returning();
    const [inscription] = await ctx.db
      .insert(s.inscriptions)
      .values({
        studentId: student!.id,
        periodId: world.periodId,
        sectionId: section.id,
        semesterId: world.adm.s1,
        specializationId: world.adm.specializationId,
      })
      .returning();
    const cs = section.courses[0]!;
    await ctx.db
      .insert(s.courseEnrolments)
      .values({ inscriptionId: inscription!.id, studentId: student!.id, courseSectionId: cs.id });
    const lessons = await ctx.db
      .insert(s.lessons)
      .values([
        { courseSectionId: cs.id, date: "2030-02-01", evaluated: true, weight: 50 },
        { courseSectionId: cs.id, date: "2030-02-08", evaluated: true, weight: 25 },
      ])
      .returning();
    await ctx.db.insert(s.lessonStudents).values([
      { lessonId: lessons[0]!.id, studentId: student!.id, note: 16 },
      { lessonId: lessons[1]!.id, studentId: student!.id, note: 12 },
    ]);

    const list = await api("GET", `/sections/${section.id}/students?search=perez`, as.coordinator);
    expect(list.statusCode).toBe(403); // another specialization's coordinator
    const own = await api("GET", `/sections/${section.id}/students?search=perez`, as.otherCoordinator);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual([
      expect.objectContaining({ first_name: "Ana", last_name: "Pérez", gender: "female", status: "active" }),
    ]);
    const detail = await api("GET", `/sections/${section.id}`, as.admin);
    expect(detail.json().data).toMatchObject({ females_count: 1, males_count: 0 });
    expect(detail.json().data.courses[0]).toMatchObject({ females_count: 1, males_count: 0 });

    const notes = await api("GET", `/sections/${section.id}/students-courses-notes`, as.admin);
    const row = notes.json().data.students[0];
    // The shared maths (DOMAIN.md): Σ note × weight / 100 = (16×50 + 12×25) / 100 = 11 so far, never the
    // 15 of a mean over the 75 % evaluated; the period runs, so the course is in progress.
    expect(row.notes[0]).toMatchObject({
      course_id: cs.course_id,
      note: 11,
      evaluated_percent: 75,
      failed_by_absences: false,
      standing: "in_progress",
      passed: null,
    });
    expect(row.notes[1]).toMatchObject({
      course_id: section.courses[1]!.course_id,
      note: null,
      standing: "in_progress",
      passed: null,
    });
    expect(row.average).toBe(11);

    // Limits below the inscribed students are refused; the rest can change.
    const low = await api("PATCH", `/sections/${section.id}`, as.admin, { females_limit: 0 });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors.females_limit[0]).toContain("límite de hembras");
    const renamed = await api("PATCH", `/sections/${section.id}`, as.admin, {
      letter_code: "x",
      shift: "mixed",
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ code: "TADM-S1X", shift_name: "Mixto" });

    const del = await api("DELETE", `/sections/${section.id}`, as.admin);
    expect(del.statusCode).toBe(400);
    expect(del.json()).toMatchObject({
      message: "section_has_students",
      description: "La sección tiene estudiantes inscritos y no puede eliminarse.",
    });
  });

  it("deletes a section nothing depends on, with its course sections", async () => {
    const section = await createSection({ semester_id: world.inf.s1, letter_code: "E" });
    await api(
      "PATCH",
      `/sections/${section.id}/courses/${section.courses[0]!.course_id}/assign-teacher`,
      as.admin,
      {
        teacher_ids: [world.teacherIds[0]],
      },
    );
    const del = await api("DELETE", `/sections/${section.id}`, as.admin);
    expect(del.statusCode).toBe(204);
    const left = await ctx.db
      .select()
      .from(s.courseSections)
      .where(eq(s.courseSections.sectionId, section.id));
    expect(left).toEqual([]);
    expect((await api("DELETE", `/sections/${section.id}`, as.admin)).statusCode).toBe(404);
  });
});

describe("a period older than the current one", () => {
  it("is read-only: its sections cannot be created, changed, given teachers or deleted", async () => {
    const [older] = await ctx.db
      .insert(s.periods)
      .values({ year: 2029, number: 2, startDate: "2029-07-10", endDate: "2029-12-20" })
      .returning({ id: s.periods.id });
    await ctx.db.insert(s.periodPensums).values({
      periodId: older!.id,
      pensumId: world.inf.pensumId,
      specializationId: world.inf.specializationId,
    });
    const [section] = await ctx.db
      .insert(s.sections)
      .values({
        periodId: older!.id,
        semesterId: world.inf.s1,
        letterCode: "Z",
        code: "TINF-S1Z",
        shift: "morning",
      })
      .returning({ id: s.sections.id });
    const courseId = world.inf.courseIds[0]!;
    await ctx.db.insert(s.courseSections).values({ sectionId: section!.id, courseId });

    const refused = [
      await api("POST", "/sections", as.admin, {
        period_id: older!.id,
        semester_id: world.inf.s1,
        letter_code: "Y",
        males_limit: 15,
        females_limit: 15,
      }),
      await api("PATCH", `/sections/${section!.id}`, as.admin, { title: "Cambiada" }),
      await api("PATCH", `/sections/${section!.id}/courses/${courseId}/assign-teacher`, as.admin, {
        teacher_ids: [world.teacherIds[0]],
      }),
      await api("DELETE", `/sections/${section!.id}`, as.admin),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe("unable_to_update_older_periods");
    }
    const [kept] = await ctx.db.select().from(s.sections).where(eq(s.sections.id, section!.id));
    expect(kept).toMatchObject({ title: null });
  });
});

describe("CSV export", () => {
  it("answers the sections list as CSV with the same filters, Spanish headers, BOM and neutralised cells", async () => {
    await createSection({ semester_id: world.adm.s1, letter_code: "V", title: "=HYPERLINK(1)" });
    const res = await api(
      "GET",
      `/sections?period_id=${world.periodId}&specialization_id=${world.adm.specializationId}&format=csv&sort_by=code`,
      as.admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="secciones-.*\.csv"/);
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const lines = res.body.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      "Código,Letra,Título,Período,Especialización,Semestre,Turno,Límite de varones,Límite de hembras,Varones inscritos,Hembras inscritas,Materias",
    );
    const rows = lines.slice(1);
    expect(rows.every((l) => l.startsWith("TADM-S1"))).toBe(true);
    expect(rows.find((l) => l.startsWith("TADM-S1V,"))).toContain(",'=HYPERLINK(1),2030-1,");
    expect(rows.find((l) => l.startsWith("TADM-S1V,"))).toContain(",Mañana,15,15,0,0,2");

    const cs = await api("GET", `/course-sections?period_id=${world.periodId}&format=csv`, as.lowAdmin);
    expect(cs.statusCode).toBe(200);
    expect(cs.body.slice(1).split(/\r?\n/)[0]).toBe(
      "Sección,Código,Título,Profesores,Varones asignados,Hembras asignadas",
    );
    expect(cs.body).toContain("Sin profesor asignado");
    expect((await api("GET", "/sections?format=csv", as.student)).statusCode).toBe(403);
  });
});
