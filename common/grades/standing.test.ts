import { describe, expect, it } from "vitest";
import { courseStanding, periodHasEnded, weightedSum } from "./standing";

const minimum = { approvalMinimumNote: 10 };

describe("weightedSum", () => {
  it("is Σ note × weight / 100 in hundredths, a missing note counting 0", () => {
    expect(
      weightedSum([
        { weight: 15, note: 14 },
        { weight: 20, note: 20 },
        { weight: 15, note: null },
      ]),
    ).toEqual({ sum: 610, evaluatedPercent: 50 });
  });

  it("adds the final delivery with its percent and ignores weightless lessons", () => {
    expect(
      weightedSum(
        [
          { weight: 0, note: 20 },
          { weight: 70, note: 10 },
        ],
        { percent: 30, note: 15.5 },
      ),
    ).toEqual({
      sum: 1165,
      evaluatedPercent: 100,
    });
  });

  it("has no sum when nothing was evaluated", () => {
    expect(weightedSum([], null)).toEqual({ sum: null, evaluatedPercent: 0 });
  });
});

describe("courseStanding", () => {
  const half = [
    { weight: 15, note: 14 },
    { weight: 20, note: 20 },
    { weight: 15, note: null },
  ];

  it("a half-evaluated course of a running period is in progress with the note so far (6.1, not 12)", () => {
    expect(courseStanding({ evaluations: half }, { ...minimum, periodEnded: false })).toEqual({
      note: 6.1,
      evaluatedPercent: 50,
      final: false,
      standing: "in_progress",
      passed: null,
    });
  });

  it("once the period ended the same course is final: the sum rounded half up, failed", () => {
    expect(courseStanding({ evaluations: half }, { ...minimum, periodEnded: true })).toMatchObject({
      note: 6,
      final: true,
      standing: "failed",
      passed: false,
    });
  });

  it("is final at 100 % even while the period runs", () => {
    expect(
      courseStanding({ evaluations: [{ weight: 100, note: 15 }] }, { ...minimum, periodEnded: false }),
    ).toMatchObject({ note: 15, final: true, standing: "passed", passed: true });
  });

  it("a note exactly at the approval minimum passes, one hundredth below rounds up to it", () => {
    const at = (note: number) =>
      courseStanding({ evaluations: [{ weight: 100, note }] }, { ...minimum, periodEnded: true });
    expect(at(10)).toMatchObject({ note: 10, passed: true, standing: "passed" });
    // 9.5 rounds half up to 10 and passes; 9.49 rounds to 9 and fails.
    expect(at(9.5)).toMatchObject({ note: 10, passed: true });
    expect(at(9.49)).toMatchObject({ note: 9, passed: false, standing: "failed" });
  });

  it("rounds half up in hundredths without floating-point slips", () => {
    // 10.005 × 100 % = 10.005 → so far would be 10.01; as final, 10.
    const r = courseStanding(
      {
        evaluations: [
          { weight: 50, note: 10.01 },
          { weight: 49, note: 10 },
        ],
      },
      { ...minimum, periodEnded: false },
    );
    // (1001 × 50 + 1000 × 49) / 100 = 990.5 → 991 hundredths.
    expect(r).toMatchObject({ note: 9.91, evaluatedPercent: 99, standing: "in_progress" });
  });

  it("a failure by absences or a withdrawal is final at once", () => {
    expect(
      courseStanding({ evaluations: half, failedByAbsences: true }, { ...minimum, periodEnded: false }),
    ).toMatchObject({ standing: "failed", passed: false, note: 6.1 });
    expect(
      courseStanding({ evaluations: [], withdrawn: true }, { ...minimum, periodEnded: false }),
    ).toMatchObject({ standing: "failed", passed: false, note: null });
  });

  it("nothing evaluated: in progress while the period runs, failed after it", () => {
    expect(courseStanding({ evaluations: [] }, { ...minimum, periodEnded: false })).toMatchObject({
      note: null,
      standing: "in_progress",
      passed: null,
    });
    expect(courseStanding({ evaluations: [] }, { ...minimum, periodEnded: true })).toMatchObject({
      note: null,
      standing: "failed",
      passed: false,
    });
  });
});

describe("periodHasEnded", () => {
  it("ends the day after the period's last day", () => {
    expect(periodHasEnded("2026-07-31", "2026-07-31")).toBe(false);
    expect(periodHasEnded("2026-07-31", "2026-08-01")).toBe(true);
    expect(periodHasEnded(null, "2026-08-01")).toBe(false);
  });
});
