import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import type {
  AdminDashboard,
  CoordinatorDashboard,
  StudentDashboard,
  TeacherDashboard,
} from "../../../common/schemas/dashboard.js";
import { signAccessToken } from "../../auth/tokens.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";

/** The dashboards over the demo school, each number counted again here from the tables. */
let ctx: TestContext;
type Headers = { authorization: string };
let admin: Headers;
let today: string;
let period: typeof s.periods.$inferSelect;

async function headersOf(userId: number): Promise<Headers> {
  const { token } = await signAccessToken({ secret: ctx.config.jwtSecret, userId, ttlSeconds: 3600 });
  return { authorization: `Bearer ${token}` };
}
async function demoUser(email: string): Promise<Headers & { userId: number }> {
  const [user] = await ctx.db.select().from(s.users).where(eq(s.users.email, email));
  return { ...(await headersOf(user!.id)), userId: user!.id };
}
const get = (url: string, headers: Headers) => ctx.app.inject({ method: "GET", url: `/api${url}`, headers });
async function data<T>(url: string, headers: Headers): Promise<T> {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  admin = (await createUserWithToken(ctx, Role.admin)).headers;
  today = ctx.clock.today();
  [period] = (await ctx.db.select().from(s.periods).where(eq(s.periods.enabled, true))) as [
    typeof s.periods.$inferSelect,
  ];
}, 180_000);
afterAll(() => ctx?.close());

describe("GET /dashboard/index for the administration", () => {
  it("counts students by status, gender, specialization and semester, and the period's inscriptions against seats", async () => {
    const dash = await data<AdminDashboard>("/dashboard/index", admin);
    expect(dash.kind).toBe("admin");
    expect(dash.period?.id).toBe(period.id);
    expect(dash.today).toBe(today);

    const all = await ctx.db
      .select({ status: s.students.status, gender: s.students.gender })
      .from(s.students);
    expect(dash.students.total).toBe(all.length);
    for (const status of ["active", "retired", "graduated"]) {
      const expected = all.filter((x) => x.status === status).length;
      expect(dash.students.by_status.find((x) => x.status === status)?.count ?? 0).toBe(expected);
    }
    for (const gender of ["female", "male"]) {
      const expected = all.filter((x) => x.gender === gender).length;
      expect(dash.students.by_gender.find((x) => x.gender === gender)?.count ?? 0).toBe(expected);
    }

    const ins = await ctx.db.select().from(s.inscriptions).where(eq(s.inscriptions.periodId, period.id));
    expect(ins.length).toBeGreaterThan(0);
    const specIds = [...new Set(ins.map((i) => i.specializationId))];
    expect(dash.students.by_specialization.map((x) => x.id).sort()).toEqual(specIds.sort());
    for (const row of dash.students.by_specialization)
      expect(row.count).toBe(ins.filter((i) => i.specializationId === row.id).length);
    const semIds = [...new Set(ins.map((i) => i.semesterId))];
    expect(dash.students.by_semester).toHaveLength(semIds.length);
    for (const row of dash.students.by_semester)
      expect(row.count).toBe(ins.filter((i) => i.semesterId === row.id).length);

    expect(dash.inscriptions.count).toBe(ins.filter((i) => i.status === "active").length);
    const secs = await ctx.db.select().from(s.sections).where(eq(s.sections.periodId, period.id));
    expect(dash.inscriptions.seats).toBe(secs.reduce((sum, x) => sum + x.malesLimit + x.femalesLimit, 0));
  });

  it("counts what waits: pre-registrations, payments to review, debtors, document requests and today's activities", async () => {
    const dash = await data<AdminDashboard>("/dashboard/index", admin);
    const pre = await ctx.db.select().from(s.preInscriptions).where(eq(s.preInscriptions.status, "pending"));
    expect(dash.preregistered_pending).toBe(pre.length);
    const waiting = await ctx.db.select().from(s.payments).where(eq(s.payments.status, 1));
    expect(dash.payments.pending_review).toBe(waiting.length);
    expect(dash.payments.pending_review).toBeGreaterThan(0);
    const requests = await ctx.db
      .select()
      .from(s.documentRequests)
      .where(eq(s.documentRequests.status, "pending"));
    expect(dash.document_requests_pending).toBe(requests.length);

    // The debtors report's own numbers (the shared money maths).
    const debtors = await get("/payments/debtors?limit=0", admin);
    const { meta } = debtors.json() as { meta: { total: number; total_owed_e2: number } };
    expect(meta.total).toBeGreaterThan(0);
    expect(dash.payments.debtors).toBe(meta.total);
    expect(dash.payments.overdue_e2).toBe(meta.total_owed_e2);

    const acts = await ctx.db.select().from(s.activities);
    const todays = acts.filter((a) => a.startDate <= today && a.endDate >= today).map((a) => a.id);
    expect(dash.activities_today.map((a) => a.id).sort()).toEqual(todays.sort());
  });

  it("follows a change: a new payment report waits for review and counts at once", async () => {
    const before = (await data<AdminDashboard>("/dashboard/index", admin)).payments.pending_review;
    const [one] = await ctx.db.select().from(s.payments).where(eq(s.payments.status, 2)).limit(1);
    await ctx.db.update(s.payments).set({ status: 1 }).where(eq(s.payments.id, one!.id));
    const after = (await data<AdminDashboard>("/dashboard/index", admin)).payments.pending_review;
    expect(after).toBe(before + 1);
    await ctx.db.update(s.payments).set({ status: 2 }).where(eq(s.payments.id, one!.id));
  });

  it("answers the assistant the same school numbers", async () => {
    const assistant = (await createUserWithToken(ctx, Role.lowAdmin)).headers;
    const dash = await data<AdminDashboard>("/dashboard/index", assistant);
    expect(dash.kind).toBe("admin");
  });
});

