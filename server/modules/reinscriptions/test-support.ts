import { and, asc, eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import * as s from "../../db/schema/index.js";
import type { TestContext } from "../../test/context.js";

type Headers = { authorization: string };

/**
 * The demo school's older, current and next periods and the helpers the re-inscription tests share: a
 * fresh demo student of a current semester, their notes, a section of the next period, its inscriptions.
 */
export async function reinscriptionFixture(ctx: TestContext, admin: () => Headers) {
  const ps = await ctx.db.select({ id: s.periods.id }).from(s.periods).orderBy(asc(s.periods.startDate));
  const [olderId, currentId, nextId] = ps.map((p) => p.id) as [number, number, number];

  const api = (method: "GET" | "POST" | "PATCH", url: string, headers: Headers, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  type Picked = {
    studentId: number;
    userId: number;
    gender: string;
    sectionId: number;
    inscriptionId: number;
  };
  const used = new Set<number>();

  /** A demo student of the current period in `semesterCode` not used by another test. */
  async function pickStudent(semesterCode: string, gender?: string): Promise<Picked> {
    const rows = await ctx.db
      .select({
        studentId: s.students.id,
        userId: s.students.userId,
        gender: s.students.gender,
        sectionId: s.inscriptions.sectionId,
        inscriptionId: s.inscriptions.id,
      })
      .from(s.inscriptions)
      .innerJoin(s.semesters, eq(s.semesters.id, s.inscriptions.semesterId))
      .innerJoin(s.students, eq(s.students.id, s.inscriptions.studentId))
      .where(and(eq(s.semesters.code, semesterCode), eq(s.inscriptions.periodId, currentId)))
      .orderBy(asc(s.students.id));
    const row = rows.find((r) => !used.has(r.studentId) && (!gender || r.gender === gender));
    if (!row) throw new Error(`no student left in ${semesterCode}`);
    used.add(row.studentId);
    return row;
  }

  /** Every evaluated note of the student's current courses set to `note` (or per course code), all present. */
  async function setNotes(studentId: number, note: number, perCourse: Record<string, number> = {}) {
    const rows = await ctx.db
      .select({ lessonId: s.lessons.id, code: s.courses.code })
      .from(s.courseEnrolments)
      .innerJoin(s.inscriptions, eq(s.inscriptions.id, s.courseEnrolments.inscriptionId))
      .innerJoin(s.lessons, eq(s.lessons.courseSectionId, s.courseEnrolments.courseSectionId))
      .innerJoin(s.courseSections, eq(s.courseSections.id, s.courseEnrolments.courseSectionId))
      .innerJoin(s.courses, eq(s.courses.id, s.courseSections.courseId))
      .where(
        and(
          eq(s.courseEnrolments.studentId, studentId),
          eq(s.inscriptions.periodId, currentId),
          eq(s.lessons.evaluated, true),
        ),
      );
    expect(rows.length).toBeGreaterThan(0);
    await ctx.db
      .update(s.lessonStudents)
      .set({ attendance: "present" })
      .where(eq(s.lessonStudents.studentId, studentId));
    for (const code of new Set(rows.map((r) => r.code))) {
      const ids = rows.filter((r) => r.code === code).map((r) => r.lessonId);
      await ctx.db
        .update(s.lessonStudents)
        .set({ note: perCourse[code] ?? note })
        .where(and(eq(s.lessonStudents.studentId, studentId), inArray(s.lessonStudents.lessonId, ids)));
    }
  }

  async function semesterId(code: string) {
    const [row] = await ctx.db
      .select({ id: s.semesters.id })
      .from(s.semesters)
      .innerJoin(s.periodPensums, eq(s.periodPensums.pensumId, s.semesters.pensumId))
      .where(and(eq(s.semesters.code, code), eq(s.periodPensums.periodId, currentId)));
    return row!.id;
  }

  async function nextSection(code: string, letter: string, limits = { males_limit: 15, females_limit: 15 }) {
    const res = await api("POST", "/sections", admin(), {
      period_id: nextId,
      semester_id: await semesterId(code),
      letter_code: letter,
      ...limits,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; code: string };
  }

  const openNextPeriod = (open: boolean) =>
    ctx.db.update(s.periods).set({ enabledInscriptions: open }).where(eq(s.periods.id, nextId));

  return { olderId, currentId, nextId, api, pickStudent, setNotes, semesterId, nextSection, openNextPeriod };
}
