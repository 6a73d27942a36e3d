import { and, eq, notInArray, type SQL, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import { signAccessToken } from "../../auth/tokens.js";
import * as s from "../../db/schema/index.js";
import { readOutbox } from "../../mail/outbox.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext, testToday } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";
import { searchQuery } from "./service.js";

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

/** The `n` of a `select count(*)::int as n` query, whichever driver ran it. */
async function count(query: SQL): Promise<number> {
  const result = await ctx.db.execute(query);
  const rows = (result as { rows?: { n: number }[] }).rows ?? (result as unknown as { n: number }[]);
  return Number(rows[0]!.n);
}

/** A bearer header for an existing (demo) user. */
async function headersOf(userId: number): Promise<Headers> {
  const { token } = await signAccessToken({ secret: ctx.config.jwtSecret, userId, ttlSeconds: 3600 });
  return { authorization: `Bearer ${token}` };
}

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** A multipart body of text fields and files, as the web app's FormData sends it. */
function multipart(parts: Part[]) {
  const boundary = "----aulastudents5c4b3a";
  const chunks = parts.flatMap((part) =>
    "data" in part
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
          ),
          part.data,
          Buffer.from("\r\n"),
        ]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
          ),
        ],
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const postForm = (
  fields: Record<string, string>,
  file?: { filename: string; type: string; data: Buffer },
) => {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: "profile_picture", ...file }] : []),
  ]);
  return ctx.app.inject({
    method: "POST",
    url: "/api/students",
    headers: { ...admin, ...body.headers },
    payload: body.payload,
  });
};

let counter = 0;
const newStudent = (overrides: Record<string, string> = {}) => {
  counter += 1;
  return {
    first_name: "Ana",
    last_name: `Prueba${counter}`,
    identity_document: `V-${90000000 + counter}`,
    email: `alumna${counter}@test.local`,
    gender: "female",
    birth_date: "2005-04-12",
    ...overrides,
  };
};

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  admin = (await createUserWithToken(ctx, Role.admin)).headers;
  lowAdmin = (await createUserWithToken(ctx, Role.lowAdmin)).headers;
}, 120_000);
afterAll(() => ctx?.close());

describe("search words", () => {
  it("folds case and accents and keeps only letters and digits (no query syntax)", () => {
    expect(searchQuery("José  PÉREZ")).toBe("jose:* & perez:*");
    expect(searchQuery("V-1234")).toBe("v:* & 1234:*");
    expect(searchQuery("a' | b:* & !c")).toBe("a:* & b:* & c:*");
    expect(searchQuery("  ")).toBeNull();
    expect(searchQuery("%%")).toBeNull();
  });
});

