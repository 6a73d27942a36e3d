import { and, asc, eq, ne, sql } from "drizzle-orm";
import { absenceCount } from "../../../common/enrolment/progression.js";
import type { Attendance } from "../../../common/schemas/lessons.js";
import type { DbOrTx } from "../../db/client.js";
import { courseEnrolments, lessonStudents, lessons } from "../../db/schema/index.js";
import type { Caller } from "../../http/ownership.js";
import { assertLessonAccess } from "../lessons/policy.js";
import { type CourseSectionInfo, courseSectionInfo, studentOfCourseSection } from "./service.js";

type StudentOpts = { db: DbOrTx; caller: Caller; sectionId: number; courseId: number; studentId: number };

export type StudentAbsenceRow = {
  lessonId: number;
  date: string;
  title: string | null;
  attendance: "absent" | "delayed";
};

/**
 * One student's absences and delays in a course section (GET …/students/{student}/absences): one row per
 * lesson where they were not present, by date, and the totals (three delays are one absence) against the
 * course's max_absences_to_fail. Who: as for the student's note (a student only their own).
 */
export async function studentAbsences(opts: StudentOpts) {
  const { db } = opts;
  const { info, student } = await studentOfCourseSection(opts);
  const rows = (await db
    .select({
      lessonId: lessons.id,
      date: lessons.date,
      title: lessons.title,
      attendance: lessonStudents.attendance,
    })
    .from(lessonStudents)
    .innerJoin(lessons, eq(lessons.id, lessonStudents.lessonId))
    .where(
      and(
        eq(lessons.courseSectionId, info.id),
        eq(lessonStudents.studentId, student.id),
        ne(lessonStudents.attendance, "present"),
      ),
    )
    .orderBy(asc(lessons.date), asc(lessons.id))) as StudentAbsenceRow[];
  const absences = rows.filter((r) => r.attendance === "absent").length;
  const delays = rows.length - absences;
  const { total, failed } = absenceCount(absences, delays, info.course.maxAbsencesToFail);
  return {
    courseSection: info,
    student,
    absences: rows,
    totals: {
      absences,
      delays,
      absencesWithDelays: total,
      maxAbsencesToFail: info.course.maxAbsencesToFail,
      failedByAbsences: failed,
    },
  };
}
export type StudentAbsencesRow = Awaited<ReturnType<typeof studentAbsences>>;

export type StudentLessonRow = {
  id: number;
  date: string;
  title: string | null;
  registered: boolean;
  attendance: Attendance | null;
  evaluated: boolean;
  weight: number;
  note: number | null;
};

/**
 * Every lesson of a course section with one student's attendance (null while not taken), and their note
 * in the evaluated ones (GET …/students/{student}/lessons). Who: as for the student's note.
 */
export async function studentCourseLessons(opts: StudentOpts) {
  const { db } = opts;
  const { info, student } = await studentOfCourseSection(opts);
  const rows = await db
    .select({
      id: lessons.id,
      date: lessons.date,
      title: lessons.title,
      registeredAt: lessons.registeredAt,
      evaluated: lessons.evaluated,
      weight: lessons.weight,
      attendance: lessonStudents.attendance,
      note: lessonStudents.note,
    })
    .from(lessons)
    .leftJoin(
      lessonStudents,
      and(eq(lessonStudents.lessonId, lessons.id), eq(lessonStudents.studentId, student.id)),
    )
    .where(eq(lessons.courseSectionId, info.id))
    .orderBy(asc(lessons.date), asc(lessons.id));
  const list: StudentLessonRow[] = rows.map((r) => {
    const registered = r.registeredAt !== null;
    const evaluated = r.evaluated && r.weight > 0;
    return {
      id: r.id,
      date: r.date,
      title: r.title,
      registered,
      attendance: (r.attendance ?? (registered ? "present" : null)) as Attendance | null,
      evaluated,
      weight: r.weight,
      note: evaluated ? (r.note ?? null) : null,
    };
  });
  return { courseSection: info, student, lessons: list };
}
export type StudentCourseLessonsRow = Awaited<ReturnType<typeof studentCourseLessons>>;

export type RegisterLessonRow = {
  id: number;
  date: string;
  title: string | null;
  description: string | null;
  registered: boolean;
  evaluated: boolean;
  weight: number;
  present: number;
  absent: number;
  delayed: number;
};

export type LessonsRegister = {
  courseSection: CourseSectionInfo;
  students: number;
  lessons: RegisterLessonRow[];
  totals: { lessons: number; registered: number; evaluated: number; weight: number } & Pick<
    RegisterLessonRow,
    "present" | "absent" | "delayed"
  >;
};

/**
 * The lessons register of a course section (GET …/lessons-register-report): each lesson with its topic,
 * whether evaluated and its weight, and how many students were present, absent and late; totals. Staff
 * as for the section's notes. Two queries whatever the number of lessons and students.
 */
export async function lessonsRegister(opts: {
  db: DbOrTx;
  caller: Caller;
  sectionId: number;
  courseId: number;
}): Promise<LessonsRegister> {
  const { db } = opts;
  const info = await courseSectionInfo(db, opts.sectionId, opts.courseId);
  await assertLessonAccess(db, opts.caller, info.id);
  const count = (attendance: Attendance) =>
    sql<number>`count(${lessonStudents.studentId}) filter (where ${lessonStudents.attendance} = ${attendance})`.mapWith(
      Number,
    );
  const [rows, [enrolled]] = await Promise.all([
    db
      .select({
        id: lessons.id,
        date: lessons.date,
        title: lessons.title,
        description: lessons.description,
        registeredAt: lessons.registeredAt,
        evaluated: lessons.evaluated,
        weight: lessons.weight,
        present: count("present"),
        absent: count("absent"),
        delayed: count("delayed"),
      })
      .from(lessons)
      .leftJoin(lessonStudents, eq(lessonStudents.lessonId, lessons.id))
      .where(eq(lessons.courseSectionId, info.id))
      .groupBy(lessons.id)
      .orderBy(asc(lessons.date), asc(lessons.id)),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.courseSectionId, info.id), eq(courseEnrolments.status, "enrolled"))),
  ]);
  const list: RegisterLessonRow[] = rows.map(({ registeredAt, ...r }) => ({
    ...r,
    registered: registeredAt !== null,
    evaluated: r.evaluated && r.weight > 0,
  }));
  const sum = (pick: (r: RegisterLessonRow) => number) => list.reduce((acc, r) => acc + pick(r), 0);
  return {
    courseSection: info,
    students: enrolled?.count ?? 0,
    lessons: list,
    totals: {
      lessons: list.length,
      registered: list.filter((r) => r.registered).length,
      evaluated: list.filter((r) => r.evaluated).length,
      weight: sum((r) => (r.evaluated ? r.weight : 0)),
      present: sum((r) => r.present),
      absent: sum((r) => r.absent),
      delayed: sum((r) => r.delayed),
    },
  };
}
