import { and, asc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import { signAccessToken } from "../../auth/tokens.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";

let ctx: TestContext;
type Headers = { authorization: string };
const as = {} as Record<
  "student" | "lowAdmin" | "admin" | "teacher" | "otherTeacher" | "coordinator" | "strangerCoordinator",
  Headers
>;
let period: typeof s.periods.$inferSelect;
/** A course section of the demo with a teacher, a schedule and students. */
let cs: { id: number; sectionId: number; courseId: number; teacherId: number; maxAbsences: number };
let roster: number[];

const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function headersOf(userId: number): Promise<Headers> {
  const { token } = await signAccessToken({ secret: ctx.config.jwtSecret, userId, ttlSeconds: 3600 });
  return { authorization: `Bearer ${token}` };
}

let docCounter = 0;
async function insertTeacher(type: number) {
  const { user, headers } = await createUserWithToken(ctx, type);
  docCounter += 1;
  const [teacher] = await ctx.db
    .insert(s.teachers)
    .values({
      userId: user.id,
      firstName: "Prueba",
      lastName: `Docente ${docCounter}`,
      identityDocument: `V-9${String(docCounter).padStart(7, "0")}`,
      gender: "female",
      isCoordinator: type === Role.coordinator,
    })
    .returning();
  return { teacher: teacher!, headers };
}

const lessonsOf = (courseSectionId: number) =>
  ctx.db
    .select()
    .from(s.lessons)
    .where(eq(s.lessons.courseSectionId, courseSectionId))
    .orderBy(asc(s.lessons.date));

const changesOf = (lessonId: number) =>
  ctx.db
    .select()
    .from(s.lessonStudentChanges)
    .where(eq(s.lessonStudentChanges.lessonId, lessonId))
    .orderBy(asc(s.lessonStudentChanges.id));

/** A lesson of `cs` after today with no attendance recorded yet (generated). */
async function freshLesson(): Promise<number> {
  const today = ctx.clock.today();
  const rows = await ctx.db
    .select({ id: s.lessons.id })
    .from(s.lessons)
    .where(
      and(
        eq(s.lessons.courseSectionId, cs.id),
        gt(s.lessons.date, today),
        sql`not exists (select 1 from lesson_students ls where ls.lesson_id = ${s.lessons.id})`,
        sql`not exists (select 1 from lesson_student_changes c where c.lesson_id = ${s.lessons.id})`,
      ),
    )
    .orderBy(asc(s.lessons.date));
  const used = freshLesson.used;
  const row = rows.find((r) => !used.has(r.id));
  if (!row) throw new Error("no fresh lesson left");
  used.add(row.id);
  return row.id;
}
freshLesson.used = new Set<number>();

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  const [current] = await ctx.db.select().from(s.periods).where(eq(s.periods.enabled, true));
  period = current!;
  const [row] = await ctx.db
    .select({
      id: s.courseSections.id,
      sectionId: s.courseSections.sectionId,
      courseId: s.courseSections.courseId,
      teacherId: s.courseSectionTeachers.teacherId,
      maxAbsences: s.courses.maxAbsencesToFail,
      userId: s.teachers.userId,
    })
    .from(s.courseSections)
    .innerJoin(s.sections, eq(s.sections.id, s.courseSections.sectionId))
    .innerJoin(s.courses, eq(s.courses.id, s.courseSections.courseId))
    .innerJoin(s.courseSectionTeachers, eq(s.courseSectionTeachers.courseSectionId, s.courseSections.id))
    .innerJoin(s.teachers, eq(s.teachers.id, s.courseSectionTeachers.teacherId))
    .where(
      and(
        eq(s.sections.periodId, period!.id),
        sql`exists (select 1 from schedules sc where sc.course_section_id = ${s.courseSections.id})`,
        sql`(select count(*) from course_enrolments e where e.course_section_id = ${s.courseSections.id} and e.status = 'enrolled') >= 5`,
        sql`(select count(*) from course_section_teachers t where t.course_section_id = ${s.courseSections.id}) = 1`,
      ),
    )
    .orderBy(asc(s.courseSections.id))
    .limit(1);
  cs = row!;
  as.teacher = await headersOf(row!.userId);
  roster = (
    await ctx.db
      .select({ id: s.courseEnrolments.studentId })
      .from(s.courseEnrolments)
      .where(and(eq(s.courseEnrolments.courseSectionId, cs.id), eq(s.courseEnrolments.status, "enrolled")))
      .orderBy(asc(s.courseEnrolments.studentId))
  ).map((r) => r.id);
  for (const role of ["student", "lowAdmin", "admin"] as const) {
    as[role] = (await createUserWithToken(ctx, Role[role])).headers;
  }
  as.otherTeacher = (await insertTeacher(Role.teacher)).headers;
  const coordinator = await insertTeacher(Role.coordinator);
  await ctx.db
    .insert(s.coordinatorSupervisions)
    .values({ coordinatorId: coordinator.teacher.id, teacherId: cs.teacherId });
  as.coordinator = coordinator.headers;
  as.strangerCoordinator = (await insertTeacher(Role.coordinator)).headers;
}, 180_000);
afterAll(() => ctx?.close());

