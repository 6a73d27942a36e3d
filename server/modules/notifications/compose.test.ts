import type { AddressInfo } from "node:net";
import { and, count, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import { signAccessToken } from "../../auth/tokens.js";
import {
  courseEnrolments,
  courseSections,
  courseSectionTeachers,
  inscriptions,
  notificationReceivers,
  notifications,
  periods,
  sections,
  students,
  teachers,
  users,
} from "../../db/schema/index.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";
import { sendNotification } from "./send.js";

let ctx: TestContext;
type Caller = { id: number; headers: { authorization: string } };
let admin: Caller;
let teacher: Caller;
let student: Caller;
let otherTeacher: Caller;
/** A course section the teacher teaches (enabled period), its section, and a section they do not teach. */
let ownCourseSection: number;
let ownSection: number;
let foreignSection: number;

async function callerOf(userId: number): Promise<Caller> {
  const { token } = await signAccessToken({ secret: ctx.config.jwtSecret, userId, ttlSeconds: 3600 });
  return { id: userId, headers: { authorization: `Bearer ${token}` } };
}

const post = (caller: Caller, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: "POST", url: "/api/notifications", headers: caller.headers, payload });

async function receiversOf(id: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ userId: notificationReceivers.userId })
    .from(notificationReceivers)
    .where(eq(notificationReceivers.notificationId, id));
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}

const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

async function enabledUsers(types?: number[]): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.disabled, false), types ? inArray(users.type, types) : undefined));
  return rows.map((r) => r.id);
}

const notificationCount = async () => (await ctx.db.select({ n: count() }).from(notifications))[0]!.n;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  const [adminUser] = await ctx.db.select().from(users).where(eq(users.type, Role.admin)).limit(1);
  admin = await callerOf(adminUser!.id);
  // A teacher (not a coordinator) with a course section of the enabled period.
  const [own] = await ctx.db
    .select({
      userId: teachers.userId,
      courseSectionId: courseSections.id,
      sectionId: courseSections.sectionId,
    })
    .from(courseSectionTeachers)
    .innerJoin(teachers, eq(teachers.id, courseSectionTeachers.teacherId))
    .innerJoin(users, eq(users.id, teachers.userId))
    .innerJoin(courseSections, eq(courseSections.id, courseSectionTeachers.courseSectionId))
    .innerJoin(sections, eq(sections.id, courseSections.sectionId))
    .innerJoin(periods, and(eq(periods.id, sections.periodId), eq(periods.enabled, true)))
    .innerJoin(courseEnrolments, eq(courseEnrolments.courseSectionId, courseSections.id))
    .where(eq(users.type, Role.teacher))
    .limit(1);
  teacher = await callerOf(own!.userId);
  ownCourseSection = own!.courseSectionId;
  ownSection = own!.sectionId;
  const taught = await ctx.db
    .select({ sectionId: courseSections.sectionId })
    .from(courseSectionTeachers)
    .innerJoin(teachers, eq(teachers.id, courseSectionTeachers.teacherId))
    .innerJoin(courseSections, eq(courseSections.id, courseSectionTeachers.courseSectionId))
    .where(eq(teachers.userId, teacher.id));
  const [foreign] = await ctx.db
    .select({ id: sections.id })
    .from(sections)
    .innerJoin(periods, and(eq(periods.id, sections.periodId), eq(periods.enabled, true)))
    .where(taught.length ? and(...taught.map((t) => ne(sections.id, t.sectionId))) : undefined)
    .limit(1);
  foreignSection = foreign!.id;
  const [studentRow] = await ctx.db
    .select({ userId: students.userId })
    .from(inscriptions)
    .innerJoin(students, eq(students.id, inscriptions.studentId))
    .innerJoin(periods, and(eq(periods.id, inscriptions.periodId), eq(periods.enabled, true)))
    .where(and(eq(inscriptions.sectionId, ownSection), eq(inscriptions.status, "active")))
    .limit(1);
  student = await callerOf(studentRow!.userId);
  const [other] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.type, Role.teacher), ne(users.id, teacher.id)))
    .limit(1);
  otherTeacher = await callerOf(other!.id);
}, 120_000);
afterAll(() => ctx?.close());

