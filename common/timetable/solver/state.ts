import { holesOnDay, unpairedOnDay } from "../evaluate.js";
import { type Problem, WEIGHTS } from "../model.js";

/** Lists of lists as one offset array and one flat array (no per-lecture allocation in the search). */
function flatten(lists: number[][]): { start: Int32Array; items: Int32Array } {
  const start = new Int32Array(lists.length + 1);
  lists.forEach((list, i) => {
    start[i + 1] = start[i]! + list.length;
  });
  return { start, items: Int32Array.from(lists.flat()) };
}

/**
 * A timetable under search, with the occupancy counts that give the cost of a change by looking only at
 * what it touches. Every lecture sits in a room and a slot; the room index `roomCount` is a virtual room
 * holding the lectures not placed yet (each a hard violation).
 *
 * Hard violations here count pairs of lectures sharing a course, a teacher, a curriculum or an unshared
 * room in one slot (two courses sharing a teacher and a curriculum count twice), plus unavailable and
 * unplaced lectures: zero exactly when the competition's hard count is zero.
 */
export class State {
  readonly problem: Problem;
  readonly slots: number;
  readonly rooms: number;
  readonly virtualRoom: number;
  readonly lectureCount: number;
  readonly lectureCourse: Int32Array;
  readonly fixed: Uint8Array;
  readonly slot: Int32Array;
  readonly room: Int32Array;
  /** roomOccupant[room * slots + slot]: a lecture in that unshared room then, or -1. */
  readonly roomOccupant: Int32Array;
  readonly roomLoad: Int32Array;
  readonly courseSlot: Int32Array;
  readonly teacherSlot: Int32Array;
  readonly curriculumSlot: Int32Array;
  readonly courseDay: Int32Array;
  readonly courseDays: Int32Array;
  readonly courseRoom: Int32Array;
  readonly courseRooms: Int32Array;
  readonly courseUnpaired: Int32Array;
  readonly slotDay: Int32Array;
  private readonly slotPeriod: Int32Array;
  /** Placed lectures of each slot: slotLectures[slot * lectureCount + i] for i < slotSize[slot]. */
  readonly slotLectures: Int32Array;
  readonly slotSize: Int32Array;
  private readonly positionInSlot: Int32Array;
  private readonly teachers: { start: Int32Array; items: Int32Array };
  private readonly curricula: { start: Int32Array; items: Int32Array };
  hard = 0;
  soft = 0;

  constructor(problem: Problem, lectureCourse: Int32Array, fixed: Uint8Array) {
    this.problem = problem;
    const { slots, roomCount, courseCount, days } = problem;
    this.slots = slots;
    this.rooms = roomCount;
    this.virtualRoom = roomCount;
    this.lectureCount = lectureCourse.length;
    this.lectureCourse = lectureCourse;
    this.fixed = fixed;
    this.slot = new Int32Array(this.lectureCount).fill(-1);
    this.room = new Int32Array(this.lectureCount).fill(-1);
    this.roomOccupant = new Int32Array(roomCount * slots).fill(-1);
    this.roomLoad = new Int32Array(roomCount * slots);
    this.courseSlot = new Int32Array(courseCount * slots);
    this.teacherSlot = new Int32Array(problem.teacherCount * slots);
    this.curriculumSlot = new Int32Array(problem.curriculumCount * slots);
    this.courseDay = new Int32Array(courseCount * days);
    this.courseDays = new Int32Array(courseCount);
    this.courseRoom = new Int32Array(courseCount * roomCount);
    this.courseRooms = new Int32Array(courseCount);
    this.courseUnpaired = new Int32Array(courseCount);
    this.slotDay = Int32Array.from({ length: slots }, (_, s) => Math.floor(s / problem.periodsPerDay));
    this.slotPeriod = Int32Array.from({ length: slots }, (_, s) => s % problem.periodsPerDay);
    this.slotLectures = new Int32Array(slots * this.lectureCount);
    this.slotSize = new Int32Array(slots);
    this.positionInSlot = new Int32Array(this.lectureCount);
    this.teachers = flatten(problem.courseTeachers);
    this.curricula = flatten(problem.courseCurricula);
    for (let c = 0; c < courseCount; c++) {
      this.soft += WEIGHTS.minWorkingDays * Math.max(0, problem.minWorkingDays[c]!);
    }
  }

