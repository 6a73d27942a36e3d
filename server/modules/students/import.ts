import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { parse as parseCsv } from "csv-parse/sync";
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { periodName } from "../../../common/schemas/periods.js";
import {
  fieldOfHeader,
  type StudentImportField,
  type StudentImportPreview,
  type StudentImportResult,
  type StudentImportRow,
  studentImportFields,
  studentImportHeaders,
  studentImportMaxBytes,
  studentImportMaxRows,
  studentImportRequired,
} from "../../../common/schemas/student-import.js";
import {
  type CreateStudentInput,
  createStudentSchemaAt,
  genders,
  identityDocumentSchema,
} from "../../../common/schemas/students.js";
import { validationMessage } from "../../../common/validation/messages.js";
import { issuesToFieldErrors, spanishErrorMap } from "../../../common/validation/zod.js";
import type { AuditContext } from "../../audit/record.js";
import type { Config } from "../../config.js";
import type { Db, DbOrTx } from "../../db/client.js";
import {
  pensums,
  periodPensums,
  semesters,
  specializations,
  students,
  users,
} from "../../db/schema/index.js";
import { isUniqueViolation } from "../../http/db-errors.js";
import { AppError } from "../../http/errors.js";
import { rethrowUniqueAsField, validationError } from "../../http/validation.js";
import type { Mailer } from "../../mail/index.js";
import { freeSeats, genderPlural, seatsSnapshot } from "../inscriptions/seats.js";
import { inscriptionPeriod, type PeriodRow } from "../inscriptions/service.js";
import { sendConfirmations } from "./import-mail.js";
import { type ImportProgressReport, inSlices } from "./import-progress.js";
import {
  createImportedStudents,
  type ImportedStudent,
  type Placement,
  sectionIdsOf,
  startInscribing,
  WRITE_CHUNK,
} from "./import-write.js";
import {
  checkXlsxArchive,
  type SheetRows,
  workbookReader,
  XlsxArchiveError,
  type XlsxRefusal,
  xlsxLimits,
} from "./import-xlsx.js";

export { inscribeImported } from "./import-write.js";

/** The uploaded file as the route read it; `truncated` when it went past the size limit. */
export type ImportFile = { data: Buffer; filename: string; mimetype: string; truncated: boolean };

/** A file read into its header line and its data rows (cells as text, `line` as a spreadsheet shows it). */
type Sheet = SheetRows;

/**
 * A checked row: what the preview shows, the student to create when it has no errors, and its cédula and
 * e-mail (lower-cased) as compared for duplicates when they are well formed.
 */
type CheckedRow = StudentImportRow & {
  input: CreateStudentInput | null;
  keys: { identity_document: string | null; email: string | null };
  /** The student's gender when the row says it well (seats are counted by gender). */
  gender: string | null;
  /** Where the row asks the student to be inscribed, once the specialization and semester are known. */
  placement: Placement | null;
};

const genderSchema = z.enum(genders);
const fileError = (...messages: string[]) => validationError({ file: messages });

const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const CSV_MIMES = ["text/csv", "text/plain", "application/csv", "application/vnd.ms-excel"];
const isZip = (data: Buffer) => data.length >= 4 && data.readUInt32BE(0) === 0x504b0304;

