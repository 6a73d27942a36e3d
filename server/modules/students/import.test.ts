import { and, eq, inArray, like, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { readOutbox } from "../../mail/outbox.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";

let ctx: TestContext;
type Headers = { authorization: string };
let admin: Headers;
let adminEmail: string;

const HEADER = [
  "Nombres",
  "Apellidos",
  "Cédula",
  "Correo electrónico",
  "Género",
  "Fecha de nacimiento",
  "Teléfono",
  "Dirección",
  "Especialidad",
  "Semestre",
];

let counter = 0;
/** A valid row of the template's columns, each with a new cédula and e-mail under `domain`. */
function row(domain: string, overrides: Partial<Record<(typeof HEADER)[number], string>> = {}): string[] {
  counter += 1;
  const values: Record<string, string> = {
    Nombres: "Luisa",
    Apellidos: `Importada ${counter}`,
    Cédula: `V-${70000000 + counter}`,
    "Correo electrónico": `luisa${counter}@${domain}`,
    Género: "F",
    "Fecha de nacimiento": "12/04/2008",
    Teléfono: "0412-5550000",
    Dirección: "Calle 1, Maracay",
    Especialidad: "",
    Semestre: "",
    ...overrides,
  };
  return HEADER.map((h) => values[h]!);
}

/** CSV text: cells quoted when they hold the separator or a quote. */
function csv(rows: string[][], delimiter = ",", bom = false): Buffer {
  const cell = (c: string) => (/[",;\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c);
  const text = rows.map((r) => r.map(cell).join(delimiter)).join("\r\n");
  return Buffer.from(`${bom ? "\uFEFF" : ""}${text}\r\n`, "utf8");
}

/** An XLSX workbook with one sheet of these rows (cells as given: strings, numbers, dates, links). */
async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Estudiantes");
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

type FilePart = { filename: string; type: string; data: Buffer };

/** POST /students/import as the web app's FormData sends it. */
function upload(file: FilePart | null, fields: Record<string, string>, headers: Headers = admin) {
  const boundary = "----aulaimport7d1e";
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return ctx.app.inject({
    method: "POST",
    url: "/api/students/import",
    headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(chunks),
  });
}

const csvFile = (data: Buffer, filename = "estudiantes.csv"): FilePart => ({
  filename,
  type: "text/csv",
  data,
});
const xlsxFile = (data: Buffer): FilePart => ({
  filename: "estudiantes.xlsx",
  type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  data,
});
const check = (file: FilePart, headers?: Headers) => upload(file, { dry_run: "1" }, headers);
const commit = (file: FilePart, headers?: Headers) => upload(file, { dry_run: "0" }, headers);

/** Students whose e-mail ends in `@domain`. */
async function studentsOf(domain: string) {
  return ctx.db
    .select({ id: s.students.id, email: s.users.email, confirmedAt: s.users.emailConfirmedAt })
    .from(s.students)
    .innerJoin(s.users, eq(s.users.id, s.students.userId))
    .where(like(s.users.email, `%@${domain}`));
}

type PreviewRow = { line: number; values: Record<string, string>; errors: Record<string, string[]> };

beforeAll(async () => {
  ctx = await createTestContext();
  const created = await createUserWithToken(ctx, Role.admin);
  admin = created.headers;
  adminEmail = created.user.email;
}, 120_000);
afterAll(() => ctx?.close());

describe("the template", () => {
  it("is a CSV with the Spanish headers and an example row that imports cleanly", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/students/import/template", headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    const text = res.body.replace(/^\uFEFF/, "");
    const [header, example] = text.split("\r\n");
    expect(header).toBe(HEADER.join(","));
    expect(example).toContain("V-30123456");
    // No period has inscriptions open: the example asks for no specialization.
    expect(example).toMatch(/,,$/);
    const preview = await check(csvFile(Buffer.from(res.body, "utf8"), "plantilla.csv"));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ valid: 1, invalid: 0 });
  });
});