describe("creating students", () => {
  it("creates the user unconfirmed and the student, and e-mails the confirmation link", async () => {
    const fields = newStudent({ first_name: "José Ángel", last_name: "Pérez Núñez" });
    const res = await postForm(fields);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      first_name: "José Ángel",
      last_name: "Pérez Núñez",
      identity_document: fields.identity_document,
      email: fields.email,
      gender: "female",
      birth_date: "2005-04-12",
      status: "active",
      confirmed: false,
      profile_picture: null,
      latest_inscription: null,
    });
    const [user] = await ctx.db.select().from(s.users).where(eq(s.users.id, data.user_id));
    expect(user).toMatchObject({ type: Role.student, passwordHash: null, emailConfirmedAt: null });
    await ctx.app.mailer.idle();
    const mails = await readOutbox(ctx.outboxDir);
    expect(
      mails.some((m) => m.to.includes(fields.email) && /confirm-account\?token=/.test(m.link ?? "")),
    ).toBe(true);
  });

  it("keeps a photo sent with the form (re-encoded)", async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#3366aa" } })
      .png()
      .toBuffer();
    const res = await postForm(newStudent(), { filename: "foto.png", type: "image/png", data: png });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.profile_picture).toMatch(/^\/api\/users\/\d+\/profile-picture\?v=/);
  });

  it("refuses a photo that is not an image, writing nothing", async () => {
    const fields = newStudent();
    const res = await postForm(fields, {
      filename: "foto.png",
      type: "image/png",
      data: Buffer.from("<html>no soy una imagen</html>"),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.profile_picture[0]).toMatch(/foto de perfil/);
    const [user] = await ctx.db.select().from(s.users).where(eq(s.users.email, fields.email));
    expect(user).toBeUndefined();
  });

  it("refuses a repeated cédula and e-mail with Spanish messages on both fields", async () => {
    const first = newStudent();
    expect((await postForm(first)).statusCode).toBe(201);
    const res = await postForm(
      newStudent({
        email: first.email.toUpperCase(),
        identity_document: first.identity_document.replace("-", ""),
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ["El valor del campo correo electrónico ya está en uso."],
      identity_document: ["El valor del campo cédula ya está en uso."],
    });
  });

  it("refuses a birth date in the future and a malformed cédula", async () => {
    const res = await postForm(newStudent({ birth_date: "2026-11-28", identity_document: "12-AB" }));
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.birth_date[0]).toMatch(/fecha de nacimiento debe ser una fecha anterior o igual a hoy/);
    expect(errors.identity_document[0]).toMatch(/cédula/);
  });

  it("bounds a birth date by the school's today (the app's clock), not the machine's or UTC's date", async () => {
    // 21:00 on 25 November at the school is already 26 November in UTC.
    ctx.clock.setSchoolTime("2026-11-25", "21:00");
    try {
      const tomorrow = await postForm(newStudent({ birth_date: "2026-11-26" }));
      expect(tomorrow.statusCode).toBe(422);
      expect(tomorrow.json().errors.birth_date).toEqual([
        "El campo fecha de nacimiento debe ser una fecha anterior o igual a hoy.",
      ]);
      const created = await postForm(newStudent({ birth_date: "2026-11-25" }));
      expect(created.statusCode).toBe(201);
      const patched = await api("PATCH", `/students/${created.json().data.id}`, admin, {
        birth_date: "2026-11-26",
      });
      expect(patched.statusCode).toBe(422);
    } finally {
      ctx.clock.setSchoolTime(testToday, "10:00");
    }
  });

  it("accepts JSON too, and only administrators create", async () => {
    expect((await api("POST", "/students", admin, newStudent())).statusCode).toBe(201);
    expect((await api("POST", "/students", lowAdmin, newStudent())).statusCode).toBe(403);
  });
});

