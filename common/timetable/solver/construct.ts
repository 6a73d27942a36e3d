import type { State } from "./state.js";

/**
 * Places every lecture not placed yet, the most constrained course first (the fewest slots left where it
 * meets without a clash), each where it adds the least soft cost without a clash. A lecture with no
 * clash-free place waits in the virtual room for the repair phase.
 */
export function construct(state: State, pending: number[]): void {
  const { problem, slots, rooms } = state;
  const left = new Int32Array(problem.courseCount);
  const byCourse: number[][] = Array.from({ length: problem.courseCount }, () => []);
  for (const l of pending) {
    const c = state.lectureCourse[l]!;
    left[c]!++;
    byCourse[c]!.push(l);
  }
  const roomFree = new Uint8Array(slots);
  for (let placed = 0; placed < pending.length; placed++) {
    for (let s = 0; s < slots; s++) {
      roomFree[s] = 0;
      for (let r = 0; r < rooms; r++) {
        if (problem.shared[r] || state.roomLoad[r * slots + s] === 0) {
          roomFree[s] = 1;
          break;
        }
      }
    }
    let course = -1;
    let fewest = Number.POSITIVE_INFINITY;
    for (let c = 0; c < problem.courseCount; c++) {
      if (left[c] === 0) continue;
      let options = 0;
      for (let s = 0; s < slots; s++) if (roomFree[s] && state.clashFree(c, s)) options++;
      // Fewer options per lecture still to place is harder; ties go to the course with more lectures.
      const key = options / left[c]! - left[c]! * 1e-6;
      if (key < fewest) {
        fewest = key;
        course = c;
      }
    }
    const l = byCourse[course]!.pop()!;
    left[course]!--;
    let bestSlot = 0;
    let bestRoom = state.virtualRoom;
    let bestHard = Number.POSITIVE_INFINITY;
    let bestSoft = Number.POSITIVE_INFINITY;
    for (let s = 0; s < slots; s++) {
      if (!roomFree[s] || !state.clashFree(course, s)) continue;
      for (let r = 0; r < rooms; r++) {
        if (!problem.shared[r] && state.roomLoad[r * slots + s]! > 0) continue;
        const h0 = state.hard;
        const s0 = state.soft;
        state.add(l, s, r);
        const dh = state.hard - h0;
        const ds = state.soft - s0;
        state.remove(l);
        if (dh < bestHard || (dh === bestHard && ds < bestSoft)) {
          bestHard = dh;
          bestSoft = ds;
          bestSlot = s;
          bestRoom = r;
        }
      }
    }
    if (bestHard > 0) state.add(l, 0, state.virtualRoom);
    else state.add(l, bestSlot, bestRoom);
  }
}
