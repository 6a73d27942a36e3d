import { describe, expect, it } from "vitest";
import {
  absenceCount,
  average,
  basicAverage,
  basicAverageDescription,
  type CourseRecord,
  cantMoveDescription,
  courseNote,
  describeReason,
  formatNote,
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
  it("approves with every course passed and the average reached", () => {
    const v = semesterVerdict([course(10), course(14), course(20)], thresholds);
    expect(v).toMatchObject({ approved: true, average: 14.67, reasons: [], repeatCourseIds: [] });
  });

  it("names the failed course and repeats only the failed ones", () => {
    const failed = course(8);
    const v = semesterVerdict([course(15), failed, course(12)], thresholds);
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
    const v = semesterVerdict(records, { approvalMinimumNote: 10, approvalMinimumAvg: 13 });
    expect(v.average).toBe(12.33);
    expect(v.reasons).toEqual([{ kind: "average", average: 12.33, minimum: 13, shortBy: 0.67 }]);
    expect(describeReason(v.reasons[0]!)).toBe(
      "Su promedio es 12,33; el mínimo aprobatorio es 13: le faltan 0,67 puntos.",
    );
    expect(v.repeatCourseIds).toEqual(records.map((r) => r.courseId));
  });

  it("fails a course by absences even with a good note", () => {
    const absent = course(18, { absences: 8, delays: 3 });
    const v = semesterVerdict([absent, course(12)], thresholds);
    expect(v.reasons).toEqual([
      { kind: "failed_absences", code: absent.code, title: absent.title, absences: 9, limit: 8 },
    ]);
    expect(v.average).toBe(15);
  });

  it("leaves withdrawn and unevaluated courses out of the average, but not passed", () => {
    const withdrawn = course(20, { withdrawn: true });
    const blank = course(null);
    const v = semesterVerdict([course(11), withdrawn, blank], thresholds);
    expect(v.average).toBe(11);
    expect(v.approved).toBe(false);
    expect(v.reasons.map((r) => r.kind)).toEqual(["withdrawn", "not_evaluated"]);
    expect(v.repeatCourseIds).toEqual([withdrawn.courseId, blank.courseId]);
  });

  it("approves nothing for a retired student, who repeats the semester", () => {
    const records = [course(15), course(15)];
    const v = semesterVerdict(records, thresholds, { retired: true });
    expect(v.approved).toBe(false);
    expect(v.repeatCourseIds).toEqual(records.map((r) => r.courseId));
  });

  it("approves nothing without courses", () => {
    expect(semesterVerdict([], thresholds)).toMatchObject({ approved: false, average: null });
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
