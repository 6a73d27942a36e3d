import type { LibraryDocument } from "../../../common/schemas/documents.js";
import type { CsvColumn } from "../../http/csv.js";
import type { DocumentRow } from "./service.js";

const extensionOfKey = (key: string) => key.slice(key.lastIndexOf(".") + 1);

/** A document as the API shows it: its files only as the access-checked routes that serve them. */
export function presentDocument(row: DocumentRow): LibraryDocument {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    file_extension: extensionOfKey(row.file),
    file_url: `/documents/${row.id}/file`,
    cover_picture: row.coverPicture ? `/documents/${row.id}/cover` : null,
    specialization_id: row.specializationId,
    semester_id: row.semesterId,
    course_id: row.courseId,
    specialization: row.specialization,
    semester: row.semester,
    course: row.course,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The library as a CSV file (`GET /documents?format=csv`), with the list page's Spanish labels. */
export const documentCsvColumns: CsvColumn<DocumentRow>[] = [
  { header: "Título", value: (row) => row.title },
  { header: "Descripción", value: (row) => row.description },
  { header: "Tipo", value: (row) => extensionOfKey(row.file).toUpperCase() },
  { header: "Especialidad", value: (row) => row.specialization?.title ?? "General" },
  { header: "Semestre", value: (row) => row.semester?.number ?? null },
  { header: "Materia", value: (row) => (row.course ? `${row.course.code} ${row.course.title}` : null) },
  { header: "Creado", value: (row) => row.createdAt },
];

/** `Content-Disposition` for a download named after the document's title (ASCII and UTF-8 forms). */
export function downloadDisposition(kind: "attachment" | "inline", title: string, extension: string) {
  const base = title.trim().slice(0, 120) || "documento";
  const ascii = base
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ._-]+/g, "_");
  const name = `${base}.${extension}`;
  return `${kind}; filename="${ascii}.${extension}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
