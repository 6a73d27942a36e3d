import { and, eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAccessToken } from "../auth/tokens.js";
import * as s from "../db/schema/index.js";
import { day } from "../db/seed/random.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { seedDemoSchool } from "../test/demo-school.js";
import { evaluationRemindersJobName, reminderText, sendEvaluationReminders } from "./evaluation-reminders.js";

let ctx: TestContext;
let periodId: number;
let fcDate: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  const [period] = await ctx.db.select().from(s.periods).where(eq(s.periods.enabled, true));
  periodId = period!.id;
  fcDate = period!.pendingEvaluationsFcReminderDate!;
}, 180_000);
afterAll(() => ctx?.close());

const reminders = () =>
  ctx.db
    .select({
      id: s.notifications.id,
      code: s.notifications.code,
      content: s.notifications.content,
      type: s.notifications.type,
      userId: s.notificationReceivers.userId,
    })
    .from(s.notifications)
    .innerJoin(s.notificationReceivers, eq(s.notificationReceivers.notificationId, s.notifications.id))
    .where(like(s.notifications.code, `pending_evaluations_fc:p${periodId}:%`));

/** Evaluated lessons of the current period with their course section's teacher. */
async function evaluatedLessons() {
  return ctx.db
    .select({
      lessonId: s.lessons.id,
      courseSectionId: s.lessons.courseSectionId,
      teacherId: s.courseSectionTeachers.teacherId,
      userId: s.teachers.userId,
      sectionCode: s.sections.code,
    })
    .from(s.lessons)
    .innerJoin(s.courseSections, eq(s.courseSections.id, s.lessons.courseSectionId))
    .innerJoin(s.sections, eq(s.sections.id, s.courseSections.sectionId))
    .innerJoin(
      s.courseSectionTeachers,
      eq(s.courseSectionTeachers.courseSectionId, s.lessons.courseSectionId),
    )
    .innerJoin(s.teachers, eq(s.teachers.id, s.courseSectionTeachers.teacherId))
    .where(and(eq(s.lessons.evaluated, true), eq(s.sections.periodId, periodId)))
    .orderBy(s.lessons.id);
}

/** Gives every enrolled student a note in `lessonIds`. */
async function fillNotes(lessonIds: number[]) {
  for (const lessonId of lessonIds) {
    const [lesson] = await ctx.db.select().from(s.lessons).where(eq(s.lessons.id, lessonId));
    const roster = await ctx.db
      .select({ studentId: s.courseEnrolments.studentId })
      .from(s.courseEnrolments)
      .where(eq(s.courseEnrolments.courseSectionId, lesson!.courseSectionId));
    if (roster.length === 0) continue;
    await ctx.db
      .insert(s.lessonStudents)
      .values(roster.map((r) => ({ lessonId, studentId: r.studentId, note: 15 })))
      .onConflictDoUpdate({
        target: [s.lessonStudents.lessonId, s.lessonStudents.studentId],
        set: { note: sql`excluded.note` },
      });
  }
}

describe("pending-evaluation reminders", () => {
  it("words the reminder in Spanish with the course section and the count", () => {
    expect(reminderText("fc", [{ code: "INF-S1A", title: "Programación I", lessons: 1 }])).toBe(
      "Tiene evaluaciones del primer corte sin notas para algunos estudiantes: INF-S1A — Programación I " +
        "(1 evaluación pendiente). Cárguelas en Mis lecciones.",
    );
    expect(
      reminderText("sc", [
        { code: "CB-S1A", title: "Matemática I", lessons: 2 },
        { code: "CB-S1B", title: "Matemática I", lessons: 3 },
      ]),
    ).toContain(
      "del segundo corte sin notas para algunos estudiantes: CB-S1A — Matemática I (2 evaluaciones pendientes); CB-S1B",
    );
  });

  it("sends nothing before the reminder date (nor does the scheduled job the evening before)", async () => {
    expect(await sendEvaluationReminders(ctx.db, { today: day.add(fcDate, -1) })).toEqual({ sent: 0 });
    // 23:30 at the school is already the reminder date in UTC: the job reads the school's day.
    ctx.clock.setSchoolTime(day.add(fcDate, -1), "23:30");
    await ctx.app.jobs.runNow(evaluationRemindersJobName);
    expect(await reminders()).toEqual([]);
  });

  it("on the date, one notification per teacher with notes missing, once across runs and servers", async () => {
    const lessons = await evaluatedLessons();
    const withStudents = new Set(
      (await ctx.db.selectDistinct({ id: s.lessonStudents.lessonId }).from(s.lessonStudents)).map(
        (r) => r.id,
      ),
    );
    const taught = lessons.filter((l) => withStudents.has(l.lessonId));
    expect(new Set(taught.map((l) => l.teacherId)).size).toBeGreaterThan(2);
    // One teacher has every note in; another lacks one note for sure.
    const complete = taught[0]!.teacherId;
    await fillNotes(lessons.filter((l) => l.teacherId === complete).map((l) => l.lessonId));
    const late = taught.find((l) => l.teacherId !== complete)!;
    await ctx.db.execute(
      sql`update lesson_students set note = null where lesson_id = ${late.lessonId} and student_id = (
        select min(student_id) from lesson_students where lesson_id = ${late.lessonId})`,
    );

    // The scheduled job on the reminder date sends them.
    ctx.clock.setSchoolTime(fcDate, "00:30");
    await ctx.app.jobs.runNow(evaluationRemindersJobName);
    const sent = await reminders();
    const first = { sent: sent.length };
    expect(first.sent).toBeGreaterThan(0);
    const receivers = sent.map((r) => r.userId);
    expect(new Set(receivers).size).toBe(receivers.length);
    const userOf = new Map(lessons.map((l) => [l.teacherId, l.userId]));
    expect(receivers).not.toContain(userOf.get(complete));
    const lateOne = sent.find((r) => r.userId === late.userId)!;
    expect(lateOne.type).toBe(6);
    expect(lateOne.content).toMatch(/^Tiene evaluaciones del primer corte sin notas/);
    expect(lateOne.content).toContain(late.sectionCode);
    expect(lateOne.content).toMatch(/\d+ evaluaci(ón pendiente|ones pendientes)/);

    // Two servers running it again at once (and later) send nothing more.
    const again = await Promise.all([
      sendEvaluationReminders(ctx.db, { today: fcDate }),
      sendEvaluationReminders(ctx.db, { today: day.add(fcDate, 1) }),
    ]);
    expect(again).toEqual([{ sent: 0 }, { sent: 0 }]);
    expect(await reminders()).toHaveLength(first.sent);

    // The teacher reads it among their notifications.
    const { token } = await signAccessToken({
      secret: ctx.config.jwtSecret,
      userId: late.userId,
      ttlSeconds: 3600,
    });
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/notifications",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const contents = (res.json().data as { content: string }[]).map((n) => n.content);
    expect(contents).toContain(lateOne.content);
  });

  it("sends nothing when every evaluation of the cut has its notes", async () => {
    const ids = (await evaluatedLessons()).map((l) => l.lessonId);
    await fillNotes(ids);
    await ctx.db.delete(s.notifications).where(
      inArray(
        s.notifications.id,
        (await reminders()).map((r) => r.id),
      ),
    );
    expect(await sendEvaluationReminders(ctx.db, { today: fcDate })).toEqual({ sent: 0 });
    expect(await reminders()).toEqual([]);
  });
});
