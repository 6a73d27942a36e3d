/**
 * The standing of a student in a course (DOMAIN.md "Evaluations"): the note is Σ note × weight / 100
 * (+ the final delivery's note × its percent / 100). Until the weights reach 100 % or the period ends it
 * is the note *so far* (hundredths, rounded half up) and the course is "in_progress": neither passed nor
 * failed. Then it is final (rounded half up to a whole number) and passes at approval_minimum_note.
 * Failing by absences or withdrawing is final at once: no later note can undo it.
 *
 * Notes are handled in hundredths (integers), so 9.995 never becomes 10 by a floating-point slip.
 */

export const STANDINGS = ["in_progress", "passed", "failed"] as const;
export type Standing = (typeof STANDINGS)[number];

export type WeightedNote = { weight: number; note: number | null };

const toHundredths = (note: number) => Math.round(note * 100);

/** `numerator / denominator` rounded half up (both non-negative integers). */
const divideHalfUp = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

/**
 * Σ note × weight / 100 over the evaluations with weight (a missing note counts 0) and the final delivery,
 * in hundredths of a point, with the percent evaluated. `sum` is null when nothing was evaluated.
 */
export function weightedSum(
  evaluations: WeightedNote[],
  finalDelivery?: { percent: number; note: number | null } | null,
): { sum: number | null; evaluatedPercent: number } {
  let weighted = 0; // hundredths × percent
  let percent = 0;
  const parts =
    finalDelivery && finalDelivery.percent > 0
      ? [...evaluations, { weight: finalDelivery.percent, note: finalDelivery.note }]
      : evaluations;
  for (const e of parts) {
    if (e.weight <= 0) continue;
    weighted += toHundredths(e.note ?? 0) * e.weight;
    percent += e.weight;
  }
  if (percent === 0) return { sum: null, evaluatedPercent: 0 };
  return { sum: divideHalfUp(weighted, 100), evaluatedPercent: percent };
}

/** A period has ended once the school's today is after its last day. */
export const periodHasEnded = (endDate: string | null | undefined, today: string) =>
  endDate !== null && endDate !== undefined && today > endDate;

export type CourseStanding = {
  /** Final: a whole number; so far: up to two decimals. Null when nothing was evaluated. */
  note: number | null;
  evaluatedPercent: number;
  /** The note is final: the weights reached 100 % or the period ended. */
  final: boolean;
  standing: Standing;
  /** Null while in progress. */
  passed: boolean | null;
};

/**
 * The one computation of a course's note and standing. `periodEnded`: the school's today is past the
 * period's end date (`periodHasEnded`, by the injected clock).
 */
export function courseStanding(
  input: {
    evaluations: WeightedNote[];
    finalDelivery?: { percent: number; note: number | null } | null;
    failedByAbsences?: boolean;
    withdrawn?: boolean;
  },
  opts: { approvalMinimumNote: number; periodEnded: boolean },
): CourseStanding {
  const { sum, evaluatedPercent } = weightedSum(input.evaluations, input.finalDelivery);
  const final = opts.periodEnded || evaluatedPercent >= 100;
  const note = sum === null ? null : final ? divideHalfUp(sum, 100) : sum / 100;
  if (input.withdrawn || input.failedByAbsences) {
    return { note, evaluatedPercent, final, standing: "failed", passed: false };
  }
  if (!final) return { note, evaluatedPercent, final, standing: "in_progress", passed: null };
  const passed = note !== null && toHundredths(note) >= toHundredths(opts.approvalMinimumNote);
  return { note, evaluatedPercent, final, standing: passed ? "passed" : "failed", passed };
}
