import { evaluatePlaced } from "../evaluate.js";
import {
  compile,
  conflictMatrix,
  courseOf,
  type Lecture,
  roomOf,
  slotOf,
  type TimetableInstance,
} from "../model.js";
import { type AnnealParameters, anneal, type Best, defaultParameters, record } from "./anneal.js";
import { construct } from "./construct.js";
import { Random } from "./random.js";
import { repair } from "./repair.js";
import { State } from "./state.js";
import type { SolveOptions, SolveResult } from "./types.js";

export type { SolveOptions, SolveProgress, SolveResult } from "./types.js";

/**
 * Builds a timetable: a greedy construction (most constrained course first), a repair phase if it left
 * clashes, then simulated annealing on the soft cost among clash-free timetables until the time is up.
 * Synchronous and CPU-bound: the school runs it in a worker thread.
 */
export function solve(
  instance: TimetableInstance,
  options: SolveOptions & { parameters?: Partial<AnnealParameters> },
): SolveResult {
  const started = performance.now();
  const parameters = { ...defaultParameters, ...options.parameters };
  const problem = compile(instance);
  const random = new Random(options.seed ?? 1);

  const lectureCourse: number[] = [];
  const fixedFlags: number[] = [];
  const fixedPlaces: { slot: number; room: number }[] = [];
  const fixedPerCourse = new Int32Array(problem.courseCount);
  for (const f of instance.fixed ?? []) {
    const c = courseOf(problem, f.course);
    fixedPerCourse[c]!++;
    lectureCourse.push(c);
    fixedFlags.push(1);
    fixedPlaces.push({
      slot: slotOf(problem, f.day, f.period, "fixed lecture"),
      room: roomOf(problem, f.room),
    });
  }
  for (let c = 0; c < problem.courseCount; c++) {
    for (let k = fixedPerCourse[c]!; k < problem.lectures[c]!; k++) {
      lectureCourse.push(c);
      fixedFlags.push(0);
    }
  }
  const state = new State(problem, Int32Array.from(lectureCourse), Uint8Array.from(fixedFlags));
  fixedPlaces.forEach((place, l) => {
    state.add(l, place.slot, place.room);
  });
  const pending: number[] = [];
  for (let l = fixedPlaces.length; l < state.lectureCount; l++) pending.push(l);
  construct(state, pending);

  const availabilityLists: number[][] = [];
  for (let c = 0; c < problem.courseCount; c++) {
    const list: number[] = [];
    for (let s = 0; s < problem.slots; s++) if (!problem.unavailable[c * problem.slots + s]) list.push(s);
    availabilityLists.push(list);
  }
  const availability = {
    start: new Int32Array(problem.courseCount + 1),
    items: Int32Array.from(availabilityLists.flat()),
  };
  availabilityLists.forEach((list, c) => {
    availability.start[c + 1] = availability.start[c]! + list.length;
  });

  const best: Best = {
    hard: 0,
    soft: 0,
    slot: new Int32Array(state.lectureCount),
    room: new Int32Array(state.lectureCount),
  };
  record(state, best);

  let lastProgress = Number.NEGATIVE_INFINITY;
  let stopped = false;
  const limits = {
    deadline: started + Math.max(0, options.seconds) * 1000,
    maxIterations: options.maxIterations ?? Number.POSITIVE_INFINITY,
    shouldStop: () => {
      if (options.shouldStop?.()) stopped = true;
      return stopped;
    },
    tick: (phase: string) => {
      if (!options.onProgress) return;
      const now = performance.now();
      if (now - lastProgress < 250) return;
      lastProgress = now;
      options.onProgress({ elapsedMs: Math.round(now - started), hard: best.hard, soft: best.soft, phase });
    },
  };
  const movable = Int32Array.from(pending);
  let iterations = 0;
  const conflicts = conflictMatrix(problem);
  if (state.hard > 0) {
    // Half the time at most: lectures that cannot be placed must not keep the rest from being improved.
    const repairLimits = { ...limits, deadline: started + (limits.deadline - started) / 2 };
    iterations = repair(state, movable, availability, conflicts, random, best, repairLimits, iterations);
  }
  if (!stopped) {
    // From the best timetable the repair found (the annealing accepts no new hard violation).
    for (const l of movable) state.remove(l);
    for (const l of movable) state.add(l, best.slot[l]!, best.room[l]!);
    iterations = anneal(
      state,
      movable,
      availability,
      conflicts,
      random,
      best,
      limits,
      parameters,
      iterations,
    );
  }

  const lectures: Lecture[] = [];
  const missing = new Int32Array(problem.courseCount);
  const placed: { course: number; room: number; slot: number }[] = [];
  for (let l = 0; l < state.lectureCount; l++) {
    const course = state.lectureCourse[l]!;
    const room = best.room[l]!;
    const slot = best.slot[l]!;
    if (room === state.virtualRoom) {
      missing[course]!++;
      continue;
    }
    placed.push({ course, room, slot });
    lectures.push({
      course: problem.courseIds[course]!,
      room: problem.roomIds[room]!,
      day: Math.floor(slot / problem.periodsPerDay),
      period: slot % problem.periodsPerDay,
    });
  }
  const unplaced: SolveResult["unplaced"] = [];
  missing.forEach((count, c) => {
    if (count > 0) unplaced.push({ course: problem.courseIds[c]!, missing: count });
  });
  const elapsedMs = Math.round(performance.now() - started);
  options.onProgress?.({ elapsedMs, hard: best.hard, soft: best.soft, phase: "done" });
  return { lectures, evaluation: evaluatePlaced(problem, placed), unplaced, stopped, elapsedMs, iterations };
}
