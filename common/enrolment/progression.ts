/**
 * Pure rules of moving on (DOMAIN.md "Enrolment", re-inscription): the note of a course, the average of a
 * semester, whether the semester is approved and, when it is not, why, with the numbers. Server and web
 * both use these, so the preview on screen and the server's refusal always agree.
 *
 * Notes are 0–20 with up to two decimals. All arithmetic is done in hundredths (integers), so 10.005 never
 * becomes 10.00 by a floating-point slip.
 */

import { formatDate } from "../dates/format.js";
import { courseStanding, type Standing } from "../grades/standing.js";

/** One evaluation of a course section: its weight (percent) and the student's note (null: none, counts 0). */
export type Evaluation = { weight: number; note: number | null };

/** What the server knows of one course the student took in a period. */
export type CourseRecord = {
  courseId: number;
  code: string;
  title: string;
  /** Evaluated lessons of the course section (weight > 0). */
  evaluations: Evaluation[];
  /** The final delivery, when the course section has one: its percent and the jury's average note. */
  finalDelivery?: { percent: number; note: number | null } | null;
  absences: number;
  delays: number;
  maxAbsencesToFail: number;
  /** Withdrawn from the course (withdraw-courses, or a retired student). */
  withdrawn: boolean;
};

export type CourseResult = {
  courseId: number;
  code: string;
  title: string;
  /** Σ note × weight / 100: final, a whole number; so far, two decimals. Null when nothing was evaluated. */
  note: number | null;
  /** Percent of the course evaluated so far (lessons' weights plus the final delivery's percent). */
  evaluatedPercent: number;
  absences: number;
  delays: number;
  /** Three delays count as one absence. */
  absencesWithDelays: number;
  failedByAbsences: boolean;
  withdrawn: boolean;
  /** The note is final: the weights reached 100 % or the period ended. */
  final: boolean;
  standing: Standing;
  /** Only a final standing passes; false while in progress (see `standing`). */
  passed: boolean;
};

export type Thresholds = { approvalMinimumNote: number; approvalMinimumAvg: number };

/** Three delays count as one absence (DOMAIN.md "Attendance"). */
export const DELAYS_PER_ABSENCE = 3;

const toHundredths = (note: number) => Math.round(note * 100);

/** `numerator / denominator` rounded half up to a whole number (both non-negative integers). */
function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * The note of a course so far: the evaluations' weighted mean on the 0–20 scale (a missing note counts 0),
 * the final delivery included with its percent, rounded half up to a whole number. Once the weights add up
 * to 100 % this is DOMAIN.md's final note, Σ note × weight / 100. Null when nothing was evaluated.
 */
export function courseNote(
  evaluations: Evaluation[],
  finalDelivery?: CourseRecord["finalDelivery"],
): { note: number | null; evaluatedPercent: number } {
  let weighted = 0; // hundredths × percent
  let percent = 0;
  for (const e of evaluations) {
    if (e.weight <= 0) continue;
    weighted += toHundredths(e.note ?? 0) * e.weight;
    percent += e.weight;
  }
  if (finalDelivery && finalDelivery.percent > 0) {
    weighted += toHundredths(finalDelivery.note ?? 0) * finalDelivery.percent;
    percent += finalDelivery.percent;
  }
  if (percent === 0) return { note: null, evaluatedPercent: 0 };
  // weighted / percent is in hundredths; / 100 more gives the note.
  return { note: divideHalfUp(weighted, percent * 100), evaluatedPercent: percent };
}

/**
 * DOMAIN.md's sum itself, Σ note × weight / 100 (+ the final delivery's note × its percent / 100), over what
 * was evaluated so far, in hundredths rounded half up: the points a student has earned out of the
 * `possible` ones (20 × evaluated percent / 100). At 100 % evaluated, `points` rounded half up to a whole
 * number is `courseNote`'s note. Shown beside the note while a course is in progress.
 */
