import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { readOutbox } from "../../mail/outbox.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext, testToday } from "../../test/context.js";

let ctx: TestContext;
type Headers = { authorization: string };
const as = {} as Record<"student" | "teacher" | "coordinator" | "lowAdmin" | "admin" | "god", Headers>;

const world = {} as {
  currentPeriodId: number;
  pastPeriodId: number;
  specA: number;
  specB: number;
  specC: number;
  /** The coordinator who logs in (`as.coordinator`), coordinating specialization A. */
  coordinatorId: number;
  /** Supervised by the coordinator; teaches a course section now and one in the past period. */
  supervisedId: number;
  /** Not supervised by the coordinator; teaches a course section now. */
  otherId: number;
  disabledId: number;
  currentCourseSectionId: number;
  pastCourseSectionId: number;
};

let seq = 0;
async function insertTeacher(opts: { userId?: number; enabled?: boolean; coordinates?: number } = {}) {
  seq += 1;
  const userId =
    opts.userId ??
    (await createUserWithToken(ctx, opts.coordinates ? Role.coordinator : Role.teacher)).user.id;
  const [row] = await ctx.db
    .insert(s.teachers)
    .values({
      userId,
      firstName: `Prof${seq}`,
      lastName: `Fixture${seq}`,
      identityDocument: `V-8${seq}00000`,
      gender: seq % 2 ? "male" : "female",
      enabled: opts.enabled ?? true,
      isCoordinator: opts.coordinates !== undefined,
      specializationId: opts.coordinates ?? null,
    })
    .returning();
  return row!.id;
}

