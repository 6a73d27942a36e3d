import { describe, expect, it } from "vitest";
import { formatItcSolution, parseItc, parseItcSolution } from "./itc.js";

const tiny = `Name: Tiny
Courses: 2
Rooms: 2
Days: 2
Periods_per_day: 3
Curricula: 1
Constraints: 2

COURSES:
c1 t1 3 2 30
c2 t2 2 1 50

ROOMS:
rA 40
rB 60

CURRICULA:
q1 2 c1 c2

UNAVAILABILITY_CONSTRAINTS:
c1 0 0
c2 1 2

END.
`;

describe("parseItc", () => {
  it("reads the header, courses, rooms, curricula and unavailability", () => {
    expect(parseItc(tiny)).toEqual({
      name: "Tiny",
      days: 2,
      periodsPerDay: 3,
      rooms: [
        { id: "rA", capacity: 40 },
        { id: "rB", capacity: 60 },
      ],
      courses: [
        { id: "c1", teachers: ["t1"], lectures: 3, minWorkingDays: 2, students: 30 },
        { id: "c2", teachers: ["t2"], lectures: 2, minWorkingDays: 1, students: 50 },
      ],
      curricula: [{ id: "q1", courses: ["c1", "c2"] }],
      unavailable: [
        { course: "c1", day: 0, period: 0 },
        { course: "c2", day: 1, period: 2 },
      ],
    });
  });

  it("refuses a file whose lists disagree with its header", () => {
    expect(() => parseItc(tiny.replace("Rooms: 2", "Rooms: 3"))).toThrow(/Rooms: 3/);
    expect(() => parseItc(tiny.replace("Days: 2", "Days: two"))).toThrow(/Days/);
  });
});

describe("ITC solutions", () => {
  it("writes one line per lecture and reads it back", () => {
    const lectures = [
      { course: "c1", room: "rA", day: 0, period: 1 },
      { course: "c2", room: "rB", day: 1, period: 0 },
    ];
    const text = formatItcSolution(lectures);
    expect(text).toBe("c1 rA 0 1\nc2 rB 1 0\n");
    expect(parseItcSolution(text)).toEqual(lectures);
    expect(() => parseItcSolution("c1 rA 0\n")).toThrow(/course room day period/);
  });
});