/** "2.000": numbers in messages as Spanish writes them. */
const number = (n: number) => n.toLocaleString("es-VE");
/** "4", "4 y 9", "4, 7 y 9". */
const listJoin = (items: (string | number)[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} y ${items.at(-1)}`;

// ---------------------------------------------------------------------------------------------------------
// Reading the file
// ---------------------------------------------------------------------------------------------------------

/** CSV or XLSX, by extension or media type; anything else is a 422 on `file`. */
function kindOf(file: ImportFile): "csv" | "xlsx" {
  const ext = path.extname(file.filename).toLowerCase();
  const kind =
    ext === ".xlsx"
      ? "xlsx"
      : ext === ".csv"
        ? "csv"
        : ext === "" && file.mimetype === XLSX_MIME
          ? "xlsx"
          : ext === "" && CSV_MIMES.includes(file.mimetype)
            ? "csv"
            : null;
  // A workbook renamed .csv, an old .xls, a PDF: not text the CSV reader could take.
  const binary = kind === "csv" && (isZip(file.data) || file.data.includes(0));
  if (!kind || binary) throw fileError(validationMessage("mimes", "file", { values: ["csv", "xlsx"] }));
  return kind;
}

/** The text of a CSV file: UTF-8 (with or without BOM), else Windows-1252 (Excel's "CSV" on Windows). */
function decodeText(data: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    return new TextDecoder("windows-1252").decode(data);
  }
}

/** `;` when the header line has more semicolons than commas (Excel in Spanish), else `,`. */
function delimiterOf(text: string): ";" | "," {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => first.split(c).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

function readCsv(data: Buffer): Sheet {
  const text = decodeText(data);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes as `{ record, info }` (the types only describe plain records).
    records = parseCsv(text, {
      bom: true,
      delimiter: delimiterOf(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw fileError(
      `No se pudo leer el archivo CSV${line ? ` (fila ${line})` : ""}: revise que las comillas estén cerradas.`,
    );
  }
  const [header, ...rows] = records;
  return {
    headers: header?.record ?? [],
    rows: rows.map((r) => ({ line: r.info.lines, cells: r.record })),
  };
}

const unreadableXlsx = "No se pudo leer el archivo XLSX: guárdelo de nuevo desde su hoja de cálculo.";

/** Why an archive was refused before exceljs read it (import-xlsx.ts), as the 422 on `file` says it. */
const xlsxRefusalText: Record<XlsxRefusal, string> = {
  unreadable: unreadableXlsx,
  too_large: `El archivo XLSX ocupa más de ${xlsxLimits.unpackedBytes / 1024 / 1024} MB al descomprimirlo: divídalo en archivos más pequeños.`,
  too_many_rows: `El archivo tiene más de ${number(xlsxLimits.rows)} filas; se importan como máximo ${number(studentImportMaxRows)} estudiantes por archivo.`,
  too_many_cells: `El archivo tiene más de ${number(xlsxLimits.cells)} celdas: deje solo las columnas de la plantilla y como máximo ${number(studentImportMaxRows)} estudiantes.`,
};

async function readXlsx(data: Buffer): Promise<Sheet> {
  // Sizes and rows are checked before exceljs unpacks anything (a small file can unpack to gigabytes); then
  // exceljs reads it in a worker thread (import-xlsx.ts).
  const refused = (error: unknown) => {
    throw error instanceof XlsxArchiveError ? fileError(xlsxRefusalText[error.refusal]) : error;
  };
  await checkXlsxArchive(data).catch(refused);
  return workbookReader.read(data).catch(refused);
}

/** The file's header and rows (blank rows left out), or a 422 on `file` saying what is wrong with it. */
async function readSheet(file: ImportFile | null): Promise<Sheet> {
  if (!file || (file.data.length === 0 && !file.truncated))
    throw fileError(validationMessage("required", "file"));
  if (file.truncated || file.data.length > studentImportMaxBytes)
    throw fileError(validationMessage("max", "file", { kind: "file", max: studentImportMaxBytes / 1024 }));
  const sheet = kindOf(file) === "xlsx" ? await readXlsx(file.data) : readCsv(file.data);
  const rows = sheet.rows.filter((r) => r.cells.some((c) => c.trim() !== ""));
  if (sheet.headers.every((h) => h.trim() === ""))
    throw fileError("El archivo está vacío: la primera fila debe tener los encabezados de las columnas.");
  if (rows.length === 0) throw fileError("El archivo no tiene estudiantes debajo de los encabezados.");
  if (rows.length > studentImportMaxRows)
    throw fileError(
      `El archivo tiene ${number(rows.length)} estudiantes; se importan como máximo ${number(studentImportMaxRows)} por archivo.`,
    );
  return { headers: sheet.headers, rows };
}

/** The field of each column (null: a blank header, ignored); unknown, repeated or missing columns: 422. */
function mapColumns(headers: string[]): (StudentImportField | null)[] {
  const columns = headers.map((h) => (h.trim() === "" ? null : (fieldOfHeader(h) ?? undefined)));
  const problems: string[] = [];
  const unknown = headers.filter((_h, i) => columns[i] === undefined).map((h) => `«${h.trim()}»`);
  if (unknown.length > 0)
    problems.push(
      `${unknown.length === 1 ? "La columna" : "Las columnas"} ${listJoin(unknown)} no ${unknown.length === 1 ? "corresponde" : "corresponden"} a ningún dato del estudiante. Use los encabezados de la plantilla: ${listJoin(studentImportFields.map((f) => studentImportHeaders[f]))}.`,
    );
  const repeated = studentImportFields.filter((f) => columns.filter((c) => c === f).length > 1);
  for (const field of repeated)
    problems.push(`La columna «${studentImportHeaders[field]}» aparece más de una vez.`);
  const missing = studentImportRequired.filter((f) => !columns.includes(f));
  if (missing.length > 0)
    problems.push(
      `${missing.length === 1 ? "Falta la columna obligatoria" : "Faltan las columnas obligatorias"} ${listJoin(missing.map((f) => `«${studentImportHeaders[f]}»`))}.`,
    );
  if (problems.length > 0) throw fileError(...problems);
  return columns.map((c) => c ?? null);
}

// ---------------------------------------------------------------------------------------------------------
// Checking the rows
// ---------------------------------------------------------------------------------------------------------

const genderWords: Record<string, "female" | "male"> = {
  f: "female",
  fem: "female",
  femenino: "female",
  femenina: "female",
  mujer: "female",
  hembra: "female",
  female: "female",
  m: "male",
  masc: "male",
  masculino: "male",
  hombre: "male",
  varon: "male",
  male: "male",
};

/** `AAAA-MM-DD` from `DD/MM/AAAA` (also `-` or `.`); anything else unchanged, for the schema to judge. */
function isoDate(text: string): string {
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!dmy) return text;
  return `${dmy[3]}-${dmy[2]!.padStart(2, "0")}-${dmy[1]!.padStart(2, "0")}`;
}

/** A cell's text as `createStudentSchema` takes it (blank: not given). */
function fieldValue(field: StudentImportField, text: string): string | undefined {
  const value = text.trim();
  if (value === "") return undefined;
  switch (field) {
    case "identity_document":
      // "V-12.345.678" and "V 12345678" are written every day; the schema keeps `V-12345678`.
      return value.replace(/[.\s]/g, "");
    case "gender":
      return (
        genderWords[
          value
            .normalize("NFD")
            .replace(/[\u0300-\u036f]/g, "")
            .toLowerCase()
        ] ?? value
      );
    case "birth_date":
      return isoDate(value);
    default:
      return value;
  }
}

function addError(errors: Record<string, string[]>, field: string, message: string) {
  errors[field] = [...(errors[field] ?? []), message];
}

/** One row against `createStudentSchema` with the Spanish messages of every form. */
function checkRow(
  row: Sheet["rows"][number],
  columns: (StudentImportField | null)[],
  schema: ReturnType<typeof createStudentSchemaAt>,
): CheckedRow {
  const values: Record<string, string> = {};
  const given: Record<string, string | undefined> = {};
  const errors: Record<string, string[]> = {};
  for (const [i, field] of columns.entries()) {
    if (!field) continue;
    const text = row.cells[i] ?? "";
    values[field] = text.trim();
    if (field === "specialization" || field === "semester") continue;
    if (text.includes("\0")) addError(errors, field, validationMessage("regex", field));
    else given[field] = fieldValue(field, text);
  }
  const parsed = z.safeParse(schema, given, { error: spanishErrorMap });
  if (!parsed.success)
    for (const [field, messages] of Object.entries(issuesToFieldErrors(parsed.error.issues)))
      for (const message of messages) addError(errors, field, message);
  const input = parsed.success && Object.keys(errors).length === 0 ? parsed.data : null;
  const document = errors.identity_document
    ? null
    : z.safeParse(identityDocumentSchema, given.identity_document ?? "").data;
  const keys = {
    identity_document: document ?? null,
    email: errors.email || given.email === undefined ? null : given.email.trim().toLowerCase(),
  };
  const gender = parsed.success ? parsed.data.gender : (z.safeParse(genderSchema, given.gender).data ?? null);
  return { line: row.line, values, errors, input, keys, gender, placement: null };
}

/** "3", "3 y 9", or the first five and how many more ("3, 4, 5, 6, 7 y 12 más"). */
const linesText = (lines: number[]) =>
  lines.length <= 5 ? listJoin(lines) : `${lines.slice(0, 5).join(", ")} y ${number(lines.length - 5)} más`;

/** Marks the rows sharing a key (cédula or lower-cased e-mail) with the other lines that have it. */
function markRepeated(rows: CheckedRow[], field: "identity_document" | "email") {
  const linesOf = new Map<string, number[]>();
  for (const row of rows) {
    const key = row.keys[field];
    if (key === null) continue;
    const lines = linesOf.get(key);
    if (lines) lines.push(row.line);
    else linesOf.set(key, [row.line]);
  }
  for (const row of rows) {
    const key = row.keys[field];
    const others = key === null ? [] : (linesOf.get(key) ?? []).filter((l) => l !== row.line);
    if (others.length === 0) continue;
    const what = field === "email" ? "Este correo electrónico" : "Esta cédula";
    addError(
      row.errors,
      field,
      `${what} también está en ${others.length === 1 ? "la fila" : "las filas"} ${linesText(others)} del archivo.`,
    );
  }
}

/** Values looked up per statement (one JSON parameter each), with a turn of the event loop between. */
const LOOKUP_CHUNK = 5000;

/**
 * Which of the rows' cédulas a student already has, and which e-mails (lower-cased) an account has. The
 * values go `LOOKUP_CHUNK` at a time as one JSON parameter (20,000 parameters of `inArray` overflow Drizzle's
 * query builder), one statement after another: on the embedded database each runs on the server's thread.
 */
async function takenInDatabase(db: DbOrTx, rows: CheckedRow[]) {
  const present = (v: string | null): v is string => v !== null;
  const emails = [...new Set(rows.map((r) => r.keys.email).filter(present))];
  const documents = [...new Set(rows.map((r) => r.keys.identity_document).filter(present))];
  const listed = (values: string[]) =>
    sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
  const taken = { emails: new Set<string>(), documents: new Set<string>() };
  for (let i = 0; i < emails.length; i += LOOKUP_CHUNK) {
    const found = await db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(sql`lower(${users.email}) in ${listed(emails.slice(i, i + LOOKUP_CHUNK))}`);
    for (const r of found) taken.emails.add(r.email);
    await nextTurn();
  }
  for (let i = 0; i < documents.length; i += LOOKUP_CHUNK) {
    const found = await db
      .select({ document: students.identityDocument })
      .from(students)
      .where(sql`${students.identityDocument} in ${listed(documents.slice(i, i + LOOKUP_CHUNK))}`);
    for (const r of found) taken.documents.add(r.document);
    await nextTurn();
  }
  return taken;
}

/**
 * Every row of the file with its errors: the rules of `createStudentSchema`, a cédula or e-mail repeated
 * inside the file, one a student (cédula) or any account (e-mail) already has, and where it asks to be
 * inscribed (specialization, semester, free seats of the period with inscriptions open). Answers the
 * rows and that period (null when no row asks for a specialization).
 */
async function checkSheet(
  db: DbOrTx,
  sheet: Sheet,
  today: string,
  periodId: number | undefined,
  progress?: ImportProgressReport,
): Promise<{ rows: CheckedRow[]; period: PeriodRow | null }> {
  const columns = mapColumns(sheet.headers);
  const schema = createStudentSchemaAt(() => today);
  const total = sheet.rows.length;
  const rows: CheckedRow[] = new Array(total);
  // In slices: 20,000 rows take a second or two, and other requests are answered between slices.
  await inSlices(
    sheet.rows,
    (row, i) => {
      rows[i] = checkRow(row, columns, schema);
    },
    (done) => progress?.({ phase: "checking", done, total }),
  );
  markRepeated(rows, "identity_document");
  markRepeated(rows, "email");
  await nextTurn();
  const taken = await takenInDatabase(db, rows);
  for (const row of rows) {
    const { identity_document: document, email } = row.keys;
    if (document !== null && taken.documents.has(document))
      addError(row.errors, "identity_document", validationMessage("unique", "identity_document"));
    if (email !== null && taken.emails.has(email))
      addError(row.errors, "email", validationMessage("unique", "email"));
  }
  const period = await checkPlacements(db, rows, periodId);
  for (const row of rows) if (Object.keys(row.errors).length > 0) row.input = null;
  await nextTurn();
  return { rows, period };
}

// ---------------------------------------------------------------------------------------------------------
// Where to inscribe them: the "Especialidad" and "Semestre" columns
// ---------------------------------------------------------------------------------------------------------

/** A name as compared: lower-case, without accents or repeated spaces ("Informática" = "INFORMATICA"). */
const nameKey = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

/** "3", "03", "3°", "3er", "3ro": the semester's number; null when it is not one. */
function semesterNumber(text: string): number | null {
  const match = /^0*(\d{1,2})\s*(?:°|º|ro|do|er|to|mo|vo|no)?\.?$/i.exec(text.trim());
  const n = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/**
 * The period to inscribe into, as `POST /inscriptions/` chooses it (the one asked, else the only one open),
 * or why there is none: no period open, the one asked closed, or two open and none asked.
 */
async function openPeriod(
  db: DbOrTx,
  periodId?: number,
): Promise<{ period: PeriodRow } | { period: null; why: string }> {
  try {
    return { period: await inscriptionPeriod(db, periodId) };
  } catch (error) {
    if (error instanceof AppError && error.message === "period_inscriptions_are_disabled")
      return {
        period: null,
        why:
          periodId === undefined
            ? "Ningún período tiene las inscripciones abiertas: ábralas en un período para inscribir a este estudiante"
            : (error.description ?? "Las inscripciones del período están deshabilitadas"),
      };
    if (error instanceof AppError && error.message === "inscription_period_is_ambiguous")
      return { period: null, why: error.description ?? "Elija el período en el que inscribir" };
    throw error;
  }
}

/** The enabled specializations and, for each the period follows, its pensum's semesters. */
async function pensumsOfPeriod(db: DbOrTx, periodId: number) {
  const [enabled, followed] = await Promise.all([
    db
      .select({ id: specializations.id, code: specializations.code, title: specializations.title })
      .from(specializations)
      .where(eq(specializations.enabled, true))
      .orderBy(asc(specializations.code)),
    db
      .select({
        specializationId: periodPensums.specializationId,
        pensumId: periodPensums.pensumId,
        pensum: pensums.name,
        id: semesters.id,
        number: semesters.number,
        code: semesters.code,
      })
      .from(periodPensums)
      .innerJoin(pensums, eq(pensums.id, periodPensums.pensumId))
      .leftJoin(semesters, eq(semesters.pensumId, periodPensums.pensumId))
      .where(eq(periodPensums.periodId, periodId))
      .orderBy(asc(semesters.number)),
  ]);
  return { enabled, followed };
}

/** "Ningún período…", "La especialidad «X» no existe…": a row's specialization and semester checked. */
async function checkPlacements(
  db: DbOrTx,
  rows: CheckedRow[],
  periodId: number | undefined,
): Promise<PeriodRow | null> {
  const wanted = rows.filter((r) => (r.values.specialization ?? "") !== "");
  for (const row of rows)
    if ((row.values.specialization ?? "") === "" && (row.values.semester ?? "") !== "")
      addError(
        row.errors,
        "semester",
        "Indique también la especialidad: el semestre solo se usa para inscribir al estudiante en una especialidad.",
      );
  if (wanted.length === 0) return null;
  const open = await openPeriod(db, periodId);
  if (!open.period) {
    const text = `${open.why.replace(/\.$/, "")}, o deje vacía la columna «Especialidad».`;
    for (const row of wanted) addError(row.errors, "specialization", text);
    return null;
  }
  const { period } = open;
  const { enabled, followed } = await pensumsOfPeriod(db, period.id);
  const byKey = new Map<string, (typeof enabled)[number]>();
  for (const sp of enabled) {
    byKey.set(nameKey(sp.title), sp);
    byKey.set(nameKey(sp.code), sp);
  }
  const known = listJoin(enabled.map((sp) => `${sp.code} (${sp.title})`));
  await inSlices(wanted, (row) => placeRow(row));
  await nextTurn();
  await checkSeats(db, period, rows);
  return period;

  /** The row's specialization and semester, or its error. */
  function placeRow(row: CheckedRow) {
    const written = row.values.specialization!;
    const specialization = byKey.get(nameKey(written));
    if (!specialization) {
      addError(
        row.errors,
        "specialization",
        enabled.length === 0
          ? `La especialidad «${written}» no existe: no hay especialidades habilitadas.`
          : `La especialidad «${written}» no existe o no está habilitada. Escriba el código o el nombre de una de estas: ${known}.`,
      );
      return;
    }
    const semesterText = row.values.semester ?? "";
    const wantedNumber = semesterText === "" ? 1 : semesterNumber(semesterText);
    if (wantedNumber === null) {
      addError(row.errors, "semester", `El semestre «${semesterText}» no es un número (1, 2, 3…).`);
      return;
    }
    const ofPensum = followed.filter((f) => f.specializationId === specialization.id);
    if (ofPensum.length === 0) {
      addError(
        row.errors,
        "specialization",
        `La especialidad ${specialization.title} no tiene pensum en el período ${periodName(period)}.`,
      );
      return;
    }
    const semester = ofPensum.find((f) => f.number === wantedNumber);
    if (!semester || semester.id === null) {
      const numbers = ofPensum.flatMap((f) => (f.number === null ? [] : [f.number]));
      addError(
        row.errors,
        "semester",
        `El ${ofPensum[0]!.pensum} de ${specialization.title} no tiene el semestre ${wantedNumber}` +
          (numbers.length === 0 ? ": no tiene semestres." : `; sus semestres son ${listJoin(numbers)}.`),
      );
      return;
    }
    row.placement = {
      specialization,
      semester: {
        id: semester.id,
        number: semester.number!,
        code: semester.code!,
        pensumId: semester.pensumId,
        specializationId: specialization.id,
      },
    };
  }
}

/**
 * Counts the free seats (a snapshot, nothing locked) of each semester and gender the rows ask for, and
 * marks the rows past them, in the file's order, saying how many seats there are and which rows take them.
 */
async function checkSeats(db: DbOrTx, period: PeriodRow, rows: CheckedRow[]) {
  const placed = rows.filter((r) => r.placement !== null && r.gender !== null);
  const semesterIds = [...new Set(placed.map((r) => r.placement!.semester.id))];
  const seats = await seatsSnapshot(db, await sectionIdsOf(db, period.id, semesterIds));
  const groups = new Map<string, CheckedRow[]>();
  for (const row of placed) {
    const key = `${row.placement!.semester.id}:${row.gender}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  for (const group of groups.values()) {
    const { semester, specialization } = group[0]!.placement!;
    const gender = group[0]!.gender!;
    const ofSemester = seats.filter((s) => s.section.semesterId === semester.id);
    const free = ofSemester.reduce((sum, s) => sum + freeSeats(s, gender), 0);
    if (group.length <= free) continue;
    const where = `el semestre ${semester.number} de ${specialization.title} en el período ${periodName(period)}`;
    const message =
      ofSemester.length === 0
        ? `No hay secciones para ${where}: créelas antes de importar.`
        : `No hay cupo para esta fila: ${where} tiene ${free === 1 ? "1 cupo libre" : `${number(free)} cupos libres`} para ${genderPlural(gender)} (${ofSemester.map((s) => `${s.section.code}: ${freeSeats(s, gender)}`).join(", ")})` +
          (free === 0
            ? "."
            : ` y ${free === 1 ? "la fila" : "las filas"} ${linesText(group.slice(0, free).map((r) => r.line))} del archivo ya ${free === 1 ? "lo ocupa" : "los ocupan"}.`);
    for (const row of group.slice(free)) addError(row.errors, "semester", message);
  }
}

