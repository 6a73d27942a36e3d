import { describe, expect, it } from "vitest";
import { citizen, conditionOf, type GradeLine, periodRunning } from "./pdf.js";

const line = (over: Partial<GradeLine>): GradeLine => ({
  code: "MET-101",
  title: "Metodología",
  credits: 3,
  note: 6.1,
  standing: "in_progress",
  failedByAbsences: false,
  ...over,
});

describe("the texts of certificates and letters", () => {
  it("agree with the student's gender and contract a + el", () => {
    expect(citizen("male")).toBe("el ciudadano");
    expect(citizen("female")).toBe("la ciudadana");
    expect(citizen("male", "a")).toBe("al ciudadano");
    expect(citizen("female", "a")).toBe("a la ciudadana");
  });

  it("a course still in progress is 'En curso', never 'Reprobada' or 'Aprobada'", () => {
    expect(conditionOf(line({}))).toBe("En curso");
    expect(conditionOf(line({ note: null }))).toBe("En curso");
    expect(conditionOf(line({ standing: "passed", note: 15 }))).toBe("Aprobada");
    expect(conditionOf(line({ standing: "failed", note: 6 }))).toBe("Reprobada");
    expect(conditionOf(line({ standing: "failed", note: null }))).toBe("Sin nota");
    expect(conditionOf(line({ standing: "failed", failedByAbsences: true }))).toBe(
      "Reprobada (inasistencias)",
    );
  });

  it("the period runs until its last day included", () => {
    const period = { year: 2026, number: 2, startDate: "2026-09-01", endDate: "2027-01-31" };
    expect(periodRunning({ period, issuedOn: "2027-01-31" })).toBe(true);
    expect(periodRunning({ period, issuedOn: "2027-02-01" })).toBe(false);
    expect(periodRunning({ period: null, issuedOn: "2027-02-01" })).toBe(false);
  });
});
