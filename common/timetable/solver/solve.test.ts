import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.js";
import { parseItc } from "../itc.js";
import type { TimetableInstance } from "../model.js";
import { solve } from "./index.js";

/** A small school: two sections (curricula) of three courses, teachers shared across them, a shared hall. */
const school: TimetableInstance = {
  name: "school",
  days: 3,
  periodsPerDay: 4,
  rooms: [
    { id: "1", capacity: 30 },
    { id: "2", capacity: 25 },
    { id: "hall", capacity: 60, shared: true },
  ],
  courses: [
    { id: "a-math", teachers: ["ana"], lectures: 4, minWorkingDays: 2, students: 28, pairs: true },
    { id: "a-lang", teachers: ["luis"], lectures: 3, minWorkingDays: 3, students: 28 },
    { id: "a-sport", teachers: ["eva"], lectures: 2, minWorkingDays: 1, students: 28, pairs: true },
    { id: "b-math", teachers: ["ana"], lectures: 4, minWorkingDays: 2, students: 24, pairs: true },
    { id: "b-lang", teachers: ["luis", "marta"], lectures: 3, minWorkingDays: 3, students: 24 },
    { id: "b-sport", teachers: ["eva"], lectures: 2, minWorkingDays: 1, students: 24 },
  ],
  curricula: [
    { id: "A", courses: ["a-math", "a-lang", "a-sport"] },
    { id: "B", courses: ["b-math", "b-lang", "b-sport"] },
  ],
  unavailable: [0, 1, 2, 3].map((period) => ({ course: "a-lang", day: 0, period })),
};

const few = { seconds: 5, maxIterations: 20_000 };

describe("solve", () => {
  it("ends as soon as the cost is zero, long before its time (nothing can better it)", () => {
    const easy: TimetableInstance = {
      name: "easy",
      days: 2,
      periodsPerDay: 2,
      rooms: [{ id: "1", capacity: 30 }],
      // No curriculum (no compactness to pay): two lectures on two days cost nothing.
      courses: [{ id: "c", teachers: ["t"], lectures: 2, minWorkingDays: 2, students: 20 }],
      curricula: [],
      unavailable: [],
    };
    // A whole hour and no iteration cap: without the early end, this test would time out.
    const result = solve(easy, { seconds: 3600, seed: 1 });
    expect(result.stopped).toBe(false);
    expect(result.evaluation.hard.total).toBe(0);
    expect(result.evaluation.soft.total).toBe(0);
  });

  it("builds a clash-free timetable whose reported evaluation is the evaluator's", () => {
    const result = solve(school, { ...few, seed: 3 });
    expect(result.evaluation.hard.total).toBe(0);
    expect(result.unplaced).toEqual([]);
    expect(result.lectures).toHaveLength(18);
    expect(evaluate(school, result.lectures)).toEqual(result.evaluation);
    expect(result.stopped).toBe(false);
  });

  it("gives the same timetable for the same seed", () => {
    const first = solve(school, { ...few, seed: 11 });
    const second = solve(school, { ...few, seed: 11 });
    expect(second.lectures).toEqual(first.lectures);
  });

  it("keeps fixed lectures where they are, counted among their course's lectures", () => {
    const fixed = [
      { course: "a-math", room: "2", day: 2, period: 3 },
      { course: "b-sport", room: "hall", day: 0, period: 0 },
    ];
    const result = solve({ ...school, fixed }, { ...few, seed: 5 });
    expect(result.evaluation.hard.total).toBe(0);
    for (const f of fixed) expect(result.lectures).toContainEqual(f);
    expect(result.lectures.filter((l) => l.course === "a-math")).toHaveLength(4);
    expect(evaluate({ ...school, fixed }, result.lectures)).toEqual(result.evaluation);
  });

  it("puts the lectures of pairs courses in blocks of two", () => {
    const blocks: TimetableInstance = {
      name: "blocks",
      days: 3,
      periodsPerDay: 4,
      rooms: [{ id: "1", capacity: 30 }],
      courses: ["math", "lang", "art"].map((id) => ({
        id,
        teachers: [id],
        lectures: 4,
        minWorkingDays: 2,
        students: 20,
        pairs: true,
      })),
      curricula: [{ id: "A", courses: ["math", "lang", "art"] }],
      unavailable: [],
    };
    const result = solve(blocks, { ...few, seed: 6 });
    expect(result.evaluation.hard.total).toBe(0);
    expect(result.evaluation.soft).toMatchObject({ pairs: 0, minWorkingDays: 0, total: 0 });
  });

  it("places several lectures in a shared room at once", () => {
    const hallOnly: TimetableInstance = { ...school, rooms: [{ id: "hall", capacity: 60, shared: true }] };
    const result = solve(hallOnly, { ...few, seed: 1 });
    expect(result.evaluation.hard.total).toBe(0);
    const periods = new Set(result.lectures.map((l) => `${l.day}-${l.period}`));
    expect(periods.size).toBeLessThan(result.lectures.length);
  });

  it("reports the lectures it could not place when rooms run out", () => {
    const oneRoom: TimetableInstance = { ...school, days: 1, rooms: [{ id: "1", capacity: 30 }] };
    const result = solve(oneRoom, { ...few, seed: 1 });
    const missing = result.unplaced.reduce((sum, u) => sum + u.missing, 0);
    expect(missing).toBe(18 - 4);
    expect(result.lectures).toHaveLength(4);
    expect(result.evaluation.hard.unplaced).toBe(missing);
  });

  it("leaves unplaced a lecture that has no clash-free slot, rather than placing it where it may not meet", () => {
    const closed: TimetableInstance = {
      ...school,
      days: 1,
      periodsPerDay: 2,
      courses: [{ id: "a", teachers: ["ana"], lectures: 2, minWorkingDays: 1, students: 5 }],
      curricula: [],
      unavailable: [0, 1].map((period) => ({ course: "a", day: 0, period })),
    };
    for (const seed of [1, 2, 3]) {
      const result = solve(closed, { ...few, seed });
      expect(result.lectures).toEqual([]);
      expect(result.unplaced).toEqual([{ course: "a", missing: 2 }]);
    }
  });

  it("stops when asked, with the best timetable so far", () => {
    let polls = 0;
    const result = solve(school, { seconds: 60, seed: 2, shouldStop: () => ++polls > 3 });
    expect(result.stopped).toBe(true);
    expect(result.lectures.length + result.unplaced.reduce((sum, u) => sum + u.missing, 0)).toBe(18);
  });

  it("reports progress, ending with the final cost", () => {
    const seen: { hard: number; soft: number; phase: string }[] = [];
    const result = solve(school, { ...few, seed: 4, onProgress: (p) => seen.push(p) });
    expect(seen.at(-1)).toMatchObject({
      phase: "done",
      hard: result.evaluation.hard.total,
      soft: result.evaluation.soft.total,
    });
  });

  it("solves ITC-2007 comp01 without hard violations", () => {
    const file = path.resolve(__dirname, "../itc2007/comp01.ctt");
    const comp01 = parseItc(readFileSync(file, "utf8"));
    const result = solve(comp01, { seconds: 30, maxIterations: 100_000, seed: 1 });
    expect(result.evaluation.hard.total).toBe(0);
    expect(result.lectures).toHaveLength(160);
  });
});