describe("listing and searching", () => {
  it("finds José by 'jose', by last name without accents, by cédula and by e-mail", async () => {
    const fields = newStudent({
      first_name: "José",
      last_name: "Ñáñez Óscar",
      email: "jose.nanez@test.local",
    });
    const created = (await api("POST", "/students", admin, fields)).json().data;
    for (const search of [
      "jose",
      "JOSE ñañez",
      "nanez",
      fields.identity_document.slice(2, 7),
      "jose.nanez@",
    ]) {
      const res = await api("GET", `/students?limit=100&search=${encodeURIComponent(search)}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      const ids = res.json().data.map((x: { id: number }) => x.id);
      expect(ids, search).toContain(created.id);
    }
    const none = await api("GET", "/students?search=zzzqqq", admin);
    expect(none.json().meta.total).toBe(0);
  });

  it("follows the e-mail when the account's address changes", async () => {
    const created = (await api("POST", "/students", admin, newStudent())).json().data;
    await ctx.db
      .update(s.users)
      .set({ email: "cambiado.correo@test.local" })
      .where(eq(s.users.id, created.user_id));
    const res = await api("GET", "/students?search=cambiado", admin);
    expect(res.json().data.map((x: { id: number }) => x.id)).toEqual([created.id]);
  });

  it("filters by period, specialization, semester and section together, and by status", async () => {
    const [ins] = await ctx.db.select().from(s.inscriptions).limit(1);
    const query = `period_id=${ins!.periodId}&specialization_id=${ins!.specializationId}&semester_id=${ins!.semesterId}&section_id=${ins!.sectionId}`;
    const res = await api("GET", `/students?limit=0&${query}`, admin);
    expect(res.statusCode).toBe(200);
    const expected = await ctx.db
      .select({ id: s.inscriptions.studentId })
      .from(s.inscriptions)
      .where(eq(s.inscriptions.sectionId, ins!.sectionId));
    expect(
      res
        .json()
        .data.map((x: { id: number }) => x.id)
        .sort(),
    ).toEqual(expected.map((x) => x.id).sort());
    for (const row of res.json().data) expect(row.latest_inscription.section.id).toBe(ins!.sectionId);

    const retired = await api("GET", "/students?limit=0&status=retired", admin);
    for (const row of retired.json().data) expect(row.status).toBe("retired");
    const n = await count(sql`select count(*)::int as n from students where status = 'retired'`);
    expect(retired.json().meta.total).toBe(n);
  });

  it("answers an exact total on every page, a remembered one included, after any write", async () => {
    const total = () => count(sql`select count(*)::int as n from students where status = 'active'`);
    const listed = async () => {
      const res = await api("GET", "/students?status=active&limit=2", admin);
      expect(res.statusCode).toBe(200);
      return res.json().meta.total as number;
    };
    expect(await listed()).toBe(await total());
    expect(await listed()).toBe(await total()); // answered again without counting
    // A write straight in the database (no module of the app told): the total follows it.
    const [one] = await ctx.db
      .select({ id: s.students.id })
      .from(s.students)
      .where(eq(s.students.status, "active"))
      .limit(1);
    await ctx.db.update(s.students).set({ status: "graduated" }).where(eq(s.students.id, one!.id));
    try {
      expect(await listed()).toBe(await total());
    } finally {
      await ctx.db.update(s.students).set({ status: "active" }).where(eq(s.students.id, one!.id));
    }
    expect(await listed()).toBe(await total());
    // Past the last page: no rows, still the exact total.
    const past = await api("GET", "/students?status=active&limit=2&page=100000", admin);
    expect(past.json().meta.total).toBe(await total());
  });

  it("sorts by an allowed column and refuses others (422)", async () => {
    const res = await api("GET", "/students?sort_by=last_name,desc&limit=5", admin);
    const expected = await ctx.db
      .select({ id: s.students.id })
      .from(s.students)
      .orderBy(sql`${s.students.lastName} desc`, s.students.id)
      .limit(5);
    expect(res.json().data.map((x: { id: number }) => x.id)).toEqual(expected.map((x) => x.id));
    expect((await api("GET", "/students?sort_by=password", admin)).statusCode).toBe(422);
  });

  it("pages a search with accents, a filter and a descending sort exactly like the whole ordered list", async () => {
    // Seven students sharing a first name with accents; two pairs share a last name (the id breaks ties).
    const lastNames = ["Íñiguez", "Álvarez", "Íñiguez", "Zúñiga", "Álvarez", "Muñoz", "Ocaña"];
    const created: { id: number; last_name: string; gender: string; email: string }[] = [];
    for (const [k, lastName] of lastNames.entries()) {
      const res = await api(
        "POST",
        "/students",
        admin,
        newStudent({
          first_name: "Ñoñá",
          last_name: lastName,
          gender: k % 3 === 0 ? "male" : "female",
          email: `nona.${String.fromCharCode(103 - k)}${counter}@test.local`,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json().data);
    }
    const women = created.filter((c) => c.gender === "female");
    const byLastNameDesc = [...women].sort((a, b) =>
      a.last_name === b.last_name ? a.id - b.id : a.last_name < b.last_name ? 1 : -1,
    );
    const byEmailDesc = [...women].sort((a, b) => (a.email < b.email ? 1 : -1));
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    for (const search of ["ÑOÑA", "nona"]) {
      const q = `search=${encodeURIComponent(search)}&gender=female`;
      // Every page of 2, in order, is the whole list sorted (the last page holds what is left).
      const pages: number[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await api("GET", `/students?${q}&sort_by=last_name,desc&limit=2&page=${page}`, admin);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().meta).toEqual({ total: 4, per_page: 2, current_page: page, last_page: 2 });
        pages.push(...ids(res.json().data));
      }
      expect(pages).toEqual(ids(byLastNameDesc));
      const last = await api("GET", `/students?${q}&sort_by=last_name,desc&limit=3&page=2`, admin);
      expect(ids(last.json().data)).toEqual(ids(byLastNameDesc).slice(3));
      // Sorted by e-mail (read from the account), descending.
      const byEmail = await api("GET", `/students?${q}&sort_by=email,desc&limit=3&page=1`, admin);
      expect(ids(byEmail.json().data)).toEqual(ids(byEmailDesc).slice(0, 3));
      expect(byEmail.json().data.map((r: { email: string }) => r.email)).toEqual(
        byEmailDesc.slice(0, 3).map((r) => r.email),
      );
    }
    // An inscription filter with the search: only those inscribed in the period.
    const [period] = await ctx.db.select({ id: s.periods.id }).from(s.periods).limit(1);
    const inPeriod = await api("GET", `/students?search=nona&period_id=${period!.id}`, admin);
    expect(inPeriod.json().meta.total).toBe(0);
  });

  it("pages a search with an inscription filter in the list's order, by name and by e-mail", async () => {
    // The demo period with the most inscriptions, and the first word of an inscribed student's last name.
    const [busiest] = await ctx.db
      .select({ periodId: s.inscriptions.periodId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(s.inscriptions)
      .groupBy(s.inscriptions.periodId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const [one] = await ctx.db
      .select({ lastName: s.students.lastName })
      .from(s.students)
      .innerJoin(s.inscriptions, eq(s.inscriptions.studentId, s.students.id))
      .where(eq(s.inscriptions.periodId, busiest!.periodId))
      .orderBy(s.students.id)
      .limit(1);
    const word = one!.lastName.split(" ")[0]!;
    const matches = sql`${s.students.searchVector} @@ to_tsquery('simple', ${searchQuery(word)})
      and exists (select 1 from ${s.inscriptions} where ${s.inscriptions.studentId} = ${s.students.id}
        and ${s.inscriptions.periodId} = ${busiest!.periodId})`;
    const expectedBy = (order: SQL) =>
      ctx.db
        .select({ id: s.students.id })
        .from(s.students)
        .innerJoin(s.users, eq(s.users.id, s.students.userId))
        .where(matches)
        .orderBy(order, s.students.id)
        .then((rows) => rows.map((r) => r.id));
    const byName = await expectedBy(sql`${s.students.lastName} desc`);
    const byEmail = await expectedBy(sql`${s.users.email} asc`);
    expect(byName.length).toBeGreaterThan(2);
    for (const [sort, expected] of [
      ["last_name,desc", byName],
      ["email,asc", byEmail],
    ] as const) {
      const listed: number[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 2); page++) {
        const res = await api(
          "GET",
          `/students?search=${encodeURIComponent(word)}&period_id=${busiest!.periodId}&sort_by=${sort}&limit=2&page=${page}`,
          admin,
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().meta.total).toBe(expected.length);
        listed.push(...res.json().data.map((r: { id: number }) => r.id));
      }
      expect(listed, sort).toEqual(expected);
    }
  });

  it("pages a search that matches thousands the same way before and after it is counted", async () => {
    // 4,200 students sharing a first name, half of them men: more than a search gathers from the index
    // once its total is known (the second request walks the names in order instead). Last names repeat
    // (the id breaks ties). One statement.
    const n = 4_200;
    await ctx.db.execute(sql`with u as (
        insert into users (type, name, email)
        select ${Role.student}, 'Multitud ' || g, 'multitud' || g || '@test.local' from generate_series(1, ${n}::int) g
        returning id, email)
      insert into students (user_id, first_name, last_name, identity_document, gender)
      select u.id, 'Multitúd', 'Apellido' || lpad((g * 7919 % 1000)::text, 4, '0'), 'V-' || (70000000 + g),
             case when g % 2 = 0 then 'female' else 'male' end
        from u join generate_series(1, ${n}::int) g on u.email = 'multitud' || g || '@test.local'`);
    try {
      const expected = await ctx.db
        .select({ id: s.students.id })
        .from(s.students)
        .where(and(eq(s.students.firstName, "Multitúd"), eq(s.students.gender, "male")))
        .orderBy(sql`${s.students.lastName} desc`, s.students.id);
      const pageOf = async (page: number) => {
        const res = await api(
          "GET",
          `/students?search=MULTITUD&gender=male&sort_by=last_name,desc&limit=25&page=${page}`,
          admin,
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().meta.total).toBe(expected.length);
        return res.json().data.map((r: { id: number }) => r.id);
      };
      const want = (page: number) => expected.slice((page - 1) * 25, page * 25).map((r) => r.id);
      for (const page of [1, 1, 2, 42, 84]) expect(await pageOf(page), `page ${page}`).toEqual(want(page));
    } finally {
      await ctx.db.execute(sql`delete from users where email like 'multitud%@test.local'`);
    }
  });

  it("answers each listed student exactly as their own record (account and latest inscription)", async () => {
    const res = await api("GET", "/students?limit=0&sort_by=id,asc", admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { id: number; identity_document: string; latest_inscription: unknown }[];
    expect(rows.some((r) => r.latest_inscription !== null)).toBe(true);
    expect(rows.some((r) => r.latest_inscription === null)).toBe(true);
    for (const row of rows) {
      const own = await api("GET", `/students/${row.id}`, admin);
      expect(row, `student ${row.id}`).toEqual(own.json().data);
    }
    // A search answers the same rows.
    const first = rows.find((r) => r.latest_inscription !== null) as {
      id: number;
      identity_document: string;
    };
    const found = await api("GET", `/students?search=${encodeURIComponent(first.identity_document)}`, admin);
    expect(found.json().data).toEqual([rows.find((r) => r.id === first.id)]);
  });

  it("exports CSV with the same filters", async () => {
    const res = await api("GET", "/students?format=csv&search=jose", admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.body).toContain("Cédula,Apellido,Nombre,Correo electrónico");
    expect(res.body).toContain("José");
  });
});

describe("editing and deleting", () => {
  it("changes the fields sent and ignores empty ones", async () => {
    const created = (await api("POST", "/students", admin, newStudent({ phone: "0414-1234567" }))).json()
      .data;
    const res = await api("PATCH", `/students/${created.id}`, admin, {
      first_name: "María",
      phone: "",
      last_name: "",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      first_name: "María",
      last_name: created.last_name,
      phone: "0414-1234567",
    });
    const [user] = await ctx.db.select().from(s.users).where(eq(s.users.id, created.user_id));
    expect(user!.name).toBe(`María ${created.last_name}`);
    const found = await api("GET", "/students?search=maria", admin);
    expect(found.json().data.map((x: { id: number }) => x.id)).toContain(created.id);
  });

  it("refuses a save of a version read before another save (409 in Spanish); the first save's data stays", async () => {
    const created = (await api("POST", "/students", admin, newStudent())).json().data;
    expect(created.version).toBe(1);
    const read = (await api("GET", `/students/${created.id}`, admin)).json().data;
    const first = await api("PATCH", `/students/${created.id}`, admin, {
      phone: "0414-1111111",
      version: read.version,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.version).toBe(read.version + 1);
    const otherAdmin = (await createUserWithToken(ctx, Role.admin)).headers;
    const second = await api("PATCH", `/students/${created.id}`, otherAdmin, {
      phone: "0414-2222222",
      first_name: "Otra",
      version: read.version,
    });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({
      message: "stale_record",
      description: expect.stringContaining("Otra persona guardó cambios"),
    });
    const now = (await api("GET", `/students/${created.id}`, admin)).json().data;
    expect(now).toMatchObject({
      phone: "0414-1111111",
      first_name: created.first_name,
      version: read.version + 1,
    });
    const [user] = await ctx.db.select().from(s.users).where(eq(s.users.id, created.user_id));
    expect(user!.name).toBe(`${created.first_name} ${created.last_name}`);
    // Two saves of one version at the same time: exactly one passes.
    const both = await Promise.all(
      ["0414-3333333", "0414-4444444"].map((phone) =>
        api("PATCH", `/students/${created.id}`, admin, { phone, version: now.version }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it("refuses another student's cédula on update", async () => {
    const a = (await api("POST", "/students", admin, newStudent())).json().data;
    const b = (await api("POST", "/students", admin, newStudent())).json().data;
    const res = await api("PATCH", `/students/${b.id}`, admin, { identity_document: a.identity_document });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.identity_document).toBeDefined();
  });

  it("deletes a student nothing depends on, and refuses one with inscriptions", async () => {
    const created = (await api("POST", "/students", admin, newStudent())).json().data;
    expect((await api("DELETE", `/students/${created.id}`, admin)).statusCode).toBe(204);
    expect((await api("GET", `/students/${created.id}`, admin)).statusCode).toBe(404);
    const [user] = await ctx.db.select().from(s.users).where(eq(s.users.id, created.user_id));
    expect(user).toBeUndefined();

    const [ins] = await ctx.db.select().from(s.inscriptions).limit(1);
    const res = await api("DELETE", `/students/${ins!.studentId}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: "student_has_inscriptions" });
    expect(res.json().description).toMatch(/inscripciones/);
  });
});

