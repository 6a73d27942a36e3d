import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import { auditLog, classrooms } from "../db/schema/index.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { allRows, CSV_BATCH_SIZE, csvCell, csvFilename, neutralizeCell } from "./csv.js";
import type { ListParams } from "./list-query.js";
import { pageMeta } from "./pagination.js";

/** RFC 4180 records of a CSV text (quotes, doubled quotes, commas and line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell !== "" || record.length > 0) records.push([...record, cell]);
  return records;
}

describe("CSV cells", () => {
  it("neutralises cells a spreadsheet would run as a formula", () => {
    for (const text of ["=1+1", "+34", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd", '=HYPERLINK("http://x")']) {
      expect(neutralizeCell(text)).toBe(`'${text}`);
    }
    for (const text of ["Aula 1", "", "a=b", " =x", "'ya", "Química"])
      expect(neutralizeCell(text)).toBe(text);
  });

  it("writes booleans as Sí/No, empty for null, numbers as numbers and dates in the school's zone", () => {
    expect(csvCell(true)).toBe("Sí");
    expect(csvCell(false)).toBe("No");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(12.5)).toBe("12.5");
    expect(csvCell(new Date("2026-11-23T03:30:00Z"), "America/Caracas")).toBe("2026-11-22 23:30");
    expect(csvCell("-5")).toBe("'-5");
  });

  it("names the file with the given day, its name made safe", () => {
    expect(csvFilename("aulas", "2026-11-22")).toBe("aulas-2026-11-22.csv");
    expect(csvFilename('a"b/c', "2026-11-23")).toBe("a-b-c-2026-11-23.csv");
  });

  it("reads every row batch after batch, without counting, in the list's order", async () => {
    const data = Array.from({ length: 7 }, (_, i) => i + 1);
    const asked: ListParams[] = [];
    const list: ListParams = { page: 3, limit: 2, sort_by: { field: "id", direction: "asc" } };
    const rows: number[] = [];
    for await (const row of allRows(
      list,
      async (l) => {
        asked.push(l);
        const slice = data.slice((l.page - 1) * l.limit, l.page * l.limit);
        return { rows: slice, meta: pageMeta(slice.length, l.page, l.limit) };
      },
      3,
    )) {
      rows.push(row);
    }
    expect(rows).toEqual(data);
    expect(asked.map((l) => [l.page, l.limit, l.withoutTotal])).toEqual([
      [1, 3, true],
      [2, 3, true],
      [3, 3, true],
    ]);
  });
});

describe("GET /api/classrooms?format=csv", () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  const extra = CSV_BATCH_SIZE + 20;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = (await createUserWithToken(ctx, Role.admin)).headers;
    await ctx.db.insert(classrooms).values([
      {
        code: "LAB-Q",
        description: 'Laboratorio de química, "ñandú" y acentuación',
        maxCapacity: 20,
        multipleSections: true,
        enabled: true,
      },
      { code: "@SUM", description: '=HYPERLINK("http://malo")', maxCapacity: 10, enabled: false },
      { code: "-X", description: "+34 600", maxCapacity: 15, enabled: false },
      // More rows than one batch, so the file takes several reads.
      ...Array.from({ length: extra }, (_, i) => ({
        code: `R-${String(i).padStart(4, "0")}`,
        description: `Aula ${i}`,
        maxCapacity: 30 + (i % 10),
        enabled: true,
      })),
    ]);
  });
  afterAll(() => ctx?.close());

  const get = (query: string, headers: Record<string, string> = admin) =>
    ctx.app.inject({ method: "GET", url: `/api/classrooms?${query}`, headers });

  it("answers every row as a UTF-8 CSV with BOM, Spanish headers, as a dated attachment", async () => {
    const res = await get("format=csv&limit=5&page=2");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="aulas-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = res.rawPayload.toString("utf8");
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parseCsv(body.slice(1));
    expect(header).toEqual(["Código", "Descripción", "Máxima capacidad", "Múltiples secciones", "Estado"]);
    // Paging is ignored: every classroom.
    expect(rows).toHaveLength(extra + 3);
    expect(rows).toContainEqual([
      "LAB-Q",
      'Laboratorio de química, "ñandú" y acentuación',
      "20",
      "Sí",
      "Habilitada",
    ]);
  });

  it("neutralises cells that would run as formulas", async () => {
    const res = await get("format=csv&enabled=0&sort_by=code,asc");
    const [, ...rows] = parseCsv(res.body.slice(1));
    expect(rows).toEqual([
      ["'-X", "'+34 600", "15", "No", "Deshabilitada"],
      ["'@SUM", `'=HYPERLINK("http://malo")`, "10", "No", "Deshabilitada"],
    ]);
  });

  it("honours the JSON list's filters, search and sort", async () => {
    const query = "search=AULA 1&min_capacity=35&enabled=1&sort_by=max_capacity,desc";
    const json = await get(`${query}&limit=0`);
    expect(json.statusCode).toBe(200);
    const expected = json.json().data.map((c: { code: string }) => c.code);
    expect(expected.length).toBeGreaterThan(10);
    const csv = await get(`${query}&format=csv`);
    const codes = parseCsv(csv.body.slice(1))
      .slice(1)
      .map((r) => r[0]);
    expect(codes).toEqual(expected);

    const search = await get("format=csv&search=quimica");
    expect(parseCsv(search.body.slice(1)).map((r) => r[0])).toEqual(["Código", "LAB-Q"]);
  });

  it("keeps the JSON list as it was, and refuses an unknown format or sort with a 422", async () => {
    const json = await get("limit=5");
    expect(json.headers["content-type"]).toMatch(/^application\/json/);
    expect(json.json().meta).toMatchObject({ total: extra + 3, per_page: 5 });
    expect((await get("format=pdf")).statusCode).toBe(422);
    expect((await get("format=csv&sort_by=password")).statusCode).toBe(422);
  });

  it("obeys the list's access rule: 401 without a token, 403 outside the admin group", async () => {
    expect((await get("format=csv", {})).statusCode).toBe(401);
    const student = await createUserWithToken(ctx, Role.student);
    expect((await get("format=csv", student.headers)).statusCode).toBe(403);
    const teacher = await createUserWithToken(ctx, Role.teacher);
    expect((await get("format=csv", teacher.headers)).statusCode).toBe(403);
    const lowAdmin = await createUserWithToken(ctx, Role.lowAdmin);
    const res = await get("format=csv", lowAdmin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
  });
});

describe("GET /api/audit-log?format=csv", () => {
  let ctx: TestContext;
  afterAll(() => ctx?.close());

  it("exports the filtered audit log with its values, for administrators only", async () => {
    ctx = await createTestContext();
    const admin = await createUserWithToken(ctx, Role.admin);
    await ctx.db.insert(auditLog).values([
      {
        createdAt: new Date("2026-11-20T15:00:00Z"),
        actorUserId: admin.user.id,
        actorEmail: "jefa@colegio.edu",
        actorName: "=Jefa Peña",
        action: "user.email_changed",
        entityType: "user",
        entityId: 7,
        oldValues: { email: "a@x.com" },
        newValues: { email: "b@x.com" },
        ipAddress: "10.0.0.1",
      },
      { action: "user.created", entityType: "user", entityId: 8 },
    ]);
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/audit-log?format=csv&action=user.email_changed",
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(parseCsv(res.body.slice(1))).toEqual([
      [
        "Fecha y hora",
        "Autor",
        "Correo del autor",
        "Acción",
        "Registro",
        "Id del registro",
        "Valores anteriores",
        "Valores nuevos",
        "Dirección IP",
      ],
      [
        // The school's zone (America/Caracas by default).
        "2026-11-20 11:00",
        "'=Jefa Peña",
        "jefa@colegio.edu",
        "user.email_changed",
        "user",
        "7",
        '{"email":"a@x.com"}',
        '{"email":"b@x.com"}',
        "10.0.0.1",
      ],
    ]);
    const lowAdmin = await createUserWithToken(ctx, Role.lowAdmin);
    const refused = await ctx.app.inject({
      method: "GET",
      url: "/api/audit-log?format=csv",
      headers: lowAdmin.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
