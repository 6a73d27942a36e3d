import { z } from "zod";
import { recordId } from "../validation/ids.js";

/**
 * Virtual library (spec.md §2 "Documents", §3 "Document", §7): a file with an optional cover picture,
 * optionally tied to a specialization, a semester of one of its pensums and a course of that semester.
 * Creation and update arrive as multipart forms (`file`, `cover_picture` and the text fields below).
 */

/** Largest library file, in bytes (50 MB). */
export const DOCUMENT_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** Largest cover picture, in bytes (5 MB); it is stored re-encoded as a small WebP. */
export const DOCUMENT_COVER_MAX_BYTES = 5 * 1024 * 1024;

/** The kinds of library file accepted, told apart by their content (not the name or the sent type). */
export const documentFileKinds = [
  "pdf",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "ppt",
  "pptx",
  "odt",
  "ods",
  "odp",
  "rtf",
  "epub",
  "txt",
  "csv",
  "md",
  "jpg",
  "png",
  "gif",
  "webp",
  "mp3",
  "ogg",
  "wav",
  "m4a",
  "mp4",
  "webm",
] as const;

/** What the file input offers (the server still checks the content). */
export const documentFileAccept = documentFileKinds.map((k) => `.${k}`).join(",");
export const documentCoverAccept = "image/jpeg,image/png,image/webp";

/** A record id that may arrive as text from a multipart form; empty text means none. */
const formNullableId = z.preprocess((v) => {
  if (v === "" || v === "null") return null;
  return typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
}, recordId().nullable());

const fields = {
  title: z.string().trim().min(1).max(200),
  description: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((v) => v || null),
  specialization_id: formNullableId,
  semester_id: formNullableId,
  course_id: formNullableId,
};

/** POST /documents (multipart; the `file` part is required, `cover_picture` optional). */
export const createDocumentSchema = z.object({
  title: fields.title,
  description: fields.description.optional().transform((v) => v ?? null),
  specialization_id: fields.specialization_id.optional().transform((v) => v ?? null),
  semester_id: fields.semester_id.optional().transform((v) => v ?? null),
  course_id: fields.course_id.optional().transform((v) => v ?? null),
});
export type CreateDocumentInput = z.output<typeof createDocumentSchema>;

/** PATCH /documents/{id} (JSON or multipart): only the fields sent change; a blank id clears it. */
export const updateDocumentSchema = z.object({
  title: fields.title.optional(),
  description: fields.description.optional(),
  specialization_id: fields.specialization_id.optional(),
  semester_id: fields.semester_id.optional(),
  course_id: fields.course_id.optional(),
  /** `1` removes the cover picture (when no new one is sent). */
  remove_cover_picture: z
    .preprocess(
      (v) => (v === "1" || v === "true" ? true : v === "0" || v === "false" ? false : v),
      z.boolean(),
    )
    .optional(),
});
export type UpdateDocumentInput = z.output<typeof updateDocumentSchema>;

/** The text fields a multipart document form may carry (anything else is a 422). */
export const documentFormFields = [
  ...Object.keys(updateDocumentSchema.shape),
  "_method",
] as readonly string[];

/** A document as the API shows it. */
export const documentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  file_extension: z.string().describe("Tipo del archivo (pdf, docx, …)."),
  file_url: z.string().describe("Descarga con control de acceso: `/documents/{id}/file`."),
  cover_picture: z
    .string()
    .nullable()
    .describe("Miniatura de la portada con control de acceso (`/documents/{id}/cover`), o null."),
  specialization_id: z.number().int().nullable(),
  semester_id: z.number().int().nullable(),
  course_id: z.number().int().nullable(),
  specialization: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  semester: z.object({ id: z.number().int(), number: z.number().int(), code: z.string() }).nullable(),
  course: z.object({ id: z.number().int(), code: z.string(), title: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LibraryDocument = z.infer<typeof documentSchema>;
