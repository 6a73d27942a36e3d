import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import {
  auditLog,
  classrooms,
  courseEnrolments,
  courseSections,
  lessons,
  periods,
} from "../db/schema/index.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { seedDemoSchool } from "../test/demo-school.js";
import { CSV_BATCH_SIZE, csvCell, money } from "./csv.js";
import { XLSX_CONTENT_TYPE, xlsxCell } from "./xlsx.js";

/** The first sheet of a workbook the API answered, read back with exceljs. */
async function sheetOf(body: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  return sheet;
}

/** Every row's cell values (row 1 is the header). */
function rowsOf(sheet: ExcelJS.Worksheet): ExcelJS.CellValue[][] {
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return rows;
}

describe("Excel cells", () => {
  it("keeps numbers and amounts as numbers, and YYYY-MM-DD as dates", () => {
    expect(xlsxCell(12.5)).toEqual({ value: 12.5 });
    expect(xlsxCell(money(123_456))).toEqual({ value: 1234.56, numFmt: "#,##0.00" });
    expect(xlsxCell("2026-11-23")).toEqual({ value: new Date(Date.UTC(2026, 10, 23)), numFmt: "dd/mm/yyyy" });
    expect(xlsxCell(true)).toEqual({ value: "Sí" });
    expect(xlsxCell(null)).toEqual({ value: null });
    expect(xlsxCell(Number.NaN)).toEqual({ value: null });
  });

  it("writes instants at the school and leaves impossible dates and formulas as text", () => {
    const at = (iso: string) => ({ value: new Date(iso), numFmt: "dd/mm/yyyy hh:mm" });
    expect(xlsxCell(new Date("2026-11-23T03:30:00Z"), "America/Caracas")).toEqual(at("2026-11-22T23:30:00Z"));
    expect(xlsxCell("2026-11-23T03:30:00.000Z", "America/Caracas")).toEqual(at("2026-11-22T23:30:00Z"));
    // Without a zone: already the school's wall clock.
    expect(xlsxCell("2026-11-23 10:05", "America/Caracas")).toEqual(at("2026-11-23T10:05:00Z"));
    expect(xlsxCell("2026-02-30")).toEqual({ value: "2026-02-30" });
    expect(xlsxCell("=HYPERLINK(1)")).toEqual({ value: "=HYPERLINK(1)" });
    expect(xlsxCell("V-12345678")).toEqual({ value: "V-12345678" });
  });

  it("writes amounts in a CSV file as before: 1.234,56", () => {
    expect(csvCell(money(123_456))).toBe("1.234,56");
    expect(csvCell(money(5))).toBe("0,05");
  });
});

