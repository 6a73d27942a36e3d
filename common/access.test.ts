import { describe, expect, it } from "vitest";
import { access, routeAccess } from "./access.js";
import { hasRole, Role } from "./roles.js";

const may = (role: number, path: string) => hasRole(role, access[routeAccess[path]!]);

describe("the lesson pages (spec.md §6)", () => {
  it("let administrators open the lessons list and a course section's notes sheet, not a lesson", () => {
    expect(may(Role.admin, "/lessons")).toBe(true);
    expect(may(Role.admin, "/lessons/:course_id/:section_id/section-notes")).toBe(true);
    expect(may(Role.admin, "/lessons/:id")).toBe(false);
    expect(may(Role.admin, "/lessons/:course_id/:section_id/:lesson_id?")).toBe(false);
    expect(may(Role.admin, "/lessons/:course_id/:section_id/lesson/:lesson_id")).toBe(false);
  });

  it("let teachers and coordinators open all of them, students none", () => {
    for (const path of ["/lessons", "/lessons/:id", "/lessons/:course_id/:section_id/section-notes"]) {
      expect(may(Role.teacher, path), path).toBe(true);
      expect(may(Role.coordinator, path), path).toBe(true);
      expect(may(Role.student, path), path).toBe(false);
    }
  });

  it("let staff see a student in a section and course", () => {
    for (const role of [Role.admin, Role.lowAdmin, Role.teacher, Role.coordinator]) {
      expect(may(role, "/students/:student/:section/:course"), String(role)).toBe(true);
    }
    expect(may(Role.student, "/students/:student/:section/:course")).toBe(false);
  });
});
