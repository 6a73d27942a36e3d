import { and, asc, eq } from "drizzle-orm";
import {
  average,
  type CourseResult,
  type CutNote,
  courseResult,
  cutNotes,
} from "../../../common/enrolment/progression.js";
import { periodHasEnded, type Standing } from "../../../common/grades/standing.js";
import { isAdminGroup, isStudent } from "../../../common/roles.js";
import type { DbOrTx } from "../../db/client.js";
import {
  courseEnrolments,
  courseSections,
  courses,
  finalDeliveries,
  periods,
  sections,
  students,
} from "../../db/schema/index.js";
import { forbidden, notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Caller, callerStudentId } from "../../http/ownership.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { assertLessonAccess } from "../lessons/policy.js";
import { courseSectionOf, teachersOf } from "../lessons/reads.js";
import { sectionStudentsCoursesNotes } from "../sections/service.js";
import {
  courseSectionRecords,
  type EvaluatedLesson,
  recordKey,
  type StudentCourseRecord,
} from "./records.js";

export type CourseSectionInfo = {
  id: number;
  section: { id: number; code: string };
  course: { id: number; code: string; title: string; credits: number; maxAbsencesToFail: number };
  period: {
    id: number;
    year: number;
    number: number;
    firstCutStartDate: string | null;
    firstCutEndDate: string | null;
    secondCutStartDate: string | null;
    secondCutEndDate: string | null;
    approvalMinimumNote: number;
    approvalMinimumAvg: number;
    endDate: string;
  };
  teachers: { id: number; name: string }[];
  finalDeliveryPercent: number | null;
};

/** The course section of a section and a course, with its period and teachers; 404 `course_section_not_found`. */
export async function courseSectionInfo(
  db: DbOrTx,
  sectionId: number,
  courseId: number,
): Promise<CourseSectionInfo> {
  const [row] = await db
    .select({
      id: courseSections.id,
      section: { id: sections.id, code: sections.code },
      course: {
        id: courses.id,
        code: courses.code,
        title: courses.title,
        credits: courses.credits,
        maxAbsencesToFail: courses.maxAbsencesToFail,
      },
      period: {
        id: periods.id,
        year: periods.year,
        number: periods.number,
        firstCutStartDate: periods.firstCutStartDate,
        firstCutEndDate: periods.firstCutEndDate,
        secondCutStartDate: periods.secondCutStartDate,
        secondCutEndDate: periods.secondCutEndDate,
        approvalMinimumNote: periods.approvalMinimumNote,
        approvalMinimumAvg: periods.approvalMinimumAvg,
        endDate: periods.endDate,
      },
      finalDeliveryPercent: finalDeliveries.finalDeliveryValuePercent,
    })
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .innerJoin(sections, eq(sections.id, courseSections.sectionId))
    .innerJoin(periods, eq(periods.id, sections.periodId))
    .leftJoin(finalDeliveries, eq(finalDeliveries.courseSectionId, courseSections.id))
    .where(and(eq(courseSections.sectionId, sectionId), eq(courseSections.courseId, courseId)));
  if (!row) throw notFound("course_section_not_found");
  return { ...row, teachers: (await teachersOf(db, [row.id])).get(row.id) ?? [] };
}

/**
 * The course section of a section and a course, for staff: the administration any; a teacher their own;
 * a coordinator also their supervised teachers' (lessons/policy.ts).
 */
export async function courseSectionForStaff(opts: {
  db: DbOrTx;
  caller: Caller;
  sectionId: number;
  courseId: number;
}): Promise<number> {
  const id = await courseSectionOf(opts.db, opts.sectionId, opts.courseId);
  if (!isAdminGroup(opts.caller.type)) await assertLessonAccess(opts.db, opts.caller, id);
  return id;
}

export type StudentNotesRow = Omit<CourseResult, "courseId" | "code" | "title"> & {
  id: number;
  firstName: string;
  lastName: string;
  identityDocument: string;
  notes: { lessonId: number; note: number | null }[];
  finalDeliveryNote: number | null;
  firstCut: CutNote;
  secondCut: CutNote;
};

export type CourseSectionNotesRow = {
  courseSection: CourseSectionInfo;
  lessons: EvaluatedLesson[];
  students: StudentNotesRow[];
};

/**
 * One student's row: the shared maths over their record (note so far or final, standing, cuts, absences).
 * `today` is the school's, by the injected clock: after the period's end the note is final.
 */