describe("GET /api/<list>?format=xlsx", () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  const extra = CSV_BATCH_SIZE + 5;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = (await createUserWithToken(ctx, Role.admin)).headers;
    await ctx.db.insert(classrooms).values([
      { code: "LAB-Q", description: "Laboratorio de química", maxCapacity: 20, multipleSections: true },
      { code: "@SUM", description: '=HYPERLINK("http://malo")', maxCapacity: 10, enabled: false },
      ...Array.from({ length: extra }, (_, i) => ({
        code: `R-${String(i).padStart(4, "0")}`,
        maxCapacity: 30,
      })),
    ]);
  });
  afterAll(() => ctx?.close());

  const get = (url: string, headers: Record<string, string> = admin) =>
    ctx.app.inject({ method: "GET", url: `/api${url}`, headers });

  it("answers every row as a dated workbook with Spanish headers, numbers as numbers", async () => {
    const res = await get("/classrooms?format=xlsx&limit=5&page=2&sort_by=code,asc");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="aulas-${ctx.clock.today()}.xlsx"`);
    const sheet = await sheetOf(res.rawPayload);
    const [header, ...rows] = rowsOf(sheet);
    expect(header).toEqual(["Código", "Descripción", "Máxima capacidad", "Múltiples secciones", "Estado"]);
    // Paging is ignored: every classroom, in the list's order, read batch after batch.
    expect(rows).toHaveLength(extra + 2);
    // A formula-looking text is a text cell, as typed (an xlsx text never runs).
    expect(rows[0]).toEqual(["@SUM", '=HYPERLINK("http://malo")', 10, "No", "Deshabilitada"]);
    expect(rows[1]).toEqual(["LAB-Q", "Laboratorio de química", 20, "Sí", "Habilitada"]);
    expect(sheet.getCell("C2").type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell("B3").type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(1).font?.bold).toBe(true);
  });

  it("writes a period's dates as Excel dates and its price as a number", async () => {
    await ctx.db.insert(periods).values({
      year: 2027,
      number: 1,
      startDate: "2027-01-11",
      endDate: "2027-05-14",
      semesterPriceE2: 123_450,
    });
    const res = await get("/periods?format=xlsx&year=2027");
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await sheetOf(res.rawPayload);
    const header = rowsOf(sheet)[0] as string[];
    const cell = (name: string) => sheet.getRow(2).getCell(header.indexOf(name) + 1);
    expect(cell("Fecha de inicio").type).toBe(ExcelJS.ValueType.Date);
    expect(cell("Fecha de inicio").value).toEqual(new Date(Date.UTC(2027, 0, 11)));
    expect(cell("Fecha de inicio").numFmt).toBe("dd/mm/yyyy");
    expect(cell("Fecha de cierre").value).toEqual(new Date(Date.UTC(2027, 4, 14)));
    expect(cell("Precio del semestre").type).toBe(ExcelJS.ValueType.Number);
    expect(cell("Precio del semestre").value).toBe(1234.5);
    expect(cell("Precio del semestre").numFmt).toBe("#,##0.00");
    expect(cell("Nota mínima aprobatoria").value).toBe(10);

    // The CSV file keeps the same column, in the Spanish amount format.
    const csv = await get("/periods?format=csv&year=2027");
    expect(csv.body).toContain('"1.234,50"');
  });

  it("writes instants as date-times at the school", async () => {
    await ctx.db.insert(auditLog).values({
      createdAt: new Date("2026-11-20T15:00:00Z"),
      actorEmail: "jefa@colegio.edu",
      action: "user.email_changed",
      entityType: "user",
      entityId: 7,
    });
    const res = await get("/audit-log?format=xlsx&action=user.email_changed");
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.getCell("A1").value).toBe("Fecha y hora");
    // 11:00 at the school (America/Caracas), 15:00 UTC.
    expect(sheet.getCell("A2").value).toEqual(new Date(Date.UTC(2026, 10, 20, 11, 0)));
    expect(sheet.getCell("A2").numFmt).toBe("dd/mm/yyyy hh:mm");
    expect(sheet.getCell("F2").value).toBe(7);
  });

  it("obeys the list's access rule and refuses a bad sort before sending anything", async () => {
    expect((await get("/classrooms?format=xlsx", {})).statusCode).toBe(401);
    const student = await createUserWithToken(ctx, Role.student);
    expect((await get("/classrooms?format=xlsx", student.headers)).statusCode).toBe(403);
    const refused = await get("/classrooms?format=xlsx&sort_by=password");
    expect(refused.statusCode).toBe(422);
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
  });
});

describe("the reports that are not paged lists, as workbooks (demo school)", () => {
  let demo: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    demo = await createTestContext();
    await seedDemoSchool(demo);
    admin = (await createUserWithToken(demo, Role.admin)).headers;
  }, 120_000);
  afterAll(() => demo?.close());

  const get = (url: string) => demo.app.inject({ method: "GET", url: `/api${url}`, headers: admin });

  it("the debtors report: amounts as numbers, then its total", async () => {
    const json = await get("/payments/debtors?limit=0");
    expect(json.statusCode).toBe(200);
    const { data, meta } = json.json() as { data: { overdue_e2: number }[]; meta: { total_owed_e2: number } };
    expect(data.length).toBeGreaterThan(0);
    const res = await get("/payments/debtors?format=xlsx");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/filename="deudores-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const sheet = await sheetOf(res.rawPayload);
    const [header, ...rows] = rowsOf(sheet);
    const owed = (header as string[]).indexOf("Monto adeudado");
    expect(rows).toHaveLength(data.length + 1);
    expect(rows.slice(0, -1).map((r) => r[owed])).toEqual(data.map((d) => d.overdue_e2 / 100));
    expect(rows.at(-1)![0]).toBe("Total");
    expect(rows.at(-1)![owed]).toBe(meta.total_owed_e2 / 100);
    expect(sheet.getRow(2).getCell(owed + 1).numFmt).toBe("#,##0.00");
  });

  it("a student's lessons in a course: dates as Excel dates", async () => {
    const [enrolment] = await demo.db
      .select({
        studentId: courseEnrolments.studentId,
        sectionId: courseSections.sectionId,
        courseId: courseSections.courseId,
      })
      .from(courseEnrolments)
      .innerJoin(courseSections, eq(courseSections.id, courseEnrolments.courseSectionId))
      .innerJoin(lessons, eq(lessons.courseSectionId, courseSections.id))
      .limit(1);
    const { studentId, sectionId, courseId } = enrolment!;
    const url = `/sections/${sectionId}/courses/${courseId}/students/${studentId}/lessons`;
    const json = (await get(url)).json().data as { lessons: { date: string }[] };
    const res = await get(`${url}?format=xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.getCell("A1").value).toBe("Fecha");
    expect(sheet.getCell("A2").type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getCell("A2").value).toEqual(new Date(`${json.lessons[0]!.date}T00:00:00Z`));
    expect((await get(`${url}?format=pdf`)).statusCode).toBe(422);
  });
});