describe("POST /api/notifications: audiences resolved when sent (spec.md §9)", () => {
  it("1 all, 2 admins, 3 coordinators, 4 teachers and coordinators, 5 students: enabled users but the sender", async () => {
    const cases: [number, number[] | undefined][] = [
      [1, undefined],
      [2, [Role.lowAdmin, Role.admin, Role.god]],
      [3, [Role.coordinator]],
      [4, [Role.teacher, Role.coordinator]],
      [5, [Role.student]],
    ];
    for (const [type, roles] of cases) {
      const res = await post(admin, { type, content: `Aviso para la audiencia ${type}` });
      expect(res.statusCode, res.body).toBe(201);
      const { id, receivers } = res.json().data;
      const expected = sorted((await enabledUsers(roles)).filter((u) => u !== admin.id));
      expect(await receiversOf(id), `type ${type}`).toEqual(expected);
      expect(receivers).toBe(expected.length);
    }
  });

  it("7 one user; 8 the active students of a section in the enabled period; 9 the enrolled students of a course section", async () => {
    const single = await post(admin, { type: 7, content: "Para usted", receiver_user_id: teacher.id });
    expect(single.statusCode, single.body).toBe(201);
    expect(await receiversOf(single.json().data.id)).toEqual([teacher.id]);

    const section = await post(admin, { type: 8, content: "A la sección", section_id: ownSection });
    const inSection = await ctx.db
      .select({ userId: students.userId })
      .from(inscriptions)
      .innerJoin(students, eq(students.id, inscriptions.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .innerJoin(periods, and(eq(periods.id, inscriptions.periodId), eq(periods.enabled, true)))
      .where(
        and(
          eq(inscriptions.sectionId, ownSection),
          eq(inscriptions.status, "active"),
          eq(users.disabled, false),
        ),
      );
    expect(inSection.length).toBeGreaterThan(0);
    expect(await receiversOf(section.json().data.id)).toEqual(sorted(inSection.map((r) => r.userId)));
    const [row] = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, section.json().data.id));
    expect(row).toMatchObject({
      type: 8,
      sectionId: ownSection,
      receiverUserId: null,
      senderUserId: admin.id,
    });

    const course = await post(admin, {
      type: 9,
      content: "A la materia",
      course_section_id: ownCourseSection,
    });
    const enrolled = await ctx.db
      .select({ userId: students.userId })
      .from(courseEnrolments)
      .innerJoin(inscriptions, eq(inscriptions.id, courseEnrolments.inscriptionId))
      .innerJoin(students, eq(students.id, courseEnrolments.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .where(
        and(
          eq(courseEnrolments.courseSectionId, ownCourseSection),
          eq(courseEnrolments.status, "enrolled"),
          eq(inscriptions.status, "active"),
          eq(users.disabled, false),
        ),
      );
    expect(enrolled.length).toBeGreaterThan(0);
    expect(await receiversOf(course.json().data.id)).toEqual(sorted(enrolled.map((r) => r.userId)));
  });

  it("6 automatic: only the system sends it, to the users it names (the one send path)", async () => {
    const sent = await ctx.db.transaction((tx) =>
      sendNotification(tx, {
        type: 6,
        code: "document_ready",
        content: "Su constancia está lista.",
        userIds: [student.id, student.id, teacher.id],
      }),
    );
    expect(sent.receivers).toBe(2);
    expect(await receiversOf(sent.id)).toEqual(sorted([student.id, teacher.id]));
    const res = await post(admin, { type: 6, content: "Automática a mano" });
    expect(res.statusCode).toBe(422);
  });
});

describe("POST /api/notifications: who may send to whom", () => {
  it("refuses a teacher sending to all students, in Spanish, and writes nothing", async () => {
    const before = await notificationCount();
    for (const type of [1, 2, 3, 4, 5]) {
      const res = await post(teacher, { type, content: "A todos los estudiantes" });
      expect(res.statusCode, `type ${type}`).toBe(400);
      expect(res.json()).toMatchObject({
        message: "notification_audience_not_allowed",
        description: "No puede enviar notificaciones a esta audiencia.",
      });
    }
    expect(await notificationCount()).toBe(before);
  });

  it("lets a teacher write only within their own sections and course sections", async () => {
    const before = await notificationCount();
    const foreign = await post(teacher, { type: 8, content: "Otra sección", section_id: foreignSection });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe("notification_receiver_not_owned");
    expect(foreign.json().description).toMatch(/sus propias secciones/);
    const notTaught = await post(otherTeacher, {
      type: 9,
      content: "Materia ajena",
      course_section_id: ownCourseSection,
    });
    const otherTeaches = await ctx.db
      .select()
      .from(courseSectionTeachers)
      .innerJoin(teachers, eq(teachers.id, courseSectionTeachers.teacherId))
      .where(
        and(
          eq(courseSectionTeachers.courseSectionId, ownCourseSection),
          eq(teachers.userId, otherTeacher.id),
        ),
      );
    if (otherTeaches.length === 0) expect(notTaught.statusCode).toBe(400);
    expect(await notificationCount()).toBe(before + (otherTeaches.length ? 1 : 0));

    expect((await post(teacher, { type: 8, content: "Mi sección", section_id: ownSection })).statusCode).toBe(
      201,
    );
    const own = await post(teacher, { type: 9, content: "Mi materia", course_section_id: ownCourseSection });
    expect(own.statusCode).toBe(201);
    expect(await receiversOf(own.json().data.id)).toContain(student.id);
    expect((await post(teacher, { type: 7, content: "Hola", receiver_user_id: student.id })).statusCode).toBe(
      201,
    );
  });

  it("refuses students (403) and sessions-less calls (401)", async () => {
    const before = await notificationCount();
    const res = await post(student, { type: 7, content: "Hola", receiver_user_id: admin.id });
    expect(res.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: "POST",
      url: "/api/notifications",
      payload: { type: 1, content: "x" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await notificationCount()).toBe(before);
  });

  it("drops null and empty fields and keeps receiver_user_id only for type 7", async () => {
    const res = await post(admin, {
      type: 3,
      content: "Reunión de coordinadores",
      receiver_user_id: teacher.id,
      section_id: "",
      course_section_id: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, res.json().data.id));
    expect(row).toMatchObject({
      receiverUserId: null,
      sectionId: null,
      courseSectionId: null,
      attachment: null,
    });

    const missing = await post(admin, { type: 7, content: "¿A quién?", receiver_user_id: "" });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(["receiver_user_id"]);
    const empty = await post(admin, { type: 1, content: "   " });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(["content"]);
    const unknown = await post(admin, { type: 8, content: "x", section_id: 999_999 });
    expect(unknown.statusCode).toBe(422);
  });
});

describe("attachments", () => {
  function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
    const boundary = "----aulanotif1234";
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(fields))
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    if (file) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        ),
        file.data,
        Buffer.from("\r\n"),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
  }
  const send = (caller: Caller, body: ReturnType<typeof multipart>) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/notifications",
      headers: { ...caller.headers, "content-type": body.type },
      payload: body.payload,
    });
  const storedFiles = async () => {
    let n = 0;
    for await (const _ of ctx.app.storage.list("notifications/")) n++;
    return n;
  };
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

  it("only receivers and the sender download the attachment; the list links to it", async () => {
    const res = await send(
      admin,
      multipart(
        { type: "7", content: "Circular adjunta", receiver_user_id: String(student.id) },
        {
          name: "circular.pdf",
          type: "application/pdf",
          data: pdf,
        },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const url = `/api/notifications/${id}/attachment`;
    const list = await ctx.app.inject({
      method: "GET",
      url: "/api/notifications?limit=1",
      headers: student.headers,
    });
    expect(list.json().data[0]).toMatchObject({ id, attachment: url });
    for (const caller of [student, admin]) {
      const file = await ctx.app.inject({ method: "GET", url, headers: caller.headers });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("application/pdf");
      expect(file.rawPayload.equals(pdf)).toBe(true);
    }
    const stranger = await ctx.app.inject({ method: "GET", url, headers: teacher.headers });
    expect(stranger.statusCode).toBe(404);
  });

  it("refuses an executable or an SVG in Spanish, writing nothing and leaving no file behind", async () => {
    const before = await notificationCount();
    const files = await storedFiles();
    for (const file of [
      { name: "virus.exe", type: "application/x-msdownload", data: Buffer.from("MZ\x90\x00\x03\x00") },
      { name: "x.svg", type: "image/svg+xml", data: Buffer.from("<svg><script>alert(1)</script></svg>") },
    ]) {
      const res = await send(admin, multipart({ type: "1", content: "Con adjunto" }, file));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.attachment[0]).toMatch(/archivo|tipo/i);
    }
    // A refused audience after a valid file: the stored file is removed again.
    const refused = await send(
      teacher,
      multipart({ type: "5", content: "x" }, { name: "a.pdf", type: "application/pdf", data: pdf }),
    );
    expect(refused.statusCode).toBe(400);
    expect(await notificationCount()).toBe(before);
    expect(await storedFiles()).toBe(files);
  });
});

