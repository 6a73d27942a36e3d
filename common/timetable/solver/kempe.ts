import type { State } from "./state.js";

/**
 * Kempe-chain moves: lecture l goes from its slot to another, every lecture of the other slot that would
 * clash with it comes back the other way, and so on until the two groups no longer clash with each other.
 * Clash-free timetables stay clash-free (bar unavailability, checked first); rooms are kept where free, else
 * the free room that fits the course best is taken.
 */
export class KempeChains {
  private readonly chain: Int32Array;
  private readonly previousSlot: Int32Array;
  private readonly previousRoom: Int32Array;
  private readonly inChain: Uint8Array;
  private readonly side: Int32Array;
  private size = 0;

  constructor(
    private readonly state: State,
    private readonly conflicts: Uint8Array,
  ) {
    const n = state.lectureCount;
    this.chain = new Int32Array(n);
    this.previousSlot = new Int32Array(n);
    this.previousRoom = new Int32Array(n);
    this.inChain = new Uint8Array(n);
    this.side = new Int32Array(n);
  }

  /** Swaps the chain of `l` between its slot and `to`; false (nothing changed) when it cannot. */
  apply(l: number, to: number): boolean {
    const state = this.state;
    const { lectureCourse, virtualRoom, fixed } = state;
    const { courseCount, unavailable, shared, students, capacity } = state.problem;
    const slots = state.slots;
    const from = state.slot[l]!;
    if (from === to || state.room[l] === virtualRoom) return false;
    // Lectures of the two slots (side: the slot they are in).
    let sideCount = 0;
    for (let i = 0, n = state.slotSize[from]!; i < n; i++) {
      this.side[sideCount++] = state.slotLectures[from * state.lectureCount + i]!;
    }
    for (let i = 0, n = state.slotSize[to]!; i < n; i++) {
      this.side[sideCount++] = state.slotLectures[to * state.lectureCount + i]!;
    }
    this.size = 0;
    this.chain[this.size++] = l;
    this.inChain[l] = 1;
    let ok = true;
    for (let head = 0; head < this.size && ok; head++) {
      const x = this.chain[head]!;
      const xs = state.slot[x]!;
      const cx = lectureCourse[x]!;
      for (let k = 0; k < sideCount; k++) {
        const y = this.side[k]!;
        if (this.inChain[y] || state.slot[y] === xs) continue;
        if (this.conflicts[cx * courseCount + lectureCourse[y]!] !== 1) continue;
        if (fixed[y]) {
          ok = false;
          break;
        }
        this.chain[this.size++] = y;
        this.inChain[y] = 1;
      }
    }
    if (ok) {
      for (let i = 0; i < this.size; i++) {
        const x = this.chain[i]!;
        const target = state.slot[x] === from ? to : from;
        if (unavailable[lectureCourse[x]! * slots + target]) {
          ok = false;
          break;
        }
      }
    }
    if (!ok) {
      for (let i = 0; i < this.size; i++) this.inChain[this.chain[i]!] = 0;
      return false;
    }
    for (let i = 0; i < this.size; i++) {
      const x = this.chain[i]!;
      this.previousSlot[i] = state.slot[x]!;
      this.previousRoom[i] = state.room[x]!;
      state.remove(x);
    }
    let placed = 0;
    for (; placed < this.size; placed++) {
      const x = this.chain[placed]!;
      const target = this.previousSlot[placed] === from ? to : from;
      let room = this.previousRoom[placed]!;
      if (!shared[room] && state.roomLoad[room * slots + target]! > 0) {
        room = -1;
        let fit = Number.POSITIVE_INFINITY;
        const c = lectureCourse[x]!;
        for (let r = 0; r < state.rooms; r++) {
          if (!shared[r] && state.roomLoad[r * slots + target]! > 0) continue;
          // Best fit: no students over, then a room the course already uses.
          const over =
            Math.max(0, students[c]! - capacity[r]!) + (state.courseRoom[c * state.rooms + r]! > 0 ? 0 : 0.5);
          if (over < fit) {
            fit = over;
            room = r;
          }
        }
        if (room < 0) break;
      }
      state.add(x, target, room);
    }
    if (placed < this.size) {
      for (let i = 0; i < placed; i++) state.remove(this.chain[i]!);
      this.restore();
      return false;
    }
    for (let i = 0; i < this.size; i++) this.inChain[this.chain[i]!] = 0;
    return true;
  }

  /** Undoes the last successful `apply`. */
  revert(): void {
    for (let i = 0; i < this.size; i++) this.state.remove(this.chain[i]!);
    this.restore();
  }

  private restore(): void {
    for (let i = 0; i < this.size; i++) {
      const x = this.chain[i]!;
      this.state.add(x, this.previousSlot[i]!, this.previousRoom[i]!);
      this.inChain[x] = 0;
    }
  }
}
