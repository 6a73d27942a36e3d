import { describe, expect, it } from "vitest";
import { evaluatePlaced } from "../evaluate.js";
import { compile, type TimetableInstance } from "../model.js";
import { Random } from "./random.js";
import { State } from "./state.js";

/** Every rule in play: shared teachers and curricula, a shared room, unavailability, pairs, holes. */
const instance: TimetableInstance = {
  name: "mixed",
  days: 3,
  periodsPerDay: 5,
  rooms: [
    { id: "a", capacity: 20 },
    { id: "b", capacity: 35 },
    { id: "hall", capacity: 30, shared: true },
  ],
  courses: [
    { id: "c1", teachers: ["t1"], lectures: 4, minWorkingDays: 3, students: 30, pairs: true },
    { id: "c2", teachers: ["t1", "t2"], lectures: 3, minWorkingDays: 2, students: 25 },
    { id: "c3", teachers: ["t3"], lectures: 3, minWorkingDays: 3, students: 15, pairs: true },
    { id: "c4", teachers: [], lectures: 2, minWorkingDays: 2, students: 40 },
  ],
  curricula: [
    { id: "q1", courses: ["c1", "c2"] },
    { id: "q2", courses: ["c2", "c3", "c4"], holes: true },
  ],
  unavailable: [
    { course: "c1", day: 0, period: 0 },
    { course: "c3", day: 2, period: 3 },
  ],
};

describe("State", () => {
  it("keeps the soft cost and the absence of hard violations equal to a full evaluation, move after move", () => {
    const problem = compile(instance);
    const courses: number[] = [];
    problem.lectures.forEach((n, c) => {
      for (let k = 0; k < n; k++) courses.push(c);
    });
    const state = new State(problem, Int32Array.from(courses), new Uint8Array(courses.length));
    const random = new Random(7);
    courses.forEach((_, l) => {
      state.add(l, random.int(problem.slots), random.int(problem.roomCount));
    });
    for (let step = 0; step < 1500; step++) {
      const l = random.int(courses.length);
      state.remove(l);
      // Now and then a lecture waits unplaced, in the virtual room.
      const room = random.int(10) === 0 ? state.virtualRoom : random.int(problem.roomCount);
      state.add(l, random.int(problem.slots), room);
      const placed = courses
        .map((course, i) => ({ course, room: state.room[i]!, slot: state.slot[i]! }))
        .filter((p) => p.room !== state.virtualRoom);
      const full = evaluatePlaced(problem, placed);
      expect(state.soft).toBe(full.soft.total);
      expect(state.hard === 0).toBe(full.hard.total === 0);
      expect(state.hard).toBeGreaterThanOrEqual(full.hard.total);
    }
  });
});