describe("generating lessons", () => {
  it("creates a lesson for every schedule day of every week, skips holidays, and adds nothing the second time", async () => {
    const days = new Set(
      (
        await ctx.db
          .select({ day: s.schedules.day })
          .from(s.schedules)
          .where(eq(s.schedules.courseSectionId, cs.id))
      ).map((r) => r.day),
    );
    // A holiday on the last schedule day of the period.
    let holiday = period.endDate;
    const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
    while (!days.has(weekday(holiday))) {
      holiday = new Date(Date.parse(`${holiday}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    }
    await ctx.db
      .insert(s.holidays)
      .values({ startDate: holiday, endDate: holiday, description: "Feriado de prueba" });
    // The demo has every lesson of the period: the coming ones are removed so generating makes them again.
    await ctx.db
      .delete(s.lessons)
      .where(and(eq(s.lessons.courseSectionId, cs.id), gt(s.lessons.date, ctx.clock.today())));
    const before = await lessonsOf(cs.id);

    const res = await api("POST", "/lessons/generate", as.teacher, { course_section_id: cs.id });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result.created).toBeGreaterThan(0);
    expect(result.skipped_holidays).toBeGreaterThanOrEqual(1);
    expect(result.message).toBe(`Se generaron ${result.created} clases.`);

    const after = await lessonsOf(cs.id);
    expect(after.length).toBe(before.length + result.created);
    expect(after.every((l) => l.date >= period.startDate && l.date <= period.endDate)).toBe(true);
    expect(after.every((l) => days.has(weekday(l.date)))).toBe(true);
    expect(after.some((l) => l.date === holiday)).toBe(false);
    const holidays = await ctx.db.select().from(s.holidays);
    expect(after.some((l) => holidays.some((h) => h.startDate <= l.date && l.date <= h.endDate))).toBe(false);

    const again = await api("POST", "/lessons/generate", as.teacher, { course_section_id: cs.id });
    expect(again.json().data).toMatchObject({ created: 0, existing: result.existing + result.created });
    expect(again.json().data.message).toBe(
      "No se generaron clases nuevas: todas las clases del período ya existen.",
    );
    expect((await lessonsOf(cs.id)).length).toBe(after.length);
  });

  it("needs a teacher and a schedule", async () => {
    const [section] = await ctx.db.select().from(s.sections).where(eq(s.sections.id, cs.sectionId));
    const [extra] = await ctx.db
      .insert(s.sections)
      .values({
        periodId: period.id,
        semesterId: section!.semesterId,
        letterCode: "Z",
        code: `${section!.code}Z`,
      })
      .returning();
    const [course] = await ctx.db
      .insert(s.courses)
      .values({ code: "PRB-001", title: "Materia de prueba" })
      .returning();
    const [noTeacher] = await ctx.db
      .insert(s.courseSections)
      .values({ sectionId: extra!.id, courseId: cs.courseId })
      .returning();
    const [noSchedule] = await ctx.db
      .insert(s.courseSections)
      .values({ sectionId: extra!.id, courseId: course!.id })
      .returning();
    await ctx.db
      .insert(s.courseSectionTeachers)
      .values({ courseSectionId: noSchedule!.id, teacherId: cs.teacherId });

    const a = await api("POST", "/lessons/generate", as.admin, { course_section_id: noTeacher!.id });
    expect(a.statusCode).toBe(400);
    expect(a.json()).toMatchObject({
      message: "course_section_must_have_a_teacher",
      description: "La materia de la sección debe tener un profesor asignado.",
    });
    const b = await api("POST", "/lessons/generate", as.teacher, { course_section_id: noSchedule!.id });
    expect(b.statusCode).toBe(400);
    expect(b.json()).toMatchObject({
      message: "course_section_missing_schedules",
      description: "La materia de la sección no tiene horarios asignados.",
    });
    expect(await lessonsOf(noSchedule!.id)).toHaveLength(0);
    const missing = await api("POST", "/lessons/generate", as.admin, { course_section_id: 999999 });
    expect(missing.statusCode).toBe(404);
  });
});

describe("one lesson", () => {
  it("creates a lesson on a free date and refuses a second one on the same date or outside the period", async () => {
    const taken = new Set((await lessonsOf(cs.id)).map((l) => l.date));
    let date = period.startDate;
    while (taken.has(date))
      date = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const res = await api("POST", "/lessons", as.teacher, {
      course_section_id: cs.id,
      date,
      title: "Clase de recuperación",
    });
    expect(res.statusCode, res.body).toBe(201);
    const lesson = res.json().data;
    expect(lesson).toMatchObject({ date, title: "Clase de recuperación", evaluated: false, weight: 0 });
    expect(lesson.students.map((st: { id: number }) => st.id).sort((x: number, y: number) => x - y)).toEqual(
      roster,
    );
    expect(lesson.students.every((st: { attendance: string }) => st.attendance === "present")).toBe(true);

    const twice = await api("POST", "/lessons", as.teacher, { course_section_id: cs.id, date });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      message: "course_section_lesson_date_exists",
      description: "Ya existe una clase de esta materia en esa fecha.",
    });
    const outside = await api("POST", "/lessons", as.teacher, {
      course_section_id: cs.id,
      date: "1999-01-04",
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe("invalid_date_range");
    // The period's days as the school writes them, DD/MM/AAAA.
    const dmy = (iso: string) => iso.split("-").reverse().join("/");
    expect(outside.json().description).toBe(
      `La fecha de la clase debe estar dentro del período (del ${dmy(period.startDate)} al ${dmy(period.endDate)}).`,
    );

    const renamed = await api("PATCH", `/lessons/${lesson.id}`, as.teacher, { title: "Repaso" });
    expect(renamed.json().data.title).toBe("Repaso");
    const clash = await api("PATCH", `/lessons/${lesson.id}`, as.teacher, { date: [...taken][0] });
    expect(clash.json().message).toBe("course_section_lesson_date_exists");

    const deleted = await api("DELETE", `/lessons/${lesson.id}`, as.teacher);
    expect(deleted.statusCode).toBe(204);
    expect((await api("GET", `/lessons/${lesson.id}`, as.teacher)).statusCode).toBe(404);
  });
});

describe("attendance", () => {
  it("records the whole course section in one request, present by default, each change in the audit trail", async () => {
    const id = await freshLesson();
    const [a, b, c] = roster;
    const res = await api("PATCH", `/lessons/${id}/register`, as.teacher, {
      students: [
        { student_id: a, attendance: "absent" },
        { student_id: b, attendance: "absent" },
        { student_id: c, attendance: "delayed" },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.absences).toBe(2);
    expect(data.delays).toBe(1);
    expect(data.registered_at).not.toBeNull();
    expect(data.absences_by_attendance).toEqual(
      expect.arrayContaining([{ student_id: a }, { student_id: b }]),
    );
    expect(data.absences_by_delay).toEqual([{ student_id: c }]);
    expect(data.students.find((st: { id: number }) => st.id === c)).toMatchObject({
      delayed: true,
      attendance: "delayed",
    });
    const rows = await ctx.db.select().from(s.lessonStudents).where(eq(s.lessonStudents.lessonId, id));
    expect(rows).toHaveLength(roster.length);
    expect(rows.filter((r) => r.attendance === "present")).toHaveLength(roster.length - 3);

    const trail = await changesOf(id);
    expect(trail).toHaveLength(3);
    expect(trail.find((t) => t.studentId === c)).toMatchObject({
      field: "attendance",
      oldValue: "present",
      newValue: "delayed",
      changedByName: expect.any(String),
    });

    // a comes back present (not listed), b stays absent: one more change only.
    const again = await api("PATCH", `/lessons/${id}/register`, as.teacher, {
      students: [
        { student_id: b, attendance: "absent" },
        { student_id: c, attendance: "delayed" },
      ],
    });
    expect(again.json().data.absences).toBe(1);
    const trail2 = await changesOf(id);
    expect(trail2).toHaveLength(4);
    expect(trail2[3]).toMatchObject({ studentId: a, oldValue: "absent", newValue: "present" });
  });

  it("refuses a student not enrolled in the course section and writes nothing", async () => {
    const id = await freshLesson();
    const [outsider] = await ctx.db
      .select({ id: s.students.id })
      .from(s.students)
      .where(
        sql`${s.students.id} not in (select student_id from course_enrolments where course_section_id = ${cs.id})`,
      )
      .limit(1);
    const res = await api("PATCH", `/lessons/${id}/register`, as.teacher, {
      students: [
        { student_id: roster[0], attendance: "absent" },
        { student_id: outsider!.id, attendance: "absent" },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "student_is_not_related_to_course_section",
      description: "El estudiante no está inscrito en esta materia.",
    });
    expect(
      await ctx.db.select().from(s.lessonStudents).where(eq(s.lessonStudents.lessonId, id)),
    ).toHaveLength(0);
    expect(await changesOf(id)).toHaveLength(0);
    const bad = await api("PATCH", `/lessons/${id}/register`, as.teacher, {
      students: [{ student_id: roster[0], attendance: "sick" }],
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe("evaluations and notes", () => {
  it("keeps the weights plus the final delivery within 100, telling what is still available", async () => {
    const id = await freshLesson();
    const detail = (await api("GET", `/lessons/${id}`, as.teacher)).json().data;
    const available = detail.available_weight as number;
    expect(available).toBeGreaterThan(0);
    const over = await api("PATCH", `/lessons/${id}/evaluate`, as.teacher, { weight: available + 1 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: "invalid_weighting",
      description: `La ponderación supera el porcentaje disponible: quedan ${available} % para esta evaluación.`,
    });
    const ok = await api("PATCH", `/lessons/${id}/evaluate`, as.teacher, { weight: Math.min(available, 10) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ evaluated: true, weight: Math.min(available, 10) });
    const tooMuch = await api("PATCH", `/lessons/${id}/evaluate`, as.teacher, { weight: 101 });
    expect(tooMuch.statusCode).toBe(422);
  });

  it("refuses notes outside 0–20 or not numbers in Spanish, and on a lesson not evaluated", async () => {
    const id = await freshLesson();
    for (const note of [21, -1, "diez"]) {
      const res = await api("PATCH", `/lessons/${id}/students/bulk-update`, as.teacher, {
        students: [{ student_id: roster[0], note }],
      });
      expect(res.statusCode).toBe(422);
      const messages = Object.values(res.json().errors as Record<string, string[]>).flat();
      expect(messages.join(" ")).toContain("nota");
    }
    const plain = await api("PATCH", `/lessons/${id}/students/bulk-update`, as.teacher, {
      students: [{ student_id: roster[0], note: 15 }],
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe("lesson_is_not_evaluated");
    expect(await changesOf(id)).toHaveLength(0);
  });

  it("writes notes, skips students failed by absences and says so; the trail keeps old and new values", async () => {
    const id = await freshLesson();
    expect((await api("PATCH", `/lessons/${id}/evaluate`, as.teacher, { weight: 5 })).statusCode).toBe(200);
    // The last student of the roster misses more lessons than the course allows.
    const failed = roster[roster.length - 1]!;
    const past = (await lessonsOf(cs.id)).filter((l) => l.id !== id).slice(0, cs.maxAbsences + 1);
    for (const l of past) {
      await ctx.db
        .insert(s.lessonStudents)
        .values({ lessonId: l.id, studentId: failed, attendance: "absent" })
        .onConflictDoUpdate({
          target: [s.lessonStudents.lessonId, s.lessonStudents.studentId],
          set: { attendance: "absent" },
        });
    }
    const res = await api("PATCH", `/lessons/${id}/students/bulk-update`, as.teacher, {
      students: [
        { student_id: roster[0], note: 15.5 },
        { student_id: roster[1], note: 20 },
        { student_id: failed, note: 18 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.message).toBe(
      "Algunos estudiantes no se pudieron editar ya que tienen la materia aplazada por inasistencias.",
    );
    expect(data.skipped_student_ids).toEqual([failed]);
    expect(data.students_with_failed_course_by_delay).toContainEqual({ student_id: failed });
    const byId = new Map(data.students.map((st: { id: number }) => [st.id, st]));
    expect(byId.get(roster[0])).toMatchObject({ note: 15.5, pivot: { note: 15.5 } });
    expect(byId.get(failed)).toMatchObject({ note: null, failed_by_delay: true });

    const change = await api("PATCH", `/lessons/${id}/students/bulk-update`, as.coordinator, {
      students: [{ student_id: roster[0], note: 12 }],
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().data.message).toBeUndefined();
    const trail = (await changesOf(id)).filter((t) => t.studentId === roster[0]);
    expect(trail.map((t) => [t.oldValue, t.newValue])).toEqual([
      [null, "15.5"],
      ["15.5", "12"],
    ]);

    const single = await api("PATCH", `/lessons/${id}/students/${failed}`, as.teacher, { note: 10 });
    expect(single.statusCode).toBe(400);
    expect(single.json().message).toBe("lesson_student_failed_by_absences");
    const one = await api("PATCH", `/lessons/${id}/students/${roster[1]}`, as.teacher, {
      attendance: "delayed",
      note: 19,
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.students.find((st: { id: number }) => st.id === roster[1])).toMatchObject({
      attendance: "delayed",
      note: 19,
    });
    const empty = await api("PATCH", `/lessons/${id}/students/${roster[1]}`, as.teacher, {});
    expect(empty.statusCode).toBe(422);

    // The history, read-only for staff.
    const url = `/sections/${cs.sectionId}/courses/${cs.courseId}/students/${roster[0]}/history`;
    const history = await api("GET", url, as.admin);
    expect(history.statusCode).toBe(200);
    expect(history.json().data[0]).toMatchObject({
      lesson_id: id,
      field: "note",
      old_value: "15.5",
      new_value: "12",
      changed_by: { name: expect.any(String) },
    });
    expect((await api("GET", url, as.teacher)).statusCode).toBe(200);
    expect((await api("GET", url, as.student)).statusCode).toBe(403);
    expect((await api("GET", url, as.otherTeacher)).json().message).toBe(
      "teacher_not_has_course_section_assigned",
    );

    // Append-only: the database refuses to rewrite it.
    await expect(ctx.db.execute(sql`update lesson_student_changes set new_value = '20'`)).rejects.toThrow();

    // A lesson with notes or absences is not deleted.
    const withNotes = await api("DELETE", `/lessons/${id}`, as.teacher);
    expect(withNotes.json()).toMatchObject({
      message: "lesson_student_has_note",
      description: "La clase tiene notas registradas y no puede eliminarse.",
    });
    const absent = await freshLesson();
    await api("PATCH", `/lessons/${absent}/register`, as.teacher, {
      students: [{ student_id: roster[0], attendance: "absent" }],
    });
    const withAbsences = await api("DELETE", `/lessons/${absent}`, as.teacher);
    expect(withAbsences.json()).toMatchObject({
      message: "lesson_has_absences",
      description: "La clase tiene inasistencias registradas y no puede eliminarse.",
    });
  });
});

describe("who works on which lessons", () => {
  it("lets the teacher and their supervising coordinator in; refuses the rest with the reason", async () => {
    const id = await freshLesson();
    const body = { students: [] };
    for (const who of [as.teacher, as.coordinator]) {
      expect((await api("PATCH", `/lessons/${id}/register`, who, body)).statusCode).toBe(200);
      expect((await api("GET", `/lessons/${id}`, who)).statusCode).toBe(200);
    }
    // spec.md §6: administrators have the lessons list, not a lesson ("Lesson absences and detail: teacher,
    // coordinator"): nothing done on one lesson is theirs.
    for (const [method, url, payload] of [
      ["GET", `/lessons/${id}`, undefined],
      ["PATCH", `/lessons/${id}`, { title: "Repaso" }],
      ["PATCH", `/lessons/${id}/register`, body],
      ["PATCH", `/lessons/${id}/evaluate`, { weight: 1 }],
      ["PATCH", `/lessons/${id}/students/bulk-update`, body],
      ["DELETE", `/lessons/${id}`, undefined],
    ] as const) {
      expect((await api(method, url, as.admin, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await api("GET", "/lessons?limit=1", as.admin)).statusCode).toBe(200);
    const other = await api("PATCH", `/lessons/${id}/register`, as.otherTeacher, body);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({
      message: "teacher_not_has_course_section_assigned",
      description: "El profesor no tiene asignada esta materia.",
    });
    const stranger = await api("PATCH", `/lessons/${id}/evaluate`, as.strangerCoordinator, { weight: 1 });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({
      message: "coordinator_not_owner_or_not_supervising",
      description: "El coordinador no supervisa a este profesor.",
    });
    expect(
      (await api("POST", "/lessons/generate", as.otherTeacher, { course_section_id: cs.id })).statusCode,
    ).toBe(403);
    for (const who of [as.student, as.lowAdmin]) {
      expect((await api("GET", `/lessons/${id}`, who)).statusCode).toBe(403);
      expect((await api("GET", "/lessons", who)).statusCode).toBe(403);
    }
  });

  it("lists only the caller's lessons and course sections, also as CSV", async () => {
    const mine = await api("GET", `/lessons?limit=0&period_id=${period.id}`, as.teacher);
    expect(mine.statusCode).toBe(200);
    const rows = mine.json().data as { course_section: { teachers: { id: number }[] } }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((l) => l.course_section.teachers.some((t) => t.id === cs.teacherId))).toBe(true);
    expect((await api("GET", "/lessons", as.otherTeacher)).json().meta.total).toBe(0);
    const all = (await api("GET", "/lessons?limit=1", as.admin)).json().meta.total;
    expect(all).toBeGreaterThan(mine.json().meta.total);
    // The coordinator supervises only this teacher (and teaches nothing): the same lessons.
    const coordinator = (await api("GET", `/lessons?limit=1&period_id=${period.id}`, as.coordinator)).json();
    expect(coordinator.meta.total).toBe(mine.json().meta.total);

    const sections = await api("GET", "/lessons/course-sections?limit=0", as.teacher);
    expect(sections.statusCode).toBe(200);
    expect(sections.json().data.some((c: { id: number }) => c.id === cs.id)).toBe(true);
    expect(sections.json().data[0]).toMatchObject({
      has_schedule: expect.any(Boolean),
      students_count: expect.any(Number),
    });

    const csv = await api("GET", `/lessons?format=csv&course_section_id=${cs.id}`, as.teacher);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("Fecha");
    const csv2 = await api("GET", "/lessons/course-sections?format=csv", as.teacher);
    expect(csv2.body).toContain("Materia");
  });
});

describe("concurrent edits (issue 27): a save that read an older version is refused", () => {
  const detail = async (id: number) => (await api("GET", `/lessons/${id}`, as.teacher)).json().data;
  const stale = {
    message: "stale_record",
    description:
      "Otra persona guardó cambios en este registro mientras usted lo editaba. Se cargaron los datos actuales: revíselos y vuelva a guardar.",
  };

  /** A fresh lesson evaluated with a small weight, ready for notes. */
  async function evaluatedLesson(): Promise<number> {
    const id = await freshLesson();
    const available = (await detail(id)).available_weight as number;
    const res = await api("PATCH", `/lessons/${id}/evaluate`, as.teacher, { weight: Math.min(available, 2) });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  }

  it("attendance: two saves of the same version, the second gets 409 and the first one's data stays", async () => {
    const id = await freshLesson();
    const student = roster[2]!;
    const read = await detail(id);
    expect(read.version).toEqual(expect.any(Number));
    const first = await api("PATCH", `/lessons/${id}/register`, as.teacher, {
      students: [{ student_id: student, attendance: "absent" }],
      version: read.version,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.version).toBe(read.version + 1);
    const second = await api("PATCH", `/lessons/${id}/register`, as.coordinator, {
      students: [{ student_id: student, attendance: "delayed" }],
      version: read.version,
    });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject(stale);
    const now = await detail(id);
    expect(now.version).toBe(read.version + 1);
    expect(now.students.find((st: { id: number }) => st.id === student).attendance).toBe("absent");
    expect((await changesOf(id)).map((c) => c.newValue)).toEqual(["absent"]);
    // With the version it read now, the coordinator's save goes through.
    const retry = await api("PATCH", `/lessons/${id}/register`, as.coordinator, {
      students: [{ student_id: student, attendance: "delayed" }],
      version: now.version,
    });
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it("notes: the later save of the same version is refused; the note is the first save's", async () => {
    const id = await evaluatedLesson();
    const read = await detail(id);
    const first = await api("PATCH", `/lessons/${id}/students/bulk-update`, as.teacher, {
      students: [{ student_id: roster[0], note: 15 }],
      version: read.version,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await api("PATCH", `/lessons/${id}/students/bulk-update`, as.coordinator, {
      students: [{ student_id: roster[0], note: 12 }],
      version: read.version,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject(stale);
    const [row] = await ctx.db
      .select()
      .from(s.lessonStudents)
      .where(and(eq(s.lessonStudents.lessonId, id), eq(s.lessonStudents.studentId, roster[0]!)));
    expect(row!.note).toBe(15);
    // One student's note or attendance: the same rule.
    const one = await api("PATCH", `/lessons/${id}/students/${roster[1]}`, as.coordinator, {
      note: 11,
      version: read.version,
    });
    expect(one.statusCode).toBe(409);
    const current = await detail(id);
    const ok = await api("PATCH", `/lessons/${id}/students/${roster[1]}`, as.coordinator, {
      note: 11,
      version: current.version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.version).toBe(current.version + 1);
  });

  it("notes of a student in the course section (PATCH /sections/…/students/{id}) carry each lesson's version", async () => {
    const id = await evaluatedLesson();
    const url = `/sections/${cs.sectionId}/courses/${cs.courseId}/students/${roster[1]}`;
    const read = await api("GET", url, as.teacher);
    expect(read.statusCode, read.body).toBe(200);
    const lesson = read.json().data.lessons.find((l: { id: number }) => l.id === id);
    expect(lesson.version).toEqual(expect.any(Number));
    // Meanwhile someone saves the lesson's notes on the lesson's page.
    const meanwhile = await api("PATCH", `/lessons/${id}/students/bulk-update`, as.coordinator, {
      students: [{ student_id: roster[1], note: 18 }],
      version: lesson.version,
    });
    expect(meanwhile.statusCode).toBe(200);
    const late = await api("PATCH", url, as.teacher, {
      notes: [{ lesson_id: id, note: 9, version: lesson.version }],
    });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject(stale);
    const after = (await api("GET", url, as.teacher)).json().data;
    expect(after.student.notes).toContainEqual({ lesson_id: id, note: 18 });
    const fresh = after.lessons.find((l: { id: number }) => l.id === id).version;
    const ok = await api("PATCH", url, as.teacher, { notes: [{ lesson_id: id, note: 9, version: fresh }] });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("two saves of one version at the same time: exactly one wins", async () => {
    const id = await evaluatedLesson();
    const { version } = await detail(id);
    const answers = await Promise.all(
      [14, 16].map((note) =>
        api("PATCH", `/lessons/${id}/students/bulk-update`, as.teacher, {
          students: [{ student_id: roster[0], note }],
          version,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data;
    expect(winner.version).toBe(version + 1);
  });

  it("a save without a version (an older client) is not checked", async () => {
    const id = await freshLesson();
    const res = await api("PATCH", `/lessons/${id}/register`, as.teacher, { students: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await api("PATCH", `/lessons/${id}/register`, as.teacher, { students: [] })).statusCode).toBe(
      200,
    );
  });
});
