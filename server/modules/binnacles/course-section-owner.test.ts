import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import { signAccessToken } from "../../auth/tokens.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";

/**
 * spec.md §6 / ARCHITECTURE.md "a teacher only their own course sections": an entry tied to a course
 * section is written only by a teacher of that course section. Teaching the student elsewhere is not
 * enough: a teacher who has the student in their own course section A still may not write an entry on
 * course section B of another teacher, where the same student is enrolled. Refused with 403
 * `teacher_not_has_course_section_assigned`, nothing written.
 */
let ctx: TestContext;
type Headers = { authorization: string };
let admin: Headers;

/** A non-coordinator teacher, one of their students, their course section A and another teacher's B. */
let teacher: { id: number; userId: number; headers: Headers };
let studentId: number;
let ownSection: number;
let othersSection: number;

const api = (method: "POST" | "PATCH" | "DELETE", url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

const entry = (courseSectionId: number) => ({
  student_id: studentId,
  course_section_id: courseSectionId,
  incidence_date: "2026-11-20",
  subject: "Copió en la evaluación",
  description: "Se le retiró la hoja.",
  category: "Conducta",
});

const entriesOn = (courseSectionId: number) =>
  ctx.db
    .select({ id: s.binnacles.id, authorUserId: s.binnacles.authorUserId, subject: s.binnacles.subject })
    .from(s.binnacles)
    .where(and(eq(s.binnacles.courseSectionId, courseSectionId), eq(s.binnacles.studentId, studentId)));

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  admin = (await createUserWithToken(ctx, Role.admin)).headers;

  // A (teacher, student, A, B): the teacher teaches A, the student is enrolled in A and in B, and B is
  // taught by someone else only.
  const [found] = await ctx.db
    .select({
      teacherId: s.teachers.id,
      userId: s.teachers.userId,
      studentId: s.courseEnrolments.studentId,
      ownSection: s.courseEnrolments.courseSectionId,
      othersSection: sql<number>`(
        select ce.course_section_id from course_enrolments ce
        where ce.student_id = ${s.courseEnrolments.studentId}
          and ce.course_section_id <> ${s.courseEnrolments.courseSectionId}
          and exists (select 1 from course_section_teachers o where o.course_section_id = ce.course_section_id)
          and not exists (select 1 from course_section_teachers mine
            where mine.course_section_id = ce.course_section_id and mine.teacher_id = ${s.teachers.id})
        order by ce.course_section_id limit 1)`.mapWith(Number),
    })
    .from(s.teachers)
    .innerJoin(s.courseSectionTeachers, eq(s.courseSectionTeachers.teacherId, s.teachers.id))
    .innerJoin(
      s.courseEnrolments,
      eq(s.courseEnrolments.courseSectionId, s.courseSectionTeachers.courseSectionId),
    )
    .where(
      and(
        eq(s.teachers.isCoordinator, false),
        sql`exists (
          select 1 from course_enrolments ce
          where ce.student_id = ${s.courseEnrolments.studentId}
            and ce.course_section_id <> ${s.courseEnrolments.courseSectionId}
            and exists (select 1 from course_section_teachers o where o.course_section_id = ce.course_section_id)
            and not exists (select 1 from course_section_teachers mine
              where mine.course_section_id = ce.course_section_id and mine.teacher_id = ${s.teachers.id}))`,
      ),
    )
    .orderBy(s.teachers.id, s.courseEnrolments.studentId)
    .limit(1);
  expect(found, "the demo school has a teacher sharing a student with another teacher").toBeDefined();
  const { token } = await signAccessToken({
    secret: ctx.config.jwtSecret,
    userId: found!.userId,
    ttlSeconds: 3600,
  });
  teacher = { id: found!.teacherId, userId: found!.userId, headers: { authorization: `Bearer ${token}` } };
  studentId = found!.studentId;
  ownSection = found!.ownSection;
  othersSection = found!.othersSection;
}, 180_000);
afterAll(() => ctx?.close());

describe("a teacher writes binnacles only on their own course sections", () => {
  it("refuses an entry on another teacher's course section about a student the teacher teaches elsewhere", async () => {
    // The student is the teacher's: on the teacher's own course section the entry is written.
    const own = await api("POST", "/binnacles", teacher.headers, entry(ownSection));
    expect(own.statusCode, own.body).toBe(201);

    const before = await entriesOn(othersSection);
    const res = await api("POST", "/binnacles", teacher.headers, entry(othersSection));
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe("teacher_not_has_course_section_assigned");
    expect(await entriesOn(othersSection)).toEqual(before);
  });

  it("refuses to move the teacher's entry onto that course section, or to edit one written there", async () => {
    const mine = (await api("POST", "/binnacles", teacher.headers, entry(ownSection))).json().data;
    const moved = await api("PATCH", `/binnacles/${mine.id}`, teacher.headers, {
      course_section_id: othersSection,
    });
    expect(moved.statusCode, moved.body).toBe(403);
    const [still] = await ctx.db
      .select({ courseSectionId: s.binnacles.courseSectionId })
      .from(s.binnacles)
      .where(eq(s.binnacles.id, mine.id));
    expect(still!.courseSectionId).toBe(ownSection);

    const theirs = await api("POST", "/binnacles", admin, entry(othersSection));
    expect(theirs.statusCode, theirs.body).toBe(201);
    const edit = await api("PATCH", `/binnacles/${theirs.json().data.id}`, teacher.headers, {
      subject: "Cambiado por otro profesor",
    });
    expect(edit.statusCode, edit.body).toBe(403);
    const [unchanged] = await ctx.db
      .select({ subject: s.binnacles.subject })
      .from(s.binnacles)
      .where(eq(s.binnacles.id, theirs.json().data.id));
    expect(unchanged!.subject).toBe("Copió en la evaluación");
  });

  it("refuses to pull an entry of that course section onto the teacher's own one", async () => {
    const theirs = (await api("POST", "/binnacles", admin, entry(othersSection))).json().data;
    const pulled = await api("PATCH", `/binnacles/${theirs.id}`, teacher.headers, {
      course_section_id: ownSection,
    });
    expect(pulled.statusCode, pulled.body).toBe(403);
    expect(pulled.json().message).toBe("teacher_not_has_course_section_assigned");
    const [still] = await ctx.db
      .select({ courseSectionId: s.binnacles.courseSectionId })
      .from(s.binnacles)
      .where(eq(s.binnacles.id, theirs.id));
    expect(still!.courseSectionId).toBe(othersSection);
  });

  it("refuses to delete an entry written on that course section; the teacher deletes their own, an admin any", async () => {
    const theirs = (await api("POST", "/binnacles", admin, entry(othersSection))).json().data;
    const removed = await api("DELETE", `/binnacles/${theirs.id}`, teacher.headers);
    expect(removed.statusCode, removed.body).toBe(403);
    expect(removed.json().message).toBe("teacher_not_has_course_section_assigned");
    expect((await entriesOn(othersSection)).map((e) => e.id)).toContain(theirs.id);

    const mine = (await api("POST", "/binnacles", teacher.headers, entry(ownSection))).json().data;
    expect((await api("DELETE", `/binnacles/${mine.id}`, teacher.headers)).statusCode).toBe(204);
    expect((await entriesOn(ownSection)).map((e) => e.id)).not.toContain(mine.id);

    expect((await api("DELETE", `/binnacles/${theirs.id}`, admin)).statusCode).toBe(204);
    expect((await entriesOn(othersSection)).map((e) => e.id)).not.toContain(theirs.id);
  });
});