export function accumulatedPoints(
  evaluations: Evaluation[],
  finalDelivery?: CourseRecord["finalDelivery"],
): { points: number; possible: number } {
  let weighted = 0; // hundredths × percent
  let percent = 0;
  for (const e of evaluations) {
    if (e.weight <= 0) continue;
    weighted += toHundredths(e.note ?? 0) * e.weight;
    percent += e.weight;
  }
  if (finalDelivery && finalDelivery.percent > 0) {
    weighted += toHundredths(finalDelivery.note ?? 0) * finalDelivery.percent;
    percent += finalDelivery.percent;
  }
  return { points: divideHalfUp(weighted, 100) / 100, possible: (20 * percent) / 100 };
}

/** A period's cut: the dates (YYYY-MM-DD, both included) whose evaluations it averages. */
export type Cut = { start: string | null; end: string | null };

/** An evaluation with its lesson's date, to place it in a cut. */
export type DatedEvaluation = Evaluation & { date: string };

export type CutNote = { note: number | null; evaluatedPercent: number };

/**
 * The first and second cut (DOMAIN.md "Teaching"): the same weighted mean as `courseNote`, over the
 * evaluations whose lesson falls between the cut's dates (both included), rounded half up. A cut whose
 * dates the period does not set, or with nothing evaluated (all weights zero), has no note (null).
 */
export function cutNotes(
  evaluations: DatedEvaluation[],
  cuts: { first: Cut; second: Cut },
): { first: CutNote; second: CutNote } {
  const within = (cut: Cut) =>
    cut.start === null || cut.end === null
      ? []
      : evaluations.filter((e) => e.date >= (cut.start as string) && e.date <= (cut.end as string));
  return { first: courseNote(within(cuts.first)), second: courseNote(within(cuts.second)) };
}

/** Absences plus one per three delays, and whether they pass the course's limit. */
export function absenceCount(absences: number, delays: number, maxAbsencesToFail: number) {
  const total = absences + Math.floor(delays / DELAYS_PER_ABSENCE);
  return { total, failed: total > maxAbsencesToFail };
}

/**
 * A course's note and standing (`common/grades/standing.ts`, the one computation), given whether the
 * course's period has ended (`periodHasEnded`, by the injected clock).
 */
export function courseResult(
  record: CourseRecord,
  thresholds: Thresholds,
  opts: { periodEnded: boolean },
): CourseResult {
  const absence = absenceCount(record.absences, record.delays, record.maxAbsencesToFail);
  const common = {
    courseId: record.courseId,
    code: record.code,
    title: record.title,
    absences: record.absences,
    delays: record.delays,
    absencesWithDelays: absence.total,
    failedByAbsences: absence.failed,
    withdrawn: record.withdrawn,
  };
  const standing = courseStanding(
    {
      evaluations: record.evaluations,
      finalDelivery: record.finalDelivery,
      failedByAbsences: absence.failed,
      withdrawn: record.withdrawn,
    },
    { approvalMinimumNote: thresholds.approvalMinimumNote, periodEnded: opts.periodEnded },
  );
  return {
    ...common,
    note: standing.note,
    evaluatedPercent: standing.evaluatedPercent,
    final: standing.final,
    standing: standing.standing,
    passed: standing.passed === true,
  };
}

/** The mean of `notes` rounded half up to two decimals; null for none. */
export function average(notes: number[]): number | null {
  if (notes.length === 0) return null;
  const sum = notes.reduce((acc, n) => acc + toHundredths(n), 0);
  return divideHalfUp(sum, notes.length) / 100;
}

/**
 * The academic history's weighted average: each course's note weighted by its credits, rounded half up
 * to two decimals; courses without a note are left out. A history of zero-credit courses falls back to
 * the plain mean. Null for none.
 */
export function creditWeightedAverage(courses: { note: number | null; credits: number }[]): number | null {
  const graded = courses.filter((c) => c.note !== null) as { note: number; credits: number }[];
  if (graded.length === 0) return null;
  const credits = graded.reduce((acc, c) => acc + Math.max(0, c.credits), 0);
  if (credits === 0) return average(graded.map((c) => c.note));
  const sum = graded.reduce((acc, c) => acc + toHundredths(c.note) * Math.max(0, c.credits), 0);
  return divideHalfUp(sum, credits) / 100;
}

