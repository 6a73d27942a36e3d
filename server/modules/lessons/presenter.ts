import type {
  GenerateResult,
  Lesson,
  LessonDetail,
  LessonStudentChange,
} from "../../../common/schemas/lessons.js";
import type { CsvColumn } from "../../http/csv.js";
import type {
  CourseSectionBrief,
  HistoryRow,
  LessonDetailRow,
  LessonRow,
  MyCourseSectionRow,
} from "./reads.js";

function presentCourseSection(cs: CourseSectionBrief): Lesson["course_section"] {
  return {
    id: cs.id,
    course: {
      id: cs.course.id,
      code: cs.course.code,
      title: cs.course.title,
      max_absences_to_fail: cs.course.maxAbsencesToFail,
    },
    section: { id: cs.section.id, code: cs.section.code, period_id: cs.section.periodId },
    teachers: cs.teachers,
  };
}

export function presentLesson(row: LessonRow): Lesson {
  return {
    id: row.id,
    date: row.date,
    title: row.title,
    description: row.description,
    evaluated: row.evaluated,
    weight: row.weight,
    registered_at: row.registeredAt ? row.registeredAt.toISOString() : null,
    absences: row.absences,
    delays: row.delays,
    notes: row.notes,
    course_section: presentCourseSection(row.courseSection),
  };
}

export function presentLessonDetail(
  row: LessonDetailRow & { message?: string; skippedStudentIds?: number[] },
): LessonDetail {
  const students = row.students.map((s) => ({
    id: s.id,
    first_name: s.firstName,
    last_name: s.lastName,
    identity_document: s.identityDocument,
    attendance: s.attendance,
    delayed: s.attendance === "delayed",
    note: s.note,
    pivot: { note: s.note },
    absences: s.absences,
    delays: s.delays,
    absences_with_delays: s.total,
    failed_by_delay: s.failed,
  }));
  return {
    ...presentLesson(row),
    version: row.version,
    students,
    absences_by_attendance: students
      .filter((s) => s.attendance === "absent")
      .map((s) => ({ student_id: s.id })),
    absences_by_delay: students.filter((s) => s.attendance === "delayed").map((s) => ({ student_id: s.id })),
    students_with_failed_course_by_delay: students
      .filter((s) => s.failed_by_delay)
      .map((s) => ({ student_id: s.id })),
    available_weight: row.availableWeight,
    ...(row.message ? { message: row.message, skipped_student_ids: row.skippedStudentIds ?? [] } : {}),
  };
}

export function presentGenerate(r: {
  created: number;
  skippedHolidays: number;
  existing: number;
  message: string;
}): GenerateResult {
  return {
    created: r.created,
    skipped_holidays: r.skippedHolidays,
    existing: r.existing,
    message: r.message,
  };
}

export function presentMyCourseSection(row: MyCourseSectionRow) {
  return {
    ...presentCourseSection(row),
    students_count: row.students,
    lessons_count: row.lessons,
    evaluated_weight: row.evaluatedWeight,
    has_schedule: Boolean(row.hasSchedule),
  };
}

export function presentChange(row: HistoryRow): LessonStudentChange {
  return {
    id: row.id,
    lesson_id: row.lessonId,
    lesson_date: row.lessonDate,
    lesson_title: row.lessonTitle,
    field: row.field as LessonStudentChange["field"],
    old_value: row.oldValue,
    new_value: row.newValue,
    changed_at: row.changedAt.toISOString(),
    changed_by: { id: row.changedByUserId, name: row.changedByName },
  };
}

/** The lessons list as a CSV file (`GET /lessons?format=csv`). */
export const lessonCsvColumns: CsvColumn<LessonRow>[] = [
  { header: "Fecha", value: (r) => r.date },
  { header: "Materia", value: (r) => `${r.courseSection.course.code} ${r.courseSection.course.title}` },
  { header: "Sección", value: (r) => r.courseSection.section.code },
  { header: "Profesores", value: (r) => r.courseSection.teachers.map((t) => t.name).join(", ") },
  { header: "Título", value: (r) => r.title },
  { header: "Evaluada", value: (r) => (r.evaluated ? "Sí" : "No") },
  { header: "Ponderación", value: (r) => r.weight },
  { header: "Inasistencias", value: (r) => r.absences },
  { header: "Retrasos", value: (r) => r.delays },
  { header: "Asistencia registrada", value: (r) => r.registeredAt },
];

/** The caller's course sections as a CSV file (`GET /lessons/course-sections?format=csv`). */
export const courseSectionCsvColumns: CsvColumn<MyCourseSectionRow>[] = [
  { header: "Materia", value: (r) => `${r.course.code} ${r.course.title}` },
  { header: "Sección", value: (r) => r.section.code },
  { header: "Profesores", value: (r) => r.teachers.map((t) => t.name).join(", ") },
  { header: "Estudiantes", value: (r) => r.students },
  { header: "Clases", value: (r) => r.lessons },
  { header: "Ponderación evaluada", value: (r) => r.evaluatedWeight },
];