describe("GET /api/notifications/audiences and /receivers", () => {
  it("offers the administration every audience but 6, and a teacher only 7–9 within their sections", async () => {
    const all = (
      await ctx.app.inject({ method: "GET", url: "/api/notifications/audiences", headers: admin.headers })
    ).json().data;
    expect(all.types).toEqual([1, 2, 3, 4, 5, 7, 8, 9]);
    const mine = (
      await ctx.app.inject({ method: "GET", url: "/api/notifications/audiences", headers: teacher.headers })
    ).json().data;
    expect(mine.types).toEqual([7, 8, 9]);
    expect(mine.course_sections.map((c: { id: number }) => c.id)).toContain(ownCourseSection);
    expect(mine.sections.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([ownSection]));
    expect(mine.sections.map((s: { id: number }) => s.id)).not.toContain(foreignSection);
    const denied = await ctx.app.inject({
      method: "GET",
      url: "/api/notifications/audiences",
      headers: student.headers,
    });
    expect(denied.statusCode).toBe(403);
    const people = await ctx.app.inject({
      method: "GET",
      url: "/api/notifications/receivers",
      headers: teacher.headers,
    });
    expect(people.statusCode).toBe(200);
    expect(people.json().data.length).toBeGreaterThan(0);
  });
});

describe("live delivery (GET /api/notifications/stream)", () => {
  it("pushes a new notification to its receiver's open stream, and nothing to others", async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = ctx.app.server.address() as AddressInfo;
    const open = async (caller: Caller) => {
      const controller = new AbortController();
      const res = await fetch(`http://127.0.0.1:${port}/api/notifications/stream`, {
        headers: caller.headers,
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const reader = res.body!.getReader();
      let text = "";
      const until = async (pattern: RegExp) => {
        while (!pattern.test(text)) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
        }
        return text;
      };
      await until(/: connected/);
      return { until, text: () => text, close: () => controller.abort() };
    };
    const mine = await open(student);
    const other = await open(otherTeacher);
    const res = await post(admin, { type: 8, content: "Mañana no hay clases", section_id: ownSection });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    const received = await mine.until(/event: notification\ndata: .*\n\n/);
    expect(received).toContain(`"id":${id}`);
    expect(received).toContain("Mañana no hay clases");
    // A later one to the other teacher alone arrives there; the first never did.
    const single = await post(admin, { type: 7, content: "Solo usted", receiver_user_id: otherTeacher.id });
    const otherText = await other.until(/event: notification/);
    expect(otherText).toContain(`"id":${single.json().data.id}`);
    expect(otherText).not.toContain(`"id":${id}`);
    const unauthenticated = await fetch(`http://127.0.0.1:${port}/api/notifications/stream`);
    expect(unauthenticated.status).toBe(401);
    mine.close();
    other.close();
  });
});
