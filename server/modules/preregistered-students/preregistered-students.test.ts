import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { readOutbox } from "../../mail/outbox.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext, testToday } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";
import { preregistrationLimit } from "./throttle.js";

type Headers = { authorization: string };
type Roles = "student" | "teacher" | "coordinator" | "lowAdmin" | "admin" | "god";
type Method = "GET" | "POST" | "PATCH" | "DELETE";

let ctx: TestContext;
const as = {} as Record<Roles, Headers>;
let openPeriodId: number;
let specializationId: number;
/** Each test sends from its own address, so the rate limit of one never touches another. */
let addressCounter = 0;
const nextAddress = () => `10.20.${Math.floor(++addressCounter / 200)}.${(addressCounter % 200) + 1}`;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  for (const role of ["student", "teacher", "coordinator", "lowAdmin", "admin", "god"] as const) {
    as[role] = (await createUserWithToken(ctx, Role[role])).headers;
  }
  const [period] = await ctx.db
    .select({ id: s.periods.id })
    .from(s.periods)
    .where(eq(s.periods.enabledPreregisters, true));
  openPeriodId = period!.id;
  const [spec] = await ctx.db
    .select({ id: s.specializations.id })
    .from(s.specializations)
    .where(eq(s.specializations.enabled, true))
    .limit(1);
  specializationId = spec!.id;
}, 120_000);
afterAll(() => ctx?.close());

const api = (
  method: Method,
  url: string,
  opts: { headers?: Headers; payload?: unknown; address?: string } = {},
) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    remoteAddress: opts.address ?? nextAddress(),
    ...(opts.headers ? { headers: opts.headers } : {}),
    ...(opts.payload === undefined ? {} : { payload: opts.payload as object }),
  });

async function mailsTo(email: string) {
  await ctx.app.mailer.idle();
  return (await readOutbox(ctx.outboxDir)).filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
}

let personCounter = 0;
/** A valid pre-inscription of a new person. */
function person(overrides: Record<string, unknown> = {}) {
  personCounter += 1;
  return {
    first_name: "María José",
    last_name: "Gutiérrez Peña",
    identity_document: `V-${30_100_000 + personCounter}`,
    email: `aspirante.prueba${personCounter}@correo.test`,
    phone: "0414-1234567",
    birth_date: "2008-05-14",
    gender: "female",
    address: "Av. Bolívar, Valencia",
    specialization_id: specializationId,
    ...overrides,
  };
}

const preByEmail = async (email: string) =>
  ctx.db.select().from(s.preInscriptions).where(sql`lower(${s.preInscriptions.email}) = lower(${email})`);

const countPre = async () => {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(s.preInscriptions);
  return row!.n;
};

