import type { Binnacle } from "../../../common/schemas/binnacles.js";
import type { CsvColumn } from "../../http/csv.js";
import type { BinnacleRow } from "./service.js";

/** A binnacle entry as the API shows it (snake_case). */
export function presentBinnacle(row: BinnacleRow): Binnacle {
  return {
    id: row.id,
    incidence_date: row.incidenceDate,
    subject: row.subject,
    description: row.description,
    category: row.category,
    student: {
      id: row.student.id,
      first_name: row.student.firstName,
      last_name: row.student.lastName,
      identity_document: row.student.identityDocument,
    },
    student_id: row.student.id,
    course_section_id: row.courseSectionId,
    course: row.course,
    section: row.section,
    period_id: row.periodId,
    author: row.author,
    created_at: row.createdAt.toISOString(),
  };
}

/** The binnacles list as a CSV file (`GET /binnacles?format=csv`), with the list page's Spanish labels. */
export const binnacleCsvColumns: CsvColumn<BinnacleRow>[] = [
  { header: "Fecha de incidencia", value: (r) => r.incidenceDate },
  { header: "Cédula", value: (r) => r.student.identityDocument },
  { header: "Estudiante", value: (r) => `${r.student.lastName}, ${r.student.firstName}` },
  { header: "Asunto", value: (r) => r.subject },
  { header: "Categoría", value: (r) => r.category },
  { header: "Descripción", value: (r) => r.description },
  { header: "Materia", value: (r) => (r.course ? `${r.course.code} ${r.course.title}` : null) },
  { header: "Sección", value: (r) => r.section?.code ?? null },
  { header: "Autor", value: (r) => r.author?.name ?? null },
];
