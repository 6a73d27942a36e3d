import { and, asc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import type { AuditEntry } from "../../../common/schemas/audit.js";
import { signAccessToken } from "../../auth/tokens.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";

/** Logins, note changes and student edits reach the audit log, and its filters find them (issue 27). */
let ctx: TestContext;
type Headers = { authorization: string };
let admin: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  admin = await createUserWithToken(ctx, Role.admin, {
    email: "auditora@colegio.test",
    name: "Carla Auditora",
    password: "clave-auditora-1",
  });
}, 120_000);
afterAll(() => ctx?.close());

const api = (
  method: "GET" | "POST" | "PATCH",
  url: string,
  opts: { headers?: Headers; payload?: object; ip?: string } = {},
) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: opts.headers ?? {},
    remoteAddress: opts.ip ?? "203.0.113.40",
    ...(opts.payload ? { payload: opts.payload } : {}),
  });

async function auditList(query: string): Promise<AuditEntry[]> {
  const res = await api("GET", `/audit-log?limit=100&${query}`, { headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe("the audit log records", () => {
  it("logins and failed logins; found by person, action and day", async () => {
    const person = await createUserWithToken(ctx, Role.lowAdmin, {
      email: "rosa.login@colegio.test",
      name: "Rosa Login",
      password: "clave-rosa-1",
    });
    const failed = await api("POST", "/login", {
      payload: { email: "rosa.login@colegio.test", password: "equivocada" },
      ip: "198.51.100.9",
    });
    expect(failed.statusCode).toBe(401);
    const unknown = await api("POST", "/login", {
      payload: { email: "nadie.login@colegio.test", password: "equivocada" },
      ip: "198.51.100.9",
    });
    expect(unknown.statusCode).toBe(401);
    const ok = await api("POST", "/login", {
      payload: { email: "rosa.login@colegio.test", password: "clave-rosa-1" },
      ip: "198.51.100.10",
    });
    expect(ok.statusCode, ok.body).toBe(200);

    const rows = await auditList("person=rosa.login");
    expect(rows.map((r) => r.action)).toEqual(["auth.login", "auth.login_failed"]);
    expect(rows[0]).toMatchObject({
      actor_id: person.user.id,
      actor_email: "rosa.login@colegio.test",
      entity_type: "user",
      entity_id: person.user.id,
      ip_address: "198.51.100.10",
    });
    expect(rows[1]).toMatchObject({
      actor_id: null,
      entity_id: person.user.id,
      new_values: { email: "rosa.login@colegio.test", reason: "invalid_credentials" },
      ip_address: "198.51.100.9",
    });
    expect(JSON.stringify(rows)).not.toContain("equivocada");

    const failures = await auditList("action=auth.login_failed&person=nadie.login");
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ entity_id: null, new_values: { email: "nadie.login@colegio.test" } });
    // By name too, and by the school's day: today has them, yesterday not.
    expect((await auditList("person=Rosa%20Login&action=auth.login")).length).toBe(1);
    // The rows are stamped by the database; their day is taken in the school's time zone.
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: ctx.config.timeZone }).format(
      new Date(rows[0]!.created_at),
    );
    expect((await auditList(`person=rosa.login&from=${day}&to=${day}`)).length).toBe(2);
    const before = new Date(`${day}T12:00:00Z`);
    before.setUTCDate(before.getUTCDate() - 1);
    const dayBefore = before.toISOString().slice(0, 10);
    expect(await auditList(`person=rosa.login&from=${dayBefore}&to=${dayBefore}`)).toEqual([]);
  });

  it("a student record's edit: who, which fields from what to what", async () => {
    const [student] = await ctx.db.select().from(s.students).orderBy(asc(s.students.id)).limit(1);
    const res = await api("PATCH", `/students/${student!.id}`, {
      headers: admin.headers,
      payload: { phone: "0414-5550101", address: student!.address ?? undefined },
      ip: "198.51.100.20",
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await auditList(`action=student.updated&entity_type=student&entity_id=${student!.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: admin.user.id,
      actor_name: "Carla Auditora",
      ip_address: "198.51.100.20",
      old_values: { phone: student!.phone },
      new_values: { phone: "0414-5550101" },
    });
    expect((await auditList("person=auditora&action=student.updated")).length).toBe(1);
  });

  it("a note change: lesson, old and new note, the student as the record", async () => {
    const [period] = await ctx.db.select().from(s.periods).where(eq(s.periods.enabled, true));
    const [lesson] = await ctx.db
      .select({ id: s.lessons.id, courseSectionId: s.lessons.courseSectionId, date: s.lessons.date })
      .from(s.lessons)
      .innerJoin(s.courseSections, eq(s.courseSections.id, s.lessons.courseSectionId))
      .innerJoin(s.sections, eq(s.sections.id, s.courseSections.sectionId))
      .where(
        and(
          eq(s.sections.periodId, period!.id),
          sql`exists (select 1 from course_section_teachers t where t.course_section_id = ${s.lessons.courseSectionId})`,
          gt(s.lessons.date, ctx.clock.today()),
          sql`exists (select 1 from course_enrolments e where e.course_section_id = ${s.lessons.courseSectionId}
            and e.status = 'enrolled')`,
        ),
      )
      .orderBy(asc(s.lessons.date), asc(s.lessons.id))
      .limit(1);
    const [enrolled] = await ctx.db
      .select({ id: s.courseEnrolments.studentId })
      .from(s.courseEnrolments)
      .where(
        and(
          eq(s.courseEnrolments.courseSectionId, lesson!.courseSectionId),
          eq(s.courseEnrolments.status, "enrolled"),
        ),
      )
      .orderBy(asc(s.courseEnrolments.studentId))
      .limit(1);
    // The course section's teacher writes the notes.
    const [teacher] = await ctx.db
      .select({ userId: s.teachers.userId })
      .from(s.courseSectionTeachers)
      .innerJoin(s.teachers, eq(s.teachers.id, s.courseSectionTeachers.teacherId))
      .where(eq(s.courseSectionTeachers.courseSectionId, lesson!.courseSectionId))
      .limit(1);
    const { token } = await signAccessToken({
      secret: ctx.config.jwtSecret,
      userId: teacher!.userId,
      ttlSeconds: 3600,
    });
    const asTeacher = { authorization: `Bearer ${token}` };
    const read = await api("GET", `/lessons/${lesson!.id}`, { headers: asTeacher });
    expect(read.statusCode, read.body).toBe(200);
    const detail = read.json().data;
    const weight = Math.min(detail.available_weight as number, 1);
    const evaluated = await api("PATCH", `/lessons/${lesson!.id}/evaluate`, {
      headers: asTeacher,
      payload: { weight },
    });
    expect(evaluated.statusCode, evaluated.body).toBe(200);
    for (const note of [14, 17]) {
      const res = await api("PATCH", `/lessons/${lesson!.id}/students/bulk-update`, {
        headers: asTeacher,
        payload: { students: [{ student_id: enrolled!.id, note }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const rows = await auditList(`action=note.changed&entity_type=student&entity_id=${enrolled!.id}`);
    expect(rows.map((r) => [r.old_values?.note, r.new_values?.note])).toEqual([
      ["14", "17"],
      [null, "14"],
    ]);
    expect(rows[0]).toMatchObject({
      actor_id: teacher!.userId,
      new_values: {
        lesson_id: lesson!.id,
        lesson_date: lesson!.date,
        course_section_id: lesson!.courseSectionId,
      },
    });
  });
});
