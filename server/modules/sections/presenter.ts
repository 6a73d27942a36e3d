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
      notes: st.notes.map((n) => ({ course_id: n.courseId, note: n.note })),
    })),
  };
}