describe("GET /dashboard/index for a student", () => {
  it("answers only their own courses with notes and absences, next installment, today's classes and unread notifications", async () => {
    const me = await demoUser("estudiante1@demo.edu.ve");
    const dash = await data<StudentDashboard>("/dashboard/index", me);
    expect(dash.kind).toBe("student");
    const [student] = await ctx.db.select().from(s.students).where(eq(s.students.userId, me.userId));

    // The same courses and numbers as /students/{id}/courses of the period.
    const courses = (
      await data<
        {
          course_section_id: number;
          status: string;
          note: number | null;
          absences: number;
          delays: number;
        }[]
      >(`/students/${student!.id}/courses?period_id=${period.id}`, me)
    ).filter((c) => c.status === "enrolled");
    expect(courses.length).toBeGreaterThan(0);
    expect(dash.courses.map((c) => c.course_section_id).sort()).toEqual(
      courses.map((c) => c.course_section_id).sort(),
    );
    for (const c of dash.courses) {
      const same = courses.find((x) => x.course_section_id === c.course_section_id)!;
      expect([c.note, c.absences, c.delays]).toEqual([same.note, same.absences, same.delays]);
    }

    // The oldest unpaid installment of the period's fee.
    const [fee] = await ctx.db
      .select()
      .from(s.studentPeriodFees)
      .where(
        and(eq(s.studentPeriodFees.studentId, student!.id), eq(s.studentPeriodFees.periodId, period.id)),
      );
    const unpaid = fee
      ? (await ctx.db.select().from(s.feeInstallments).where(eq(s.feeInstallments.feeId, fee.id)))
          .filter((i) => i.paidAmountE2 < i.amountE2 + i.lateExtraE2)
          .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id)
      : [];
    expect(dash.next_installment?.date ?? null).toBe(unpaid[0]?.date ?? null);

    // Today's classes: their week's slots of today's weekday.
    const grid = await data<{ slots: { day: number; course_section_id: number; course: { id: number } }[] }>(
      `/profile/schedules`,
      me,
    );
    const weekday = new Date(`${today}T12:00:00Z`).getUTCDay() || 7; // 1 Monday … 7 Sunday
    const slots = grid.slots.filter((x) => x.day === weekday);
    // Back-to-back hours of one course are one class: as many classes as runs of one course section.
    expect(new Set(dash.today_schedule.map((c) => c.course.id))).toEqual(
      new Set(slots.map((x) => x.course.id)),
    );
    expect(dash.today_schedule.length).toBeLessThanOrEqual(slots.length);
    for (const c of dash.today_schedule) expect(c.start_time < c.end_time).toBe(true);

    const unread = await ctx.db
      .select()
      .from(s.notificationReceivers)
      .where(and(eq(s.notificationReceivers.userId, me.userId), isNull(s.notificationReceivers.readAt)));
    expect(dash.unread_notifications).toBe(unread.length);
  });
});

