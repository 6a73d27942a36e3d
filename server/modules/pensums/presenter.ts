import type { Pensum, PensumDetail } from "../../../common/schemas/pensums.js";
import type { CsvColumn } from "../../http/csv.js";
import { presentSemester } from "../semesters/presenter.js";
import type { PensumDetailRow, PensumRow } from "./service.js";

/** Columns of the pensums CSV. */
export const pensumCsvColumns: CsvColumn<PensumRow>[] = [
  { header: "Especialidad", value: (r) => r.specialization.title },
  { header: "Nombre", value: (r) => r.name },
  { header: "Versión", value: (r) => r.version },
  { header: "Semestres", value: (r) => r.semestersCount },
  { header: "Materias", value: (r) => r.coursesCount },
  { header: "Períodos", value: (r) => r.periodsCount },
  { header: "Habilitado", value: (r) => r.enabled },
];

export function presentPensum(row: PensumRow): Pensum {
  return {
    id: row.id,
    specialization_id: row.specializationId,
    specialization: {
      id: row.specialization.id,
      title: row.specialization.title,
      code: row.specialization.code,
      is_basic: row.specialization.isBasic,
    },
    name: row.name,
    version: row.version,
    previous_pensum_id: row.previousPensumId,
    enabled: row.enabled,
    semesters_count: row.semestersCount,
    courses_count: row.coursesCount,
    periods_count: row.periodsCount,
  };
}

export function presentPensumDetail(row: PensumDetailRow): PensumDetail {
  return {
    ...presentPensum(row),
    semesters: row.semesters.map(presentSemester),
    prelations: row.prelations.map((p) => ({
      id: p.id,
      course_id: p.courseId,
      required_course_id: p.requiredCourseId,
      type: p.type,
    })),
    periods: row.periods,
    versions: row.versions,
  };
}