describe("checking a file (dry run)", () => {
  it("reads a semicolon CSV with a BOM, headers in any case and without accents, and writes nothing", async () => {
    const file = csv(
      [
        ["NOMBRES", "apellidos", "Cedula", "Correo", "Sexo", "Fecha de Nacimiento", "Telefono", "Direccion"],
        ["José Ángel", "Núñez", "v-12.345.001", "JOSE.NUNEZ@dry.test", "Masculino", "2007-01-31", "", ""],
        ["María", "Pérez; de León", "E 80123456", "maria@dry.test", "femenino", "5/9/2006", "0414", "Av. 2"],
        Array.from({ length: 8 }, () => ""),
      ],
      ";",
      true,
    );
    const res = await check(csvFile(file));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ valid: 2, invalid: 0 });
    expect(data.rows).toEqual([
      {
        line: 2,
        values: {
          first_name: "José Ángel",
          last_name: "Núñez",
          identity_document: "v-12.345.001",
          email: "JOSE.NUNEZ@dry.test",
          gender: "Masculino",
          birth_date: "2007-01-31",
          phone: "",
          address: "",
        },
        errors: {},
      },
      expect.objectContaining({ line: 3, errors: {} }),
    ]);
    expect(await studentsOf("dry.test")).toHaveLength(0);
  });

  it("gives each row its Spanish errors: required, date, future date, gender, e-mail, cédula", async () => {
    const future = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const file = csv([
      HEADER,
      row("bad.test", { Nombres: "" }),
      row("bad.test", { "Fecha de nacimiento": "31/02/2008" }),
      row("bad.test", { "Fecha de nacimiento": future }),
      row("bad.test", { Género: "X" }),
      row("bad.test", { "Correo electrónico": "no-es-un-correo" }),
      row("bad.test", { Cédula: "12-AB" }),
      row("bad.test"),
    ]);
    const res = await check(csvFile(file));
    expect(res.statusCode, res.body).toBe(200);
    const { rows, valid, invalid } = res.json().data as {
      rows: PreviewRow[];
      valid: number;
      invalid: number;
    };
    expect({ valid, invalid }).toEqual({ valid: 1, invalid: 6 });
    expect(rows.map((r) => r.errors)).toEqual([
      { first_name: ["El campo nombre es obligatorio."] },
      { birth_date: ["El campo fecha de nacimiento debe ser una fecha válida."] },
      { birth_date: ["El campo fecha de nacimiento debe ser una fecha anterior o igual a hoy."] },
      { gender: ["El valor seleccionado en el campo género no es válido."] },
      { email: ["El campo correo electrónico no es un correo válido."] },
      { identity_document: [expect.stringMatching(/cédula/)] },
      {},
    ]);
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it("marks a cédula or e-mail repeated inside the file, however it is written, on every row that has it", async () => {
    const file = csv([
      HEADER,
      row("dup.test", { Cédula: "V-55123456", "Correo electrónico": "ana@dup.test" }),
      row("dup.test", { Cédula: "v55.123.456" }),
      row("dup.test", { "Correo electrónico": "ANA@dup.test" }),
      row("dup.test", { Cédula: "V 55123456" }),
    ]);
    const rows: PreviewRow[] = (await check(csvFile(file))).json().data.rows;
    expect(rows[0]!.errors).toEqual({
      identity_document: ["Esta cédula también está en las filas 3 y 5 del archivo."],
      email: ["Este correo electrónico también está en la fila 4 del archivo."],
    });
    expect(rows[1]!.errors).toEqual({
      identity_document: ["Esta cédula también está en las filas 2 y 5 del archivo."],
    });
    expect(rows[2]!.errors).toEqual({
      email: ["Este correo electrónico también está en la fila 2 del archivo."],
    });
  });

  it("marks a cédula a student already has and an e-mail any account already has", async () => {
    const existing = {
      first_name: "Ya",
      last_name: "Existe",
      identity_document: "V-44000001",
      email: "existe@db.test",
      gender: "male",
    };
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/students",
      headers: admin,
      payload: existing,
    });
    expect(created.statusCode, created.body).toBe(201);
    const file = csv([
      HEADER,
      row("db.test", { Cédula: "V44.000.001" }),
      row("db.test", { "Correo electrónico": "EXISTE@db.test" }),
      row("db.test", { "Correo electrónico": adminEmail }),
      row("db.test"),
    ]);
    const rows: PreviewRow[] = (await check(csvFile(file))).json().data.rows;
    expect(rows.map((r) => r.errors)).toEqual([
      { identity_document: ["El valor del campo cédula ya está en uso."] },
      { email: ["El valor del campo correo electrónico ya está en uso."] },
      { email: ["El valor del campo correo electrónico ya está en uso."] },
      {},
    ]);
  });

  it("reads an XLSX file: date cells, numbers, links and a formula", async () => {
    const file = await xlsx([
      HEADER,
      [
        "Carla",
        "Rivas",
        "V-61000001",
        { text: "carla@xlsx.test", hyperlink: "mailto:carla@xlsx.test" },
        "F",
        new Date(Date.UTC(2006, 10, 3)),
        4125550001,
        "Sector 3",
      ],
      ["Pedro", "Luna", "V-61000002", "pedro@xlsx.test", "M", "03/11/2006", null, null],
      [
        "Rosa",
        "Mar",
        { formula: '"V-"&"61000003"', result: "V-61000003" },
        "rosa@xlsx.test",
        "Z",
        "2006-13-01",
        null,
        null,
      ],
    ]);
    const res = await check(xlsxFile(file));
    expect(res.statusCode, res.body).toBe(200);
    const rows: PreviewRow[] = res.json().data.rows;
    expect(rows[0]).toEqual({
      line: 2,
      values: {
        first_name: "Carla",
        last_name: "Rivas",
        identity_document: "V-61000001",
        email: "carla@xlsx.test",
        gender: "F",
        birth_date: "2006-11-03",
        phone: "4125550001",
        address: "Sector 3",
        specialization: "",
        semester: "",
      },
      errors: {},
    });
    expect(rows[1]!.errors).toEqual({});
    expect(rows[2]).toMatchObject({
      line: 4,
      values: { identity_document: "V-61000003" },
      errors: {
        gender: ["El valor seleccionado en el campo género no es válido."],
        birth_date: ["El campo fecha de nacimiento debe ser una fecha válida."],
      },
    });
  });
});

