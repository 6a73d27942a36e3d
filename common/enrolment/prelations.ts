/**
 * Prelations at inscription (DOMAIN.md "Enrolment"): inside a pensum a course may require another one,
 * `total` (the required course passed) or `partial` (the required course taken, passed or not). A student
 * is enrolled in every course section of their section whose prelations they meet; the others are
 * reported with the prelations missing, in Spanish.
 */

export type PrelationType = "total" | "partial";

export type CourseBrief = { id: number; code: string; title: string };

export type Prelation = { courseId: number; required: CourseBrief; type: PrelationType };

/** What the student did with a course before: taken (enrolled in an earlier period) and passed. */
export type CourseRecord = { taken: boolean; passed: boolean };

export type MissingPrelation = { course: CourseBrief; type: PrelationType };

/** The prelations of `courseId` the student does not meet (empty: they may take it). */
export function missingPrelations(
  courseId: number,
  prelations: readonly Prelation[],
  history: ReadonlyMap<number, CourseRecord>,
): MissingPrelation[] {
  return prelations
    .filter((p) => p.courseId === courseId)
    .filter((p) => {
      const record = history.get(p.required.id);
      return p.type === "total" ? !record?.passed : !record?.taken;
    })
    .map((p) => ({ course: p.required, type: p.type }))
    .sort((a, b) => a.course.code.localeCompare(b.course.code));
}

const describeMissing = (m: MissingPrelation) =>
  m.type === "total"
    ? `aprobar ${m.course.code} ${m.course.title}`
    : `haber cursado ${m.course.code} ${m.course.title}`;

/**
 * "No se inscribió en MAT-102 Matemática II: requiere aprobar MAT-101 Matemática I." (one sentence per
 * course, the missing prelations joined with "y").
 */
export function skippedCourseReason(course: CourseBrief, missing: readonly MissingPrelation[]): string {
  const parts = missing.map(describeMissing);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} y ${parts.at(-1)}` : (parts[0] ?? "");
  return `No se inscribió en ${course.code} ${course.title}: requiere ${list}.`;
}

/** Splits the courses of a section into those the student may take and those they may not, with why. */
export function splitByPrelations<C extends { course: CourseBrief }>(
  courses: readonly C[],
  prelations: readonly Prelation[],
  history: ReadonlyMap<number, CourseRecord>,
): { allowed: C[]; skipped: { item: C; missing: MissingPrelation[]; reason: string }[] } {
  const allowed: C[] = [];
  const skipped: { item: C; missing: MissingPrelation[]; reason: string }[] = [];
  for (const item of courses) {
    const missing = missingPrelations(item.course.id, prelations, history);
    if (missing.length === 0) allowed.push(item);
    else skipped.push({ item, missing, reason: skippedCourseReason(item.course, missing) });
  }
  return { allowed, skipped };
}