describe("who sees which students", () => {
  it("a student opens only their own record and sub-resources", async () => {
    const [a, b] = await ctx.db
      .select({ id: s.students.id, userId: s.students.userId })
      .from(s.students)
      .innerJoin(s.inscriptions, eq(s.inscriptions.studentId, s.students.id))
      .limit(2);
    const asA = await headersOf(a!.userId);
    for (const suffix of ["", "/courses", "/schedules", "/lessons", "/absences", "/inscription-state"]) {
      expect((await api("GET", `/students/${a!.id}${suffix}`, asA)).statusCode, suffix).toBe(200);
      const other = await api("GET", `/students/${b!.id}${suffix}`, asA);
      expect(other.statusCode, suffix).toBe(403);
      expect(other.json().message).toBe("this_action_is_unauthorized");
    }
    expect((await api("GET", "/students", asA)).statusCode).toBe(403);
  });

  it("a teacher reaches only the students of their course sections", async () => {
    const [teacher] = await ctx.db
      .select({ id: s.teachers.id, userId: s.teachers.userId })
      .from(s.teachers)
      .innerJoin(s.courseSectionTeachers, eq(s.courseSectionTeachers.teacherId, s.teachers.id))
      .where(eq(s.teachers.isCoordinator, false))
      .limit(1);
    const asTeacher = await headersOf(teacher!.userId);
    const taught = await ctx.db
      .selectDistinct({ id: s.courseEnrolments.studentId })
      .from(s.courseEnrolments)
      .innerJoin(
        s.courseSectionTeachers,
        eq(s.courseSectionTeachers.courseSectionId, s.courseEnrolments.courseSectionId),
      )
      .where(eq(s.courseSectionTeachers.teacherId, teacher!.id));
    expect(taught.length).toBeGreaterThan(0);
    // The administration's remembered page of the same query is not the teacher's.
    expect((await api("GET", "/students?limit=0", admin)).json().data.length).toBeGreaterThan(taught.length);
    const list = await api("GET", "/students?limit=0", asTeacher);
    expect(
      list
        .json()
        .data.map((x: { id: number }) => x.id)
        .sort(),
    ).toEqual(taught.map((t) => t.id).sort());
    expect((await api("GET", `/students/${taught[0]!.id}/courses`, asTeacher)).statusCode).toBe(200);
    const [stranger] = await ctx.db
      .select({ id: s.students.id })
      .from(s.students)
      .where(
        notInArray(
          s.students.id,
          taught.map((t) => t.id),
        ),
      )
      .limit(1);
    expect((await api("GET", `/students/${stranger!.id}`, asTeacher)).statusCode).toBe(403);
  });

  it("a coordinator reaches the students of their specialization", async () => {
    const [coordinator] = await ctx.db
      .select({ userId: s.teachers.userId, specializationId: s.teachers.specializationId })
      .from(s.teachers)
      .where(and(eq(s.teachers.isCoordinator, true), sql`${s.teachers.specializationId} is not null`))
      .limit(1);
    const asCoordinator = await headersOf(coordinator!.userId);
    const [own] = await ctx.db
      .select({ id: s.inscriptions.studentId })
      .from(s.inscriptions)
      .where(eq(s.inscriptions.specializationId, coordinator!.specializationId!))
      .limit(1);
    expect((await api("GET", `/students/${own!.id}`, asCoordinator)).statusCode).toBe(200);
    const list = await api("GET", "/students?limit=0", asCoordinator);
    expect(list.json().data.map((x: { id: number }) => x.id)).toContain(own!.id);
    const outsiders = await ctx.db
      .select({ id: s.students.id })
      .from(s.students)
      .where(
        sql`not exists (select 1 from inscriptions i where i.student_id = ${s.students.id} and i.specialization_id = ${coordinator!.specializationId})
          and not exists (select 1 from course_enrolments ce inner join course_section_teachers cst on cst.course_section_id = ce.course_section_id
            inner join teachers t on t.id = cst.teacher_id where ce.student_id = ${s.students.id} and t.user_id = ${coordinator!.userId})`,
      )
      .limit(1);
    expect((await api("GET", `/students/${outsiders[0]!.id}`, asCoordinator)).statusCode).toBe(403);
  });
});

