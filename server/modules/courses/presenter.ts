import type { Course, CourseSectionBrief, PensumCourse } from "../../../common/schemas/courses.js";
import type { CsvColumn } from "../../http/csv.js";
import type { CourseRow, CourseSectionBriefRow, CourseWithPlacements, PensumCourseRow } from "./service.js";

function presentCourseFields(row: CourseRow): Omit<Course, "pensums"> {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    description: row.description,
    credits: row.credits,
    hours: row.hours,
    max_absences_to_fail: row.maxAbsencesToFail,
    enabled: row.enabled,
    supports_final_delivery: row.supportsFinalDelivery,
  };
}

export function presentCourse(row: CourseWithPlacements): Course {
  return {
    ...presentCourseFields(row),
    pensums: row.placements.map((p) => ({
      pensum_id: p.pensumId,
      pensum_name: p.pensumName,
      pensum_version: p.pensumVersion,
      specialization_id: p.specializationId,
      specialization_title: p.specializationTitle,
      semester_id: p.semesterId,
      semester_number: p.semesterNumber,
      semester_code: p.semesterCode,
    })),
  };
}

export function presentCourseSection(row: CourseSectionBriefRow): CourseSectionBrief {
  return {
    id: row.id,
    course_id: row.courseId,
    section: {
      id: row.section.id,
      code: row.section.code,
      letter_code: row.section.letterCode,
      shift: row.section.shift,
      semester_id: row.section.semesterId,
      semester_number: row.section.semesterNumber,
    },
    teachers: row.teachers.map((t) => ({ id: t.id, first_name: t.firstName, last_name: t.lastName })),
    males_assigned: row.malesAssigned,
    females_assigned: row.femalesAssigned,
  };
}

export function presentPensumCourse(row: PensumCourseRow): PensumCourse {
  return {
    course: presentCourseFields(row.course),
    semester_id: row.semesterId,
    semester_number: row.semesterNumber,
    semester_code: row.semesterCode,
    course_sections: row.courseSections.map(presentCourseSection),
  };
}

/** Columns of the courses CSV (`GET /courses?format=csv`). */
export const courseCsvColumns: CsvColumn<CourseWithPlacements>[] = [
  { header: "Código", value: (r) => r.code },
  { header: "Título", value: (r) => r.title },
  { header: "Créditos", value: (r) => r.credits },
  { header: "Horas semanales", value: (r) => r.hours },
  { header: "Máximo de inasistencias", value: (r) => r.maxAbsencesToFail },
  { header: "Habilitada", value: (r) => r.enabled },
  { header: "Admite entrega final", value: (r) => r.supportsFinalDelivery },
  {
    header: "Pensums",
    value: (r) =>
      r.placements
        .map(
          (p) =>
            `${p.specializationTitle} · ${p.pensumName} v${p.pensumVersion} · semestre ${p.semesterNumber}`,
        )
        .join("; "),
  },
];
