import {
  type CourseSection,
  type Section,
  type SectionDetail,
  type SectionStudent,
  type Shift,
  type StudentsCoursesNotes,
  shiftNames,
  type TeacherBrief,
} from "../../../common/schemas/sections.js";
import type { CsvColumn } from "../../http/csv.js";
import type {
  CourseSectionRow,
  SectionDetailRow,
  SectionRow,
  SectionStudentRow,
  StudentsCoursesNotesRow,
  TeacherRow,
} from "./service.js";

export function presentTeacher(row: TeacherRow): TeacherBrief {
  return { id: row.id, first_name: row.firstName, last_name: row.lastName, enabled: row.enabled };
}

/** A section row as the API shows it (snake_case, spec.md §3). */
export function presentSection(row: SectionRow): Section {
  const shift = row.shift as Shift;
  return {
    id: row.id,
    period_id: row.periodId,
    period: row.period,
    semester_id: row.semesterId,
    semester: row.semester,
    specialization: row.specialization,
    letter_code: row.letterCode,
    code: row.code,
    title: row.title,
    shift,
    shift_name: shiftNames[shift] ?? row.shift,
    males_limit: row.malesLimit,
    females_limit: row.femalesLimit,
    males_count: row.malesCount,
    females_count: row.femalesCount,
    courses_count: row.coursesCount,
  };
}

function presentCourse(c: CourseSectionRow["course"]) {
  return {
    id: c.id,
    code: c.code,
    title: c.title,
    credits: c.credits,
    supports_final_delivery: c.supportsFinalDelivery,
  };
}

export function presentCourseSection(row: CourseSectionRow): CourseSection {
  return {
    id: row.id,
    section_id: row.sectionId,
    course_id: row.courseId,
    course: presentCourse(row.course),
    section: {
      id: row.section.id,
      code: row.section.code,
      letter_code: row.section.letterCode,
      period_id: row.section.periodId,
    },
    teachers: row.teachers.map(presentTeacher),
    males_count: row.malesCount,
    females_count: row.femalesCount,
    schedules_count: row.schedulesCount,
  };
}

export function presentSectionDetail(row: SectionDetailRow): SectionDetail {
  return {
    ...presentSection(row),
    courses: row.courses.map(presentCourseSection),
    teachers: row.teachers.map(presentTeacher),
  };
}

export function presentSectionStudent(row: SectionStudentRow): SectionStudent {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    identity_document: row.identityDocument,
    gender: row.gender,
    email: row.email,
    status: row.status,
  };
}

export function presentStudentsCoursesNotes(row: StudentsCoursesNotesRow): StudentsCoursesNotes {
  return {
    courses: row.courses.map(presentCourse),
    students: row.students.map((st) => ({
      ...presentSectionStudent(st),
      notes: st.notes.map((n) => ({
        course_id: n.courseId,
        note: n.note,
        evaluated_percent: n.evaluatedPercent,
        absences: n.absences,
        delays: n.delays,
        absences_with_delays: n.absencesWithDelays,
        failed_by_absences: n.failedByAbsences,
        withdrawn: n.withdrawn,
        standing: n.standing,
        passed: n.standing === "in_progress" ? null : n.passed,
      })),
      average: st.average,
    })),
  };
}

/** Columns of the sections CSV (spec.md §3 "Section", Spanish headers). */
export const sectionCsvColumns: CsvColumn<SectionRow>[] = [
  { header: "Código", value: (r) => r.code },
  { header: "Letra", value: (r) => r.letterCode },
  { header: "Título", value: (r) => r.title },
  { header: "Período", value: (r) => `${r.period.year}-${r.period.number}` },
  { header: "Especialización", value: (r) => r.specialization.title },
  { header: "Semestre", value: (r) => r.semester.code },
  { header: "Turno", value: (r) => shiftNames[r.shift as Shift] ?? r.shift },
  { header: "Límite de varones", value: (r) => r.malesLimit },
  { header: "Límite de hembras", value: (r) => r.femalesLimit },
  { header: "Varones inscritos", value: (r) => r.malesCount },
  { header: "Hembras inscritas", value: (r) => r.femalesCount },
  { header: "Materias", value: (r) => r.coursesCount },
];

const teacherNames = (teachers: TeacherRow[]) =>
  teachers.map((t) => `${t.firstName} ${t.lastName}`).join(", ");

/** Columns of the course sections CSV (spec.md §2 course table labels). */
export const courseSectionCsvColumns: CsvColumn<CourseSectionRow>[] = [
  { header: "Sección", value: (r) => r.section.code },
  { header: "Código", value: (r) => r.course.code },
  { header: "Título", value: (r) => r.course.title },
  { header: "Profesores", value: (r) => teacherNames(r.teachers) || "Sin profesor asignado" },
  { header: "Varones asignados", value: (r) => r.malesCount },
  { header: "Hembras asignadas", value: (r) => r.femalesCount },
];

/** Columns of the students-of-a-section CSV. */
export const sectionStudentCsvColumns: CsvColumn<SectionStudentRow>[] = [
  { header: "Cédula", value: (r) => r.identityDocument },
  { header: "Nombre", value: (r) => r.firstName },
  { header: "Apellido", value: (r) => r.lastName },
  { header: "Género", value: (r) => (r.gender === "female" ? "Femenino" : "Masculino") },
  { header: "Correo electrónico", value: (r) => r.email },
  { header: "Estado", value: (r) => (r.status === "active" ? "Activo" : "Retirado") },
];
