import { asc, desc, eq } from "drizzle-orm";
import { courseResult } from "../../../common/enrolment/progression.js";
import { periodHasEnded } from "../../../common/grades/standing.js";
import type { DbOrTx } from "../../db/client.js";
import {
  courseEnrolments,
  courseSections,
  courses,
  inscriptions,
  periods,
  sections,
  semesterCourses,
  semesters,
} from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { courseSectionRecords, recordKey } from "../course-sections/records.js";

export type GraduateStanding = {
  graduated: boolean;
  /** The courses of the student's pensum not (yet) passed, by code. */
  missing: { code: string; title: string }[];
};

/**
 * DOMAIN.md "Document requests": only a student who approved every course of their pensum (the pensum of
 * their latest inscription's semester) is a graduate. A course counts once a final standing passed it, in
 * any period; one still in progress does not. No inscription: nothing approved.
 */
export async function graduateStanding(
  db: DbOrTx,
  studentId: number,
  today: string,
): Promise<GraduateStanding> {
  const [latest] = await db
    .select({ pensumId: semesters.pensumId })
    .from(inscriptions)
    .innerJoin(periods, eq(periods.id, inscriptions.periodId))
    .innerJoin(semesters, eq(semesters.id, inscriptions.semesterId))
    .where(eq(inscriptions.studentId, studentId))
    .orderBy(desc(periods.year), desc(periods.number), desc(inscriptions.id))
    .limit(1);
  if (!latest) return { graduated: false, missing: [] };
  const [pensumCourses, taken] = await Promise.all([
    db
      .select({ id: courses.id, code: courses.code, title: courses.title })
      .from(semesterCourses)
      .innerJoin(courses, eq(courses.id, semesterCourses.courseId))
      .where(eq(semesterCourses.pensumId, latest.pensumId))
      .orderBy(asc(courses.code)),
    db
      .select({
        courseSectionId: courseEnrolments.courseSectionId,
        approvalMinimumNote: periods.approvalMinimumNote,
        endDate: periods.endDate,
      })
      .from(courseEnrolments)
      .innerJoin(courseSections, eq(courseSections.id, courseEnrolments.courseSectionId))
      .innerJoin(sections, eq(sections.id, courseSections.sectionId))
      .innerJoin(periods, eq(periods.id, sections.periodId))
      .where(eq(courseEnrolments.studentId, studentId)),
  ]);
  const { records } = await courseSectionRecords(
    db,
    taken.map((t) => t.courseSectionId),
    { studentId },
  );
  const passed = new Set<number>();
  for (const t of taken) {
    const record = records.get(recordKey(t.courseSectionId, studentId));
    if (!record) continue;
    const result = courseResult(
      record,
      { approvalMinimumNote: t.approvalMinimumNote, approvalMinimumAvg: t.approvalMinimumNote },
      { periodEnded: periodHasEnded(t.endDate, today) },
    );
    if (result.standing === "passed") passed.add(record.courseId);
  }
  const missing = pensumCourses.filter((c) => !passed.has(c.id)).map(({ code, title }) => ({ code, title }));
  return { graduated: pensumCourses.length > 0 && missing.length === 0, missing };
}

const LISTED = 5;

/** Why a student cannot have the graduate recommendation letter, in Spanish, with the courses missing. */
export function notGraduatedDescription(standing: GraduateStanding): string {
  const base =
    "La carta de recomendación de egresado es solo para quien aprobó todas las materias de su pensum";
  if (standing.missing.length === 0)
    return `${base}, y el estudiante aún no tiene materias aprobadas en un pensum.`;
  const n = standing.missing.length;
  const listed = standing.missing
    .slice(0, LISTED)
    .map((c) => `${c.code} ${c.title}`)
    .join(", ");
  const more = n > LISTED ? ` y ${n - LISTED} más` : "";
  return `${base}: falta${n === 1 ? "" : "n"} por aprobar ${n} materia${n === 1 ? "" : "s"} (${listed}${more}).`;
}

/** 400 `student_has_not_graduated`: the letter (type 4) is refused, with the reason. */
export async function assertGraduated(db: DbOrTx, studentId: number, today: string): Promise<void> {
  const standing = await graduateStanding(db, studentId, today);
  if (!standing.graduated) {
    throw new AppError(400, "student_has_not_graduated", notGraduatedDescription(standing));
  }
}
