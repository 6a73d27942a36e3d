import type {
  Teacher,
  TeacherCourseSection,
  TeacherLesson,
  TeacherListItem,
} from "../../../common/schemas/teachers.js";
import type { CsvColumn } from "../../http/csv.js";
import { profilePictureUrl } from "../users/presenter.js";
import type { TeacherDetailRow, TeacherListRow } from "./service.js";
import type { TeacherCourseSectionRow, TeacherLessonRow } from "./views.js";

export function presentTeacherListItem(row: TeacherListRow): TeacherListItem {
  return {
    id: row.id,
    user_id: row.userId,
    first_name: row.firstName,
    last_name: row.lastName,
    identity_document: row.identityDocument,
    email: row.email,
    enabled: row.enabled,
    is_coordinator: row.isCoordinator,
    specialization_id: row.specializationId,
    profile_picture: profilePictureUrl({ id: row.userId, profilePicture: row.profilePicture }),
    courses_count: row.coursesCount,
  };
}

const person = (p: { id: number; firstName: string; lastName: string }) => ({
  id: p.id,
  first_name: p.firstName,
  last_name: p.lastName,
});

export function presentTeacher(row: TeacherDetailRow): Teacher {
  return {
    ...presentTeacherListItem(row),
    gender: row.gender === "female" ? "female" : "male",
    birth_date: row.birthDate,
    phone: row.phone,
    address: row.address,
    confirmed: row.confirmed,
    specialization: row.specialization,
    specializations: row.specializations,
    supervised_teachers: row.supervisedTeachers.map(person),
    supervisors: row.supervisors.map(person),
    lessons_count: row.lessonsCount,
  };
}

/** The teachers list as a CSV file (`GET /teachers?format=csv`), with the list page's Spanish labels. */
export const teacherCsvColumns: CsvColumn<TeacherListRow>[] = [
  { header: "Cédula", value: (r) => r.identityDocument },
  { header: "Nombre", value: (r) => r.firstName },
  { header: "Apellido", value: (r) => r.lastName },
  { header: "Correo electrónico", value: (r) => r.email },
  { header: "Rol", value: (r) => (r.isCoordinator ? "Coordinador" : "Profesor") },
  { header: "Materias", value: (r) => r.coursesCount },
  { header: "Estado", value: (r) => (r.enabled ? "Activo" : "Inactivo") },
];

export function presentCourseSection(row: TeacherCourseSectionRow): TeacherCourseSection {
  return {
    course_section_id: row.courseSectionId,
    course: { id: row.courseId, code: row.courseCode, title: row.courseTitle },
    section: { id: row.sectionId, code: row.sectionCode, letter_code: row.letterCode, shift: row.shift },
    semester: { id: row.semesterId, number: row.semesterNumber, code: row.semesterCode },
    specialization: {
      id: row.specializationId,
      code: row.specializationCode,
      title: row.specializationTitle,
    },
    period: { id: row.periodId, year: row.periodYear, number: row.periodNumber },
    students_count: row.studentsCount,
    lessons_count: row.lessonsCount,
  };
}

/** Course sections (`courses`, `historic`, `reports/courses`) as CSV. */
export const courseSectionCsvColumns: CsvColumn<TeacherCourseSectionRow>[] = [
  { header: "Período", value: (r) => `${r.periodYear}-${r.periodNumber}` },
  { header: "Especialidad", value: (r) => r.specializationTitle },
  { header: "Semestre", value: (r) => r.semesterCode },
  { header: "Sección", value: (r) => r.sectionCode },
  { header: "Código", value: (r) => r.courseCode },
  { header: "Materia", value: (r) => r.courseTitle },
  { header: "Estudiantes", value: (r) => r.studentsCount },
  { header: "Clases", value: (r) => r.lessonsCount },
];

export function presentLesson(row: TeacherLessonRow): TeacherLesson {
  return {
    id: row.id,
    date: row.date,
    title: row.title,
    evaluated: row.evaluated,
    weight: row.weight,
    registered: row.registeredAt !== null,
    course_section_id: row.courseSectionId,
    course: { id: row.courseId, code: row.courseCode, title: row.courseTitle },
    section: { id: row.sectionId, code: row.sectionCode },
  };
}

export const lessonCsvColumns: CsvColumn<TeacherLessonRow>[] = [
  { header: "Fecha", value: (r) => r.date },
  { header: "Materia", value: (r) => r.courseTitle },
  { header: "Sección", value: (r) => r.sectionCode },
  { header: "Título", value: (r) => r.title },
  { header: "Evaluada", value: (r) => (r.evaluated ? "Sí" : "No") },
  { header: "Asistencia registrada", value: (r) => (r.registeredAt ? "Sí" : "No") },
];
