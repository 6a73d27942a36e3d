import { describe, expect, it } from "vitest";
import { evaluate } from "./evaluate.js";
import type { Lecture, TimetableInstance } from "./model.js";

/** Two days of four periods, two rooms; c1 and c2 share curriculum q1, c3 shares c1's teacher. */
function instance(overrides: Partial<TimetableInstance> = {}): TimetableInstance {
  return {
    name: "tiny",
    days: 2,
    periodsPerDay: 4,
    rooms: [
      { id: "big", capacity: 100 },
      { id: "small", capacity: 10 },
    ],
    courses: [
      { id: "c1", teachers: ["t1"], lectures: 2, minWorkingDays: 1, students: 10 },
      { id: "c2", teachers: ["t2"], lectures: 1, minWorkingDays: 1, students: 10 },
      { id: "c3", teachers: ["t1"], lectures: 1, minWorkingDays: 1, students: 10 },
    ],
    curricula: [{ id: "q1", courses: ["c1", "c2"] }],
    unavailable: [],
    ...overrides,
  };
}

const at = (course: string, room: string, day: number, period: number): Lecture => ({
  course,
  room,
  day,
  period,
});

/** A timetable with no cost at all: c1's two lectures and c2 form one block, c3 elsewhere. */
const clean = [
  at("c1", "big", 0, 0),
  at("c1", "big", 0, 1),
  at("c2", "small", 0, 2),
  at("c3", "small", 1, 0),
];

const zero = {
  hard: { unplaced: 0, conflicts: 0, roomOccupancy: 0, availability: 0, total: 0 },
  soft: {
    roomCapacity: 0,
    minWorkingDays: 0,
    curriculumCompactness: 0,
    roomStability: 0,
    pairs: 0,
    holes: 0,
    total: 0,
  },
};