describe("refusing a file", () => {
  const fileErrors = async (file: FilePart | null, fields: Record<string, string> = { dry_run: "1" }) => {
    const res = await upload(file, fields);
    expect(res.statusCode, res.body).toBe(422);
    return res.json().errors as Record<string, string[]>;
  };

  it("names unknown and missing columns", async () => {
    const errors = await fileErrors(
      csvFile(
        csv([
          ["Nombres", "Apellidos", "Correo", "Carnet", "Color"],
          ["A", "B", "a@b.test", "X", "Y"],
        ]),
      ),
    );
    expect(errors.file).toEqual([
      expect.stringMatching(/^Las columnas «Carnet» y «Color» no corresponden a ningún dato del estudiante/),
      "Faltan las columnas obligatorias «Cédula» y «Género».",
    ]);
  });

  it("takes only CSV and XLSX files, and needs one", async () => {
    const mimes = "El campo archivo debe ser un archivo con formato: csv, xlsx.";
    expect(
      (await fileErrors({ filename: "lista.pdf", type: "application/pdf", data: Buffer.from("%PDF-1.4") }))
        .file,
    ).toEqual([mimes]);
    const workbook = await xlsx([HEADER, row("x.test")]);
    expect((await fileErrors(csvFile(workbook, "lista.csv"))).file).toEqual([mimes]);
    expect(
      (
        await fileErrors({
          filename: "lista.xls",
          type: "application/vnd.ms-excel",
          data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0]),
        })
      ).file,
    ).toEqual([mimes]);
    expect((await fileErrors(null)).file).toEqual(["El campo archivo es obligatorio."]);
    expect(
      (await fileErrors(csvFile(Buffer.from("Nombres,Apellidos,Cédula,Correo,Género\r\n")))).file,
    ).toEqual(["El archivo no tiene estudiantes debajo de los encabezados."]);
  });

  it("refuses 20,001 rows and a file over 8 MB, writing nothing", async () => {
    const many = csv([HEADER, ...Array.from({ length: 20_001 }, () => row("many.test"))]);
    const errors = await fileErrors(csvFile(many), { dry_run: "0" });
    expect(errors.file).toEqual([
      "El archivo tiene 20.001 estudiantes; se importan como máximo 20.000 por archivo.",
    ]);
    expect(await studentsOf("many.test")).toHaveLength(0);
    const big = Buffer.concat([csv([HEADER]), Buffer.alloc(8 * 1024 * 1024 + 10, "a")]);
    expect((await fileErrors(csvFile(big))).file).toEqual([
      "El campo archivo no debe ser mayor que 8192 kilobytes.",
    ]);
  });

  it("needs dry_run, as 1 or 0", async () => {
    const errors = await fileErrors(csvFile(csv([HEADER, row("x.test")])), {});
    expect(Object.keys(errors)).toEqual(["dry_run"]);
  });
});

describe("importing", () => {
  it("imports a file of the most students it may have, 20,000, in one go", async () => {
    // The 20,000 e-mails are handed to the mailer in batches after the answer; here they are only counted.
    const sent: string[] = [];
    const send = vi.spyOn(ctx.app.mailer, "sendInBackground").mockImplementation((mail) => {
      sent.push(mail.to);
    });
    const rows = Array.from({ length: 20_000 }, () => row("max.test"));
    const res = await commit(csvFile(csv([HEADER, ...rows])));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ created: 20_000, inscribed: 0, placements: [] });
    const [counted] = await ctx.db
      .select({
        students: sql<number>`count(*)::int`,
        tokens: sql<number>`(select count(*)::int from user_tokens t join users u on u.id = t.user_id
          where u.email like '%@max.test' and t.purpose = 'confirm')`,
        audited: sql<number>`(select count(*)::int from audit_log a join users u on u.id = a.entity_id
          where u.email like '%@max.test' and a.action = 'user.created' and a.entity_type = 'user')`,
      })
      .from(s.students)
      .innerJoin(s.users, eq(s.users.id, s.students.userId))
      .where(like(s.users.email, "%@max.test"));
    expect(counted).toEqual({ students: 20_000, tokens: 20_000, audited: 20_000 });
    await vi.waitFor(() => expect(sent).toHaveLength(20_000), { timeout: 30_000 });
    expect(new Set(sent)).toEqual(new Set(rows.map((r) => r[3])));
    send.mockRestore();
  });

  it("writes nothing when one row of thirty has an error, and says which", async () => {
    const rows = Array.from({ length: 30 }, (_, i) =>
      row("all.test", i === 17 ? { "Fecha de nacimiento": "2008-02-30" } : {}),
    );
    const res = await commit(csvFile(csv([HEADER, ...rows])));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      message: "validation_failed",
      description:
        "Una fila del archivo tiene errores: no se importó ningún estudiante. Corrija el archivo y vuelva a revisarlo.",
      errors: { "rows.19.birth_date": ["El campo fecha de nacimiento debe ser una fecha válida."] },
    });
    expect(Object.keys(res.json().errors)).toHaveLength(1);
    expect(await studentsOf("all.test")).toHaveLength(0);
  });

  it("creates thirty students in one go, unconfirmed, each e-mailed the confirmation link and audited", async () => {
    const rows = Array.from({ length: 30 }, () => row("ok.test"));
    const res = await commit(csvFile(csv([HEADER, ...rows], ";")));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ data: { created: 30, inscribed: 0, placements: [] } });
    const created = await studentsOf("ok.test");
    expect(created).toHaveLength(30);
    expect(created.every((c) => c.confirmedAt === null)).toBe(true);
    const [first] = await ctx.db
      .select()
      .from(s.students)
      .innerJoin(s.users, eq(s.users.id, s.students.userId))
      .where(eq(s.users.email, rows[0]![3]!));
    expect(first).toMatchObject({
      students: {
        firstName: "Luisa",
        identityDocument: rows[0]![2],
        gender: "female",
        birthDate: "2008-04-12",
        phone: "0412-5550000",
        status: "active",
      },
      users: { type: Role.student, passwordHash: null },
    });
    await ctx.app.mailer.idle();
    const mails = (await readOutbox(ctx.outboxDir)).filter((m) => /@ok\.test/.test(m.to));
    expect(mails).toHaveLength(30);
    expect(mails.every((m) => /\/confirm-account\?token=/.test(m.link ?? ""))).toBe(true);
    const audited = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.auditLog)
      .where(
        and(
          eq(s.auditLog.action, "user.created"),
          inArray(
            s.auditLog.entityId,
            ctx.db.select({ id: s.users.id }).from(s.users).where(like(s.users.email, "%@ok.test")),
          ),
        ),
      );
    expect(Number(audited[0]!.n)).toBe(30);

    // The same file again: every row is now taken, nothing more is written.
    const again = await commit(csvFile(csv([HEADER, ...rows], ";")));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors["rows.2.identity_document"]).toEqual([
      "El valor del campo cédula ya está en uso.",
    ]);
    expect(await studentsOf("ok.test")).toHaveLength(30);
  });

  it("imports an XLSX file", async () => {
    const file = await xlsx([
      HEADER.slice(0, 6),
      ["Iris", "Sol", "V-62000001", "iris@book.test", "Femenino", new Date(Date.UTC(2005, 0, 9))],
      ["Omar", "Paz", "V-62000002", "omar@book.test", "Masculino", "09/01/2005"],
    ]);
    const res = await commit(xlsxFile(file));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.created).toBe(2);
    expect(await studentsOf("book.test")).toHaveLength(2);
  });
});

