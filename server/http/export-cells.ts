/**
 * What the list exports (server/http/csv.ts, server/http/xlsx.ts) share: the columns a module declares, the
 * values its cells may hold, the file formats and names.
 */

/** An amount of money in hundredths (`*_e2`): "1.234,56" in a CSV file, the number 1234.56 in Excel. */
export class Money {
  constructor(readonly e2: number) {}
}

/** A money cell: `{ header: "Monto", value: (r) => money(r.amountE2) }`. */
export const money = (e2: number) => new Money(e2);

/**
 * A value a cell may hold. Booleans are written Sí/No; `YYYY-MM-DD` texts are dates and `Date`s instants
 * (Excel dates in the school's zone; ISO text in a CSV file); numbers and `money()` are numbers in Excel.
 */
export type CsvValue = string | number | boolean | Date | Money | null | undefined;

/** One column of an exported file: its Spanish header and how to read its cell from a row. */
export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvValue };

/** The files a list exports besides its JSON pages. */
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Whether a query's `format` asks for a file (`csv` or `xlsx`) rather than JSON (or a PDF). */
export function isFileExport(format: string | undefined): format is ExportFormat {
  return format === "csv" || format === "xlsx";
}

/** `aulas` on 23 Nov 2026 → `aulas-2026-11-23.xlsx`; anything but letters, digits, `-` and `_` becomes `-`. */
export function exportFilename(base: string, today: string, format: ExportFormat): string {
  const safe = base.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "") || "lista";
  return `${safe}-${today}.${format}`;
}

/** Pulls the first item of an iterator now (errors surface before the answer starts), then the rest. */
export async function primed<T>(source: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    },
  };
}

/** The wall-clock parts of `date` in `timeZone`. */
export function zonedParts(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}
