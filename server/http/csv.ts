import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { FastifyReply } from "fastify";
import { formatAmount } from "../../common/money/fees.js";
import type { DbOrTx } from "../db/client.js";
import {
  type CsvColumn,
  type CsvValue,
  type ExportFormat,
  exportFilename,
  isFileExport,
  Money,
  primed,
  zonedParts,
} from "./export-cells.js";
import type { ListParams } from "./list-query.js";
import type { ListMeta, Page } from "./pagination.js";
import { sendRemembered } from "./snapshot-memo.js";
import { sendXlsx } from "./xlsx.js";

export type { CsvColumn, CsvValue, ExportFormat } from "./export-cells.js";
export { isFileExport, Money, money } from "./export-cells.js";

/**
 * CSV and Excel export of list routes (issue 7, "Every list, from here on"; Excel: issue 26). Every list
 * route answers `?format=csv` and `?format=xlsx` (server/http/xlsx.ts: real dates and numbers) with the same
 * filters, search and sort as its JSON list, but every row (no paging),
 * streamed in batches (never the whole file in memory), with Spanish column headers, as UTF-8 with a BOM
 * (Excel then reads the accents) and cells that could run as a formula neutralised (CSV injection).
 * `listQuery()` already accepts `format` (`json` by default), so a module only swaps its list handler for
 * `sendList` and declares its columns:
 *
 * ```ts
 * // presenter.ts — the columns of the file, in order, with spec.md's Spanish labels.
 * export const classroomCsvColumns: CsvColumn<ClassroomRow>[] = [
 *   { header: "Código", value: (row) => row.code },
 *   { header: "Capacidad máxima", value: (row) => row.maxCapacity },
 *   { header: "Habilitada", value: (row) => row.enabled }, // booleans: "Sí" / "No"
 *   // Dates as `YYYY-MM-DD` text or `Date`s, amounts as money(e2): Excel then gets dates and numbers.
 * ];
 *
 * // routes.ts — the list route; its querystring is a listQuery(), its access rule covers the CSV too.
 * r.get("/classrooms", { onRequest: app.allow("adminGroup"), schema: { querystring: classroomsQuery, … } },
 *   async (request, reply) =>
 *     sendList(reply, {
 *       list: request.query,
 *       // The service's list function: called once for JSON, batch after batch for CSV.
 *       fetchPage: (list) => listClassrooms({ db, list }),
 *       present: presentClassroom,
 *       csv: { filename: "aulas", columns: classroomCsvColumns },
 *     }),
 * );
 * ```
 *
 * The answer is `Content-Type: text/csv; charset=utf-8` and
 * `Content-Disposition: attachment; filename="aulas-2026-11-23.csv"` (today in the school's time zone), or
 * the Excel workbook `aulas-2026-11-23.xlsx`. A list that is not paged by `paginate` (or needs its own
 * cells) can call `sendExport` (with the query's format) or `sendCsv` with any async iterable of rows. The
 * web side: `<DataTable csvExport={{ url: "/classrooms", params, filename }} />` shows "Exportar CSV" and
 * "Exportar Excel".
 */

/** Rows read per query while streaming a CSV. */
export const CSV_BATCH_SIZE = 500;

/** The first characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell safe to open in a spreadsheet: one starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return gets a leading `'`, so it is shown as text instead of run as a formula. Numbers are left as
 * numbers (a negative number is not a formula).
 */
