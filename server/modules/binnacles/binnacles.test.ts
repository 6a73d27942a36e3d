import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import { signAccessToken } from "../../auth/tokens.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";

let ctx: TestContext;
type Headers = { authorization: string };
let admin: Headers;
let lowAdmin: Headers;

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

/** A non-coordinator teacher with a course section that has enrolled students, and one of those students. */
let teacher: { id: number; userId: number; headers: Headers };
let taught: { studentId: number; courseSectionId: number };
/** A course section the teacher does not teach, with a student the teacher does not teach at all. */
let stranger: { studentId: number; courseSectionId: number };
let coordinator: { userId: number; specializationId: number; headers: Headers };
let coordinated: number;
let outsider: number;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  admin = (await createUserWithToken(ctx, Role.admin)).headers;
  lowAdmin = (await createUserWithToken(ctx, Role.lowAdmin)).headers;

  const [t] = await ctx.db
    .select({
      id: s.teachers.id,
      userId: s.teachers.userId,
      courseSectionId: s.courseSectionTeachers.courseSectionId,
      studentId: s.courseEnrolments.studentId,
    })
    .from(s.teachers)
    .innerJoin(s.courseSectionTeachers, eq(s.courseSectionTeachers.teacherId, s.teachers.id))
    .innerJoin(
      s.courseEnrolments,
      eq(s.courseEnrolments.courseSectionId, s.courseSectionTeachers.courseSectionId),
    )
    .where(eq(s.teachers.isCoordinator, false))
    .limit(1);
  teacher = { id: t!.id, userId: t!.userId, headers: await headersOf(t!.userId) };
  taught = { studentId: t!.studentId, courseSectionId: t!.courseSectionId };

  const [other] = await ctx.db
    .select({ studentId: s.courseEnrolments.studentId, courseSectionId: s.courseEnrolments.courseSectionId })
    .from(s.courseEnrolments)
    .where(
      sql`not exists (select 1 from course_enrolments ce inner join course_section_teachers cst
            on cst.course_section_id = ce.course_section_id
          where ce.student_id = ${s.courseEnrolments.studentId} and cst.teacher_id = ${teacher.id})`,
    )
    .limit(1);
  stranger = other!;

  const [c] = await ctx.db
    .select({ userId: s.teachers.userId, specializationId: s.teachers.specializationId })
    .from(s.teachers)
    .where(and(eq(s.teachers.isCoordinator, true), sql`${s.teachers.specializationId} is not null`))
    .limit(1);
  coordinator = {
    userId: c!.userId,
    specializationId: c!.specializationId!,
    headers: await headersOf(c!.userId),
  };
  const [own] = await ctx.db
    .select({ id: s.inscriptions.studentId })
    .from(s.inscriptions)
    .where(eq(s.inscriptions.specializationId, coordinator.specializationId))
    .limit(1);
  coordinated = own!.id;
  const [out] = await ctx.db
    .select({ id: s.students.id })
    .from(s.students)
    .where(
      sql`not exists (select 1 from inscriptions i where i.student_id = ${s.students.id} and i.specialization_id = ${coordinator.specializationId})
        and not exists (select 1 from course_enrolments ce inner join course_section_teachers cst on cst.course_section_id = ce.course_section_id
          inner join teachers t on t.id = cst.teacher_id where ce.student_id = ${s.students.id} and t.user_id = ${coordinator.userId})`,
    )
    .limit(1);
  outsider = out!.id;
}, 180_000);
afterAll(() => ctx?.close());

const entry = (overrides: Record<string, unknown> = {}) => ({
  student_id: taught.studentId,
  incidence_date: "2026-10-05",
  subject: "Llegó tarde al examen",
  description: "Presentó con 20 minutos menos.",
  category: "Conducta",
  ...overrides,
});

