import type { Semester, SemesterCourse } from "../../../common/schemas/pensums.js";
import type { SemesterCourseRow, SemesterRow } from "./service.js";

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