  /** Puts lecture `l` (not placed) in `room` at `slot`, updating the counts and the cost. */
  add(l: number, slot: number, room: number): void {
    this.slot[l] = slot;
    this.room[l] = room;
    if (room === this.virtualRoom) {
      this.hard++;
      return;
    }
    const p = this.problem;
    const S = this.slots;
    const c = this.lectureCourse[l]!;
    const size = this.slotSize[slot]!;
    this.slotLectures[slot * this.lectureCount + size] = l;
    this.positionInSlot[l] = size;
    this.slotSize[slot] = size + 1;
    if (!p.shared[room]) {
      const k = room * S + slot;
      const n = this.roomLoad[k]!;
      this.hard += n;
      this.roomLoad[k] = n + 1;
      if (n === 0) this.roomOccupant[k] = l;
    }
    const over = p.students[c]! - p.capacity[room]!;
    if (over > 0) this.soft += over * WEIGHTS.roomCapacity;
    const cr = c * this.rooms + room;
    if (this.courseRoom[cr]!++ === 0 && this.courseRooms[c]!++ >= 1) this.soft += WEIGHTS.roomStability;

    const cs = c * S + slot;
    this.hard += this.courseSlot[cs]! + p.unavailable[cs]!;
    const day = this.slotDay[slot]!;
    if (p.pairs[c]) {
      const before = this.pairsCost(c);
      this.courseUnpaired[c]! -= unpairedOnDay(this.courseSlot, c * S, day, p.periodsPerDay);
      this.courseSlot[cs]!++;
      this.courseUnpaired[c]! += unpairedOnDay(this.courseSlot, c * S, day, p.periodsPerDay);
      this.soft += (this.pairsCost(c) - before) * WEIGHTS.pairs;
    } else {
      this.courseSlot[cs]!++;
    }
    const t = this.teachers;
    for (let i = t.start[c]!, end = t.start[c + 1]!; i < end; i++) {
      const k = t.items[i]! * S + slot;
      this.hard += this.teacherSlot[k]!;
      this.teacherSlot[k]!++;
    }
    const q = this.curricula;
    for (let i = q.start[c]!, end = q.start[c + 1]!; i < end; i++) {
      const base = q.items[i]! * S;
      const n = this.curriculumSlot[base + slot]!;
      this.hard += n;
      this.soft += this.isolationAdded(base, slot, n) * WEIGHTS.curriculumCompactness;
      if (n === 0 && p.curriculumHoles[q.items[i]!]) {
        const before = holesOnDay(this.curriculumSlot, base, day, p.periodsPerDay);
        this.curriculumSlot[base + slot] = 1;
        this.soft += (holesOnDay(this.curriculumSlot, base, day, p.periodsPerDay) - before) * WEIGHTS.holes;
      } else {
        this.curriculumSlot[base + slot] = n + 1;
      }
    }
    const cd = c * p.days + day;
    if (this.courseDay[cd]!++ === 0 && this.courseDays[c]!++ < p.minWorkingDays[c]!) {
      this.soft -= WEIGHTS.minWorkingDays;
    }
  }