describe("binnacles CRUD", () => {
  it("an administrator creates, reads, updates and deletes an entry", async () => {
    const created = await api(
      "POST",
      "/binnacles",
      admin,
      entry({ course_section_id: taught.courseSectionId }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const b = created.json().data;
    expect(b).toMatchObject({
      incidence_date: "2026-10-05",
      subject: "Llegó tarde al examen",
      category: "Conducta",
      student_id: taught.studentId,
      course_section_id: taught.courseSectionId,
      course: { code: expect.any(String) },
      section: { code: expect.any(String) },
      period_id: expect.any(Number),
      author: { id: expect.any(Number) },
    });
    expect((await api("GET", `/binnacles/${b.id}`, admin)).json().data.id).toBe(b.id);

    const updated = await api("PATCH", `/binnacles/${b.id}`, admin, {
      subject: "Otro asunto",
      category: null,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      subject: "Otro asunto",
      category: null,
      description: expect.any(String),
    });

    expect((await api("DELETE", `/binnacles/${b.id}`, admin)).statusCode).toBe(204);
    expect((await api("GET", `/binnacles/${b.id}`, admin)).statusCode).toBe(404);
  });

  it("refuses bad input in Spanish and writes nothing", async () => {
    const [{ n: before }] = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.binnacles)) as [
      { n: number },
    ];
    const res = await api("POST", "/binnacles", admin, {
      student_id: taught.studentId,
      incidence_date: "05/10/2026",
      subject: "  ",
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.subject[0]).toMatch(/asunto/);
    expect(errors.incidence_date[0]).toMatch(/fecha de incidencia/);
    const missing = await api("POST", "/binnacles", admin, entry({ student_id: 99_999_999 }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.student_id[0]).toMatch(/estudiante/);
    const [{ n: after }] = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.binnacles)) as [
      { n: number },
    ];
    expect(after).toBe(before);
  });

  it("refuses a course section the student is not enrolled in", async () => {
    const res = await api(
      "POST",
      "/binnacles",
      admin,
      entry({ student_id: stranger.studentId, course_section_id: taught.courseSectionId }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("student_is_not_related_to_course_section");
  });

  it("lists with search, filters and CSV", async () => {
    await api("POST", "/binnacles", admin, entry({ subject: "Buscable único Ñandú" }));
    const found = await api("GET", `/binnacles?search=nandu&student_id=${taught.studentId}`, admin);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((b: { subject: string }) => b.subject)).toEqual(["Buscable único Ñandú"]);
    const csv = await api("GET", "/binnacles?format=csv&search=nandu", admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    expect(csv.body).toContain("Fecha de incidencia");
    expect(csv.body).toContain("Buscable único Ñandú");
  });
});

describe("who writes and who reads", () => {
  it("a teacher writes about their own course sections' students only", async () => {
    const ok = await api(
      "POST",
      "/binnacles",
      teacher.headers,
      entry({ course_section_id: taught.courseSectionId }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.author.id).toBe(teacher.userId);
    expect(
      (await api("POST", "/binnacles", teacher.headers, entry({ student_id: stranger.studentId })))
        .statusCode,
    ).toBe(403);
    const notTheirs = await api(
      "POST",
      "/binnacles",
      teacher.headers,
      entry({ student_id: stranger.studentId, course_section_id: stranger.courseSectionId }),
    );
    expect(notTheirs.statusCode).toBe(403);
    // An entry an administrator wrote about a stranger: the teacher can neither see nor edit it.
    const other = (await api("POST", "/binnacles", admin, entry({ student_id: stranger.studentId }))).json()
      .data;
    expect((await api("GET", `/binnacles/${other.id}`, teacher.headers)).statusCode).toBe(403);
    expect((await api("PATCH", `/binnacles/${other.id}`, teacher.headers, { subject: "x" })).statusCode).toBe(
      403,
    );
    expect((await api("DELETE", `/binnacles/${other.id}`, teacher.headers)).statusCode).toBe(403);
    const list = (await api("GET", "/binnacles?limit=0", teacher.headers)).json().data as { id: number }[];
    expect(list.map((b) => b.id)).toContain(ok.json().data.id);
    expect(list.map((b) => b.id)).not.toContain(other.id);
  });

  it("a coordinator writes about their specialization's students only", async () => {
    const ok = await api("POST", "/binnacles", coordinator.headers, entry({ student_id: coordinated }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(
      (await api("POST", "/binnacles", coordinator.headers, entry({ student_id: outsider }))).statusCode,
    ).toBe(403);
  });

  it("a student sees only the entries about themself, and writes none", async () => {
    const [st] = await ctx.db
      .select({ userId: s.students.userId })
      .from(s.students)
      .where(eq(s.students.id, taught.studentId));
    const asStudent = await headersOf(st!.userId);
    const mine = (await api("POST", "/binnacles", admin, entry({ subject: "Sobre mí" }))).json().data;
    const others = (await api("POST", "/binnacles", admin, entry({ student_id: stranger.studentId }))).json()
      .data;
    const list = (await api("GET", "/binnacles?limit=0", asStudent)).json().data as { student_id: number }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((b) => b.student_id === taught.studentId)).toBe(true);
    expect((await api("GET", `/binnacles/${mine.id}`, asStudent)).statusCode).toBe(200);
    expect((await api("GET", `/binnacles/${others.id}`, asStudent)).statusCode).toBe(403);
    expect((await api("POST", "/binnacles", asStudent, entry())).statusCode).toBe(403);
    // What staff write shows on the student's own binnacles (GET /students/{id}/binnacles).
    const sub = (await api("GET", `/students/${taught.studentId}/binnacles`, asStudent)).json().data as {
      id: number;
    }[];
    expect(sub.map((b) => b.id)).toContain(mine.id);
  });

  it("a low admin reads every entry but writes none", async () => {
    const all = await api("GET", "/binnacles?limit=0", lowAdmin);
    expect(all.statusCode).toBe(200);
    const [{ n }] = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.binnacles)) as [
      { n: number },
    ];
    expect(all.json().meta.total).toBe(n);
    expect((await api("POST", "/binnacles", lowAdmin, entry())).statusCode).toBe(403);
  });

  it("the list of a teacher without course sections is empty", async () => {
    const lonely = (await createUserWithToken(ctx, Role.teacher)).headers;
    const res = await api("GET", "/binnacles", lonely);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });
});