export function neutralizeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** `date` as `YYYY-MM-DD HH:MM` in `timeZone`. */
function formatDateTime(date: Date, timeZone: string): string {
  const p = zonedParts(date, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/**
 * The text of one cell: empty for null, Sí/No for booleans, dates in the school's zone, amounts as
 * "1.234,56", text neutralised.
 */
export function csvCell(value: CsvValue, timeZone = "UTC"): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (value instanceof Date) return formatDateTime(value, timeZone);
  if (value instanceof Money) return neutralizeCell(formatAmount(value.e2));
  return neutralizeCell(value);
}

/** `aulas` on 23 Nov 2026 → `aulas-2026-11-23.csv`; anything but letters, digits, `-` and `_` becomes `-`. */
export function csvFilename(base: string, today: string): string {
  return exportFilename(base, today, "csv");
}

/**
 * Every row of a paged list, batch after batch (`batchSize` rows per query), in the list's own order.
 * The first batch is read before anything is sent, so a refusal (an unknown period, say) is still an
 * ordinary error answer; later batches stream as the client reads.
 */
export async function* allRows<Row, L extends ListParams>(
  list: L,
  fetchPage: (list: L) => Promise<Page<Row>>,
  batchSize = CSV_BATCH_SIZE,
): AsyncGenerator<Row> {
  for (let page = 1; ; page += 1) {
    const { rows } = await fetchPage({ ...list, page, limit: batchSize, withoutTotal: true });
    yield* rows;
    if (rows.length < batchSize) return;
  }
}

/**
 * Streams `rows` as a CSV download: BOM, a header line of `columns`, one line per row, RFC 4180 quoting
 * (comma-separated, CRLF line ends). `filename` is the base name, without date or extension.
 */
export async function sendCsv<Row>(
  reply: FastifyReply,
  opts: { filename: string; columns: CsvColumn<Row>[]; rows: AsyncIterable<Row> },
): Promise<FastifyReply> {
  const timeZone = reply.server.config?.timeZone ?? "UTC";
  const rows = await primed(opts.rows);
  const { columns } = opts;
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((c) => csvCell(c.value(row), timeZone));
    })(),
  );
  const csv = stringify({
    bom: true,
    header: true,
    columns: columns.map((c) => neutralizeCell(c.header)),
    record_delimiter: "windows",
  });
  // A database error half-way ends the download early (the status line is already sent); a client that
  // goes away stops the reading (the reply destroys the stream, the pipeline the generator).
  pipeline(records, csv, (error) => {
    if (error && error.code !== "ERR_STREAM_PREMATURE_CLOSE")
      reply.log.error({ err: error }, "csv export failed");
  });
  return reply
    .header("Content-Type", "text/csv; charset=utf-8")
    .header(
      "Content-Disposition",
      `attachment; filename="${csvFilename(opts.filename, reply.server.clock.today())}"`,
    )
    .header("Cache-Control", "no-store")
    .send(csv);
}

/**
 * Streams `rows` as the file `format` names: a CSV file (`sendCsv`) or an Excel workbook (`sendXlsx`), with
 * the same columns.
 */
export function sendExport<Row>(
  reply: FastifyReply,
  opts: { format: ExportFormat; filename: string; columns: CsvColumn<Row>[]; rows: AsyncIterable<Row> },
): Promise<FastifyReply> {
  const { format, ...file } = opts;
  return format === "xlsx" ? sendXlsx(reply, file) : sendCsv(reply, file);
}

/**
 * A list route's answer: `{ data, meta }` for JSON (one page, `present`ed), or every row as a CSV file
 * or an Excel workbook when the query says `format=csv` or `format=xlsx` (see the example at the top).
 */
export async function sendList<Row, Item, L extends ListParams>(
  reply: FastifyReply,
  opts: {
    /** The route's parsed query (a `listQuery()`, with its filters). */
    list: L;
    /** One page of rows for a list like `list` (the file exports change only `page` and `limit`). */
    fetchPage: (list: L) => Promise<Page<Row>>;
    present: (row: Row) => Item;
    csv: { filename: string; columns: CsvColumn<Row>[]; batchSize?: number };
    /**
     * Answer a page again while the database is unchanged (`rememberWhileUnchanged`, exact): for the
     * busiest lists. `name` tells the list apart from others; the query's parameters are part of the key.
     */
    remember?: { db: DbOrTx; name: string };
  },
): Promise<{ data: Item[]; meta: ListMeta } | FastifyReply> {
  if (isFileExport(opts.list.format)) {
    return sendExport(reply, {
      format: opts.list.format,
      filename: opts.csv.filename,
      columns: opts.csv.columns,
      rows: allRows(opts.list, opts.fetchPage, opts.csv.batchSize),
    });
  }
  const answer = async () => {
    const page = await opts.fetchPage(opts.list);
    return { data: page.rows.map(opts.present), meta: page.meta };
  };
  const { remember } = opts;
  if (!remember) return answer();
  return sendRemembered(reply, remember.db, `${remember.name} ${JSON.stringify(opts.list)}`, answer);
}
