import { and, asc, eq, gte, inArray } from "drizzle-orm";
import type { ChangeSectionInput, WithdrawCoursesInput } from "../../../common/schemas/withdrawals.js";
import type { Clock } from "../../clock.js";
import type { DbOrTx } from "../../db/client.js";
import {
  courseEnrolments,
  courseSections,
  courses,
  inscriptions,
  periods,
  sections,
  semesters,
  students,
} from "../../db/schema/index.js";
import { refuse } from "../../http/errors.js";
import { claimSeat } from "../inscriptions/seats.js";
import {
  type InscriptionRow,
  loadStudent,
  periodName,
  type StudentRow,
  studentInscriptions,
} from "../reinscriptions/records.js";

/**
 * Withdrawals (DOMAIN.md "Enrolment"), administrators only: retire a student (status retired, the
 * inscriptions of periods not yet over retired and their courses withdrawn; nothing is deleted), withdraw
 * single courses (never in the basic cycle), and move a student to another section of the same semester
 * and period under the seat rules. Each one transaction, the student's row locked first.
 */

export type EnrolledCourse = {
  courseSectionId: number;
  course: { id: number; code: string; title: string };
  status: string;
};

export type WithdrawalState = {
  student: StudentRow;
  inscription: (InscriptionRow & { courses: EnrolledCourse[] }) | null;
  message: string;
};

