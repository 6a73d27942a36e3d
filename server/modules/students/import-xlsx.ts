// An XLSX file is a zip archive: 2 MB of it can unpack to gigabytes (a "zip bomb") that exceljs would hold in
// memory whole. Before exceljs reads anything, the archive is walked here: its central directory (the sizes
// each entry claims), then each entry inflated on libuv's thread pool with a ceiling on its output, so an
// entry that lies about its size is caught too; the sheets' rows are counted on the way.
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";
import { inflateRaw as inflateRawCallback } from "node:zlib";
import { studentImportMaxRows } from "../../../common/schemas/student-import.js";

const inflateRaw = promisify(inflateRawCallback);

export type XlsxLimits = {
  /** All entries together, unpacked. A workbook of 20,000 students is about 11 MB. */
  unpackedBytes: number;
  /** Entries in the archive (a workbook has about a dozen). */
  entries: number;
  /** `<row>` elements in all sheets (blank rows that carry a format count too). */
  rows: number;
  /**
   * `<c>` elements (cells) in all sheets: exceljs holds each in memory while it reads the workbook (in a
   * worker thread, `readWorkbook`; 200,000 cells ≈ 150 MB; 20,000 students of the template's 10 columns are
   * 200,000).
   */
  cells: number;
};

export const xlsxLimits: XlsxLimits = {
  unpackedBytes: 40 * 1024 * 1024,
  entries: 500,
  rows: studentImportMaxRows * 5,
  cells: studentImportMaxRows * 15,
};

export type XlsxRefusal = "unreadable" | "too_large" | "too_many_rows" | "too_many_cells";

/** Why an archive is refused before it is read; `refusal` names the reason. */
export class XlsxArchiveError extends Error {
  constructor(readonly refusal: XlsxRefusal) {
    super(`xlsx archive refused: ${refusal}`);
    this.name = "XlsxArchiveError";
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The end record is 22 bytes plus a comment of up to 65,535. */
const EOCD_SEARCH = 22 + 0xffff;
const SHEET = /^xl\/worksheets\/[^/]+\.xml$/i;
const ROW_TAG = /<(?:[A-Za-z_][\w.-]*:)?row[\s/>]/g;
const CELL_TAG = /<(?:[A-Za-z_][\w.-]*:)?c[\s/>]/g;

type Entry = { name: string; method: number; compressed: number; size: number; localOffset: number };

function endRecordOffset(data: Buffer): number {
  const lowest = Math.max(0, data.length - EOCD_SEARCH);
  for (let i = data.length - 22; i >= lowest; i--) if (data.readUInt32LE(i) === EOCD) return i;
  throw new XlsxArchiveError("unreadable");
}

/** The entries the central directory lists, with the sizes they claim (no ZIP64: a workbook never needs it). */
function centralDirectory(data: Buffer, limits: XlsxLimits): Entry[] {
  const end = endRecordOffset(data);
  const count = data.readUInt16LE(end + 10);
  const offset = data.readUInt32LE(end + 16);
  if (count > limits.entries) throw new XlsxArchiveError("too_large");
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) throw new XlsxArchiveError("unreadable");
    const nameLength = data.readUInt16LE(at + 28);
    const entry: Entry = {
      method: data.readUInt16LE(at + 10),
      compressed: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      localOffset: data.readUInt32LE(at + 42),
      name: data.toString("utf8", at + 46, at + 46 + nameLength),
    };
    if (entry.size === 0xffffffff || entry.compressed === 0xffffffff) throw new XlsxArchiveError("too_large");
    entries.push(entry);
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return entries;
}

/** The entry's bytes as stored (compressed or not). */
function storedBytes(data: Buffer, entry: Entry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL) throw new XlsxArchiveError("unreadable");
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  if (start + entry.compressed > data.length) throw new XlsxArchiveError("unreadable");
  return data.subarray(start, start + entry.compressed);
}

/**
 * Refuses (XlsxArchiveError) an archive that unpacks past `limits.unpackedBytes`, has too many entries, or
 * sheets with more than `limits.rows` rows or `limits.cells` cells, or is not a zip archive at all ("unreadable").
 */
export async function checkXlsxArchive(data: Buffer, limits: XlsxLimits = xlsxLimits): Promise<void> {
  const entries = centralDirectory(data, limits);
  const claimed = entries.reduce((sum, e) => sum + e.size, 0);
  if (claimed > limits.unpackedBytes) throw new XlsxArchiveError("too_large");
  let unpacked = 0;
  let rows = 0;
  let cells = 0;
  for (const entry of entries) {
    const stored = storedBytes(data, entry);
    let content: Buffer;
    if (entry.method === 0) content = stored;
    else if (entry.method === 8) {
      // One byte more than the budget left: reaching it means the entry lied about its size.
      const ceiling = limits.unpackedBytes - unpacked + 1;
      try {
        content = await inflateRaw(stored, { maxOutputLength: ceiling });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError)
          throw new XlsxArchiveError("too_large");
        throw new XlsxArchiveError("unreadable");
      }
    } else throw new XlsxArchiveError("unreadable");
    unpacked += content.length;
    if (unpacked > limits.unpackedBytes) throw new XlsxArchiveError("too_large");
    if (SHEET.test(entry.name)) {
      const xml = content.toString("latin1");
      rows += xml.match(ROW_TAG)?.length ?? 0;
      if (rows > limits.rows) throw new XlsxArchiveError("too_many_rows");
      cells += xml.match(CELL_TAG)?.length ?? 0;
      if (cells > limits.cells) throw new XlsxArchiveError("too_many_cells");
    }
  }
}

/** A sheet read into its header line and its data rows (cells as text, `line` as a spreadsheet shows it). */
export type SheetRows = { headers: string[]; rows: { line: number; cells: string[] }[] };

/** Longer than any workbook within the limits takes (about 2 s for 20,000 students). */
const READ_TIMEOUT_MS = 120_000;
const workerUrl = new URL("./import-xlsx-worker.mjs", import.meta.url);

/**
 * The first sheet with rows of a workbook (checked with `checkXlsxArchive` first), read by exceljs in a worker
 * thread so the server keeps answering meanwhile; XlsxArchiveError("unreadable") when exceljs cannot read it.
 */
export function readWorkbook(data: Buffer): Promise<SheetRows> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, { workerData: { data }, execArgv: [] });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(() => settle(() => reject(new XlsxArchiveError("unreadable"))), READ_TIMEOUT_MS);
    worker.on("message", (message: { sheet?: SheetRows; error?: string }) =>
      settle(() => (message.sheet ? resolve(message.sheet) : reject(new XlsxArchiveError("unreadable")))),
    );
    worker.on("error", () => settle(() => reject(new XlsxArchiveError("unreadable"))));
    worker.on("exit", () => settle(() => reject(new XlsxArchiveError("unreadable"))));
  });
}

/** How the import reads a workbook: `readWorkbook`, behind an object so a test can watch it being called. */
export const workbookReader = { read: readWorkbook };