  /** Takes lecture `l` out of its room and slot (the inverse of `add`). */
  remove(l: number): void {
    const slot = this.slot[l]!;
    const room = this.room[l]!;
    this.slot[l] = -1;
    this.room[l] = -1;
    if (room === this.virtualRoom) {
      this.hard--;
      return;
    }
    const p = this.problem;
    const S = this.slots;
    const c = this.lectureCourse[l]!;
    const last = --this.slotSize[slot]!;
    const moved = this.slotLectures[slot * this.lectureCount + last]!;
    this.slotLectures[slot * this.lectureCount + this.positionInSlot[l]!] = moved;
    this.positionInSlot[moved] = this.positionInSlot[l]!;
    if (!p.shared[room]) {
      const k = room * S + slot;
      const n = --this.roomLoad[k]!;
      this.hard -= n;
      if (this.roomOccupant[k] === l) this.roomOccupant[k] = n === 0 ? -1 : this.findOccupant(room, slot);
    }
    const over = p.students[c]! - p.capacity[room]!;
    if (over > 0) this.soft -= over * WEIGHTS.roomCapacity;
    const cr = c * this.rooms + room;
    if (--this.courseRoom[cr]! === 0 && --this.courseRooms[c]! >= 1) this.soft -= WEIGHTS.roomStability;

    const cs = c * S + slot;
    const day = this.slotDay[slot]!;
    if (p.pairs[c]) {
      const before = this.pairsCost(c);
      this.courseUnpaired[c]! -= unpairedOnDay(this.courseSlot, c * S, day, p.periodsPerDay);
      this.courseSlot[cs]!--;
      this.courseUnpaired[c]! += unpairedOnDay(this.courseSlot, c * S, day, p.periodsPerDay);
      this.soft += (this.pairsCost(c) - before) * WEIGHTS.pairs;
    } else {
      this.courseSlot[cs]!--;
    }
    this.hard -= this.courseSlot[cs]! + p.unavailable[cs]!;
    const t = this.teachers;
    for (let i = t.start[c]!, end = t.start[c + 1]!; i < end; i++) {
      const k = t.items[i]! * S + slot;
      this.teacherSlot[k]!--;
      this.hard -= this.teacherSlot[k]!;
    }
    const q = this.curricula;
    for (let i = q.start[c]!, end = q.start[c + 1]!; i < end; i++) {
      const base = q.items[i]! * S;
      const n = this.curriculumSlot[base + slot]! - 1;
      if (n === 0 && p.curriculumHoles[q.items[i]!]) {
        const before = holesOnDay(this.curriculumSlot, base, day, p.periodsPerDay);
        this.curriculumSlot[base + slot] = 0;
        this.soft += (holesOnDay(this.curriculumSlot, base, day, p.periodsPerDay) - before) * WEIGHTS.holes;
      } else {
        this.curriculumSlot[base + slot] = n;
      }
      this.hard -= n;
      this.soft -= this.isolationAdded(base, slot, n) * WEIGHTS.curriculumCompactness;
    }
    const cd = c * p.days + day;
    if (--this.courseDay[cd]! === 0 && --this.courseDays[c]! < p.minWorkingDays[c]!) {
      this.soft += WEIGHTS.minWorkingDays;
    }
  }

  /**
   * How many more isolated lectures one curriculum has when its count in `slot` goes from n to n + 1 (the
   * neighbours' counts unchanged): the new lecture may be isolated, and a first lecture in the slot ends the
   * isolation of the neighbours'.
   */
  private isolationAdded(base: number, slot: number, n: number): number {
    const counts = this.curriculumSlot;
    const p = this.slotPeriod[slot]!;
    const last = this.problem.periodsPerDay - 1;
    const left = p > 0 ? counts[base + slot - 1]! : 0;
    const right = p < last ? counts[base + slot + 1]! : 0;
    let change = left === 0 && right === 0 ? 1 : 0;
    if (n > 0) return change;
    if (left > 0 && (p < 2 || counts[base + slot - 2] === 0)) change -= left;
    if (right > 0 && (p > last - 2 || counts[base + slot + 2] === 0)) change -= right;
    return change;
  }

  private pairsCost(c: number): number {
    return Math.max(0, this.courseUnpaired[c]! - (this.problem.lectures[c]! & 1));
  }

  /** Only when fixed lectures already share an unshared room (the data's own clash). */
  private findOccupant(room: number, slot: number): number {
    for (let l = 0; l < this.lectureCount; l++) if (this.room[l] === room && this.slot[l] === slot) return l;
    return -1;
  }

  /** True when lecture `l`'s course could meet in `slot` without any hard violation (rooms aside). */
  clashFree(c: number, slot: number): boolean {
    const p = this.problem;
    const S = this.slots;
    if (this.courseSlot[c * S + slot]! > 0 || p.unavailable[c * S + slot]) return false;
    const t = this.teachers;
    for (let i = t.start[c]!, end = t.start[c + 1]!; i < end; i++) {
      if (this.teacherSlot[t.items[i]! * S + slot]! > 0) return false;
    }
    const q = this.curricula;
    for (let i = q.start[c]!, end = q.start[c + 1]!; i < end; i++) {
      if (this.curriculumSlot[q.items[i]! * S + slot]! > 0) return false;
    }
    return true;
  }
}
