import { z } from "zod";
import { recordIdParam } from "../validation/ids.js";
import type { createStudentSchema } from "./students.js";

/**
 * Importing students from a CSV or XLSX file (`POST /students/import`): the columns a file may have, how
 * their Spanish headers are recognised, the limits, and what the preview and the import answer.
 */

/**
 * The largest file taken (bytes) and the most students in one import: a whole school of 20,000, checked
 * and written in under a minute (`npm run bench -- --only=import`). Such a workbook is about 1.5 MB, the
 * same students as CSV about 3 MB.
 */
export const studentImportMaxBytes = 8 * 1024 * 1024;
export const studentImportMaxRows = 20_000;

/** The fields of a student a file fills: exactly those of `createStudentSchema` but the photo. */
export const studentImportStudentFields = [
  "first_name",
  "last_name",
  "identity_document",
  "email",
  "gender",
  "birth_date",
  "phone",
  "address",
] as const satisfies readonly (keyof typeof createStudentSchema.shape)[];
export type StudentImportStudentField = (typeof studentImportStudentFields)[number];

/**
 * Every column a file may have: the student's fields, then where to inscribe them (optional): the
 * specialization (code or name of an enabled one) and the semester of its pensum (a number, 1 when blank),
 * in the period with inscriptions open.
 */
export const studentImportFields = [...studentImportStudentFields, "specialization", "semester"] as const;
export type StudentImportField = (typeof studentImportFields)[number];

/** Columns every file must have (the others may be missing or blank). */
export const studentImportRequired: readonly StudentImportField[] = [
  "first_name",
  "last_name",
  "identity_document",
  "email",
  "gender",
];

/** The header of each column in the template (and in messages naming a column). */
export const studentImportHeaders: Record<StudentImportField, string> = {
  first_name: "Nombres",
  last_name: "Apellidos",
  identity_document: "Cédula",
  email: "Correo electrónico",
  gender: "Género",
  birth_date: "Fecha de nacimiento",
  phone: "Teléfono",
  address: "Dirección",
  specialization: "Especialidad",
  semester: "Semestre",
};

/** Other headers a school's own file may use for the same column (compared as `headerKey` makes them). */
const headerAliases: Record<StudentImportField, string[]> = {
  first_name: ["nombre", "nombres", "primer nombre"],
  last_name: ["apellido", "apellidos"],
  identity_document: ["cedula", "cedula de identidad", "ci", "c i", "documento", "documento de identidad"],
  email: ["correo", "correo electronico", "email", "e mail", "mail"],
  gender: ["genero", "sexo"],
  birth_date: ["fecha de nacimiento", "fecha nacimiento", "nacimiento", "fecha de nac"],
  phone: ["telefono", "celular", "telefono celular", "movil"],
  address: ["direccion", "domicilio", "direccion de habitacion"],
  specialization: ["especialidad", "especializacion", "carrera", "mencion", "programa"],
  semester: ["semestre", "sem", "semestre a cursar"],
};

/** A header as compared: lower-case, without accents, punctuation or repeated spaces ("C.I." → "c i"). */
export function headerKey(header: string): string {
  return header
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const fieldByHeader = new Map<string, StudentImportField>(
  studentImportFields.flatMap((field) => [
    [headerKey(studentImportHeaders[field]), field] as const,
    ...headerAliases[field].map((alias) => [headerKey(alias), field] as const),
  ]),
);

/** The field a file's header names, or undefined for a column the import does not know. */
export function fieldOfHeader(header: string): StudentImportField | undefined {
  return fieldByHeader.get(headerKey(header));
}

/** `dry_run` as multipart sends it (1/0), or a JSON boolean; required (an import is never implied). */
const formBoolean = z.preprocess((v) => {
  if (v === "1" || v === 1 || v === "true") return true;
  if (v === "0" || v === 0 || v === "false") return false;
  return v;
}, z.boolean());

/** The client's name for one check or import, to follow its progress: letters, digits, `-` and `_`. */
export const studentImportProgressId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/** The text fields of `POST /students/import` (the file arrives in the multipart part `file`). */
export const studentImportFormSchema = z.object({
  dry_run: formBoolean.describe(
    "1: solo revisar el archivo y mostrar los errores de cada fila; 0: importar.",
  ),
  period_id: recordIdParam()
    .optional()
    .describe(
      "Período en el que inscribir a quienes traen especialidad; obligatorio si hay dos con inscripciones abiertas.",
    ),
  progress_id: studentImportProgressId
    .optional()
    .describe(
      "Identificador que el cliente elige (p. ej. un UUID) para seguir el avance con `GET /students/import/progress/{id}`.",
    ),
});

/**
 * How far a check or an import has got (`GET /students/import/progress/{id}`): reading the file, checking its
 * rows, writing its students; `done` of `total` rows (0 of 0 while the file is read).
 */
export const studentImportPhases = ["reading", "checking", "writing", "done"] as const;
export const studentImportProgressSchema = z.object({
  phase: z.enum(studentImportPhases),
  done: z.number().int().describe("Filas revisadas (checking) o estudiantes guardados (writing)."),
  total: z.number().int().describe("Filas del archivo."),
});
export type StudentImportProgress = z.infer<typeof studentImportProgressSchema>;

/** One row of the file: its line (the header is line 1), what it says per field and its errors. */
export const studentImportRowSchema = z.object({
  line: z.number().int().describe("Fila del archivo (los encabezados son la fila 1)."),
  values: z.record(z.string(), z.string()).describe("Texto de cada campo tal como está en el archivo."),
  errors: z
    .record(z.string(), z.array(z.string()))
    .describe("Mensajes en español por campo; vacío si la fila es válida."),
});
export type StudentImportRow = z.infer<typeof studentImportRowSchema>;

export const studentImportPreviewSchema = z.object({
  rows: z.array(studentImportRowSchema),
  valid: z.number().int().describe("Filas sin errores."),
  invalid: z.number().int().describe("Filas con al menos un error."),
});
export type StudentImportPreview = z.infer<typeof studentImportPreviewSchema>;

/** Where the students of the file were inscribed: one entry per section, with how many went there. */
export const studentImportPlacementSchema = z.object({
  period: z.object({ id: z.number().int(), name: z.string() }),
  specialization: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  semester: z.object({ id: z.number().int(), number: z.number().int(), code: z.string() }),
  section: z.object({ id: z.number().int(), code: z.string() }),
  students: z.number().int().describe("Estudiantes del archivo inscritos en la sección."),
  skipped_courses: z
    .number()
    .int()
    .describe("Materias de la sección en las que no quedaron inscritos por prelaciones (suma)."),
});
export type StudentImportPlacement = z.infer<typeof studentImportPlacementSchema>;

export const studentImportResultSchema = z.object({
  created: z.number().int().describe("Estudiantes creados (cada uno recibe el correo de confirmación)."),
  inscribed: z.number().int().describe("De ellos, inscritos en el período con inscripciones abiertas."),
  placements: z.array(studentImportPlacementSchema).describe("Dónde se inscribieron, sección por sección."),
});
export type StudentImportResult = z.infer<typeof studentImportResultSchema>;