function preview(rows: CheckedRow[]): StudentImportPreview {
  const invalid = rows.filter((r) => r.input === null).length;
  return {
    rows: rows.map(({ line, values, errors }) => ({ line, values, errors })),
    valid: rows.length - invalid,
    invalid,
  };
}

/** 422 of an import refused for its rows: each error under `rows.<line>.<field>`; nothing was written. */
function rowsRefused(rows: CheckedRow[]): AppError {
  const bad = rows.filter((r) => r.input === null);
  const errors: Record<string, string[]> = {};
  for (const row of bad)
    for (const [field, messages] of Object.entries(row.errors))
      errors[`rows.${row.line}.${field}`] = messages;
  return new AppError(
    422,
    "validation_failed",
    `${bad.length === 1 ? "Una fila del archivo tiene" : `${number(bad.length)} filas del archivo tienen`} errores: no se importó ningún estudiante. Corrija el archivo y vuelva a revisarlo.`,
    undefined,
    errors,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Preview and import
// ---------------------------------------------------------------------------------------------------------

/** The dry run: every row of the file with its Spanish errors; nothing is written. */
export async function previewStudentImport(opts: {
  db: DbOrTx;
  file: ImportFile | null;
  today: string;
  /** The period to inscribe into; needed when two have inscriptions open. */
  periodId?: number | undefined;
  /** Told how far the check has got (the page's progress bar). */
  progress?: ImportProgressReport;
}) {
  const sheet = await readSheet(opts.file);
  return preview((await checkSheet(opts.db, sheet, opts.today, opts.periodId, opts.progress)).rows);
}

/**
 * Imports the students of the file, all or none: the rows are checked again (any error: 422 with every
 * row's errors, nothing written), then every user and student is created in one transaction with its
 * audit row and confirmation link, and inscribed when its row names a specialization, a thousand students
 * at a time (import-write.ts); once it has committed each new student is e-mailed the link.
 */
export async function importStudents(opts: {
  db: Db;
  config: Pick<Config, "appUrl">;
  mailer: Mailer;
  audit: AuditContext;
  file: ImportFile | null;
  /** The school's today: no birth date after it. */
  today: string;
  /** The period to inscribe into; needed when two have inscriptions open. */
  periodId?: number | undefined;
  /** The application's clock's instant: the inscriptions' stamp. */
  now: Date;
  /** Told how far the check and the writing have got (the page's progress bar). */
  progress?: ImportProgressReport;
}): Promise<StudentImportResult> {
  const sheet = await readSheet(opts.file);
  const { rows, period } = await checkSheet(opts.db, sheet, opts.today, opts.periodId, opts.progress);
  if (rows.some((r) => r.input === null)) throw rowsRefused(rows);
  const total = rows.length;
  opts.progress?.({ phase: "writing", done: 0, total });
  let done: Awaited<ReturnType<typeof writeRows>>;
  try {
    done = await opts.db.transaction((tx) =>
      writeRows(tx, rows, { period, audit: opts.audit, now: opts.now, progress: opts.progress }),
    );
  } catch (error) {
    // Someone created one of these students meanwhile: the rows say who.
    if (isUniqueViolation(error)) {
      const again = await checkSheet(opts.db, sheet, opts.today, opts.periodId);
      if (again.rows.some((r) => r.input === null)) throw rowsRefused(again.rows);
    }
    rethrowUniqueAsField(error, {
      users_email_lower_unique: "email",
      students_identity_document_unique: "identity_document",
    });
  }
  sendConfirmations(opts.mailer, opts.config, done.created);
  return {
    created: done.created.length,
    inscribed: done.placements.reduce((sum, p) => sum + p.students, 0),
    placements: done.placements,
  };
}

/**
 * The writes of an import, inside its transaction: `WRITE_CHUNK` students at a time, each chunk's accounts
 * and students, then their inscriptions (the sections of every semester asked locked once, at the start).
 */
async function writeRows(
  tx: DbOrTx,
  rows: CheckedRow[],
  opts: { period: PeriodRow | null; audit: AuditContext; now: Date; progress?: ImportProgressReport },
) {
  const placed = rows.flatMap((r) => (r.placement ? [r.placement.semester] : []));
  const inscribing =
    opts.period === null || placed.length === 0
      ? null
      : await startInscribing(tx, { periodId: opts.period.id, semesters: placed, now: opts.now });
  const created: Awaited<ReturnType<typeof createImportedStudents>> = [];
  for (let start = 0; start < rows.length; start += WRITE_CHUNK) {
    const chunk = rows.slice(start, start + WRITE_CHUNK);
    const students = await createImportedStudents(
      tx,
      chunk.map((r) => r.input!),
      opts.audit,
    );
    created.push(...students);
    const toInscribe: ImportedStudent[] = [];
    for (const [i, student] of students.entries()) {
      const row = chunk[i]!;
      if (row.placement)
        toInscribe.push({
          line: row.line,
          name: student.name,
          id: student.id,
          gender: row.input!.gender,
          placement: row.placement,
        });
    }
    if (inscribing && toInscribe.length > 0) await inscribing.add(toInscribe);
    opts.progress?.({ phase: "writing", done: start + chunk.length, total: rows.length });
  }
  return { created, placements: inscribing ? await inscribing.finish() : [] };
}

/** The example row of the template (a made-up student in the formats the import takes). */
export const studentImportExample: Record<StudentImportField, string> = {
  first_name: "Ana María",
  last_name: "Pérez Rodríguez",
  identity_document: "V-30123456",
  email: "ana.perez@ejemplo.com",
  gender: "Femenino",
  birth_date: "15/04/2008",
  phone: "0412-5551234",
  address: "Av. Principal, casa 5, Caracas",
  specialization: "",
  semester: "",
};

/**
 * The template's example row: the made-up student, asking for the first semester of a specialization
 * the period with inscriptions open follows (the first by code); blank when none, or two, have them open.
 */
export async function studentImportTemplateRow(db: DbOrTx): Promise<Record<StudentImportField, string>> {
  const { period } = await openPeriod(db);
  if (!period) return studentImportExample;
  const [first] = await db
    .select({ title: specializations.title, number: semesters.number })
    .from(periodPensums)
    .innerJoin(specializations, eq(specializations.id, periodPensums.specializationId))
    .innerJoin(semesters, eq(semesters.pensumId, periodPensums.pensumId))
    .where(and(eq(periodPensums.periodId, period.id), eq(specializations.enabled, true)))
    .orderBy(asc(specializations.isBasic), asc(specializations.code), asc(semesters.number))
    .limit(1);
  return first
    ? { ...studentImportExample, specialization: first.title, semester: String(first.number) }
    : studentImportExample;
}
