import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import type { FastifyReply } from "fastify";
import { type CsvColumn, type CsvValue, exportFilename, Money, primed, zonedParts } from "./export-cells.js";

/**
 * The Excel export of list routes (`format=xlsx`, issue 26): the CSV export's columns (server/http/csv.ts) as
 * a workbook a Spanish-locale spreadsheet opens as it is (a CSV opens there in one column). Cells keep their
 * type: numbers and `money()` are numbers, `YYYY-MM-DD` texts are dates, `Date`s and ISO date-times are
 * date-times at the school; texts stay texts (an xlsx text cell never runs as a formula, so nothing is
 * neutralised). Rows are streamed as they are read.
 */

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const DATE_FORMAT = "dd/mm/yyyy";
const DATE_TIME_FORMAT = "dd/mm/yyyy hh:mm";
const MONEY_FORMAT = "#,##0.00";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** `2026-11-23 10:05`, `2026-11-23T10:05:00`, `2026-11-23T14:05:00.000Z`, `…-04:00`. */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A wall-clock moment as the `Date` exceljs writes (it reads the UTC fields), or null if it does not exist. */
function wallClock(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date | null {
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const exists =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  return exists ? date : null;
}

function atSchool(instant: Date, timeZone: string): Date | null {
  if (Number.isNaN(instant.getTime())) return null;
  const p = zonedParts(instant, timeZone);
  return wallClock(+p.year, +p.month, +p.day, +p.hour, +p.minute, +p.second);
}

/** One cell of the workbook: its value and, for dates and amounts, its number format. */
export type XlsxCell = { value: ExcelJS.CellValue; numFmt?: string };

/** A cell's typed value: numbers, dates and date-times at the school, Sí/No, text. */
export function xlsxCell(value: CsvValue, timeZone = "UTC"): XlsxCell {
  if (value === null || value === undefined) return { value: null };
  if (typeof value === "boolean") return { value: value ? "Sí" : "No" };
  if (typeof value === "number") return { value: Number.isFinite(value) ? value : null };
  if (value instanceof Money) return { value: value.e2 / 100, numFmt: MONEY_FORMAT };
  if (value instanceof Date) {
    const date = atSchool(value, timeZone);
    return date ? { value: date, numFmt: DATE_TIME_FORMAT } : { value: null };
  }
  const day = ISO_DATE.exec(value);
  if (day) {
    const date = wallClock(+day[1]!, +day[2]!, +day[3]!);
    if (date) return { value: date, numFmt: DATE_FORMAT };
  }
  const moment = ISO_DATE_TIME.exec(value);
  if (moment) {
    // With a zone it is an instant (shown at the school); without, already the school's wall clock.
    const [, y, mo, d, h, mi, sec = "0", zone] = moment;
    const date = zone ? atSchool(new Date(value), timeZone) : wallClock(+y!, +mo!, +d!, +h!, +mi!, +sec);
    if (date) return { value: date, numFmt: DATE_TIME_FORMAT };
  }
  return { value };
}

/** Resolves once `stream` takes more data, or is gone. */
function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
  });
}

/** A sheet's name: at most 31 characters, none of `[]:*?/\`. */
function sheetName(base: string): string {
  return base.replace(/[[\]:*?/\\]+/g, "-").slice(0, 31) || "Lista";
}

/**
 * Streams `rows` as an Excel workbook download: one sheet named after the file, a bold, frozen header row of
 * `columns`, one row per row. `filename` is the base name, without date or extension.
 */
export async function sendXlsx<Row>(
  reply: FastifyReply,
  opts: { filename: string; columns: CsvColumn<Row>[]; rows: AsyncIterable<Row> },
): Promise<FastifyReply> {
  const timeZone = reply.server.config?.timeZone ?? "UTC";
  // The first row is read before anything is sent: a refusal is still an ordinary error answer.
  const rows = await primed(opts.rows);
  const { columns } = opts;
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = "Aula";
  workbook.created = reply.server.clock.now();
  const sheet = workbook.addWorksheet(sheetName(opts.filename), {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: Math.min(50, Math.max(12, c.header.length + 4)),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  const write = async () => {
    for await (const row of rows) {
      if (out.destroyed) return;
      const line = sheet.addRow(columns.map(() => null));
      columns.forEach((column, i) => {
        const cell = xlsxCell(column.value(row), timeZone);
        const target = line.getCell(i + 1);
        target.value = cell.value;
        if (cell.numFmt) target.numFmt = cell.numFmt;
      });
      line.commit();
      // Wait while the client is behind, so a long list is never held in memory whole.
      if (out.writableNeedDrain) await drained(out);
    }
    sheet.commit();
    await workbook.commit();
  };
  // A database error half-way ends the download early (the status line is already sent); a client that
  // goes away stops the reading.
  write().catch((error: unknown) => {
    reply.log.error({ err: error }, "xlsx export failed");
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header("Content-Type", XLSX_CONTENT_TYPE)
    .header(
      "Content-Disposition",
      `attachment; filename="${exportFilename(opts.filename, reply.server.clock.today(), "xlsx")}"`,
    )
    .header("Cache-Control", "no-store")
    .send(out);
}
