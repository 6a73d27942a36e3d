import type { Availability, Best, SearchLimits } from "./anneal.js";
import { better, record } from "./anneal.js";
import type { Random } from "./random.js";
import type { State } from "./state.js";

/**
 * Places the lectures left in the virtual room by iterative forward search with conflict statistics (as in
 * T. Müller's ITC-2007 solver): take an unplaced lecture, put it where it clashes with the fewest lectures,
 * weighing each by how often it was already sent away from there, and send those back to the virtual room.
 * Placed lectures stay clash-free throughout, so the hard count is the number of unplaced lectures.
 * Returns the iterations done.
 */
export function repair(
  state: State,
  movable: Int32Array,
  availability: Availability,
  conflicts: Uint8Array,
  random: Random,
  best: Best,
  limits: SearchLimits,
  startIterations: number,
): number {
  const { slots, rooms, lectureCourse, virtualRoom, roomLoad, roomOccupant, fixed } = state;
  const { courseCount, shared, students, capacity } = state.problem;
  const lectureCount = state.lectureCount;
  /** ejected[l * slots + s]: how many times lecture l was sent away from slot s. */
  const ejected = new Float64Array(lectureCount * slots);
  const bucketStart = new Int32Array(slots + 1);
  const bucket = new Int32Array(lectureCount);
  const waiting: number[] = [];
  let iterations = startIterations;
  for (;;) {
    waiting.length = 0;
    for (const l of movable) if (state.room[l] === virtualRoom) waiting.push(l);
    if (waiting.length === 0 || rooms === 0) return iterations;
    if ((iterations & 15) === 0) {
      if (performance.now() >= limits.deadline || iterations >= limits.maxIterations || limits.shouldStop()) {
        return iterations;
      }
      limits.tick("repair", iterations);
    }
    iterations++;
    // Placed lectures by slot.
    bucketStart.fill(0);
    for (let m = 0; m < lectureCount; m++)
      if (state.room[m] !== virtualRoom) bucketStart[state.slot[m]! + 1]!++;
    for (let s = 0; s < slots; s++) bucketStart[s + 1]! += bucketStart[s]!;
    const fill = bucketStart.slice(0, slots);
    for (let m = 0; m < lectureCount; m++)
      if (state.room[m] !== virtualRoom) bucket[fill[state.slot[m]!]!++] = m;

    const l = waiting[random.int(waiting.length)]!;
    const c = lectureCourse[l]!;
    let bestKey = Number.POSITIVE_INFINITY;
    let bestSlot = -1;
    let bestRoom = -1;
    for (let i = availability.start[c]!, end = availability.start[c + 1]!; i < end; i++) {
      const s = availability.items[i]!;
      let cost = 0;
      let blocked = 0;
      for (let k = bucketStart[s]!; k < bucketStart[s + 1]!; k++) {
        const m = bucket[k]!;
        if (conflicts[c * courseCount + lectureCourse[m]!] !== 1) continue;
        if (fixed[m]) blocked = 1;
        cost += 1 + ejected[m * slots + s]!;
      }
      if (blocked) continue;
      cost += ejected[l * slots + s]! * 0.5;
      for (let r = 0; r < rooms; r++) {
        let key = cost + random.next() * 0.5 + Math.max(0, students[c]! - capacity[r]!) * 0.001;
        if (!shared[r] && roomLoad[r * slots + s]! > 0) {
          const o = roomOccupant[r * slots + s]!;
          if (roomLoad[r * slots + s]! > 1 || fixed[o]) continue;
          if (conflicts[c * courseCount + lectureCourse[o]!] !== 1) key += 1 + ejected[o * slots + s]!;
        }
        if (key < bestKey) {
          bestKey = key;
          bestSlot = s;
          bestRoom = r;
        }
      }
    }
    if (bestSlot < 0) continue;
    // Send back every lecture the new one clashes with: a shared course, teacher or curriculum, or its room.
    for (let k = bucketStart[bestSlot]!; k < bucketStart[bestSlot + 1]!; k++) {
      const m = bucket[k]!;
      const clash =
        conflicts[c * courseCount + lectureCourse[m]!] === 1 ||
        (state.room[m] === bestRoom && !shared[bestRoom]);
      if (!clash) continue;
      state.remove(m);
      state.add(m, bestSlot, virtualRoom);
      ejected[m * slots + bestSlot]!++;
    }
    state.remove(l);
    state.add(l, bestSlot, bestRoom);
    if (better(state, best)) record(state, best);
  }
}