/** `a − b` of two-decimal numbers, exact to the hundredth. */
export const shortBy = (minimum: number, value: number) =>
  (toHundredths(minimum) - toHundredths(value)) / 100;

/** Why a semester is not approved, one entry per cause (rendered in Spanish by `describeReason`). */
export type Reason =
  | { kind: "retired" }
  | { kind: "no_courses" }
  | { kind: "failed_note"; code: string; title: string; note: number; minimum: number }
  | { kind: "failed_absences"; code: string; title: string; absences: number; limit: number }
  | { kind: "not_evaluated"; code: string; title: string }
  | { kind: "withdrawn"; code: string; title: string }
  | { kind: "in_progress"; code: string; title: string; note: number | null; evaluatedPercent: number }
  | { kind: "average"; average: number; minimum: number; shortBy: number };

export type SemesterVerdict = {
  courses: CourseResult[];
  /** Mean of the notes of the courses taken (withdrawn and not evaluated ones left out). */
  average: number | null;
  approved: boolean;
  /**
   * Some course the student still takes is "En curso" (its weights short of 100 % and its period not ended):
   * the semester is neither approved nor failed yet, and `reasons` lists those courses.
   */
  inProgress: boolean;
  reasons: Reason[];
  /** Courses to take again when not approved: the failed, withdrawn or unevaluated ones, else all. */
  repeatCourseIds: number[];
};

/**
 * DOMAIN.md: the semester is approved when the average reaches approval_minimum_avg and no course was
 * failed. A withdrawn course or one never evaluated is not passed either, and a retired student approves
 * nothing. Not approved: the student takes the failed courses again; when only the average is short, the
 * whole semester. While a course is still "En curso" (`periodEnded` false and its weights short of 100 %)
 * nothing is decided: the verdict is `inProgress`, not approved, its reasons the courses in progress.
 */
export function semesterVerdict(
  records: CourseRecord[],
  thresholds: Thresholds,
  opts: { retired?: boolean; periodEnded: boolean },
): SemesterVerdict {
  const courses = records.map((r) => courseResult(r, thresholds, { periodEnded: opts.periodEnded }));
  const notes = courses.filter((c) => !c.withdrawn && c.note !== null).map((c) => c.note as number);
  const avg = average(notes);
  const pending = opts.retired ? [] : courses.filter((c) => c.standing === "in_progress");
  if (pending.length > 0) {
    return {
      courses,
      average: avg,
      approved: false,
      inProgress: true,
      reasons: pending.map((c) => ({
        kind: "in_progress",
        code: c.code,
        title: c.title,
        note: c.note,
        evaluatedPercent: c.evaluatedPercent,
      })),
      repeatCourseIds: [],
    };
  }
  const reasons: Reason[] = [];
  if (opts.retired) reasons.push({ kind: "retired" });
  if (courses.length === 0) reasons.push({ kind: "no_courses" });
  for (const c of courses) {
    if (c.withdrawn) reasons.push({ kind: "withdrawn", code: c.code, title: c.title });
    else if (c.note === null) reasons.push({ kind: "not_evaluated", code: c.code, title: c.title });
    else if (c.failedByAbsences) {
      reasons.push({
        kind: "failed_absences",
        code: c.code,
        title: c.title,
        absences: c.absencesWithDelays,
        limit: records.find((r) => r.courseId === c.courseId)?.maxAbsencesToFail ?? 0,
      });
    } else if (c.note < thresholds.approvalMinimumNote) {
      reasons.push({
        kind: "failed_note",
        code: c.code,
        title: c.title,
        note: c.note,
        minimum: thresholds.approvalMinimumNote,
      });
    }
  }
  if (avg !== null && avg < thresholds.approvalMinimumAvg) {
    reasons.push({
      kind: "average",
      average: avg,
      minimum: thresholds.approvalMinimumAvg,
      shortBy: shortBy(thresholds.approvalMinimumAvg, avg),
    });
  }
  const approved = reasons.length === 0;
  const notPassed = courses.filter((c) => !c.passed).map((c) => c.courseId);
  const repeatCourseIds = approved
    ? []
    : opts.retired || notPassed.length === 0
      ? courses.map((c) => c.courseId)
      : notPassed;
  return { courses, average: avg, approved, inProgress: false, reasons, repeatCourseIds };
}

