import { KempeChains } from "./kempe.js";
import type { Random } from "./random.js";
import type { State } from "./state.js";

export type SearchLimits = {
  /** performance.now() when the search must end. */
  deadline: number;
  maxIterations: number;
  shouldStop: () => boolean;
  tick: (phase: string, iterations: number) => void;
};

export type Best = { hard: number; soft: number; slot: Int32Array; room: Int32Array };

export type AnnealParameters = {
  /** Temperatures at the start and at the end of the soft phase (geometric in between, by time). */
  startTemperature: number;
  endTemperature: number;
  /** Chance that a move keeps the lecture's room (helps room stability). */
  sameRoom: number;
  /** Share of moves that are Kempe chains between two slots. */
  kempe: number;
};

export const defaultParameters: AnnealParameters = {
  startTemperature: 10,
  endTemperature: 0.03,
  sameRoom: 0.5,
  kempe: 0.25,
};

function lecturesByCourse(state: State): { start: Int32Array; items: Int32Array } {
  const start = new Int32Array(state.problem.courseCount + 1);
  for (let l = 0; l < state.lectureCount; l++) start[state.lectureCourse[l]! + 1]!++;
  for (let c = 0; c < state.problem.courseCount; c++) start[c + 1]! += start[c]!;
  const fill = start.slice(0, state.problem.courseCount);
  const items = new Int32Array(state.lectureCount);
  for (let l = 0; l < state.lectureCount; l++) items[fill[state.lectureCourse[l]!]!++] = l;
  return { start, items };
}

/** Slots where each course may meet, as offsets into one array. */
export type Availability = { start: Int32Array; items: Int32Array };

export function record(state: State, best: Best): void {
  best.hard = state.hard;
  best.soft = state.soft;
  best.slot.set(state.slot);
  best.room.set(state.room);
}

export function better(state: State, best: Best): boolean {
  return state.hard < best.hard || (state.hard === best.hard && state.soft < best.soft);
}

/**
 * Simulated annealing over "move a lecture to another slot and room, swapping with the lecture there".
 * among clash-free timetables (a move adding a hard violation is refused). Returns the iterations done.
 */
export function anneal(
  state: State,
  movable: Int32Array,
  availability: Availability,
  conflicts: Uint8Array,
  random: Random,
  best: Best,
  limits: SearchLimits,
  parameters: AnnealParameters,
  startIterations: number,
): number {
  const { slots, rooms, lectureCourse, fixed, roomLoad, roomOccupant } = state;
  const { shared, courseCount } = state.problem;
  const moves = movable.length;
  const kempe = new KempeChains(state, conflicts);
  const pairs = state.problem.pairs;
  const sameCourse = lecturesByCourse(state);
  let iterations = startIterations;
  if (moves === 0 || rooms === 0) return iterations;
  const phaseStart = performance.now();
  const span = Math.max(1, limits.deadline - phaseStart);
  const iterationSpan = Math.max(1, limits.maxIterations - startIterations);
  const ratio = parameters.endTemperature / parameters.startTemperature;
  let temperature = parameters.startTemperature;
  for (;;) {
    if ((iterations & 255) === 0) {
      const now = performance.now();
      // A cost of zero cannot be bettered: the rest of the time would be spent for nothing.
      const optimal = best.hard === 0 && best.soft === 0;
      if (optimal || now >= limits.deadline || iterations >= limits.maxIterations || limits.shouldStop()) {
        return iterations;
      }
      limits.tick("anneal", iterations);
      const progress = Math.max((now - phaseStart) / span, (iterations - startIterations) / iterationSpan);
      temperature = parameters.startTemperature * ratio ** progress;
    }
    iterations++;
    const l = movable[random.int(moves)]!;
    const c = lectureCourse[l]!;
    const fromSlot = state.slot[l]!;
    const fromRoom = state.room[l]!;
    const first = availability.start[c]!;
    const count = availability.start[c + 1]! - first;
    let toSlot = count > 0 ? availability.items[first + random.int(count)]! : random.int(slots);
    if (pairs[c] && random.next() < 0.5) {
      // Next to another lecture of the course, to form a block of two.
      const size = sameCourse.start[c + 1]! - sameCourse.start[c]!;
      const m = sameCourse.items[sameCourse.start[c]! + random.int(size)]!;
      const beside = state.slot[m]! + (random.next() < 0.5 ? -1 : 1);
      if (m === l || state.room[m] === state.virtualRoom || beside < 0 || beside >= slots) continue;
      if (state.slotDay[beside] !== state.slotDay[state.slot[m]!]) continue;
      toSlot = beside;
    }
    if (random.next() < parameters.kempe) {
      const hard0 = state.hard;
      const soft0 = state.soft;
      if (!kempe.apply(l, toSlot)) continue;
      const dh = state.hard - hard0;
      const ds = state.soft - soft0;
      if (dh <= 0 && (ds <= 0 || random.next() < Math.exp(-ds / temperature))) {
        if (better(state, best)) record(state, best);
      } else {
        kempe.revert();
      }
      continue;
    }
    const toRoom = fromRoom < rooms && random.next() < parameters.sameRoom ? fromRoom : random.int(rooms);
    if (toSlot === fromSlot && toRoom === fromRoom) continue;
    let other = -1;
    if (!shared[toRoom]) {
      const k = toRoom * slots + toSlot;
      const load = roomLoad[k]!;
      if (load > 1) continue;
      if (load === 1) {
        other = roomOccupant[k]!;
        if (fixed[other] || lectureCourse[other] === c) continue;
      }
    }
    // Most moves would clash: refuse them before touching the state when the check is exact without it
    // (a lone move, or a swap of courses that may meet at once). An unplaced lecture is checked even in its
    // own slot: placing it must not trade "unplaced" for a clash or an unavailable slot.
    if (toSlot !== fromSlot || fromRoom === state.virtualRoom) {
      if (other < 0) {
        if (!state.clashFree(c, toSlot)) continue;
      } else if (conflicts[c * courseCount + lectureCourse[other]!] === 0) {
        if (!state.clashFree(c, toSlot) || !state.clashFree(lectureCourse[other]!, fromSlot)) continue;
      }
    }
    const hard0 = state.hard;
    const soft0 = state.soft;
    state.remove(l);
    if (other >= 0) state.remove(other);
    state.add(l, toSlot, toRoom);
    if (other >= 0) state.add(other, fromSlot, fromRoom);
    const dh = state.hard - hard0;
    const ds = state.soft - soft0;
    if (dh <= 0 && (ds <= 0 || random.next() < Math.exp(-ds / temperature))) {
      if (better(state, best)) record(state, best);
    } else {
      state.remove(l);
      if (other >= 0) state.remove(other);
      state.add(l, fromSlot, fromRoom);
      if (other >= 0) state.add(other, toSlot, toRoom);
    }
  }
}
