import { and, asc, eq, gte, isNotNull, like, lte, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db, DbOrTx } from "../db/client.js";
import {
  courseEnrolments,
  courseSections,
  courseSectionTeachers,
  courses,
  lessonStudents,
  lessons,
  notifications,
  periods,
  sections,
  teachers,
} from "../db/schema/index.js";

import { sendNotification } from "../modules/notifications/send.js";

/** The job's name; it looks every hour whether a reminder date has come. */
export const evaluationRemindersJobName = "pending-evaluation-reminders";
const everyMs = 60 * 60_000;
const LOCK = 7_340_009;

export type Cut = "fc" | "sc";
const cutLabel: Record<Cut, string> = { fc: "primer corte", sc: "segundo corte" };

/**
 * The key kept in `notifications.code` of a reminder: one per period, cut and teacher. A run sends only
 * the keys not there yet, under an advisory lock, so a second run or a second server sends nothing again.
 */
export const reminderKey = (periodId: number, cut: Cut, teacherId: number) =>
  `pending_evaluations_${cut}:p${periodId}:t${teacherId}`;

type Pending = { teacherId: number; userId: number; code: string; title: string; lessons: number };

/** Evaluated lessons of the cut (up to `today`) that some enrolled student still has no note in, by teacher and course section. */
async function pendingOf(db: DbOrTx, periodId: number, from: string, to: string): Promise<Pending[]> {
  const missingNote = sql`exists (
    select 1 from ${courseEnrolments}
    where ${courseEnrolments.courseSectionId} = ${lessons.courseSectionId}
      and ${courseEnrolments.status} = 'enrolled'
      and not exists (
        select 1 from ${lessonStudents}
        where ${lessonStudents.lessonId} = ${lessons.id}
          and ${lessonStudents.studentId} = ${courseEnrolments.studentId}
          and ${lessonStudents.note} is not null))`;
  return db
    .select({
      teacherId: courseSectionTeachers.teacherId,
      userId: teachers.userId,
      code: sections.code,
      title: courses.title,
      lessons: sql<number>`count(distinct ${lessons.id})`.mapWith(Number),
    })
    .from(lessons)
    .innerJoin(courseSections, eq(courseSections.id, lessons.courseSectionId))
    .innerJoin(sections, eq(sections.id, courseSections.sectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .innerJoin(courseSectionTeachers, eq(courseSectionTeachers.courseSectionId, lessons.courseSectionId))
    .innerJoin(teachers, eq(teachers.id, courseSectionTeachers.teacherId))
    .where(
      and(
        eq(sections.periodId, periodId),
        eq(lessons.evaluated, true),
        gte(lessons.date, from),
        lte(lessons.date, to),
        missingNote,
      ),
    )
    .groupBy(courseSectionTeachers.teacherId, teachers.userId, sections.code, courses.title)
    .orderBy(asc(courseSectionTeachers.teacherId), asc(sections.code), asc(courses.title));
}

/** "Tiene evaluaciones del primer corte sin notas: INF-S1A — Programación I (2 evaluaciones pendientes)." */
export function reminderText(cut: Cut, items: { code: string; title: string; lessons: number }[]): string {
  const list = items
    .map(
      (i) =>
        `${i.code} — ${i.title} (${i.lessons} ${i.lessons === 1 ? "evaluación pendiente" : "evaluaciones pendientes"})`,
    )
    .join("; ");
  return `Tiene evaluaciones del ${cutLabel[cut]} sin notas para algunos estudiantes: ${list}. Cárguelas en Mis lecciones.`;
}

/**
 * On (or after) the enabled period's pending-evaluation reminder dates (spec.md §3), sends each teacher
 * with evaluated lessons of that cut still without notes for some student one automatic notification,
 * once. Answers how many were sent.
 */
export async function sendEvaluationReminders(db: Db, opts: { today: string }): Promise<{ sent: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
    const [period] = await tx.select().from(periods).where(eq(periods.enabled, true));
    if (!period) return { sent: 0 };
    const cuts: { cut: Cut; date: string | null; from: string | null; to: string | null }[] = [
      {
        cut: "fc",
        date: period.pendingEvaluationsFcReminderDate,
        from: period.firstCutStartDate,
        to: period.firstCutEndDate,
      },
      {
        cut: "sc",
        date: period.pendingEvaluationsScReminderDate,
        from: period.secondCutStartDate,
        to: period.secondCutEndDate,
      },
    ];
    let sent = 0;
    for (const { cut, date, from, to } of cuts) {
      if (!date || !from || !to || date > opts.today) continue;
      const upTo = to < opts.today ? to : opts.today;
      const pending = await pendingOf(tx, period.id, from, upTo);
      if (pending.length === 0) continue;
      const done = new Set(
        (
          await tx
            .select({ code: notifications.code })
            .from(notifications)
            .where(
              and(
                isNotNull(notifications.code),
                like(notifications.code, `pending_evaluations_${cut}:p${period.id}:%`),
              ),
            )
        ).map((r) => r.code),
      );
      const byTeacher = new Map<number, Pending[]>();
      for (const p of pending) byTeacher.set(p.teacherId, [...(byTeacher.get(p.teacherId) ?? []), p]);
      const toSend = [...byTeacher].filter(
        ([teacherId]) => !done.has(reminderKey(period.id, cut, teacherId)),
      );
      if (toSend.length === 0) continue;
      for (const [teacherId, items] of toSend) {
        await sendNotification(tx, {
          content: reminderText(cut, items),
          type: 6,
          code: reminderKey(period.id, cut, teacherId),
          // [section, course, pending evaluations] for the text in the reader's language.
          params: { items: items.map((i) => [i.code, i.title, i.lessons]) },
          back: "/lessons",
          userIds: [items[0]!.userId],
        });
      }
      sent += toSend.length;
    }
    return { sent };
  });
}

/** Schedules the reminders on the job queue (once per period across all servers). */
export const evaluationRemindersJobPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.every(evaluationRemindersJobName, everyMs, async () => {
      const result = await sendEvaluationReminders(app.db, { today: app.clock.today() });
      if (result.sent > 0) app.log.info(result, "pending-evaluation reminders sent");
    });
  },
  { name: "evaluation-reminders-job", dependencies: ["jobs"] },
);