describe("evaluate", () => {
  it("finds nothing wrong in a clean timetable", () => {
    expect(evaluate(instance(), clean)).toEqual(zero);
  });

  it("counts lectures missing (and lectures too many)", () => {
    const missing = evaluate(instance(), clean.slice(1));
    expect(missing.hard).toEqual({ ...zero.hard, unplaced: 1, total: 1 });
    const extra = evaluate(instance(), [...clean, at("c2", "big", 1, 3)]);
    expect(extra.hard.unplaced).toBe(1);
  });

  it("counts two lectures of one course in one period as a conflict", () => {
    const lectures = [
      at("c1", "big", 0, 1),
      at("c1", "small", 0, 1),
      at("c2", "small", 0, 2),
      at("c3", "small", 1, 0),
    ];
    expect(evaluate(instance(), lectures).hard).toEqual({ ...zero.hard, conflicts: 1, total: 1 });
  });

  it("counts a teacher's and a curriculum's lectures at once as conflicts", () => {
    const teacher = [
      at("c1", "big", 0, 0),
      at("c1", "big", 0, 1),
      at("c2", "small", 0, 2),
      at("c3", "small", 0, 0),
    ];
    expect(evaluate(instance(), teacher).hard).toEqual({ ...zero.hard, conflicts: 1, total: 1 });
    const curriculum = [
      at("c1", "big", 0, 0),
      at("c1", "big", 0, 1),
      at("c2", "small", 0, 1),
      at("c3", "small", 1, 0),
    ];
    expect(evaluate(instance(), curriculum).hard).toEqual({ ...zero.hard, conflicts: 1, total: 1 });
  });

  it("counts two lectures in one unshared room, and none in a shared one", () => {
    const lectures = [
      at("c1", "big", 0, 0),
      at("c1", "big", 0, 1),
      at("c2", "small", 0, 2),
      at("c3", "big", 0, 1),
    ];
    // c3 with c1 at (0,1) is also a teacher conflict: the room's own count is what this test is about.
    expect(evaluate(instance(), lectures).hard.roomOccupancy).toBe(1);
    const shared = instance({
      rooms: [
        { id: "big", capacity: 100, shared: true },
        { id: "small", capacity: 10 },
      ],
    });
    expect(evaluate(shared, lectures).hard.roomOccupancy).toBe(0);
  });

  it("counts lectures in a period their course is unavailable", () => {
    const closed = instance({ unavailable: [{ course: "c3", day: 1, period: 0 }] });
    expect(evaluate(closed, clean).hard).toEqual({ ...zero.hard, availability: 1, total: 1 });
  });

  it("costs one point per student above the room's capacity, each lecture alone", () => {
    const lectures = [
      at("c1", "big", 0, 0),
      at("c1", "big", 0, 1),
      at("c2", "small", 0, 2),
      at("c3", "small", 1, 0),
    ];
    const crowded = instance({
      courses: [
        { id: "c1", teachers: ["t1"], lectures: 2, minWorkingDays: 1, students: 10 },
        { id: "c2", teachers: ["t2"], lectures: 1, minWorkingDays: 1, students: 13 },
        { id: "c3", teachers: ["t1"], lectures: 1, minWorkingDays: 1, students: 10 },
      ],
    });
    expect(evaluate(crowded, lectures).soft).toEqual({ ...zero.soft, roomCapacity: 3, total: 3 });
  });

  it("costs five points per day short of a course's minimum working days", () => {
    const spread = instance({
      courses: [
        { id: "c1", teachers: ["t1"], lectures: 2, minWorkingDays: 2, students: 10 },
        { id: "c2", teachers: ["t2"], lectures: 1, minWorkingDays: 1, students: 10 },
        { id: "c3", teachers: ["t1"], lectures: 1, minWorkingDays: 1, students: 10 },
      ],
    });
    expect(evaluate(spread, clean).soft).toEqual({ ...zero.soft, minWorkingDays: 5, total: 5 });
  });

  it("costs two points per curriculum lecture with no neighbour of its curriculum that day", () => {
    const lectures = [
      at("c1", "big", 0, 0),
      at("c1", "big", 0, 1),
      at("c2", "small", 0, 3),
      at("c3", "small", 1, 0),
    ];
    expect(evaluate(instance(), lectures).soft).toEqual({ ...zero.soft, curriculumCompactness: 2, total: 2 });
    // The last period of one day and the first of the next are not neighbours.
    const overnight = [
      at("c1", "big", 0, 3),
      at("c1", "big", 1, 1),
      at("c2", "small", 1, 0),
      at("c3", "small", 1, 3),
    ];
    expect(evaluate(instance(), overnight).soft.curriculumCompactness).toBe(2);
  });

  it("costs one point per room beyond the first a course uses", () => {
    const lectures = [
      at("c1", "big", 0, 0),
      at("c1", "small", 0, 1),
      at("c2", "small", 0, 2),
      at("c3", "small", 1, 0),
    ];
    expect(evaluate(instance(), lectures).soft).toEqual({ ...zero.soft, roomStability: 1, total: 1 });
  });

  it("costs one point per lecture of a pairs course out of a block of two, beyond an odd count's one", () => {
    const paired = (lectures: number) =>
      instance({
        days: 3,
        curricula: [],
        courses: [{ id: "c1", teachers: ["t1"], lectures, minWorkingDays: 1, students: 10, pairs: true }],
      });
    const c1 = (day: number, period: number) => at("c1", "big", day, period);
    expect(evaluate(paired(4), [c1(0, 0), c1(0, 1), c1(1, 2), c1(1, 3)]).soft.pairs).toBe(0);
    expect(evaluate(paired(4), [c1(0, 0), c1(0, 1), c1(0, 2), c1(0, 3)]).soft.pairs).toBe(0);
    expect(evaluate(paired(4), [c1(0, 0), c1(0, 2), c1(1, 2), c1(1, 3)]).soft).toEqual({
      ...zero.soft,
      pairs: 2,
      total: 2,
    });
    expect(evaluate(paired(3), [c1(0, 0), c1(0, 1), c1(2, 0)]).soft.pairs).toBe(0);
    expect(evaluate(paired(3), [c1(0, 0), c1(1, 1), c1(2, 0)]).soft.pairs).toBe(2);
    // Without the preference, the same timetable costs nothing.
    const plain = paired(3);
    plain.courses[0]!.pairs = false;
    expect(evaluate(plain, [c1(0, 0), c1(1, 1), c1(2, 0)]).soft.pairs).toBe(0);
  });

  it("costs one point per empty period between a holes curriculum's first and last lecture of a day", () => {
    // One course of six lectures alone in its curriculum, on a day of six periods; pairs and days aside.
    const section = (holes: boolean) =>
      instance({
        days: 2,
        periodsPerDay: 6,
        courses: [{ id: "c1", teachers: ["t1"], lectures: 4, minWorkingDays: 1, students: 10 }],
        curricula: [{ id: "q1", courses: ["c1"], holes }],
      });
    const c1 = (day: number, period: number) => at("c1", "big", day, period);
    // Blocks of two with two empty periods between them: 2 holes, and no isolated lecture.
    expect(evaluate(section(true), [c1(0, 0), c1(0, 1), c1(0, 4), c1(0, 5)]).soft).toEqual({
      ...zero.soft,
      holes: 2,
      total: 2,
    });
    // A day that starts late or ends early has no hole; holes are counted day by day.
    expect(evaluate(section(true), [c1(0, 2), c1(0, 3), c1(1, 4), c1(1, 5)]).soft.holes).toBe(0);
    expect(evaluate(section(true), [c1(0, 0), c1(0, 1), c1(1, 1), c1(1, 3)]).soft.holes).toBe(1);
    // ITC's curricula (no preference) do not count them.
    expect(evaluate(section(false), [c1(0, 0), c1(0, 1), c1(0, 4), c1(0, 5)]).soft).toEqual(zero.soft);
  });

  it("adds the instance's fixed lectures the list leaves out, and counts them once", () => {
    const fixed = instance({ fixed: [{ course: "c3", room: "small", day: 1, period: 0 }] });
    expect(evaluate(fixed, clean)).toEqual(zero);
    expect(evaluate(fixed, clean.slice(0, 3))).toEqual(zero);
  });

  it("refuses lectures outside the week or of unknown courses and rooms", () => {
    expect(() => evaluate(instance(), [at("c1", "big", 2, 0)])).toThrow(/outside the week/);
    expect(() => evaluate(instance(), [at("c9", "big", 0, 0)])).toThrow(/course "c9"/);
    expect(() => evaluate(instance(), [at("c1", "hall", 0, 0)])).toThrow(/room "hall"/);
  });
});