function studentNotes(
  info: CourseSectionInfo,
  student: { id: number; firstName: string; lastName: string; identityDocument: string },
  record: StudentCourseRecord,
  today: string,
): StudentNotesRow {
  const {
    courseId: _id,
    code: _code,
    title: _title,
    ...result
  } = courseResult(record, info.period, {
    periodEnded: periodHasEnded(info.period.endDate, today),
  });
  const cuts = cutNotes(record.evaluations, {
    first: { start: info.period.firstCutStartDate, end: info.period.firstCutEndDate },
    second: { start: info.period.secondCutStartDate, end: info.period.secondCutEndDate },
  });
  return {
    ...student,
    ...result,
    notes: record.evaluations.map((e) => ({ lessonId: e.lessonId, note: e.note })),
    finalDeliveryNote: record.finalDelivery?.note ?? null,
    firstCut: cuts.first,
    secondCut: cuts.second,
  };
}

/** The students enrolled in the course section (or only one), by last name. */
export async function enrolledStudents(db: DbOrTx, courseSectionId: number, studentId?: number) {
  return db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      identityDocument: students.identityDocument,
    })
    .from(courseEnrolments)
    .innerJoin(students, eq(students.id, courseEnrolments.studentId))
    .where(
      and(
        eq(courseEnrolments.courseSectionId, courseSectionId),
        studentId === undefined ? undefined : eq(courseEnrolments.studentId, studentId),
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
}

/**
 * Every student of a course section × every evaluation, with the final note, the cuts and absences
 * (GET /sections/{id}/courses/{course}/students-notes). Who: the administration; a teacher their own
 * course sections; a coordinator also their supervised teachers' (lessons/policy.ts). A fixed number of
 * queries whatever the number of students.
 */
export async function courseSectionNotes(opts: {
  db: DbOrTx;
  caller: Caller;
  /** The school's today (the injected clock). */
  today: string;
  sectionId: number;
  courseId: number;
}): Promise<CourseSectionNotesRow> {
  const { db } = opts;
  const info = await courseSectionInfo(db, opts.sectionId, opts.courseId);
  await assertLessonAccess(db, opts.caller, info.id);
  const [enrolled, { lessons, records }] = await Promise.all([
    enrolledStudents(db, info.id),
    courseSectionRecords(db, [info.id]),
  ]);
  return {
    courseSection: info,
    lessons,
    students: enrolled.flatMap((st) => {
      const record = records.get(recordKey(info.id, st.id));
      return record ? [studentNotes(info, st, record, opts.today)] : [];
    }),
  };
}

export const courseStudentSortable = ["last_name", "first_name", "identity_document", "id"] as const;

/**
 * The students enrolled in a course section with their notes, one page (GET
 * /sections/{id}/courses/{course}/students): search in names and cédula. Staff as for the section's
 * notes. A fixed number of queries per page.
 */
export async function listCourseSectionStudents(opts: {
  db: DbOrTx;
  caller: Caller;
  /** The school's today (the injected clock). */
  today: string;
  sectionId: number;
  courseId: number;
  list: ListParams<(typeof courseStudentSortable)[number]>;
}): Promise<Page<StudentNotesRow>> {
  const { db, list } = opts;
  const info = await courseSectionInfo(db, opts.sectionId, opts.courseId);
  if (!isAdminGroup(opts.caller.type)) await assertLessonAccess(db, opts.caller, info.id);
  const page = await paginate({
    db,
    query: db
      .select({
        id: students.id,
        firstName: students.firstName,
        lastName: students.lastName,
        identityDocument: students.identityDocument,
      })
      .from(courseEnrolments)
      .innerJoin(students, eq(students.id, courseEnrolments.studentId))
      .where(
        and(
          eq(courseEnrolments.courseSectionId, info.id),
          searchCondition(list.search, [students.firstName, students.lastName, students.identityDocument]),
        ),
      )
      .$dynamic(),
    list,
    sortColumns: {
      last_name: students.lastName,
      first_name: students.firstName,
      identity_document: students.identityDocument,
      id: students.id,
    },
    tieBreaker: students.id,
  });
  const { records } = await courseSectionRecords(db, [info.id], {
    studentIds: page.rows.map((r) => r.id),
  });
  return {
    rows: page.rows.flatMap((st) => {
      const record = records.get(recordKey(info.id, st.id));
      return record ? [studentNotes(info, st, record, opts.today)] : [];
    }),
    meta: page.meta,
  };
}

/**
 * The course section and one of its students, for a read about that student: a student only
 * themself; staff as for the section's notes. Not enrolled: `student_is_not_related_to_course_section`.
 */
export async function studentOfCourseSection(opts: {
  db: DbOrTx;
  caller: Caller;
  sectionId: number;
  courseId: number;
  studentId: number;
}) {
  const { db, caller } = opts;
  const info = await courseSectionInfo(db, opts.sectionId, opts.courseId);
  if (isStudent(caller.type)) {
    if ((await callerStudentId(db, caller)) !== opts.studentId) throw forbidden();
  } else if (!isAdminGroup(caller.type)) {
    await assertLessonAccess(db, caller, info.id);
  }
  const [student] = await enrolledStudents(db, info.id, opts.studentId);
  if (!student) throw refuse("student_is_not_related_to_course_section");
  return { info, student };
}

/**
 * One student's note in a course section: each evaluation with its weight and note, the cuts, the
 * absences (GET /sections/{id}/courses/{course}/students/{student}). A student only their own; staff as
 * for the section's notes. Not enrolled: `student_is_not_related_to_course_section`.
 */
export async function studentCourseNote(opts: {
  db: DbOrTx;
  caller: Caller;
  /** The school's today (the injected clock). */
  today: string;
  sectionId: number;
  courseId: number;
  studentId: number;
}) {
  const { db } = opts;
  const { info, student } = await studentOfCourseSection(opts);
  const { lessons, records } = await courseSectionRecords(db, [info.id], { studentId: student.id });
  const record = records.get(recordKey(info.id, student.id));
  if (!record) throw refuse("student_is_not_related_to_course_section");
  return { courseSection: info, lessons, student: studentNotes(info, student, record, opts.today) };
}

/**
 * The course section's figures (GET /sections/{id}/courses/{course}/reports/students): how many passed,
 * failed, failed by absences, and the average note. Nothing evaluated yet: `course_sections_avg_not_found`.
 */
export async function courseSectionReport(opts: {
  db: DbOrTx;
  caller: Caller;
  /** The school's today (the injected clock). */
  today: string;
  sectionId: number;
  courseId: number;
}) {
  const { students: rows } = await courseSectionNotes(opts);
  const result = figures(rows);
  if (!result) throw refuse("course_sections_avg_not_found");
  return result;
}
export type CourseSectionReportRow = Awaited<ReturnType<typeof courseSectionReport>>;

/** The figures of a course section's results (withdrawn students apart); null when nobody has a note. */
function figures(
  rows: { note: number | null; standing: Standing; failedByAbsences: boolean; withdrawn: boolean }[],
) {
  const taking = rows.filter((r) => !r.withdrawn);
  const notes = taking.flatMap((r) => (r.note === null ? [] : [r.note]));
  if (notes.length === 0) return null;
  return {
    students: rows.length,
    withNote: notes.length,
    average: average(notes),
    highest: Math.max(...notes),
    lowest: Math.min(...notes),
    passed: taking.filter((r) => r.standing === "passed").length,
    failed: taking.filter((r) => r.standing === "failed").length,
    inProgress: taking.filter((r) => r.standing === "in_progress").length,
    failedByAbsences: taking.filter((r) => r.failedByAbsences).length,
    withdrawn: rows.length - taking.length,
  };
}

/**
 * A section's results course by course (GET /sections/{id}/reports/students), from the same numbers as
 * students-courses-notes: the courses with notes and the mean of the students' averages. No course has a
 * note yet: `course_sections_avg_not_found`.
 */
export async function sectionReport(opts: { db: DbOrTx; caller: Caller; id: number; today: string }) {
  const notes = await sectionStudentsCoursesNotes(opts);
  const courses = notes.courses.flatMap((course, i) => {
    const result = figures(
      notes.students.flatMap((st) => {
        const n = st.notes[i];
        return n && (n.note !== null || n.withdrawn || n.failedByAbsences) ? [n] : [];
      }),
    );
    return result ? [{ course: { id: course.id, code: course.code, title: course.title }, ...result }] : [];
  });
  if (courses.length === 0) throw refuse("course_sections_avg_not_found");
  return {
    courses,
    average: average(notes.students.flatMap((st) => (st.average === null ? [] : [st.average]))),
  };
}
export type SectionReportRow = Awaited<ReturnType<typeof sectionReport>>;
