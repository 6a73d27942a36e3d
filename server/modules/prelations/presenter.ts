import type { Prelation, PrelationType } from "../../../common/schemas/prelations.js";
import type { CsvColumn } from "../../http/csv.js";
import type { PrelationRow } from "./service.js";

const courseOf = (c: PrelationRow["course"]) => ({
  id: c.id,
  code: c.code,
  title: c.title,
  enabled: c.enabled,
  semester_id: c.semesterId,
  semester_number: c.semesterNumber,
  semester_code: c.semesterCode,
});

export function presentPrelation(row: PrelationRow): Prelation {
  return {
    id: row.id,
    type: row.type as PrelationType,
    pensum_id: row.pensum.id,
    pensum: {
      id: row.pensum.id,
      name: row.pensum.name,
      version: row.pensum.version,
      specialization_id: row.pensum.specializationId,
      specialization_title: row.pensum.specializationTitle,
    },
    course_id: row.course.id,
    course: courseOf(row.course),
    required_course_id: row.required.id,
    required_course: courseOf(row.required),
  };
}

/** Columns of the prelations CSV (`GET /prelations?format=csv`). */
export const prelationCsvColumns: CsvColumn<PrelationRow>[] = [
  { header: "Materia", value: (r) => r.course.code },
  { header: "Título de la materia", value: (r) => r.course.title },
  { header: "Semestre", value: (r) => r.course.semesterNumber },
  { header: "Materia requerida", value: (r) => r.required.code },
  { header: "Título de la materia requerida", value: (r) => r.required.title },
  { header: "Semestre de la materia requerida", value: (r) => r.required.semesterNumber },
  { header: "Tipo", value: (r) => (r.type === "partial" ? "Parcial" : "Total") },
  { header: "Especialización", value: (r) => r.pensum.specializationTitle },
  { header: "Pensum", value: (r) => r.pensum.name },
  { header: "Versión", value: (r) => r.pensum.version },
];
