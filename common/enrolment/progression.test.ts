import { describe, expect, it } from "vitest";
import {
  absenceCount,
  accumulatedPoints,
  average,
  basicAverage,
  basicAverageDescription,
  type CourseRecord,
  cantMoveDescription,
  courseNote,
  creditWeightedAverage,
  cutNotes,
  describeReason,
  formatNote,
  inProgressDescription,
  semesterVerdict,
  shortBy,
} from "./progression.js";

const thresholds = { approvalMinimumNote: 10, approvalMinimumAvg: 10 };
let nextId = 1;
const course = (note: number | null, extra: Partial<CourseRecord> = {}): CourseRecord => {
  const id = nextId++;
  return {
    courseId: id,
    code: `C-${id}`,
    title: `Materia ${id}`,
    evaluations: note === null ? [] : [{ weight: 100, note }],
    absences: 0,
    delays: 0,
    maxAbsencesToFail: 8,
    withdrawn: false,
    ...extra,
  };
};

describe("accumulatedPoints", () => {
  it("is Σ note × weight / 100 over what was evaluated, out of 20 × the evaluated percent", () => {
    // 9 × 15 % + 17 × 20 % + (missing: 0) × 15 % = 4,75 of 10 possible points.
    expect(
      accumulatedPoints([
        { weight: 15, note: 9 },
        { weight: 20, note: 17 },
        { weight: 15, note: null },
      ]),
    ).toEqual({ points: 4.75, possible: 10 });
  });

  it("adds the final delivery, rounds hundredths half up, and at 100 % rounds to courseNote's note", () => {
    const evaluations = [
      { weight: 33, note: 15.5 },
      { weight: 37, note: 12 },
    ];
    const delivery = { percent: 30, note: 14.35 };
    // 15,5 × 0,33 + 12 × 0,37 + 14,35 × 0,30 = 5,115 + 4,44 + 4,305 = 13,86
    expect(accumulatedPoints(evaluations, delivery)).toEqual({ points: 13.86, possible: 20 });
    expect(courseNote(evaluations, delivery).note).toBe(14);
    // x.005 hundredths round up: 10,01 × 0,5 = 5,005 → 5,01
    expect(accumulatedPoints([{ weight: 50, note: 10.01 }]).points).toBe(5.01);
  });

  it("is 0 of 0 with nothing evaluated (all weights zero)", () => {
    expect(accumulatedPoints([{ weight: 0, note: 20 }])).toEqual({ points: 0, possible: 0 });
  });
});

describe("courseNote", () => {
  it("is the weighted mean of the evaluations, rounded half up to a whole note", () => {
    expect(courseNote([{ weight: 20, note: 15 }]).note).toBe(15);
    expect(
      courseNote([
        { weight: 50, note: 9 },
        { weight: 50, note: 10 },
      ]).note,
    ).toBe(10); // 9.5 → 10
    expect(
      courseNote([
        { weight: 50, note: 9 },
        { weight: 50, note: 9.98 },
      ]).note,
    ).toBe(9); // 9.49 → 9
    expect(
      courseNote([
        { weight: 30, note: 20 },
        { weight: 70, note: 5 },
      ]),
    ).toEqual({
      note: 10, // 6 + 3.5 = 9.5 → 10
      evaluatedPercent: 100,
    });
  });
  it("counts a missing note as 0 and ignores lessons without weight", () => {
    expect(
      courseNote([
        { weight: 50, note: 20 },
        { weight: 50, note: null },
      ]).note,
    ).toBe(10);
    expect(
      courseNote([
        { weight: 0, note: 2 },
        { weight: 40, note: 16 },
      ]).note,
    ).toBe(16);
  });
  it("adds the final delivery with its percent", () => {
    expect(courseNote([{ weight: 60, note: 10 }], { percent: 40, note: 20 })).toEqual({
      note: 14,
      evaluatedPercent: 100,
    });
  });
  it("is null when nothing was evaluated", () => {
    expect(courseNote([])).toEqual({ note: null, evaluatedPercent: 0 });
    expect(courseNote([{ weight: 0, note: 12 }], { percent: 0, note: 15 }).note).toBeNull();
  });
});

describe("absences", () => {
  it("counts three delays as one absence and fails above the limit", () => {
    expect(absenceCount(7, 3, 8)).toEqual({ total: 8, failed: false });
    expect(absenceCount(7, 5, 8)).toEqual({ total: 8, failed: false });
    expect(absenceCount(7, 6, 8)).toEqual({ total: 9, failed: true });
  });
});

describe("average", () => {
  it("rounds half up to two decimals, exactly", () => {
    expect(average([10, 11, 11])).toBe(10.67);
    expect(average([10, 9])).toBe(9.5);
    expect(average([9.99, 10])).toBe(10); // 9.995 → 10.00
    expect(average([])).toBeNull();
    expect(shortBy(10, 9.67)).toBe(0.33);
    expect(shortBy(12, 11.1)).toBe(0.9);
  });
});

