import type { Prelation, PrelationType } from "../../../common/schemas/prelations.js";
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
