import { crc32, deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import {
  checkXlsxArchive,
  workbookReader,
  XlsxArchiveError,
  type XlsxRefusal,
  xlsxLimits,
} from "./import-xlsx.js";

/**
 * XLSX zip bombs (issue 27): a small file that unpacks to far more than a list of students is refused with a
 * 422 in Spanish before exceljs unpacks it, whether its entries tell their size or lie about it.
 */

type ZipEntry = { name: string; content: Buffer; claimedSize?: number };

/** A zip archive of deflated entries; `claimedSize` puts another size in the headers (a lying archive). */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = deflateRawSync(entry.content, { level: 9 });
    const name = Buffer.from(entry.name, "utf8");
    const size = entry.claimedSize ?? entry.content.length;
    const crc = crc32(entry.content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const ns = "http://schemas.openxmlformats.org";
const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const columns = ["A", "B", "C", "D", "E"];
const header = ["Nombres", "Apellidos", "Cédula", "Correo electrónico", "Género"];
const xmlRow = (n: number, values: string[]) =>
  `<row r="${n}">${values.map((v, i) => cell(`${columns[i]}${n}`, v)).join("")}</row>`;

/** A workbook of one sheet whose `<sheetData>` holds `rows` (XML), built by hand as a spreadsheet would. */
function workbook(rows: string, claimedSheetSize?: number): Buffer {
  const text = (s: string) => Buffer.from(s, "utf8");
  return zip([
    {
      name: "[Content_Types].xml",
      content: text(
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
          "</Types>",
      ),
    },
    {
      name: "_rels/.rels",
      content: text(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>` +
          "</Relationships>",
      ),
    },
    {
      name: "xl/workbook.xml",
      content: text(
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" ` +
          `xmlns:r="${ns}/officeDocument/2006/relationships"><sheets>` +
          `<sheet name="Estudiantes" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      content: text(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
          "</Relationships>",
      ),
    },
    {
      name: "xl/worksheets/sheet1.xml",
      content: text(
        `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main">` +
          `<sheetData>${rows}</sheetData></worksheet>`,
      ),
      claimedSize: claimedSheetSize,
    },
  ]);
}

const student = (n: number) => ["Luisa", `Bomba ${n}`, `V-${80000000 + n}`, `luisa${n}@bomba.test`, "F"];
const oneStudent = () => xmlRow(1, header) + xmlRow(2, student(1));
/** Rows of the same student, past `bytes` of XML: deflate turns them into almost nothing. */
function rowsOver(bytes: number): string {
  const row = xmlRow(2, student(1));
  return xmlRow(1, header) + row.repeat(Math.ceil(bytes / row.length));
}

/** A header and `count` rows of 60 cells each (5,001 of them pass 300,000 cells). */
function wideRows(count: number): string {
  const wide = (n: number) =>
    `<row r="${n}">${Array.from({ length: 60 }, (_, i) => `<c r="A${n}" t="inlineStr"><is><t>${i}</t></is></c>`).join("")}</row>`;
  return xmlRow(1, header) + Array.from({ length: count }, (_, i) => wide(i + 2)).join("");
}

async function refusal(data: Buffer): Promise<XlsxRefusal | null> {
  try {
    await checkXlsxArchive(data);
    return null;
  } catch (error) {
    if (error instanceof XlsxArchiveError) return error.refusal;
    throw error;
  }
}

describe("checkXlsxArchive", () => {
  it("lets a workbook within the limits through, the one exceljs writes too", async () => {
    expect(await refusal(workbook(oneStudent()))).toBeNull();
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Estudiantes").addRows([header, student(2)]);
    expect(await refusal(Buffer.from(await book.xlsx.writeBuffer()))).toBeNull();
  });

  it("refuses an archive whose entries say they unpack past the limit, before inflating them", async () => {
    const bomb = workbook(oneStudent(), 1024 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(5000);
    expect(await refusal(bomb)).toBe("too_large");
  });

  it("refuses an entry that lies about its size once its output passes the limit", async () => {
    const liar = workbook(rowsOver(xlsxLimits.unpackedBytes + 1), 1000);
    expect(liar.length).toBeLessThan(xlsxLimits.unpackedBytes / 100);
    expect(await refusal(liar)).toBe("too_large");
  });

  it("refuses more rows or cells than a list of students can have, and files that are not zip archives", async () => {
    const rows = xmlRow(1, header) + xmlRow(2, student(1)).repeat(xlsxLimits.rows);
    expect(await refusal(workbook(rows))).toBe("too_many_rows");
    expect(await refusal(workbook(wideRows(5001)))).toBe("too_many_cells");
    expect(await refusal(Buffer.from("Nombres,Apellidos\r\n"))).toBe("unreadable");
    expect(await refusal(workbook(oneStudent()).subarray(0, 200))).toBe("unreadable");
  });
});

describe("POST /api/students/import with a zip bomb", () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = (await createUserWithToken(ctx, Role.admin)).headers;
  });
  afterAll(() => ctx?.close());
  afterEach(() => vi.restoreAllMocks());
  /** exceljs's reading of a workbook (in a worker thread): it must not be reached by a refused file. */
  const watchReads = () => vi.spyOn(workbookReader, "read");

  function upload(data: Buffer) {
    const boundary = "----aulabomb";
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dry_run"\r\n\r\n1\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lista.xlsx"\r\n` +
          "Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n",
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: "POST",
      url: "/api/students/import",
      headers: { ...admin, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  }
  it("reads a hand-made workbook within the limits", async () => {
    const read = watchReads();
    const res = await upload(workbook(oneStudent()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows).toHaveLength(1);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("answers 422 in Spanish for a file that unpacks past 40 MB, without unpacking it in exceljs", async () => {
    const read = watchReads();
    for (const bomb of [
      workbook(rowsOver(xlsxLimits.unpackedBytes + 1)),
      workbook(rowsOver(xlsxLimits.unpackedBytes + 1), 2000),
    ]) {
      const res = await upload(bomb);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        file: ["El archivo XLSX ocupa más de 40 MB al descomprimirlo: divídalo en archivos más pequeños."],
      });
    }
    expect(read).not.toHaveBeenCalled();
  });

  it("answers 422 for a sheet with more than 300,000 cells, without unpacking it in exceljs", async () => {
    const read = watchReads();
    const res = await upload(workbook(wideRows(5001)));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      file: [
        "El archivo tiene más de 300.000 celdas: deje solo las columnas de la plantilla y como máximo 20.000 estudiantes.",
      ],
    });
    expect(read).not.toHaveBeenCalled();
  });

  it("answers 422 for a sheet with more than 100,000 rows, without unpacking it in exceljs", async () => {
    const read = watchReads();
    const rows = xmlRow(1, header) + xmlRow(2, student(1)).repeat(xlsxLimits.rows);
    const res = await upload(workbook(rows));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      file: [
        "El archivo tiene más de 100.000 filas; se importan como máximo 20.000 estudiantes por archivo.",
      ],
    });
    expect(read).not.toHaveBeenCalled();
  });

  it("answers 422 in Spanish for a zip archive exceljs cannot read as a workbook", async () => {
    const read = watchReads();
    const notABook = zip([
      { name: "xl/worksheets/sheet1.xml", content: Buffer.from("<worksheet><sheetData>") },
    ]);
    const res = await upload(notABook);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      file: ["No se pudo leer el archivo XLSX: guárdelo de nuevo desde su hoja de cálculo."],
    });
    expect(read).toHaveBeenCalledTimes(1);
  });
});
