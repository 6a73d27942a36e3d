import { describe, expect, it } from "vitest";
import { missingPrelations, type Prelation, skippedCourseReason, splitByPrelations } from "./prelations.js";

const mat1 = { id: 1, code: "MAT-101", title: "Matemática I" };
const mat2 = { id: 2, code: "MAT-102", title: "Matemática II" };
const fis1 = { id: 3, code: "FIS-101", title: "Física I" };
const fis2 = { id: 4, code: "FIS-102", title: "Física II" };

const prelations: Prelation[] = [
  { courseId: mat2.id, required: mat1, type: "total" },
  { courseId: fis2.id, required: fis1, type: "partial" },
  { courseId: fis2.id, required: mat1, type: "total" },
];

describe("prelations at inscription", () => {
  it("a course without prelations is always allowed", () => {
    expect(missingPrelations(mat1.id, prelations, new Map())).toEqual([]);
  });

  it("a total prelation needs the course passed; taken is not enough", () => {
    expect(
      missingPrelations(mat2.id, prelations, new Map([[mat1.id, { taken: true, passed: false }]])),
    ).toEqual([{ course: mat1, type: "total" }]);
    expect(
      missingPrelations(mat2.id, prelations, new Map([[mat1.id, { taken: true, passed: true }]])),
    ).toEqual([]);
  });

  it("a partial prelation needs the course taken, passed or not", () => {
    const history = new Map([
      [fis1.id, { taken: true, passed: false }],
      [mat1.id, { taken: true, passed: true }],
    ]);
    expect(missingPrelations(fis2.id, prelations, history)).toEqual([]);
    expect(
      missingPrelations(fis2.id, prelations, new Map([[mat1.id, { taken: true, passed: true }]])),
    ).toEqual([{ course: fis1, type: "partial" }]);
  });

  it("explains in Spanish which prelation and course are missing", () => {
    expect(skippedCourseReason(mat2, [{ course: mat1, type: "total" }])).toBe(
      "No se inscribió en MAT-102 Matemática II: requiere aprobar MAT-101 Matemática I.",
    );
    expect(
      skippedCourseReason(fis2, [
        { course: fis1, type: "partial" },
        { course: mat1, type: "total" },
      ]),
    ).toBe(
      "No se inscribió en FIS-102 Física II: requiere haber cursado FIS-101 Física I y aprobar MAT-101 Matemática I.",
    );
  });

  it("splits a section's courses into allowed and skipped with the reasons", () => {
    const courses = [mat1, mat2, fis1, fis2].map((course) => ({ course, courseSectionId: course.id * 10 }));
    const result = splitByPrelations(courses, prelations, new Map());
    expect(result.allowed.map((c) => c.course.code)).toEqual(["MAT-101", "FIS-101"]);
    expect(result.skipped.map((s) => s.item.course.code)).toEqual(["MAT-102", "FIS-102"]);
    expect(result.skipped[1]!.missing).toHaveLength(2);
  });
});