describe("public form", () => {
  it("lists the open period and the enabled specializations without a session", async () => {
    const res = await api("GET", "/preregistered-students/form");
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.period.id).toBe(openPeriodId);
    expect(data.specializations.length).toBeGreaterThan(0);
    expect(Object.keys(data.specializations[0]).sort()).toEqual(["code", "id", "title"]);
  });

  it("stores a pre-inscription: cédula normalised, social networks empty strings by default", async () => {
    const body = person({ identity_document: "v 30.555.111", social_networks: undefined });
    const res = await api("POST", "/preregistered-students", { payload: body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      message: "preregistration_received",
      description: expect.stringContaining("Su preinscripción fue recibida"),
    });
    const [row] = await preByEmail(body.email);
    expect(row).toMatchObject({
      periodId: openPeriodId,
      identityDocument: "V-30555111",
      status: "pending",
      gender: "female",
      birthDate: "2008-05-14",
      socialNetworks: { instagrams: "", facebook: "", twitter: "" },
    });
  });

  it("keeps the social networks sent", async () => {
    const body = person({ social_networks: { instagrams: "@maria", facebook: "", twitter: "@mj" } });
    expect((await api("POST", "/preregistered-students", { payload: body })).statusCode).toBe(201);
    const [row] = await preByEmail(body.email);
    expect(row!.socialNetworks).toEqual({ instagrams: "@maria", facebook: "", twitter: "@mj" });
  });

  it("answers bad input with Spanish field messages and writes nothing", async () => {
    const before = await countPre();
    const res = await api("POST", "/preregistered-students", {
      payload: person({
        first_name: "",
        email: "no-es-correo",
        birth_date: "2999-01-01",
        gender: "otro",
        identity_document: "abc",
      }),
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.first_name[0]).toBe("El campo nombre es obligatorio.");
    expect(errors.email[0]).toBe("El campo correo electrónico no es un correo válido.");
    expect(errors.birth_date[0]).toBe("El campo fecha de nacimiento debe ser una fecha anterior a hoy.");
    expect(errors.gender[0]).toMatch(/género/);
    expect(errors.identity_document[0]).toMatch(/cédula/);
    const unknown = await api("POST", "/preregistered-students", {
      payload: person({ specialization_id: 999_999 }),
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.specialization_id[0]).toBe(
      "El valor seleccionado en el campo especialización no existe.",
    );
    expect(await countPre()).toBe(before);
  });

  it("wants a birth date before the school's today (the app's clock), not the machine's or UTC's date", async () => {
    // 21:00 on 25 November at the school is already 26 November in UTC.
    ctx.clock.setSchoolTime("2026-11-25", "21:00");
    try {
      for (const day of ["2026-11-25", "2026-11-26"]) {
        const res = await api("POST", "/preregistered-students", { payload: person({ birth_date: day }) });
        expect(res.statusCode, day).toBe(422);
        expect(res.json().errors.birth_date).toEqual([
          "El campo fecha de nacimiento debe ser una fecha anterior a hoy.",
        ]);
      }
      const ok = await api("POST", "/preregistered-students", {
        payload: person({ birth_date: "2026-11-24" }),
      });
      expect(ok.statusCode).toBe(201);
    } finally {
      ctx.clock.setSchoolTime(testToday, "10:00");
    }
  });

  it("answers the same to new and known people (no enumeration); stores once; tells the e-mail's owner", async () => {
    const fresh = await api("POST", "/preregistered-students", { payload: person() });
    expect(fresh.statusCode).toBe(201);
    const same = { status: fresh.statusCode, body: fresh.json() };
    const answerOf = async (payload: Record<string, unknown>) => {
      const res = await api("POST", "/preregistered-students", { payload });
      return { status: res.statusCode, body: res.json() };
    };

    // A student's cédula and an account's e-mail: stored (the approval deals with them), same answer.
    const [student] = await ctx.db.select({ doc: s.students.identityDocument }).from(s.students).limit(1);
    const studentDoc = person({ identity_document: student!.doc });
    expect(await answerOf(studentDoc)).toEqual(same);
    expect(await preByEmail(studentDoc.email)).toHaveLength(1);
    const account = person({ email: "ADMIN@demo.edu.ve" });
    expect(await answerOf(account)).toEqual(same);
    expect(await preByEmail("admin@demo.edu.ve")).toHaveLength(1);
    const [notice] = await mailsTo("admin@demo.edu.ve");
    expect(notice?.subject).toBe("Recibimos una preinscripción con su correo");
    expect(notice?.body).toContain("ya pertenece a una cuenta");
    expect(notice?.body).toContain(`${ctx.config.appUrl}/recover-account`);

    // Already pre-registered this period: same answer, the first one stays, the e-mail's owner is told.
    const first = person();
    expect(await answerOf(first)).toEqual(same);
    const sameDoc = person({ identity_document: first.identity_document.replace("V-", "") });
    expect(await answerOf(sameDoc)).toEqual(same);
    expect(await preByEmail(sameDoc.email)).toHaveLength(0);
    expect(await mailsTo(sameDoc.email)).toHaveLength(0);
    expect(await answerOf(person({ email: first.email.toUpperCase(), first_name: "Otra" }))).toEqual(same);
    const rows = await preByEmail(first.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.firstName).toBe(first.first_name);
    const [again] = await mailsTo(first.email);
    expect(again?.body).toContain("ya tiene una preinscripción en este período");
  });

  it("lets exactly one of several identical pre-inscriptions sent at once through, with no 500", async () => {
    const body = person();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api("POST", "/preregistered-students", { payload: body })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await preByEmail(body.email)).toHaveLength(1);
  });

  it("honeypot: a filled hidden field gets the usual answer and nothing is written", async () => {
    const before = await countPre();
    const body = person({ website: "http://spam.example" });
    const res = await api("POST", "/preregistered-students", { payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("preregistration_received");
    // Even an invalid robot's body gets the same answer.
    const junk = await api("POST", "/preregistered-students", { payload: { website: "x" } });
    expect(junk.statusCode).toBe(201);
    expect(await preByEmail(body.email)).toHaveLength(0);
    expect(await countPre()).toBe(before);
  });

  it("limits pre-inscriptions per address: a flood gets 429 in Spanish with Retry-After; others go on", async () => {
    const address = "203.0.113.77";
    const before = await countPre();
    for (let i = 0; i < preregistrationLimit.points; i++) {
      const res = await api("POST", "/preregistered-students", {
        address,
        payload: person({ website: "bot" }),
      });
      expect(res.statusCode).toBe(201);
    }
    const refused = await api("POST", "/preregistered-students", { address, payload: person() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe("too_many_requests");
    expect(refused.json().description).toMatch(
      /^Se enviaron demasiadas preinscripciones desde esta conexión\. Intente de nuevo en \d+ minutos?\.$/,
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await countPre()).toBe(before);
    // The counter lives in the shared table (every server sees it).
    const [counter] = await ctx.db
      .select()
      .from(s.authRateLimits)
      .where(eq(s.authRateLimits.key, `preregistration:${address}`));
    expect(counter?.points).toBeGreaterThan(preregistrationLimit.points);
    // Another address is not affected.
    expect((await api("POST", "/preregistered-students", { payload: person() })).statusCode).toBe(201);
  });

  it("closed: the silent code on the form and on sending; nothing written", async () => {
    await ctx.db.update(s.periods).set({ enabledPreregisters: false });
    try {
      const form = await api("GET", "/preregistered-students/form");
      expect(form.statusCode).toBe(400);
      expect(form.json().message).toBe("unable_to_find_enabled_preregisters_period");
      const before = await countPre();
      const sent = await api("POST", "/preregistered-students", { payload: person() });
      expect(sent.statusCode).toBe(400);
      expect(sent.json().message).toBe("unable_to_find_enabled_preregisters_period");
      expect(await countPre()).toBe(before);
    } finally {
      await ctx.db.update(s.periods).set({ enabledPreregisters: true }).where(eq(s.periods.id, openPeriodId));
    }
  });
});

/** A pending pre-inscription sent through the public form; answers its row. */
async function preregistered(overrides: Record<string, unknown> = {}) {
  const body = person(overrides);
  const res = await api("POST", "/preregistered-students", { payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await preByEmail(body.email);
  return row!;
}

describe("administrators' list", () => {
  it("lists with search, period and status filters; admin group only", async () => {
    const pre = await preregistered({ first_name: "Ángel Eduardo", last_name: "Zambrano Túa" });
    const found = await api("GET", "/preregistered-students?search=angel%20eduardo%20zambrano", {
      headers: as.lowAdmin,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((p: { id: number }) => p.id)).toEqual([pre.id]);
    expect(found.json().data[0]).toMatchObject({
      first_name: "Ángel Eduardo",
      status: "pending",
      period: { id: openPeriodId },
      specialization: { id: specializationId },
      social_networks: { instagrams: "", facebook: "", twitter: "" },
    });

    const byPeriod = await api("GET", `/preregistered-students?period_id=${openPeriodId}&limit=0`, {
      headers: as.admin,
    });
    expect(byPeriod.json().meta.total).toBeGreaterThanOrEqual(5);
    const otherPeriod = await api("GET", `/preregistered-students?period_id=${openPeriodId + 1000}`, {
      headers: as.admin,
    });
    expect(otherPeriod.json().data).toEqual([]);
    const approved = await api("GET", "/preregistered-students?status=approved&limit=0", {
      headers: as.admin,
    });
    expect(approved.json().data.every((p: { status: string }) => p.status === "approved")).toBe(true);

    for (const role of ["student", "teacher", "coordinator"] as const) {
      expect((await api("GET", "/preregistered-students", { headers: as[role] })).statusCode).toBe(403);
    }
    expect((await api("GET", "/preregistered-students")).statusCode).toBe(401);
  });

  it("exports the list as CSV with Spanish headers", async () => {
    await preregistered({ first_name: "Exportable" });
    const res = await api("GET", "/preregistered-students?format=csv&search=exportable", {
      headers: as.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain("Cédula");
    expect(lines[0]).toContain("Especialidad deseada");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Exportable");
  });

  it("shows one; 404 for a missing one", async () => {
    const pre = await preregistered();
    const res = await api("GET", `/preregistered-students/${pre.id}`, { headers: as.lowAdmin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: pre.id, email: pre.email, student_id: null });
    expect((await api("GET", "/preregistered-students/999999", { headers: as.admin })).statusCode).toBe(404);
  });

  it("deletes a pending one (admin only); an approved one is refused with the reason", async () => {
    const pre = await preregistered();
    expect(
      (await api("DELETE", `/preregistered-students/${pre.id}`, { headers: as.lowAdmin })).statusCode,
    ).toBe(403);
    expect((await api("DELETE", `/preregistered-students/${pre.id}`, { headers: as.admin })).statusCode).toBe(
      204,
    );
    expect(await preByEmail(pre.email)).toHaveLength(0);

    const other = await preregistered();
    await api("POST", `/preregistered-students/${other.id}/confirm`, { headers: as.admin });
    const refused = await api("DELETE", `/preregistered-students/${other.id}`, { headers: as.admin });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: "preregistration_already_approved",
      description: "La preinscripción ya fue aprobada.",
    });
  });
});

describe("correction by an administrator", () => {
  it("changes only the fields sent, refuses duplicates of others and an approved one", async () => {
    const pre = await preregistered({ phone: "0414-0000000" });
    const other = await preregistered();
    const lowAdmin = await api("PATCH", `/preregistered-students/${pre.id}`, {
      headers: as.lowAdmin,
      payload: { first_name: "Otro" },
    });
    expect(lowAdmin.statusCode).toBe(403);

    const fixed = await api("PATCH", `/preregistered-students/${pre.id}`, {
      headers: as.admin,
      payload: { email: "corregido@correo.test", social_networks: { twitter: "@nuevo" } },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({
      email: "corregido@correo.test",
      phone: "0414-0000000",
      social_networks: { instagrams: "", facebook: "", twitter: "@nuevo" },
    });
    // The same values again: not a duplicate of itself.
    const same = await api("PATCH", `/preregistered-students/${pre.id}`, {
      headers: as.admin,
      payload: { email: "corregido@correo.test", identity_document: pre.identityDocument },
    });
    expect(same.statusCode).toBe(200);

    const duplicate = await api("PATCH", `/preregistered-students/${pre.id}`, {
      headers: as.admin,
      payload: { identity_document: other.identityDocument },
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.identity_document).toEqual([
      "Ya existe una preinscripción con esta cédula en este período.",
    ]);

    await api("POST", `/preregistered-students/${other.id}/confirm`, { headers: as.admin });
    const approved = await api("PATCH", `/preregistered-students/${other.id}`, {
      headers: as.admin,
      payload: { first_name: "Tarde" },
    });
    expect(approved.statusCode).toBe(400);
    expect(approved.json().message).toBe("preregistration_already_approved");
  });
});

describe("approval", () => {
  it("creates the unconfirmed user and the student in one go, and e-mails the confirmation link", async () => {
    const pre = await preregistered({ first_name: "Rosa", last_name: "Linares", gender: "female" });
    const lowAdmin = await api("POST", `/preregistered-students/${pre.id}/confirm`, { headers: as.lowAdmin });
    expect(lowAdmin.statusCode).toBe(403);

    const res = await api("POST", `/preregistered-students/${pre.id}/confirm`, { headers: as.admin });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: pre.id, status: "approved" });
    expect(data.student_id).toEqual(expect.any(Number));
    expect(data.approved_at).toEqual(expect.any(String));

    const [student] = await ctx.db.select().from(s.students).where(eq(s.students.id, data.student_id));
    expect(student).toMatchObject({
      firstName: "Rosa",
      lastName: "Linares",
      identityDocument: pre.identityDocument,
      gender: "female",
      birthDate: pre.birthDate,
      phone: pre.phone,
      address: pre.address,
      status: "active",
    });
    const [user] = await ctx.db.select().from(s.users).where(eq(s.users.id, student!.userId));
    expect(user).toMatchObject({ type: Role.student, email: pre.email, name: "Rosa Linares" });
    expect(user!.passwordHash).toBeNull();
    expect(user!.emailConfirmedAt).toBeNull();

    const [mail] = await mailsTo(pre.email);
    expect(mail?.subject).toBe("Confirme su cuenta");
    expect(mail?.link).toBe(`${ctx.config.appUrl}/confirm-account?token=${mail?.token}`);
    // The link works: the new student chooses a password and logs in.
    const confirmed = await api("POST", "/confirm-account", {
      payload: {
        token: mail!.token,
        password: "Clave-segura-2026",
        password_confirmation: "Clave-segura-2026",
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const login = await api("POST", "/login", {
      payload: { email: pre.email, password: "Clave-segura-2026" },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.type).toBe(Role.student);

    const again = await api("POST", `/preregistered-students/${pre.id}/confirm`, { headers: as.admin });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("preregistration_already_approved");
  });

  it("refuses an e-mail of an account, saying whose and what to do: nothing created, no e-mail", async () => {
    const pre = await preregistered();
    // The e-mail became an account after the pre-inscription was sent.
    const { user } = await createUserWithToken(ctx, Role.teacher, { email: pre.email.toUpperCase() });
    const res = await api("POST", `/preregistered-students/${pre.id}/confirm`, { headers: as.admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("preregistration_email_in_use");
    expect(res.json().description).toBe(
      `El correo electrónico ${pre.email} ya pertenece a la cuenta de ${user.name}. Si es la misma persona, ` +
        "ya está registrada: elimine esta preinscripción. Si no lo es, corrija el dato de la preinscripción y apruébela.",
    );
    const students = await ctx.db
      .select()
      .from(s.students)
      .where(eq(s.students.identityDocument, pre.identityDocument));
    expect(students).toHaveLength(0);
    const [row] = await preByEmail(pre.email);
    expect(row).toMatchObject({ status: "pending", studentId: null });
    expect(await mailsTo(pre.email)).toHaveLength(0);
  });

  it("is one transaction: a failure after the account was written leaves no account, no e-mail", async () => {
    const pre = await preregistered({ first_name: "Falla" });
    // The student's insert fails (after the user's): everything written before it must go too.
    await ctx.db.execute(sql`create function test_fail_student() returns trigger language plpgsql as $$
      begin if new.first_name = 'Falla' then raise exception 'forced failure'; end if; return new; end $$`);
    await ctx.db.execute(sql`create trigger test_fail_student before insert on students
      for each row execute function test_fail_student()`);
    try {
      const res = await api("POST", `/preregistered-students/${pre.id}/confirm`, { headers: as.admin });
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql`drop trigger test_fail_student on students`);
      await ctx.db.execute(sql`drop function test_fail_student()`);
    }
    const users = await ctx.db
      .select()
      .from(s.users)
      .where(sql`lower(${s.users.email}) = lower(${pre.email})`);
    expect(users).toHaveLength(0);
    const [row] = await preByEmail(pre.email);
    expect(row).toMatchObject({ status: "pending", studentId: null });
    expect(await mailsTo(pre.email)).toHaveLength(0);
    // Approved once the failure is gone.
    const again = await api("POST", `/preregistered-students/${pre.id}/confirm`, { headers: as.admin });
    expect(again.statusCode).toBe(200);
  });

  it("refuses a cédula of a student, saying whose and what to do: nothing created", async () => {
    const pre = await preregistered();
    const [someone] = await ctx.db
      .select()
      .from(s.students)
      .where(sql`${s.students.identityDocument} not in (select identity_document from pre_inscriptions)`)
      .limit(1);
    await ctx.db
      .update(s.preInscriptions)
      .set({ identityDocument: someone!.identityDocument })
      .where(eq(s.preInscriptions.id, pre.id));
    const res = await api("POST", `/preregistered-students/${pre.id}/confirm`, { headers: as.admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("preregistration_person_exists");
    expect(res.json().description).toMatch(
      new RegExp(
        `^La cédula ${someone!.identityDocument} ya pertenece al estudiante ${someone!.firstName} ${someone!.lastName}\\. Si es la misma persona`,
      ),
    );
    const users = await ctx.db
      .select()
      .from(s.users)
      .where(sql`lower(${s.users.email}) = lower(${pre.email})`);
    expect(users).toHaveLength(0);
    const [row] = await ctx.db
      .select()
      .from(s.preInscriptions)
      .where(and(eq(s.preInscriptions.id, pre.id), eq(s.preInscriptions.status, "pending")));
    expect(row).toBeDefined();
  });

  it("two admins approving at once: one succeeds, the other is told it is already approved", async () => {
    const pre = await preregistered();
    const answers = await Promise.all([
      api("POST", `/preregistered-students/${pre.id}/confirm`, { headers: as.admin }),
      api("POST", `/preregistered-students/${pre.id}/confirm`, { headers: as.god }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const users = await ctx.db
      .select()
      .from(s.users)
      .where(sql`lower(${s.users.email}) = lower(${pre.email})`);
    expect(users).toHaveLength(1);
  });

  it("404 for a missing pre-inscription", async () => {
    const res = await api("POST", "/preregistered-students/999999/confirm", { headers: as.admin });
    expect(res.statusCode).toBe(404);
  });
});
