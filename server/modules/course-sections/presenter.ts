import type {
  CourseSectionNotes,
  CourseSectionReport,
  SectionReport,
  StudentAbsences,
  StudentCourseLessons,
  StudentCourseNote,
  StudentCourseNotes,
} from "../../../common/schemas/course-sections.js";
import type { StudentAbsencesRow, StudentCourseLessonsRow } from "./attendance.js";
import type { EvaluatedLesson } from "./records.js";
import type {
  CourseSectionInfo,
  CourseSectionNotesRow,
  CourseSectionReportRow,
  SectionReportRow,
  StudentNotesRow,
} from "./service.js";

export const periodName = (p: { year: number; number: number }) => `${p.year}-${p.number}`;

export const presentInfo = (info: CourseSectionInfo): CourseSectionNotes["course_section"] => ({
  id: info.id,
  section: info.section,
  course: {
    id: info.course.id,
    code: info.course.code,
    title: info.course.title,
    credits: info.course.credits,
    max_absences_to_fail: info.course.maxAbsencesToFail,
  },
  period: {
    id: info.period.id,
    name: periodName(info.period),
    first_cut: { start: info.period.firstCutStartDate, end: info.period.firstCutEndDate },
    second_cut: { start: info.period.secondCutStartDate, end: info.period.secondCutEndDate },
    approval_minimum_note: info.period.approvalMinimumNote,
  },
  teachers: info.teachers,
  final_delivery_percent: info.finalDeliveryPercent,
});

const presentLesson = (l: EvaluatedLesson) => ({
  id: l.id,
  date: l.date,
  title: l.title,
  weight: l.weight,
  version: l.version,
});

export const presentStudentNotes = (r: StudentNotesRow): StudentCourseNotes => ({
  id: r.id,
  first_name: r.firstName,
  last_name: r.lastName,
  identity_document: r.identityDocument,
  notes: r.notes.map((n) => ({ lesson_id: n.lessonId, note: n.note })),
  final_delivery_note: r.finalDeliveryNote,
  note: r.note,
  evaluated_percent: r.evaluatedPercent,
  first_cut: { note: r.firstCut.note, evaluated_percent: r.firstCut.evaluatedPercent },
  second_cut: { note: r.secondCut.note, evaluated_percent: r.secondCut.evaluatedPercent },
  absences: r.absences,
  delays: r.delays,
  absences_with_delays: r.absencesWithDelays,
  failed_by_absences: r.failedByAbsences,
  withdrawn: r.withdrawn,
  standing: r.standing,
  passed: r.standing === "in_progress" ? null : r.passed,
});

export const presentNotes = (row: CourseSectionNotesRow): CourseSectionNotes => ({
  course_section: presentInfo(row.courseSection),
  lessons: row.lessons.map(presentLesson),
  students: row.students.map(presentStudentNotes),
});

export const presentStudentCourseNote = (row: {
  courseSection: CourseSectionInfo;
  lessons: EvaluatedLesson[];
  student: StudentNotesRow;
}): StudentCourseNote => ({
  course_section: presentInfo(row.courseSection),
  lessons: row.lessons.map(presentLesson),
  student: presentStudentNotes(row.student),
});

export const presentReport = (r: CourseSectionReportRow): CourseSectionReport => ({
  students: r.students,
  with_note: r.withNote,
  average: r.average,
  highest: r.highest,
  lowest: r.lowest,
  passed: r.passed,
  failed: r.failed,
  in_progress: r.inProgress,
  failed_by_absences: r.failedByAbsences,
  withdrawn: r.withdrawn,
});

export const presentSectionReport = (r: SectionReportRow): SectionReport => ({
  courses: r.courses.map((c) => ({ course: c.course, ...presentReport(c) })),
  average: r.average,
});

const presentStudent = (st: {
  id: number;
  firstName: string;
  lastName: string;
  identityDocument: string;
}) => ({
  id: st.id,
  first_name: st.firstName,
  last_name: st.lastName,
  identity_document: st.identityDocument,
});

export const presentStudentAbsences = (r: StudentAbsencesRow): StudentAbsences => ({
  course_section: presentInfo(r.courseSection),
  student: presentStudent(r.student),
  absences: r.absences.map((a) => ({
    lesson_id: a.lessonId,
    date: a.date,
    title: a.title,
    attendance: a.attendance,
  })),
  totals: {
    absences: r.totals.absences,
    delays: r.totals.delays,
    absences_with_delays: r.totals.absencesWithDelays,
    max_absences_to_fail: r.totals.maxAbsencesToFail,
    failed_by_absences: r.totals.failedByAbsences,
  },
});

export const presentStudentCourseLessons = (r: StudentCourseLessonsRow): StudentCourseLessons => ({
  course_section: presentInfo(r.courseSection),
  student: presentStudent(r.student),
  lessons: r.lessons,
});