describe("access", () => {
  it("is the administrator's alone", async () => {
    const file = csvFile(csv([HEADER, row("access.test")]));
    for (const role of [Role.lowAdmin, Role.coordinator, Role.teacher, Role.student]) {
      const { headers } = await createUserWithToken(ctx, role);
      expect((await check(file, headers)).statusCode).toBe(403);
      expect((await commit(file, headers)).statusCode).toBe(403);
      const template = await ctx.app.inject({ method: "GET", url: "/api/students/import/template", headers });
      expect(template.statusCode).toBe(403);
    }
    const anonymous = await ctx.app.inject({ method: "GET", url: "/api/students/import/template" });
    expect(anonymous.statusCode).toBe(401);
    expect(await studentsOf("access.test")).toHaveLength(0);
  });
});

describe("inscribing from the file (Especialidad, Semestre)", () => {
  /**
   * Period 2030-1 with inscriptions open follows the pensum of Informática (INF): semester 1 (IMP-101,
   * IMP-102) with sections INF1A (2 + 2 seats) and INF1B (1 + 1), semester 2 (IMP-201 requires IMP-101;
   * IMP-202 free) with INF2A (3 + 3). Diseño (DIS) is enabled but not followed by the period; Música (MUS)
   * is disabled. The period has a price setting with two installments.
   */
  const w = {} as {
    periodId: number;
    s1: number;
    s2: number;
    sections: Record<"s1a" | "s1b" | "s2a", number>;
    courses: Record<string, number>;
  };

  async function insertSection(semesterId: number, code: string, limit: number) {
    const [section] = await ctx.db
      .insert(s.sections)
      .values({
        periodId: w.periodId,
        semesterId,
        letterCode: code.slice(-1),
        code,
        malesLimit: limit,
        femalesLimit: limit,
      })
      .returning();
    const courseIds = await ctx.db
      .select({ id: s.semesterCourses.courseId })
      .from(s.semesterCourses)
      .where(eq(s.semesterCourses.semesterId, semesterId));
    await ctx.db
      .insert(s.courseSections)
      .values(courseIds.map((c) => ({ sectionId: section!.id, courseId: c.id })));
    return section!.id;
  }

  beforeAll(async () => {
    w.courses = {};
    const [period] = await ctx.db
      .insert(s.periods)
      .values({
        year: 2030,
        number: 1,
        startDate: "2030-01-10",
        endDate: "2030-06-30",
        enabled: true,
        enabledInscriptions: true,
      })
      .returning();
    w.periodId = period!.id;
    const [inf, dis] = await ctx.db
      .insert(s.specializations)
      .values([
        { code: "INF", title: "Informática" },
        { code: "DIS", title: "Diseño" },
        { code: "MUS", title: "Música", enabled: false },
      ])
      .returning();
    const [pensum] = await ctx.db
      .insert(s.pensums)
      .values({ specializationId: inf!.id, name: "Pensum INF" })
      .returning();
    await ctx.db.insert(s.pensums).values({ specializationId: dis!.id, name: "Pensum DIS" });
    const semesterIds: number[] = [];
    for (const [i, codes] of [
      ["IMP-101", "IMP-102"],
      ["IMP-201", "IMP-202"],
    ].entries()) {
      const [semester] = await ctx.db
        .insert(s.semesters)
        .values({ pensumId: pensum!.id, number: i + 1, code: `INF${i + 1}` })
        .returning();
      semesterIds.push(semester!.id);
      for (const code of codes) {
        const [course] = await ctx.db
          .insert(s.courses)
          .values({ code, title: `Materia ${code}` })
          .returning();
        w.courses[code] = course!.id;
        await ctx.db
          .insert(s.semesterCourses)
          .values({ semesterId: semester!.id, pensumId: pensum!.id, courseId: course!.id });
      }
    }
    await ctx.db
      .insert(s.periodPensums)
      .values({ periodId: w.periodId, specializationId: inf!.id, pensumId: pensum!.id });
    await ctx.db.insert(s.prelations).values({
      pensumId: pensum!.id,
      courseId: w.courses["IMP-201"]!,
      requiredCourseId: w.courses["IMP-101"]!,
      type: "total",
    });
    const [setting] = await ctx.db.insert(s.periodPriceSettings).values({ periodId: w.periodId }).returning();
    await ctx.db.insert(s.periodPriceInstallments).values([
      { priceSettingId: setting!.id, date: "2030-01-15", amountE2: 5000 },
      { priceSettingId: setting!.id, date: "2030-03-15", amountE2: 5000 },
    ]);
    w.s1 = semesterIds[0]!;
    w.s2 = semesterIds[1]!;
    w.sections = {
      s1a: await insertSection(w.s1, "INF1A", 2),
      s1b: await insertSection(w.s1, "INF1B", 1),
      s2a: await insertSection(w.s2, "INF2A", 3),
    };
  });

  /** The rows' errors of a dry run. */
  async function previewErrors(rows: string[][]) {
    const res = await check(csvFile(csv([HEADER, ...rows])));
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.rows as PreviewRow[]).map((r) => r.errors);
  }

  /** Active inscriptions of the students of `@domain`, with their section and course enrolments. */
  async function inscriptionsOf(domain: string) {
    const rows = await ctx.db
      .select({
        id: s.inscriptions.id,
        studentId: s.inscriptions.studentId,
        section: s.sections.code,
        email: s.users.email,
      })
      .from(s.inscriptions)
      .innerJoin(s.sections, eq(s.sections.id, s.inscriptions.sectionId))
      .innerJoin(s.students, eq(s.students.id, s.inscriptions.studentId))
      .innerJoin(s.users, eq(s.users.id, s.students.userId))
      .where(like(s.users.email, `%@${domain}`));
    return rows;
  }

  it("gives the template's example the first semester of a specialization the open period follows", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/students/import/template", headers: admin });
    const [header, example] = res.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe(HEADER.join(","));
    expect(example).toMatch(/,Informática,1$/);
    const preview = await check(csvFile(Buffer.from(res.body, "utf8"), "plantilla.csv"));
    expect(preview.json().data).toMatchObject({ valid: 1, invalid: 0 });
    expect(preview.json().data.rows[0].values).toMatchObject({
      specialization: "Informática",
      semester: "1",
    });
  });

  it("says which specialization is unknown, which semester the pensum lacks, and a semester alone", async () => {
    const known = "DIS (Diseño) y INF (Informática)";
    const errors = await previewErrors([
      row("spec.test", { Especialidad: "Medicina" }),
      row("spec.test", { Especialidad: "Música" }),
      row("spec.test", { Especialidad: "informatica", Semestre: "7" }),
      row("spec.test", { Semestre: "2" }),
      row("spec.test", { Especialidad: "DIS" }),
      row("spec.test", { Especialidad: "INF", Semestre: "dos" }),
      row("spec.test", { Especialidad: "INFORMÁTICA" }),
      row("spec.test", { Especialidad: " inf ", Semestre: "2do", Género: "M" }),
    ]);
    expect(errors).toEqual([
      {
        specialization: [
          `La especialidad «Medicina» no existe o no está habilitada. Escriba el código o el nombre de una de estas: ${known}.`,
        ],
      },
      {
        specialization: [
          `La especialidad «Música» no existe o no está habilitada. Escriba el código o el nombre de una de estas: ${known}.`,
        ],
      },
      { semester: ["El Pensum INF de Informática no tiene el semestre 7; sus semestres son 1 y 2."] },
      {
        semester: [
          "Indique también la especialidad: el semestre solo se usa para inscribir al estudiante en una especialidad.",
        ],
      },
      { specialization: ["La especialidad Diseño no tiene pensum en el período 2030-1."] },
      { semester: ["El semestre «dos» no es un número (1, 2, 3…)."] },
      {},
      {},
    ]);
  });

  it("counts the free seats of each semester and gender, and marks the rows past them", async () => {
    const errors = await previewErrors([
      row("seats.test", { Especialidad: "INF" }),
      row("seats.test", { Especialidad: "INF", Semestre: "1" }),
      row("seats.test", { Especialidad: "INF", Género: "M" }),
      row("seats.test", { Especialidad: "INF" }),
      row("seats.test", { Especialidad: "INF" }),
      row("seats.test", { Especialidad: "INF", Género: "M" }),
      row("seats.test", { Especialidad: "INF", Género: "M" }),
    ]);
    expect(errors).toEqual([
      {},
      {},
      {},
      {},
      {
        semester: [
          "No hay cupo para esta fila: el semestre 1 de Informática en el período 2030-1 tiene 3 cupos libres para hembras (INF1A: 2, INF1B: 1) y las filas 2, 3 y 5 del archivo ya los ocupan.",
        ],
      },
      {},
      {},
    ]);
    expect(await studentsOf("seats.test")).toHaveLength(0);
  });

  it("needs a period with inscriptions open when a row asks for a specialization", async () => {
    await ctx.db.update(s.periods).set({ enabledInscriptions: false }).where(eq(s.periods.id, w.periodId));
    try {
      const errors = await previewErrors([row("closed.test", { Especialidad: "INF" }), row("closed.test")]);
      expect(errors).toEqual([
        {
          specialization: [
            "Ningún período tiene las inscripciones abiertas: ábralas en un período para inscribir a este estudiante, o deje vacía la columna «Especialidad».",
          ],
        },
        {},
      ]);
      const res = await commit(csvFile(csv([HEADER, row("closed.test", { Especialidad: "INF" })])));
      expect(res.statusCode).toBe(422);
      expect(await studentsOf("closed.test")).toHaveLength(0);
    } finally {
      await ctx.db.update(s.periods).set({ enabledInscriptions: true }).where(eq(s.periods.id, w.periodId));
    }
  });

  it("with two periods open asks which one, and inscribes in the one chosen", async () => {
    const [other] = await ctx.db
      .insert(s.periods)
      .values({
        year: 2030,
        number: 2,
        startDate: "2030-07-10",
        endDate: "2030-12-20",
        enabledInscriptions: true,
      })
      .returning();
    try {
      const errors = await previewErrors([row("twoopen.test", { Especialidad: "INF" })]);
      expect(errors).toEqual([
        {
          specialization: [
            "Hay dos períodos con inscripciones abiertas (2030-1, 2030-2): indique en cuál inscribir, o deje vacía la columna «Especialidad».",
          ],
        },
      ]);
      const file = csvFile(csv([HEADER, row("twoopen.test", { Especialidad: "INF" })]));
      const chosen = await upload(file, { dry_run: "1", period_id: String(w.periodId) });
      expect(chosen.json().data.rows[0].errors).toEqual({});
      const res = await upload(file, { dry_run: "0", period_id: String(w.periodId) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.placements[0].period).toEqual({ id: w.periodId, name: "2030-1" });
      const closed = await upload(file, { dry_run: "1", period_id: "999999" });
      expect(closed.statusCode).toBe(404);
    } finally {
      await ctx.db.delete(s.periods).where(eq(s.periods.id, other!.id));
    }
  });

  it("inscribes the students in a section of their semester, with their courses by prelations and the fee", async () => {
    const rows = [
      row("insc.test", { Especialidad: "Informática", Semestre: "1" }),
      row("insc.test", { Especialidad: "INF", Género: "M" }),
      row("insc.test", { Especialidad: "inf", Semestre: "2", Género: "M" }),
      row("insc.test"),
    ];
    const res = await commit(csvFile(csv([HEADER, ...rows])));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ created: 4, inscribed: 3 });
    const period = { id: w.periodId, name: "2030-1" };
    const specialization = { code: "INF", title: "Informática" };
    // Two semester-1 students alone in empty sections: the fewest students first, then the lowest id.
    expect(data.placements).toEqual([
      expect.objectContaining({
        period,
        specialization: expect.objectContaining(specialization),
        semester: { id: w.s1, number: 1, code: "INF1" },
        section: { id: w.sections.s1a, code: "INF1A" },
        students: 1,
        skipped_courses: 0,
      }),
      expect.objectContaining({ section: { id: w.sections.s1b, code: "INF1B" }, students: 1 }),
      expect.objectContaining({
        semester: { id: w.s2, number: 2, code: "INF2" },
        section: { id: w.sections.s2a, code: "INF2A" },
        students: 1,
        skipped_courses: 1,
      }),
    ]);
    const inscribed = await inscriptionsOf("insc.test");
    expect(inscribed.map((i) => i.section).sort()).toEqual(["INF1A", "INF1B", "INF2A"]);
    const enrolments = await ctx.db
      .select({ inscriptionId: s.courseEnrolments.inscriptionId, course: s.courses.code })
      .from(s.courseEnrolments)
      .innerJoin(s.courseSections, eq(s.courseSections.id, s.courseEnrolments.courseSectionId))
      .innerJoin(s.courses, eq(s.courses.id, s.courseSections.courseId))
      .where(
        inArray(
          s.courseEnrolments.inscriptionId,
          inscribed.map((i) => i.id),
        ),
      );
    const coursesOf = (section: string) =>
      enrolments
        .filter((e) => e.inscriptionId === inscribed.find((i) => i.section === section)!.id)
        .map((e) => e.course)
        .sort();
    expect(coursesOf("INF1A")).toEqual(["IMP-101", "IMP-102"]);
    // IMP-201 needs IMP-101 passed, which a new student has not.
    expect(coursesOf("INF2A")).toEqual(["IMP-202"]);
    const fees = await ctx.db
      .select({ id: s.studentPeriodFees.id, inscriptionId: s.studentPeriodFees.inscriptionId })
      .from(s.studentPeriodFees)
      .where(
        inArray(
          s.studentPeriodFees.studentId,
          inscribed.map((i) => i.studentId),
        ),
      );
    expect(fees.map((f) => f.inscriptionId).sort()).toEqual(inscribed.map((i) => i.id).sort());
    const installments = await ctx.db
      .select({ id: s.feeInstallments.id })
      .from(s.feeInstallments)
      .where(
        inArray(
          s.feeInstallments.feeId,
          fees.map((f) => f.id),
        ),
      );
    expect(installments).toHaveLength(6);
    await ctx.app.mailer.idle();
    const mails = (await readOutbox(ctx.outboxDir)).filter((m) => /@insc\.test/.test(m.to));
    expect(mails).toHaveLength(4);
  });

  it("refuses the whole import, naming the row and the sections, when a seat is missing under the lock", async () => {
    // Semester 2 has 3 + 3 seats and one male student since the test above: 2 male seats are left.
    // The rows are checked first (as the preview does), then the seats are taken here behind their back.
    const rows = [
      row("race.test", { Especialidad: "INF", Semestre: "2", Género: "M" }),
      row("race.test", { Especialidad: "INF", Semestre: "2", Género: "M" }),
      row("race.test", { Especialidad: "INF", Semestre: "2", Género: "F" }),
    ];
    const file = csvFile(csv([HEADER, ...rows]));
    expect((await check(file)).json().data).toMatchObject({ valid: 3, invalid: 0 });
    const { inscribeImported } = await import("./import.js");
    const { insertStudents } = await import("./service.js");
    const semester2 = { id: w.s2, number: 2, code: "INF2", pensumId: 0, specializationId: 0 };
    const [pensum] = await ctx.db
      .select({ pensumId: s.semesters.pensumId, specializationId: s.pensums.specializationId })
      .from(s.semesters)
      .innerJoin(s.pensums, eq(s.pensums.id, s.semesters.pensumId))
      .where(eq(s.semesters.id, w.s2));
    Object.assign(semester2, pensum);
    const placement = {
      specialization: { id: semester2.specializationId, code: "INF", title: "Informática" },
      semester: semester2,
    };
    const inputs = [1, 2, 3].map((n) => ({
      first_name: "Racha",
      last_name: `Número ${n}`,
      identity_document: `V-7990000${n}`,
      email: `racha${n}@race.test`,
      gender: n === 3 ? ("female" as const) : ("male" as const),
    }));
    // Someone else takes the last two male seats of semester 2 between the preview and the import.
    const taking = ctx.db.transaction(async (tx) => {
      const created = await insertStudents(tx, inputs.slice(0, 2));
      return inscribeImported(tx, {
        periodId: w.periodId,
        now: ctx.clock.now(),
        today: ctx.clock.today(),
        students: created.map((c, i) => ({
          line: i + 2,
          name: `Racha Número ${i + 1}`,
          id: c.id,
          gender: "male",
          placement,
        })),
      });
    });
    await expect(taking).resolves.toEqual([expect.objectContaining({ students: 2 })]);
    // The import now finds no male seat for its first row: nothing of it is written.
    const res = await commit(file);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors["rows.2.semester"]).toEqual([
      "No hay cupo para esta fila: el semestre 2 de Informática en el período 2030-1 tiene 0 cupos libres para varones (INF2A: 0).",
    ]);
    // Under the lock itself (the rows written in one transaction, a female one first, then a male one):
    // 400 naming the row and the section, and the whole transaction rolled back.
    const refused = ctx.db.transaction(async (tx) => {
      const created = await insertStudents(
        tx,
        [3, 1].map((n, i) => ({
          ...inputs[n - 1]!,
          identity_document: `V-7991000${i}`,
          email: `late${i}@race.test`,
        })),
      );
      return inscribeImported(tx, {
        periodId: w.periodId,
        now: ctx.clock.now(),
        today: ctx.clock.today(),
        students: created.map((c, i) => ({
          line: i + 5,
          name: `Tarde ${i + 1}`,
          id: c.id,
          gender: i === 0 ? "female" : "male",
          placement,
        })),
      });
    });
    await expect(refused).rejects.toMatchObject({
      status: 400,
      message: "no_available_sections_for_inscription",
      description:
        "Fila 6 (Tarde 2): No hay secciones con cupos disponibles para varones en este semestre: INF2A (3 de 3). No se importó ningún estudiante.",
      errors: {
        "rows.6.semester": [
          "No hay secciones con cupos disponibles para varones en este semestre: INF2A (3 de 3).",
        ],
      },
    });
    expect(await studentsOf("race.test")).toHaveLength(2);
    expect(await inscriptionsOf("race.test")).toHaveLength(2);
  });

  it("inscribes a file's students as the inscriptions' own path does, one after another", async () => {
    // Two more sections of semester 2, so the students spread over three with different seats.
    await insertSection(w.s2, "INF2B", 4);
    await insertSection(w.s2, "INF2C", 2);
    const { inscribeImported } = await import("./import.js");
    const { insertStudents } = await import("./service.js");
    const { inscribeInTransaction, inscriptionPeriod } = await import("../inscriptions/service.js");
    const [semester] = await ctx.db
      .select({
        id: s.semesters.id,
        number: s.semesters.number,
        code: s.semesters.code,
        pensumId: s.semesters.pensumId,
        specializationId: s.pensums.specializationId,
      })
      .from(s.semesters)
      .innerJoin(s.pensums, eq(s.pensums.id, s.semesters.pensumId))
      .where(eq(s.semesters.id, w.s2));
    const placement = {
      specialization: { id: semester!.specializationId, code: "INF", title: "Informática" },
      semester: semester!,
    };
    const genders = [
      "female",
      "male",
      "male",
      "female",
      "female",
      "male",
      "female",
      "female",
      "male",
      "female",
    ];
    const inputs = genders.map((gender, i) => ({
      first_name: "Igual",
      last_name: `Número ${i + 1}`,
      identity_document: `V-7992000${i}`,
      email: `igual${i}@same.test`,
      gender: gender as "female" | "male",
    }));
    /** Each student's section, courses and installments, inscribed in a transaction then rolled back. */
    const inscribe = async (batched: boolean) => {
      let seen: unknown;
      const rolledBack = new Error("rolled back");
      await ctx.db
        .transaction(async (tx) => {
          const created = await insertStudents(tx, inputs);
          const students = created.map((c, i) => ({
            line: i + 2,
            name: `Igual Número ${i + 1}`,
            id: c.id,
            gender: genders[i]!,
            placement,
          }));
          const now = ctx.clock.now();
          const today = ctx.clock.today();
          if (batched) await inscribeImported(tx, { periodId: w.periodId, now, today, students });
          else {
            const period = await inscriptionPeriod(tx, w.periodId);
            for (const student of students)
              await inscribeInTransaction(tx, {
                period,
                semester: semester!,
                student,
                preInscriptionId: null,
                sectionId: null,
                now,
                today,
              });
          }
          const rows = await tx
            .select({
              email: s.users.email,
              section: s.sections.code,
              courses: sql<string>`(select string_agg(c.code, ',' order by c.code)
                from course_enrolments ce join course_sections cs on cs.id = ce.course_section_id
                join courses c on c.id = cs.course_id where ce.inscription_id = ${s.inscriptions.id})`,
              installments: sql<number>`(select count(*)::int from fee_installments fi
                join student_period_fees f on f.id = fi.fee_id where f.inscription_id = ${s.inscriptions.id})`,
            })
            .from(s.inscriptions)
            .innerJoin(s.sections, eq(s.sections.id, s.inscriptions.sectionId))
            .innerJoin(s.students, eq(s.students.id, s.inscriptions.studentId))
            .innerJoin(s.users, eq(s.users.id, s.students.userId))
            .where(like(s.users.email, "%@same.test"));
          seen = rows.sort((a, b) => a.email.localeCompare(b.email));
          throw rolledBack;
        })
        .catch((error) => {
          if (error !== rolledBack) throw error;
        });
      return seen;
    };
    const oneByOne = await inscribe(false);
    expect(oneByOne).toHaveLength(genders.length);
    expect(new Set((oneByOne as { section: string }[]).map((r) => r.section))).toEqual(
      new Set(["INF2A", "INF2B", "INF2C"]),
    );
    expect(await inscribe(true)).toEqual(oneByOne);
    expect(await studentsOf("same.test")).toHaveLength(0);
  });

  it("fills every free seat of a semester in one import, and refuses one student more", async () => {
    const free = await ctx.db.execute(sql`
      select coalesce(sum(greatest(0, s.females_limit - (select count(*) from inscriptions i join students st
          on st.id = i.student_id where i.section_id = s.id and i.status = 'active' and st.gender = 'female'))), 0)::int as women,
        coalesce(sum(greatest(0, s.males_limit - (select count(*) from inscriptions i join students st
          on st.id = i.student_id where i.section_id = s.id and i.status = 'active' and st.gender <> 'female'))), 0)::int as men
      from sections s where s.semester_id = ${w.s2} and s.period_id = ${w.periodId}`);
    const { women, men } = (free as unknown as { rows: { women: number; men: number }[] }).rows[0]!;
    expect(women + men).toBeGreaterThan(5);
    const rows = [
      ...Array.from({ length: women }, () => row("full.test", { Especialidad: "INF", Semestre: "2" })),
      ...Array.from({ length: men }, () =>
        row("full.test", { Especialidad: "INF", Semestre: "2", Género: "M" }),
      ),
    ];
    const res = await commit(csvFile(csv([HEADER, ...rows])));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ created: rows.length, inscribed: rows.length });
    const counts = await ctx.db.execute(sql`
      select s.code, s.females_limit, s.males_limit,
        (select count(*)::int from inscriptions i join students st on st.id = i.student_id
          where i.section_id = s.id and st.gender = 'female') as women,
        (select count(*)::int from inscriptions i join students st on st.id = i.student_id
          where i.section_id = s.id and st.gender <> 'female') as men
      from sections s where s.semester_id = ${w.s2} and s.period_id = ${w.periodId} order by s.code`);
    for (const section of (counts as unknown as { rows: Record<string, number>[] }).rows)
      expect([section.women, section.men]).toEqual([section.females_limit, section.males_limit]);
    const one = await commit(
      csvFile(csv([HEADER, row("full.test", { Especialidad: "INF", Semestre: "2" })])),
    );
    expect(one.statusCode).toBe(422);
    expect(Object.values(one.json().errors).flat()).toEqual([
      expect.stringMatching(
        /^No hay cupo para esta fila: el semestre 2 de Informática en el período 2030-1 tiene 0 cupos libres para hembras/,
      ),
    ]);
  });
});