async function enrolledCourses(db: DbOrTx, inscriptionId: number): Promise<EnrolledCourse[]> {
  return db
    .select({
      courseSectionId: courseEnrolments.courseSectionId,
      course: { id: courses.id, code: courses.code, title: courses.title },
      status: courseEnrolments.status,
    })
    .from(courseEnrolments)
    .innerJoin(courseSections, eq(courseSections.id, courseEnrolments.courseSectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(eq(courseEnrolments.inscriptionId, inscriptionId))
    .orderBy(asc(courses.code));
}

/** The student and their latest inscription with its courses. */
export async function withdrawalState(db: DbOrTx, studentId: number, message = ""): Promise<WithdrawalState> {
  const student = await loadStudent(db, studentId);
  const [latest] = await studentInscriptions(db, studentId);
  return {
    student,
    inscription: latest ? { ...latest, courses: await enrolledCourses(db, latest.id) } : null,
    message,
  };
}

const fullName = (s: StudentRow) => `${s.firstName} ${s.lastName}`;

/** The latest inscription, which must be active: the one withdrawals act on. */
async function activeInscription(db: DbOrTx, student: StudentRow): Promise<InscriptionRow> {
  const [latest] = await studentInscriptions(db, student.id);
  if (latest?.status === "active") return latest;
  throw refuse(
    "student_is_not_related_to_course_section",
    `${fullName(student)} no tiene una inscripción activa.`,
  );
}

/** PATCH /students/{id}/retire. */
export async function retireStudent(opts: {
  db: DbOrTx;
  studentId: number;
  clock: Clock;
}): Promise<WithdrawalState> {
  return opts.db.transaction(async (tx) => {
    const student = await loadStudent(tx, opts.studentId, { lock: true });
    if (student.status === "retired") {
      throw refuse("student_already_retired", `${fullName(student)} ya está retirado.`);
    }
    const now = opts.clock.now();
    // Inscriptions of periods that are not over yet; older ones are history and stay as they were.
    const open = await tx
      .select({ id: inscriptions.id })
      .from(inscriptions)
      .innerJoin(periods, eq(periods.id, inscriptions.periodId))
      .where(
        and(
          eq(inscriptions.studentId, student.id),
          eq(inscriptions.status, "active"),
          gte(periods.endDate, opts.clock.today()),
        ),
      );
    const ids = open.map((r) => r.id);
    if (ids.length > 0) {
      await tx
        .update(inscriptions)
        .set({ status: "retired", retiredAt: now, updatedAt: now })
        .where(inArray(inscriptions.id, ids));
      await tx
        .update(courseEnrolments)
        .set({ status: "withdrawn", withdrawnAt: now, updatedAt: now })
        .where(and(inArray(courseEnrolments.inscriptionId, ids), eq(courseEnrolments.status, "enrolled")));
    }
    await tx.update(students).set({ status: "retired", updatedAt: now }).where(eq(students.id, student.id));
    const what =
      ids.length === 0
        ? "no tenía inscripciones en curso"
        : ids.length === 1
          ? "se retiró su inscripción en curso y sus materias"
          : `se retiraron sus ${ids.length} inscripciones en curso y sus materias`;
    return withdrawalState(
      tx,
      student.id,
      `${fullName(student)} quedó ${student.gender === "female" ? "retirada" : "retirado"}: ${what}. Su historial se conserva.`,
    );
  });
}

/** POST /students/{id}/withdraw-courses. */
export async function withdrawCourses(opts: {
  db: DbOrTx;
  studentId: number;
  clock: Clock;
  input: WithdrawCoursesInput;
}): Promise<WithdrawalState> {
  return opts.db.transaction(async (tx) => {
    const student = await loadStudent(tx, opts.studentId, { lock: true });
    const current = await activeInscription(tx, student);
    if (current.specialization.isBasic) {
      throw refuse(
        "unable_to_withdraw_courses_in_basic_specialization",
        `No se pueden retirar materias del ciclo básico: ${fullName(student)} cursa ${current.semester.code} de ${current.specialization.title}.`,
      );
    }
    const list = await enrolledCourses(tx, current.id);
    const wanted = [...new Set(opts.input.course_section_ids)];
    const chosen: EnrolledCourse[] = [];
    for (const id of wanted) {
      const found = list.find((c) => c.courseSectionId === id);
      if (!found) {
        throw refuse(
          "student_is_not_related_to_course_section",
          `${fullName(student)} no está inscrito en la materia indicada (${id}) en ${current.semester.code}.`,
        );
      }
      if (found.status === "withdrawn") {
        throw refuse(
          "student_is_not_related_to_course_section",
          `${fullName(student)} ya retiró ${found.course.code} ${found.course.title}.`,
        );
      }
      chosen.push(found);
    }
    const now = opts.clock.now();
    await tx
      .update(courseEnrolments)
      .set({ status: "withdrawn", withdrawnAt: now, updatedAt: now })
      .where(
        and(
          eq(courseEnrolments.inscriptionId, current.id),
          inArray(courseEnrolments.courseSectionId, wanted),
        ),
      );
    const names = chosen.map((c) => `${c.course.code} ${c.course.title}`).join(", ");
    const what =
      chosen.length === 1 ? `Se retiró la materia ${names}.` : `Se retiraron las materias ${names}.`;
    return withdrawalState(tx, student.id, what);
  });
}

/** POST /students/{id}/change-section. */
export async function changeSection(opts: {
  db: DbOrTx;
  studentId: number;
  clock: Clock;
  input: ChangeSectionInput;
}): Promise<WithdrawalState> {
  return opts.db.transaction(async (tx) => {
    const student = await loadStudent(tx, opts.studentId, { lock: true });
    const current = await activeInscription(tx, student);
    const newId = opts.input.new_section_id;
    if (newId === current.section.id) {
      throw refuse(
        "new_section_equals_old",
        `${fullName(student)} ya está en la sección ${current.section.code}.`,
      );
    }
    const [target] = await tx
      .select({
        id: sections.id,
        code: sections.code,
        periodId: sections.periodId,
        semesterId: sections.semesterId,
        semesterCode: semesters.code,
        year: periods.year,
        number: periods.number,
      })
      .from(sections)
      .innerJoin(semesters, eq(semesters.id, sections.semesterId))
      .innerJoin(periods, eq(periods.id, sections.periodId))
      .where(eq(sections.id, newId));
    if (target && (target.semesterId !== current.semester.id || target.periodId !== current.period.id)) {
      throw refuse(
        "new_section_semester_must_match_old",
        `La sección ${target.code} es de ${target.semesterCode} (${periodName(target)}); ${fullName(student)} cursa ${current.semester.code} (${periodName(current.period)}).`,
      );
    }
    // The new section's row lock, then its seats for the student's gender (404 when it does not exist).
    const seats = await claimSeat(tx, { sectionId: newId, gender: student.gender });
    const now = opts.clock.now();
    await tx
      .update(inscriptions)
      .set({ sectionId: seats.section.id, updatedAt: now })
      .where(eq(inscriptions.id, current.id));
    // Each course moves to the new section's course section of the same course; withdrawn ones stay so.
    const offered = await tx
      .select({ id: courseSections.id, courseId: courseSections.courseId })
      .from(courseSections)
      .where(eq(courseSections.sectionId, seats.section.id));
    const list = await enrolledCourses(tx, current.id);
    for (const c of list) {
      const to = offered.find((o) => o.courseId === c.course.id);
      if (!to) continue;
      await tx
        .update(courseEnrolments)
        .set({ courseSectionId: to.id, updatedAt: now })
        .where(
          and(
            eq(courseEnrolments.inscriptionId, current.id),
            eq(courseEnrolments.courseSectionId, c.courseSectionId),
          ),
        );
    }
    return withdrawalState(
      tx,
      student.id,
      `${fullName(student)} pasó de la sección ${current.section.code} a la ${seats.section.code}.`,
    );
  });
}
