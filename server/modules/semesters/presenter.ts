import type { Semester, SemesterCourse } from "../../../common/schemas/pensums.js";
import type { CsvColumn } from "../../http/csv.js";
import type { SemesterCourseRow, SemesterRow } from "./service.js";

/** Columns of the semesters CSV. */
export const semesterCsvColumns: CsvColumn<SemesterRow>[] = [
  { header: "Número", value: (r) => r.number },
  { header: "Código", value: (r) => r.code },
  { header: "Materias", value: (r) => r.courses.map((c) => c.code).join(", ") },
  { header: "Créditos", value: (r) => r.courses.reduce((sum, c) => sum + c.credits, 0) },
];

export function presentSemesterCourse(row: SemesterCourseRow): SemesterCourse {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    credits: row.credits,
    hours: row.hours,
    enabled: row.enabled,
  };
}

export function presentSemester(row: SemesterRow): Semester {
  return {
    id: row.id,
    pensum_id: row.pensumId,
    specialization_id: row.specializationId,
    number: row.number,
    code: row.code,
    courses_ids: row.courses.map((c) => c.id),
    courses: row.courses.map(presentSemesterCourse),
    credits: row.courses.reduce((sum, c) => sum + c.credits, 0),
    has_sections: row.hasSections,
  };
}
