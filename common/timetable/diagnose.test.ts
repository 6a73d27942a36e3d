import { describe, expect, it } from "vitest";
import { diagnose } from "./diagnose.js";
import type { TimetableInstance } from "./model.js";

/** One day of three periods, one room of 30. */
function instance(overrides: Partial<TimetableInstance>): TimetableInstance {
  return {
    name: "tiny",
    days: 1,
    periodsPerDay: 3,
    rooms: [{ id: "r", capacity: 30 }],
    courses: [],
    curricula: [],
    unavailable: [],
    ...overrides,
  };
}

const course = (id: string, teachers: string[], lectures: number, students = 10) => ({
  id,
  teachers,
  lectures,
  minWorkingDays: 1,
  students,
});

describe("diagnose", () => {
  it("finds nothing when every count fits", () => {
    const fits = instance({
      courses: [course("a", ["t"], 2), course("b", ["t"], 1)],
      curricula: [{ id: "q", courses: ["a", "b"] }],
      unavailable: [{ course: "b", day: 0, period: 0 }],
    });
    expect(diagnose(fits)).toEqual([]);
  });

  it("finds a course with more lectures than the periods it is available", () => {
    const closed = instance({
      courses: [course("a", ["t"], 2)],
      unavailable: [
        { course: "a", day: 0, period: 0 },
        { course: "a", day: 0, period: 1 },
      ],
    });
    expect(diagnose(closed)).toContainEqual({
      kind: "course_overloaded",
      course: "a",
      lectures: 2,
      available: 1,
    });
  });

  it("finds a teacher with more lectures than the periods any of their courses may meet", () => {
    const busy = instance({
      courses: [course("a", ["t", "u"], 2), course("b", ["t"], 1), course("c", ["u"], 1)],
      unavailable: [
        { course: "a", day: 0, period: 2 },
        { course: "b", day: 0, period: 2 },
      ],
    });
    expect(diagnose(busy)).toEqual([{ kind: "teacher_overloaded", teacher: "t", lectures: 3, available: 2 }]);
  });

  it("finds a curriculum with more lectures than the week", () => {
    const full = instance({
      courses: [course("a", ["t"], 2), course("b", ["u"], 2)],
      curricula: [{ id: "q", courses: ["a", "b"] }],
    });
    expect(diagnose(full)).toEqual([
      { kind: "curriculum_overloaded", curriculum: "q", lectures: 4, available: 3 },
    ]);
  });

  it("warns of a course larger than every room", () => {
    const crowded = instance({ courses: [course("a", ["t"], 1, 31), course("b", ["t"], 0, 99)] });
    expect(diagnose(crowded)).toEqual([
      { kind: "no_room_big_enough", course: "a", students: 31, largest: 30 },
    ]);
  });
});