describe("sub-resources", () => {
  it("keep the inscription history for the administration and coordinators (spec.md §6 student history)", async () => {
    // A student and a (non-coordinator) teacher of one of their course sections.
    const [row] = await ctx.db
      .select({ studentId: s.students.id, studentUser: s.students.userId, teacherUser: s.teachers.userId })
      .from(s.courseEnrolments)
      .innerJoin(s.students, eq(s.students.id, s.courseEnrolments.studentId))
      .innerJoin(
        s.courseSectionTeachers,
        eq(s.courseSectionTeachers.courseSectionId, s.courseEnrolments.courseSectionId),
      )
      .innerJoin(
        s.teachers,
        and(eq(s.teachers.id, s.courseSectionTeachers.teacherId), eq(s.teachers.isCoordinator, false)),
      )
      .limit(1);
    const url = `/students/${row!.studentId}/specialization-history`;
    for (const who of [admin, lowAdmin]) expect((await api("GET", url, who)).statusCode).toBe(200);
    // The student's own "Historial académico" reads their courses; the history screen is staff's.
    const own = await headersOf(row!.studentUser);
    expect((await api("GET", url, own)).statusCode).toBe(403);
    expect((await api("GET", `/students/${row!.studentId}/courses`, own)).statusCode).toBe(200);
    // A teacher sees the student's record, not the history tab.
    const teacher = await headersOf(row!.teacherUser);
    expect((await api("GET", url, teacher)).statusCode).toBe(403);
    expect((await api("GET", `/students/${row!.studentId}`, teacher)).statusCode).toBe(200);
  });

  it("answer a demo student's inscription, courses, schedule, lessons and average", async () => {
    const [ins] = await ctx.db
      .select({ studentId: s.inscriptions.studentId, periodId: s.inscriptions.periodId })
      .from(s.inscriptions)
      .innerJoin(s.lessonStudents, eq(s.lessonStudents.studentId, s.inscriptions.studentId))
      .limit(1);
    const id = ins!.studentId;
    const history = (await api("GET", `/students/${id}/specialization-history`, admin)).json().data;
    expect(history.length).toBeGreaterThan(0);
    expect(history[0].period.name).toMatch(/^\d{4}-\d$/);

    const state = (await api("GET", `/students/${id}/inscription-state`, admin)).json().data;
    expect(state).toMatchObject({ student_status: expect.any(String), inscriptions_count: history.length });

    const courses = (await api("GET", `/students/${id}/courses?period_id=${ins!.periodId}`, admin)).json()
      .data;
    const enrolled = await ctx.db
      .select()
      .from(s.courseEnrolments)
      .where(eq(s.courseEnrolments.studentId, id));
    expect(courses.length).toBe(enrolled.length);
    expect(courses[0]).toMatchObject({ course: { code: expect.any(String) }, lessons: expect.any(Number) });

    const lessons = (await api("GET", `/students/${id}/lessons`, admin)).json().data;
    const n = await count(sql`select count(*)::int as n from lesson_students where student_id = ${id}`);
    expect(lessons.length).toBe(Number(n));

    const absences = (await api("GET", `/students/${id}/absences?attendance=absent`, admin)).json().data;
    for (const a of absences) expect(a.attendance).toBe("absent");

    const average = await api("GET", `/students/${id}/period-average-note`, admin);
    expect(average.statusCode).toBe(200);
    expect(average.json().data.period.id).toBe(ins!.periodId);

    const schedules = await api("GET", `/students/${id}/schedules`, admin);
    expect(schedules.statusCode).toBe(200);
    for (const row of schedules.json().data) expect(row.class_hours.length).toBeGreaterThan(0);

    for (const suffix of ["binnacles", "notifications"]) {
      const res = await api("GET", `/students/${id}/${suffix}`, admin);
      expect(res.statusCode, suffix).toBe(200);
      expect(Array.isArray(res.json().data)).toBe(true);
    }
  });

  it("answer 404 for a student that does not exist", async () => {
    const res = await api("GET", "/students/99999999/courses", admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("student_not_found");
  });

  it("a new student has empty sub-resources, not errors", async () => {
    const created = (await api("POST", "/students", admin, newStudent())).json().data;
    for (const suffix of ["courses", "lessons", "absences", "binnacles", "notifications", "schedules"]) {
      const res = await api("GET", `/students/${created.id}/${suffix}`, admin);
      expect(res.statusCode, suffix).toBe(200);
      expect(res.json().data, suffix).toEqual([]);
    }
    const state = (await api("GET", `/students/${created.id}/inscription-state`, admin)).json().data;
    expect(state).toMatchObject({ inscribed_in_current_period: false, latest_inscription: null });
  });
});