describe("semesterVerdict", () => {
  const ended = { periodEnded: true };

  it("decides nothing while a course is in progress: the partial mean is not a final note", () => {
    // 60 % evaluated, all 15s: the mean so far is 15, but DOMAIN.md's note is Σ note × weight / 100 = 9 so far.
    const partial = course(null, { evaluations: [{ weight: 60, note: 15 }] });
    const v = semesterVerdict([course(12), partial], thresholds, { periodEnded: false });
    expect(v).toMatchObject({ approved: false, inProgress: true, repeatCourseIds: [] });
    expect(v.reasons).toEqual([
      { kind: "in_progress", code: partial.code, title: partial.title, note: 9, evaluatedPercent: 60 },
    ]);
    expect(describeReason(v.reasons[0]!)).toBe(
      `${partial.title} (${partial.code}) está en curso: lleva 9 con el 60 % evaluado.`,
    );
    expect(
      inProgressDescription("S1-A", "2027-01-31", [
        { kind: "in_progress", code: "MAT1", title: "Matemática", note: null, evaluatedPercent: 0 },
      ]),
    ).toBe(
      "S1-A aún está en curso: la reinscripción se decide cuando todas sus materias tengan nota final (al completar el 100 % de sus evaluaciones o cuando termine el período, el 31/01/2027). Matemática (MAT1) está en curso y aún no tiene notas.",
    );
  });

  it("once the period ended, the unevaluated part counts 0: 60 % at 15 is a final 9, failed", () => {
    const partial = course(null, { evaluations: [{ weight: 60, note: 15 }] });
    const v = semesterVerdict([course(12), partial], thresholds, ended);
    expect(v.inProgress).toBe(false);
    expect(v.reasons).toEqual([
      { kind: "failed_note", code: partial.code, title: partial.title, note: 9, minimum: 10 },
    ]);
    expect(v.repeatCourseIds).toEqual([partial.courseId]);
  });

  it("decides a semester whose weights all reached 100 % before the period ends", () => {
    const v = semesterVerdict([course(12), course(10)], thresholds, { periodEnded: false });
    expect(v).toMatchObject({ approved: true, inProgress: false, average: 11 });
  });

  it("approves with every course passed and the average reached", () => {
    const v = semesterVerdict([course(10), course(14), course(20)], thresholds, ended);
    expect(v).toMatchObject({ approved: true, average: 14.67, reasons: [], repeatCourseIds: [] });
  });

  it("names the failed course and repeats only the failed ones", () => {
    const failed = course(8);
    const v = semesterVerdict([course(15), failed, course(12)], thresholds, ended);
    expect(v.approved).toBe(false);
    expect(v.repeatCourseIds).toEqual([failed.courseId]);
    expect(v.reasons).toEqual([
      { kind: "failed_note", code: failed.code, title: failed.title, note: 8, minimum: 10 },
    ]);
    expect(cantMoveDescription(v.reasons)).toBe(
      `El estudiante no puede avanzar al siguiente semestre. Reprobó ${failed.title} (${failed.code}) con 8; la nota mínima aprobatoria es 10.`,
    );
  });

  it("says how much the average is short by, and repeats the whole semester when no course failed", () => {
    const records = [course(12), course(12), course(13)];
    const v = semesterVerdict(records, { approvalMinimumNote: 10, approvalMinimumAvg: 13 }, ended);
    expect(v.average).toBe(12.33);
    expect(v.reasons).toEqual([{ kind: "average", average: 12.33, minimum: 13, shortBy: 0.67 }]);
    expect(describeReason(v.reasons[0]!)).toBe(
      "Su promedio es 12,33; el mínimo aprobatorio es 13: le faltan 0,67 puntos.",
    );
    expect(v.repeatCourseIds).toEqual(records.map((r) => r.courseId));
  });

  it("fails a course by absences even with a good note", () => {
    const absent = course(18, { absences: 8, delays: 3 });
    const v = semesterVerdict([absent, course(12)], thresholds, ended);
    expect(v.reasons).toEqual([
      { kind: "failed_absences", code: absent.code, title: absent.title, absences: 9, limit: 8 },
    ]);
    expect(v.average).toBe(15);
  });

  it("leaves withdrawn and unevaluated courses out of the average, but not passed", () => {
    const withdrawn = course(20, { withdrawn: true });
    const blank = course(null);
    const v = semesterVerdict([course(11), withdrawn, blank], thresholds, ended);
    expect(v.average).toBe(11);
    expect(v.approved).toBe(false);
    expect(v.reasons.map((r) => r.kind)).toEqual(["withdrawn", "not_evaluated"]);
    expect(v.repeatCourseIds).toEqual([withdrawn.courseId, blank.courseId]);
  });

  it("approves nothing for a retired student, who repeats the semester", () => {
    const records = [course(15), course(15)];
    const v = semesterVerdict(records, thresholds, { retired: true, periodEnded: false });
    expect(v.approved).toBe(false);
    expect(v.repeatCourseIds).toEqual(records.map((r) => r.courseId));
  });

  it("approves nothing without courses", () => {
    expect(semesterVerdict([], thresholds, ended)).toMatchObject({ approved: false, average: null });
  });
});