const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A multipart body of text fields and an optional `profile_picture` file. */
function multipart(fields: Record<string, unknown>, file?: { filename: string; type: string; data: Buffer }) {
  const boundary = `----teachers${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const sendForm = (
  method: "POST" | "PATCH",
  url: string,
  fields: Record<string, unknown>,
  file?: { filename: string; type: string; data: Buffer },
  headers: Headers = as.admin,
) => {
  const body = multipart(fields, file);
  return ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...headers, "content-type": body.contentType },
    payload: body.payload,
  });
};

/** E-mails in the outbox addressed to `to`. */
async function mailsTo(to: string) {
  return (await readOutbox(ctx.outboxDir)).filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
}

let formSeq = 0;
const newTeacherFields = (extra: Record<string, unknown> = {}) => {
  formSeq += 1;
  return {
    first_name: "Ramón",
    last_name: `Pérez ${formSeq}`,
    identity_document: `V-1${String(formSeq).padStart(7, "0")}`,
    email: `ramon${formSeq}@escuela.test`,
    gender: "male",
    ...extra,
  };
};

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ["student", "teacher", "lowAdmin", "admin", "god"] as const) {
    as[role] = (await createUserWithToken(ctx, Role[role])).headers;
  }
  const [current] = await ctx.db
    .insert(s.periods)
    .values({ year: 2031, number: 1, startDate: "2031-01-10", endDate: "2031-06-30", enabled: true })
    .returning();
  const [past] = await ctx.db
    .insert(s.periods)
    .values({ year: 2030, number: 2, startDate: "2030-07-10", endDate: "2030-12-20" })
    .returning();
  const specs = await ctx.db
    .insert(s.specializations)
    .values([
      { code: "PINF", title: "Informática" },
      { code: "PADM", title: "Administración" },
      { code: "PCON", title: "Contaduría" },
    ])
    .returning();
  const [pensum] = await ctx.db
    .insert(s.pensums)
    .values({ specializationId: specs[0]!.id, name: "Pensum PINF" })
    .returning();
  for (const periodId of [current!.id, past!.id])
    await ctx.db
      .insert(s.periodPensums)
      .values({ periodId, specializationId: specs[0]!.id, pensumId: pensum!.id });
  const [semester] = await ctx.db
    .insert(s.semesters)
    .values({ pensumId: pensum!.id, number: 1, code: "PINF-S1" })
    .returning();
  const courseRows = await ctx.db
    .insert(s.courses)
    .values([
      { code: "PPRO-1", title: "Programación" },
      { code: "PBDD-1", title: "Bases de datos" },
    ])
    .returning();
  for (const course of courseRows)
    await ctx.db
      .insert(s.semesterCourses)
      .values({ semesterId: semester!.id, pensumId: pensum!.id, courseId: course.id });
  const [sectionNow] = await ctx.db
    .insert(s.sections)
    .values({ periodId: current!.id, semesterId: semester!.id, letterCode: "A", code: "PINF-S1A" })
    .returning();
  const [sectionPast] = await ctx.db
    .insert(s.sections)
    .values({ periodId: past!.id, semesterId: semester!.id, letterCode: "A", code: "PINF-S1A" })
    .returning();
  const [csNow, csNow2, csPast] = await ctx.db
    .insert(s.courseSections)
    .values([
      { sectionId: sectionNow!.id, courseId: courseRows[0]!.id },
      { sectionId: sectionNow!.id, courseId: courseRows[1]!.id },
      { sectionId: sectionPast!.id, courseId: courseRows[0]!.id },
    ])
    .returning();

  const coordinator = await createUserWithToken(ctx, Role.coordinator);
  as.coordinator = coordinator.headers;
  const coordinatorId = await insertTeacher({ userId: coordinator.user.id, coordinates: specs[0]!.id });
  const teacherUser = await createUserWithToken(ctx, Role.teacher);
  as.teacher = teacherUser.headers;
  const supervisedId = await insertTeacher({ userId: teacherUser.user.id });
  const otherId = await insertTeacher();
  const disabledId = await insertTeacher({ enabled: false });
  await ctx.db.insert(s.coordinatorSupervisions).values({ coordinatorId, teacherId: supervisedId });
  await ctx.db.insert(s.courseSectionTeachers).values([
    { courseSectionId: csNow!.id, teacherId: supervisedId },
    { courseSectionId: csPast!.id, teacherId: supervisedId },
    { courseSectionId: csNow2!.id, teacherId: otherId },
  ]);
  Object.assign(world, {
    currentPeriodId: current!.id,
    pastPeriodId: past!.id,
    specA: specs[0]!.id,
    specB: specs[1]!.id,
    specC: specs[2]!.id,
    coordinatorId,
    supervisedId,
    otherId,
    disabledId,
    currentCourseSectionId: csNow!.id,
    pastCourseSectionId: csPast!.id,
  });
});
afterAll(() => ctx?.close());

describe("access by role (spec.md §6)", () => {
  it("lists teachers for admin, low admin and coordinator; refuses students and teachers", async () => {
    for (const role of ["admin", "god", "lowAdmin", "coordinator"] as const)
      expect((await api("GET", "/teachers", as[role])).statusCode, role).toBe(200);
    for (const role of ["student", "teacher"] as const)
      expect((await api("GET", "/teachers", as[role])).statusCode, role).toBe(403);
    expect((await ctx.app.inject({ method: "GET", url: "/api/teachers" })).statusCode).toBe(401);
  });

  it("lets only administrators write", async () => {
    for (const role of ["lowAdmin", "coordinator", "teacher"] as const) {
      expect((await api("POST", "/teachers", as[role], newTeacherFields())).statusCode, role).toBe(403);
      expect((await api("PATCH", `/teachers/${world.otherId}`, as[role], { phone: "1" })).statusCode).toBe(
        403,
      );
      expect(
        (await api("POST", `/teachers/${world.coordinatorId}/assign-teachers`, as[role], { teacher_ids: [] }))
          .statusCode,
      ).toBe(403);
      expect(
        (await api("PATCH", `/teachers/${world.otherId}/is-coordinator`, as[role], { is_coordinator: false }))
          .statusCode,
      ).toBe(403);
    }
  });

  it("keeps schedules and supervision for admin and coordinator, not the low admin", async () => {
    expect((await api("GET", `/teachers/${world.supervisedId}/schedules`, as.lowAdmin)).statusCode).toBe(403);
    expect((await api("GET", `/teachers/${world.supervisedId}/schedules`, as.admin)).statusCode).toBe(200);
    expect(
      (await api("GET", `/teachers/${world.coordinatorId}/supervised-teachers`, as.lowAdmin)).statusCode,
    ).toBe(403);
  });
});

describe("a coordinator sees only the teachers they supervise", () => {
  it("lists only themselves and their supervised teachers", async () => {
    const res = await api("GET", "/teachers?limit=0", as.coordinator);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().data.map((t: { id: number }) => t.id);
    expect(ids.sort()).toEqual([world.coordinatorId, world.supervisedId].sort());
    const admin = await api("GET", "/teachers?limit=0", as.admin);
    expect(admin.json().data.map((t: { id: number }) => t.id)).toContain(world.otherId);
  });

  it("opens a supervised teacher and every call about them", async () => {
    for (const suffix of [
      "",
      "/courses",
      "/historic",
      "/lessons",
      "/schedules",
      "/coordinated-specializations",
    ]) {
      const res = await api("GET", `/teachers/${world.supervisedId}${suffix}`, as.coordinator);
      expect(res.statusCode, `${suffix} ${res.body}`).toBe(200);
    }
    const report = await api("GET", `/teachers/${world.supervisedId}/reports/courses`, as.coordinator);
    expect(report.statusCode).toBe(200);
  });

  it("is refused every call about a teacher they do not supervise", async () => {
    for (const suffix of [
      "",
      "/courses",
      "/historic",
      "/lessons",
      "/schedules",
      "/coordinated-specializations",
      "/reports/courses",
      "/courses?format=csv",
    ]) {
      const res = await api("GET", `/teachers/${world.otherId}${suffix}`, as.coordinator);
      expect(res.statusCode, suffix).toBe(403);
      expect(res.json().message).toBe("coordinator_not_owner_or_not_supervising");
    }
  });

  it("reads only their own supervised teachers", async () => {
    const own = await api("GET", `/teachers/${world.coordinatorId}/supervised-teachers`, as.coordinator);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((t: { id: number }) => t.id)).toEqual([world.supervisedId]);
    const other = await api("GET", `/teachers/${world.supervisedId}/supervised-teachers`, as.coordinator);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe("coordinator_not_owner_or_not_supervising");
  });

  it("answers 404 for a teacher that does not exist", async () => {
    expect((await api("GET", "/teachers/999999", as.admin)).statusCode).toBe(404);
  });
});

describe("list", () => {
  it("searches names without accents or case and filters Activos/Inactivos", async () => {
    await api("POST", "/teachers", as.admin, newTeacherFields({ first_name: "Begoña", last_name: "Núñez" }));
    const found = await api("GET", "/teachers?search=NUNEZ", as.admin);
    expect(found.json().data.map((t: { last_name: string }) => t.last_name)).toEqual(["Núñez"]);
    const inactive = await api("GET", "/teachers?enabled=0&limit=0", as.admin);
    const ids = inactive.json().data.map((t: { id: number }) => t.id);
    expect(ids).toContain(world.disabledId);
    expect(ids).not.toContain(world.otherId);
    const coordinators = await api("GET", "/teachers/coordinators?limit=0", as.admin);
    expect(coordinators.json().data.every((t: { is_coordinator: boolean }) => t.is_coordinator)).toBe(true);
  });

  it("counts the course sections of the current period and exports CSV", async () => {
    const res = await api("GET", `/teachers?limit=0&sort_by=id,asc`, as.admin);
    const supervised = res.json().data.find((t: { id: number }) => t.id === world.supervisedId);
    expect(supervised.courses_count).toBe(1);
    const csv = await api("GET", "/teachers?format=csv&search=fixture", as.admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("Cédula");
    expect(csv.body).toContain("Prof");
  });
});

describe("create", () => {
  it("creates a teacher from a multipart form with a photo and e-mails the account confirmation", async () => {
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#3366aa" } })
      .png()
      .toBuffer();
    const fields = newTeacherFields({
      enabled: "1",
      is_coordinator: "0",
      specialization_id: String(world.specB),
    });
    const res = await sendForm("POST", "/teachers", fields, {
      filename: "yo.png",
      type: "image/png",
      data: photo,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      first_name: "Ramón",
      email: fields.email,
      enabled: true,
      is_coordinator: false,
      // Dropped: only coordinators keep a specialization.
      specialization_id: null,
      confirmed: false,
    });
    expect(created.profile_picture).toMatch(/^\/api\/users\/\d+\/profile-picture/);
    const [user] = await ctx.db.select().from(s.users).where(eq(s.users.id, created.user_id));
    expect(user).toMatchObject({ type: Role.teacher, emailConfirmedAt: null, passwordHash: null });
    const mails = await mailsTo(fields.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.link).toContain("/confirm-account?token=");
  });

  it("creates a coordinator with their specialization as role 3", async () => {
    const res = await api(
      "POST",
      "/teachers",
      as.admin,
      newTeacherFields({ is_coordinator: true, specialization_id: world.specB }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ is_coordinator: true, specialization_id: world.specB });
    const [user] = await ctx.db.select().from(s.users).where(eq(s.users.id, res.json().data.user_id));
    expect(user!.type).toBe(Role.coordinator);
  });

  it("refuses a coordinator without specialization and writes nothing", async () => {
    const fields = newTeacherFields({ is_coordinator: "1" });
    const res = await sendForm("POST", "/teachers", fields);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("coordinator_missing_specialization");
    const rows = await ctx.db.select().from(s.users).where(eq(s.users.email, fields.email));
    expect(rows).toHaveLength(0);
  });

  it("refuses a duplicate e-mail or cédula with Spanish field messages", async () => {
    const first = newTeacherFields();
    expect((await api("POST", "/teachers", as.admin, first)).statusCode).toBe(201);
    const sameEmail = await api("POST", "/teachers", as.admin, {
      ...newTeacherFields(),
      email: first.email.toUpperCase(),
    });
    expect(sameEmail.statusCode).toBe(422);
    expect(sameEmail.json().errors.email[0]).toMatch(/correo electrónico/);
    const sameDocument = await api("POST", "/teachers", as.admin, {
      ...newTeacherFields(),
      identity_document: first.identity_document,
    });
    expect(sameDocument.statusCode).toBe(422);
    expect(sameDocument.json().errors.identity_document[0]).toMatch(/cédula/);
  });

  it("refuses a photo that is not an image, and bad fields, writing nothing", async () => {
    const fields = newTeacherFields();
    const res = await sendForm("POST", "/teachers", fields, {
      filename: "foto.png",
      type: "image/png",
      data: Buffer.from("<html>no soy una imagen</html>"),
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(["profile_picture"]);
    expect(await ctx.db.select().from(s.users).where(eq(s.users.email, fields.email))).toHaveLength(0);
    expect(await mailsTo(fields.email)).toHaveLength(0);

    const bad = await api("POST", "/teachers", as.admin, {
      first_name: "",
      last_name: "X",
      identity_document: "12",
      email: "no-es-correo",
      gender: "otro",
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      "email",
      "first_name",
      "gender",
      "identity_document",
    ]);
    expect(bad.json().errors.first_name[0]).toMatch(/nombre/);
  });
});

describe("update", () => {
  it("updates with PATCH (JSON) and with POST + _method=PATCH (multipart)", async () => {
    const created = (await api("POST", "/teachers", as.admin, newTeacherFields())).json().data;
    const patched = await api("PATCH", `/teachers/${created.id}`, as.admin, { phone: "0414-1234567" });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.phone).toBe("0414-1234567");

    const viaPost = await sendForm("POST", `/teachers/${created.id}`, {
      _method: "PATCH",
      first_name: "Renata",
      address: "Calle 1",
    });
    expect(viaPost.statusCode, viaPost.body).toBe(200);
    expect(viaPost.json().data).toMatchObject({
      first_name: "Renata",
      address: "Calle 1",
      phone: "0414-1234567",
    });
    const [user] = await ctx.db.select().from(s.users).where(eq(s.users.id, created.user_id));
    expect(user!.name).toBe(`Renata ${created.last_name}`);

    const noOverride = await sendForm("POST", `/teachers/${created.id}`, { first_name: "Otra" });
    expect(noOverride.statusCode).toBe(422);
  });

  it("drops specialization_id unless coordinator; a disabled teacher cannot log in", async () => {
    const created = (await api("POST", "/teachers", as.admin, newTeacherFields())).json().data;
    const dropped = await api("PATCH", `/teachers/${created.id}`, as.admin, {
      specialization_id: world.specC,
    });
    expect(dropped.json().data.specialization_id).toBeNull();
    const disabled = await api("PATCH", `/teachers/${created.id}`, as.admin, { enabled: false });
    expect(disabled.json().data.enabled).toBe(false);
    const [user] = await ctx.db.select().from(s.users).where(eq(s.users.id, created.user_id));
    expect(user!.disabled).toBe(true);
    const promote = await api("PATCH", `/teachers/${created.id}`, as.admin, {
      is_coordinator: true,
      specialization_id: world.specC,
    });
    expect(promote.statusCode).toBe(400);
    expect(promote.json().message).toBe("teacher_not_enabled");
  });
});

describe("birth date (DOMAIN.md: bounded by the school's today, as a student's)", () => {
  const future = ["El campo fecha de nacimiento debe ser una fecha anterior o igual a hoy."];

  it("refuses tomorrow's birth date on create and update, by the app's clock, not UTC's date", async () => {
    // 21:00 on 25 November at the school is already 26 November in UTC.
    ctx.clock.setSchoolTime(testToday, "21:00");
    try {
      const fields = newTeacherFields({ birth_date: "2026-11-26" });
      const json = await api("POST", "/teachers", as.admin, fields);
      expect(json.statusCode).toBe(422);
      expect(json.json().errors).toEqual({ birth_date: future });
      const form = await sendForm("POST", "/teachers", fields);
      expect(form.statusCode).toBe(422);
      expect(form.json().errors).toEqual({ birth_date: future });
      expect(await ctx.db.select().from(s.users).where(eq(s.users.email, fields.email))).toHaveLength(0);

      const created = await api("POST", "/teachers", as.admin, { ...fields, birth_date: "2026-11-25" });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.id;
      const patched = await api("PATCH", `/teachers/${id}`, as.admin, { birth_date: "2026-11-26" });
      expect(patched.statusCode).toBe(422);
      expect(patched.json().errors).toEqual({ birth_date: future });
      const viaPost = await sendForm("POST", `/teachers/${id}`, {
        _method: "PATCH",
        birth_date: "2026-11-26",
      });
      expect(viaPost.statusCode).toBe(422);
      // A teacher editing their own profile is held to the same bound.
      const own = await api("PATCH", `/teachers/${world.supervisedId}`, as.teacher, {
        birth_date: "2026-11-26",
      });
      expect(own.statusCode).toBe(422);
      expect(own.json().errors).toEqual({ birth_date: future });
      expect((await api("GET", `/teachers/${id}`, as.admin)).json().data.birth_date).toBe("2026-11-25");

      // The next school day, that date is today and is accepted.
      ctx.clock.setSchoolTime("2026-11-26", "08:00");
      const later = await api("PATCH", `/teachers/${id}`, as.admin, { birth_date: "2026-11-26" });
      expect(later.statusCode, later.body).toBe(200);
      expect(later.json().data.birth_date).toBe("2026-11-26");
    } finally {
      ctx.clock.setSchoolTime(testToday, "10:00");
    }
  });
});

describe("own profile (spec.md §6: teachers update theirs through the teachers resource)", () => {
  it("lets a teacher change their own names and contact data, nothing else and nobody else's", async () => {
    const own = await api("PATCH", `/teachers/${world.supervisedId}`, as.teacher, { phone: "0424-7654321" });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.phone).toBe("0424-7654321");
    const role = await api("PATCH", `/teachers/${world.supervisedId}`, as.teacher, {
      enabled: false,
      is_coordinator: true,
    });
    expect(role.statusCode).toBe(422);
    expect(Object.keys(role.json().errors).sort()).toEqual(["enabled", "is_coordinator"]);
    const other = await api("PATCH", `/teachers/${world.otherId}`, as.teacher, { phone: "1" });
    expect(other.statusCode).toBe(403);
  });
});

describe("coordinators and supervision", () => {
  it("makes a teacher coordinator of a free specialization, one per specialization", async () => {
    const missing = await api("PATCH", `/teachers/${world.otherId}/is-coordinator`, as.admin, {
      is_coordinator: true,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("coordinator_missing_specialization");
    const taken = await api("PATCH", `/teachers/${world.otherId}/is-coordinator`, as.admin, {
      is_coordinator: true,
      specialization_id: world.specA,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe("specialization_has_coordinator");
    const disabled = await api("PATCH", `/teachers/${world.disabledId}/is-coordinator`, as.admin, {
      is_coordinator: true,
      specialization_id: world.specC,
    });
    expect(disabled.json().message).toBe("teacher_not_enabled");
  });

  it("assigns supervised teachers (enabled only) and demoting ends the supervision", async () => {
    const created = (await api("POST", "/teachers", as.admin, newTeacherFields())).json().data;
    const promoted = await api("PATCH", `/teachers/${created.id}/is-coordinator`, as.admin, {
      is_coordinator: true,
      specialization_id: world.specC,
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().data).toMatchObject({ is_coordinator: true, specialization: { id: world.specC } });
    const [user] = await ctx.db.select().from(s.users).where(eq(s.users.id, created.user_id));
    expect(user!.type).toBe(Role.coordinator);
    const specs = await api("GET", `/teachers/${created.id}/coordinated-specializations`, as.admin);
    expect(specs.json().data.map((x: { id: number }) => x.id)).toEqual([world.specC]);

    const refused = await api("POST", `/teachers/${created.id}/assign-teachers`, as.admin, {
      teacher_ids: [world.otherId, world.disabledId],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("teacher_not_enabled");
    const self = await api("POST", `/teachers/${created.id}/assign-teachers`, as.admin, {
      teacher_ids: [created.id],
    });
    expect(self.statusCode).toBe(422);

    const assigned = await api("POST", `/teachers/${created.id}/assign-teachers`, as.admin, {
      teacher_ids: [world.otherId, world.supervisedId],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(
      assigned
        .json()
        .data.supervised_teachers.map((t: { id: number }) => t.id)
        .sort(),
    ).toEqual([world.otherId, world.supervisedId].sort());
    const replaced = await api("POST", `/teachers/${created.id}/assign-teachers`, as.admin, {
      teacher_ids: [world.otherId],
    });
    expect(replaced.json().data.supervised_teachers.map((t: { id: number }) => t.id)).toEqual([
      world.otherId,
    ]);
    const detail = await api("GET", `/teachers/${world.otherId}`, as.admin);
    expect(detail.json().data.supervisors.map((t: { id: number }) => t.id)).toContain(created.id);

    const demoted = await api("PATCH", `/teachers/${created.id}/is-coordinator`, as.admin, {
      is_coordinator: false,
    });
    expect(demoted.json().data).toMatchObject({
      is_coordinator: false,
      specialization_id: null,
      supervised_teachers: [],
    });
    const notCoordinator = await api("POST", `/teachers/${created.id}/assign-teachers`, as.admin, {
      teacher_ids: [world.otherId],
    });
    expect(notCoordinator.statusCode).toBe(400);
  });

  it("assigns and removes specializations", async () => {
    const added = await api("POST", `/teachers/${world.otherId}/assign-specializations`, as.admin, {
      specialization_ids: [world.specB, world.specC, world.specB],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(
      added
        .json()
        .data.specializations.map((x: { id: number }) => x.id)
        .sort(),
    ).toEqual([world.specB, world.specC].sort());
    const unknown = await api("POST", `/teachers/${world.otherId}/assign-specializations`, as.admin, {
      specialization_ids: [999999],
    });
    expect(unknown.statusCode).toBe(422);
    const removed = await api("POST", `/teachers/${world.otherId}/remove-specializations`, as.admin, {
      specialization_ids: [world.specB],
    });
    expect(removed.json().data.specializations.map((x: { id: number }) => x.id)).toEqual([world.specC]);
    const filtered = await api("GET", `/teachers?specialization_id=${world.specC}&limit=0`, as.admin);
    expect(filtered.json().data.map((t: { id: number }) => t.id)).toContain(world.otherId);
  });
});

describe("what a teacher teaches", () => {
  it("lists course sections of the current period and, in historic, of past periods", async () => {
    const now = await api("GET", `/teachers/${world.supervisedId}/courses`, as.admin);
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().data.map((c: { course_section_id: number }) => c.course_section_id)).toEqual([
      world.currentCourseSectionId,
    ]);
    expect(now.json().data[0]).toMatchObject({
      course: { code: "PPRO-1" },
      specialization: { id: world.specA },
      period: { id: world.currentPeriodId },
      students_count: 0,
    });
    const historic = await api("GET", `/teachers/${world.supervisedId}/historic`, as.admin);
    expect(historic.json().data.map((c: { course_section_id: number }) => c.course_section_id)).toEqual([
      world.pastCourseSectionId,
    ]);
    const past = await api(
      "GET",
      `/teachers/${world.supervisedId}/courses?period_id=${world.pastPeriodId}`,
      as.admin,
    );
    expect(past.json().data).toHaveLength(1);
    const csv = await api("GET", `/teachers/${world.supervisedId}/reports/courses`, as.admin);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("Programación");
  });

  it("lists the real lessons of their course sections (empty until one is given)", async () => {
    const empty = await api("GET", `/teachers/${world.supervisedId}/lessons`, as.admin);
    expect(empty.json()).toMatchObject({ data: [], meta: { total: 0 } });
    await ctx.db
      .insert(s.lessons)
      .values({ courseSectionId: world.currentCourseSectionId, date: "2031-02-03", title: "Introducción" });
    const one = await api("GET", `/teachers/${world.supervisedId}/lessons`, as.admin);
    expect(one.json().data).toMatchObject([{ title: "Introducción", date: "2031-02-03", registered: false }]);
    const other = await api("GET", `/teachers/${world.otherId}/lessons`, as.admin);
    expect(other.json().data).toEqual([]);
    const detail = await api("GET", `/teachers/${world.supervisedId}`, as.admin);
    expect(detail.json().data.lessons_count).toBe(1);
  });

  it("answers the teacher's weekly grid", async () => {
    const res = await api("GET", `/teachers/${world.supervisedId}/schedules`, as.coordinator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toHaveProperty("class_hours");
  });
});

describe("delete", () => {
  it("refuses a teacher with course sections; deletes one without", async () => {
    const refused = await api("DELETE", `/teachers/${world.supervisedId}`, as.admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("teacher_has_course_sections");
    const created = (await api("POST", "/teachers", as.admin, newTeacherFields())).json().data;
    expect((await api("DELETE", `/teachers/${created.id}`, as.admin)).statusCode).toBe(204);
    expect((await api("GET", `/teachers/${created.id}`, as.admin)).statusCode).toBe(404);
    expect(await ctx.db.select().from(s.users).where(eq(s.users.id, created.user_id))).toHaveLength(0);
  });
});