describe("GET /dashboard/teacher", () => {
  it("answers today's lessons, evaluations without notes and the teacher's own sections", async () => {
    const me = await demoUser("profesor1@demo.edu.ve");
    const [teacher] = await ctx.db.select().from(s.teachers).where(eq(s.teachers.userId, me.userId));
    const dash = await data<TeacherDashboard>("/dashboard/teacher", me);

    const mine = await ctx.db
      .select({ id: s.courseSections.id })
      .from(s.courseSectionTeachers)
      .innerJoin(s.courseSections, eq(s.courseSections.id, s.courseSectionTeachers.courseSectionId))
      .innerJoin(s.sections, eq(s.sections.id, s.courseSections.sectionId))
      .where(and(eq(s.courseSectionTeachers.teacherId, teacher!.id), eq(s.sections.periodId, period.id)));
    const ids = mine.map((m) => m.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(dash.sections.map((x) => x.course_section_id).sort()).toEqual([...ids].sort());

    const lessons = await ctx.db
      .select()
      .from(s.lessons)
      .where(and(inArray(s.lessons.courseSectionId, ids), lte(s.lessons.date, today)));
    const todays = lessons.filter((l) => l.date === today);
    expect(dash.today_lessons.map((l) => l.id).sort()).toEqual(todays.map((l) => l.id).sort());
    expect(dash.pending_attendance).toBe(todays.filter((l) => l.registeredAt === null).length);

    const enrolled = await ctx.db
      .select()
      .from(s.courseEnrolments)
      .where(
        and(inArray(s.courseEnrolments.courseSectionId, ids), eq(s.courseEnrolments.status, "enrolled")),
      );
    const evaluated = lessons.filter((l) => l.evaluated);
    const notes = evaluated.length
      ? await ctx.db
          .select()
          .from(s.lessonStudents)
          .where(
            inArray(
              s.lessonStudents.lessonId,
              evaluated.map((l) => l.id),
            ),
          )
      : [];
    const missing = evaluated
      .map((l) => ({
        id: l.id,
        missing: enrolled.filter(
          (e) =>
            e.courseSectionId === l.courseSectionId &&
            !notes.some((n) => n.lessonId === l.id && n.studentId === e.studentId && n.note !== null),
        ).length,
      }))
      .filter((x) => x.missing > 0);
    expect(
      dash.evaluations_without_notes
        .map((l) => ({ id: l.id, missing: l.missing }))
        .sort((a, b) => a.id - b.id),
    ).toEqual(missing.sort((a, b) => a.id - b.id));
  });

  it("counts a lesson of today without attendance, and no longer once attendance is taken", async () => {
    const me = await demoUser("profesor1@demo.edu.ve");
    const [own] = (await data<TeacherDashboard>("/dashboard/teacher", me)).sections;
    const existing = await ctx.db
      .select()
      .from(s.lessons)
      .where(and(eq(s.lessons.courseSectionId, own!.course_section_id), eq(s.lessons.date, today)));
    const [lesson] = existing.length
      ? existing
      : await ctx.db
          .insert(s.lessons)
          .values({ courseSectionId: own!.course_section_id, date: today, title: "Clase de hoy" })
          .returning();
    await ctx.db.update(s.lessons).set({ registeredAt: null }).where(eq(s.lessons.id, lesson!.id));
    const before = await data<TeacherDashboard>("/dashboard/teacher", me);
    expect(before.today_lessons.find((l) => l.id === lesson!.id)?.registered).toBe(false);
    await ctx.db.update(s.lessons).set({ registeredAt: new Date() }).where(eq(s.lessons.id, lesson!.id));
    const after = await data<TeacherDashboard>("/dashboard/teacher", me);
    expect(after.today_lessons.find((l) => l.id === lesson!.id)?.registered).toBe(true);
    expect(after.pending_attendance).toBe(before.pending_attendance - 1);
  });
});

describe("GET /dashboard/coordinator", () => {
  it("answers the specialization's sections, supervised teachers and low and high performers", async () => {
    const me = await demoUser("coordinador1@demo.edu.ve");
    const [coordinator] = await ctx.db.select().from(s.teachers).where(eq(s.teachers.userId, me.userId));
    const dash = await data<CoordinatorDashboard>("/dashboard/coordinator", me);
    expect(dash.specializations.map((x) => x.id)).toEqual([coordinator!.specializationId]);

    const secs = await ctx.db
      .select({ id: s.sections.id })
      .from(s.sections)
      .innerJoin(s.semesters, eq(s.semesters.id, s.sections.semesterId))
      .innerJoin(s.pensums, eq(s.pensums.id, s.semesters.pensumId))
      .where(
        and(
          eq(s.sections.periodId, period.id),
          eq(s.pensums.specializationId, coordinator!.specializationId!),
        ),
      );
    expect(secs.length).toBeGreaterThan(0);
    expect(dash.sections.map((x) => x.id).sort()).toEqual(secs.map((x) => x.id).sort());

    const supervised = await ctx.db
      .select()
      .from(s.coordinatorSupervisions)
      .where(eq(s.coordinatorSupervisions.coordinatorId, coordinator!.id));
    expect(dash.teachers.map((x) => x.id).sort()).toEqual(supervised.map((x) => x.teacherId).sort());

    // Mid-period (the demo grades half of each course): a student with 20 on everything graded so far is
    // a high performer, one with 5 a low one. The points so far (10 and 2,5 of 20) would call both low.
    const inscribed = await ctx.db
      .select({ id: s.inscriptions.studentId })
      .from(s.inscriptions)
      .where(
        and(
          eq(s.inscriptions.periodId, period.id),
          eq(s.inscriptions.specializationId, coordinator!.specializationId!),
          eq(s.inscriptions.status, "active"),
        ),
      )
      .orderBy(s.inscriptions.studentId);
    const [strong, weak] = [inscribed[0]!.id, inscribed[1]!.id];
    const gradeAll = async (studentId: number, note: number) => {
      const graded = await ctx.db
        .select({ id: s.lessons.id })
        .from(s.lessons)
        .innerJoin(s.courseSections, eq(s.courseSections.id, s.lessons.courseSectionId))
        .innerJoin(s.sections, eq(s.sections.id, s.courseSections.sectionId))
        .where(and(eq(s.sections.periodId, period.id), eq(s.lessons.evaluated, true)));
      await ctx.db
        .update(s.lessonStudents)
        .set({ note, attendance: "present" })
        .where(
          and(
            eq(s.lessonStudents.studentId, studentId),
            inArray(
              s.lessonStudents.lessonId,
              graded.map((l) => l.id),
            ),
          ),
        );
    };
    await gradeAll(strong, 20);
    await gradeAll(weak, 5);
    const after = await data<CoordinatorDashboard>("/dashboard/coordinator", me);
    expect(after.performance.high.find((x) => x.id === strong)).toMatchObject({ average: 20 });
    expect(after.performance.low.find((x) => x.id === weak)).toMatchObject({ average: 5 });
    expect(after.performance.low.some((x) => x.id === strong)).toBe(false);
    expect(after.performance.evaluated).toBeGreaterThan(1);
    for (const x of after.performance.low) expect(x.average).toBeLessThan(period.lowPerformanceNote);
    for (const x of after.performance.high)
      expect(x.average).toBeGreaterThanOrEqual(period.highPerformanceNote);
  }, 120_000);
});

describe("who may read which dashboard", () => {
  it("refuses each dashboard to the roles it is not for", async () => {
    const student = await demoUser("estudiante1@demo.edu.ve");
    const teacher = await demoUser("profesor1@demo.edu.ve");
    const coordinator = await demoUser("coordinador1@demo.edu.ve");
    const cases: [string, Headers, number][] = [
      ["/dashboard/index", teacher, 403],
      ["/dashboard/index", coordinator, 403],
      ["/dashboard/coordinator", admin, 403],
      ["/dashboard/coordinator", teacher, 403],
      ["/dashboard/coordinator", student, 403],
      ["/dashboard/teacher", admin, 403],
      ["/dashboard/teacher", student, 403],
      ["/dashboard/teacher", coordinator, 200],
    ];
    for (const [url, headers, status] of cases) {
      const res = await get(url, headers);
      expect(res.statusCode, `${url} ${res.body}`).toBe(status);
      if (status === 403) expect(res.json().message).toBe("this_action_is_unauthorized");
    }
    const anonymous = await ctx.app.inject({ method: "GET", url: "/api/dashboard/index" });
    expect(anonymous.statusCode).toBe(401);
  });
});