/**
 * The basic cycle's average (DOMAIN.md: from the basic cycle to a specialization it must reach
 * approval_minimum_avg): the mean of the latest note of each basic course the student took.
 * `attempts` are in any order; `order` grows with time (the period's start date, for example).
 */
export function basicAverage(attempts: { courseId: number; order: string; note: number | null }[]) {
  const latest = new Map<number, { order: string; note: number | null }>();
  for (const a of attempts) {
    const seen = latest.get(a.courseId);
    if (!seen || a.order > seen.order) latest.set(a.courseId, { order: a.order, note: a.note });
  }
  return average([...latest.values()].flatMap((a) => (a.note === null ? [] : [a.note])));
}

/** A note as Spanish readers write it: "9,5", "10", "12,25". */
export const formatNote = (note: number) => String(Math.round(note * 100) / 100).replace(".", ",");

/** "1 punto", "0,75 puntos". */
const points = (n: number) => (n === 1 ? "1 punto" : `${formatNote(n)} puntos`);

/** One reason in plain Spanish, with its numbers. */
export function describeReason(reason: Reason): string {
  switch (reason.kind) {
    case "retired":
      return "El estudiante se retiró del período.";
    case "no_courses":
      return "El estudiante no cursó materias en el período.";
    case "failed_note":
      return `Reprobó ${reason.title} (${reason.code}) con ${formatNote(reason.note)}; la nota mínima aprobatoria es ${formatNote(reason.minimum)}.`;
    case "failed_absences":
      return `Reprobó ${reason.title} (${reason.code}) por inasistencias: ${reason.absences}, más que el máximo de ${reason.limit}.`;
    case "not_evaluated":
      return `${reason.title} (${reason.code}) no tiene notas registradas.`;
    case "withdrawn":
      return `Retiró ${reason.title} (${reason.code}).`;
    case "in_progress":
      return reason.note === null
        ? `${reason.title} (${reason.code}) está en curso y aún no tiene notas.`
        : `${reason.title} (${reason.code}) está en curso: lleva ${formatNote(reason.note)} con el ${reason.evaluatedPercent} % evaluado.`;
    case "average":
      return `Su promedio es ${formatNote(reason.average)}; el mínimo aprobatorio es ${formatNote(reason.minimum)}: le faltan ${points(reason.shortBy)}.`;
  }
}

/**
 * The refusal text of `current_semester_in_progress`: the semester is decided when every course has its
 * final note (weights at 100 %, or the day after the period's `end_date`).
 */
export function inProgressDescription(semesterCode: string, periodEnd: string | null, reasons: Reason[]) {
  const end = periodEnd
    ? `cuando termine el período, el ${formatDate(periodEnd)}`
    : "cuando termine el período";
  return `${semesterCode} aún está en curso: la reinscripción se decide cuando todas sus materias tengan nota final (al completar el 100 % de sus evaluaciones o ${end}). ${reasons.map(describeReason).join(" ")}`.trim();
}

/** The refusal text of `student_cant_move_to_next_semester`, every reason included. */
export function cantMoveDescription(reasons: Reason[]): string {
  return `El estudiante no puede avanzar al siguiente semestre. ${reasons.map(describeReason).join(" ")}`;
}

/** The refusal text of `basic_avg_lt_approval_minimum_avg`, with the numbers. */
export function basicAverageDescription(avg: number | null, minimum: number): string {
  if (avg === null) {
    return "El estudiante no tiene notas del ciclo básico, así que no alcanza el promedio mínimo aprobatorio para pasar a una especialidad.";
  }
  return `El promedio del ciclo básico es ${formatNote(avg)}; para pasar a una especialidad se necesita ${formatNote(minimum)}: le faltan ${points(shortBy(minimum, avg))}.`;
}