describe("basic cycle", () => {
  it("averages the latest attempt of each course", () => {
    expect(
      basicAverage([
        { courseId: 1, order: "2024-01-08", note: 6 },
        { courseId: 1, order: "2024-09-09", note: 12 },
        { courseId: 2, order: "2024-01-08", note: 9 },
        { courseId: 3, order: "2024-09-09", note: null },
      ]),
    ).toBe(10.5);
  });
  it("explains the shortfall", () => {
    expect(basicAverageDescription(9.25, 10)).toBe(
      "El promedio del ciclo básico es 9,25; para pasar a una especialidad se necesita 10: le faltan 0,75 puntos.",
    );
    expect(basicAverageDescription(null, 10)).toContain("no tiene notas del ciclo básico");
  });
});

describe("formatNote", () => {
  it("writes notes the Spanish way", () => {
    expect(formatNote(9.5)).toBe("9,5");
    expect(formatNote(10)).toBe("10");
  });
});

describe("cutNotes", () => {
  const cuts = {
    first: { start: "2026-01-10", end: "2026-02-28" },
    second: { start: "2026-03-01", end: "2026-04-30" },
  };

  it("averages each cut's evaluations by weight, the cut's dates included", () => {
    const result = cutNotes(
      [
        { date: "2026-01-10", weight: 10, note: 20 },
        { date: "2026-02-28", weight: 30, note: 10 },
        { date: "2026-03-01", weight: 20, note: 15 },
        { date: "2026-05-02", weight: 40, note: 0 },
      ],
      cuts,
    );
    // (20×10 + 10×30) / 40 = 12.5 → 13 (half up); the second cut only has the 15; May is in no cut.
    expect(result.first).toEqual({ note: 13, evaluatedPercent: 40 });
    expect(result.second).toEqual({ note: 15, evaluatedPercent: 20 });
  });

  it("rounds x.5 up and x.49 down", () => {
    expect(
      cutNotes(
        [
          { date: "2026-01-15", weight: 50, note: 10.5 },
          { date: "2026-01-16", weight: 50, note: 10.49 },
        ],
        cuts,
      ).first.note,
    ).toBe(10); // 10.495 → 10
    expect(cutNotes([{ date: "2026-01-15", weight: 25, note: 14.5 }], cuts).first.note).toBe(15);
  });

  it("counts a missing note as 0 and has no note when all weights are zero", () => {
    const result = cutNotes(
      [
        { date: "2026-01-15", weight: 50, note: 16 },
        { date: "2026-01-20", weight: 50, note: null },
        { date: "2026-03-15", weight: 0, note: 18 },
      ],
      cuts,
    );
    expect(result.first).toEqual({ note: 8, evaluatedPercent: 100 });
    expect(result.second).toEqual({ note: null, evaluatedPercent: 0 });
  });

  it("has no note for a cut whose dates the period does not set", () => {
    const result = cutNotes([{ date: "2026-01-15", weight: 50, note: 16 }], {
      first: { start: null, end: null },
      second: cuts.second,
    });
    expect(result.first.note).toBeNull();
  });
});

describe("creditWeightedAverage", () => {
  it("weights each note by its credits, half up to two decimals, without the courses lacking a note", () => {
    // (15×4 + 12×3 + 10×2) / 9 = 116 / 9 = 12.888… → 12.89
    expect(
      creditWeightedAverage([
        { note: 15, credits: 4 },
        { note: 12, credits: 3 },
        { note: 10, credits: 2 },
        { note: null, credits: 5 },
      ]),
    ).toBe(12.89);
    // (10.25 + 10.26) / 2 = 10.255 → 10.26, half up
    expect(
      creditWeightedAverage([
        { note: 10.25, credits: 1 },
        { note: 10.26, credits: 1 },
      ]),
    ).toBe(10.26);
  });

  it("falls back to the plain mean with no credits, and is null with no notes", () => {
    expect(
      creditWeightedAverage([
        { note: 10, credits: 0 },
        { note: 15, credits: 0 },
      ]),
    ).toBe(12.5);
    expect(creditWeightedAverage([{ note: null, credits: 3 }])).toBeNull();
    expect(creditWeightedAverage([])).toBeNull();
  });
});
