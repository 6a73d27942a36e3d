import {
  compile,
  conflictMatrix,
  courseOf,
  type Evaluation,
  type Lecture,
  type Problem,
  roomOf,
  slotOf,
  type TimetableInstance,
  WEIGHTS,
} from "./model.js";

/**
 * Judges a timetable by the ITC-2007 rules (plus the school's `pairs` and `holes`). `lectures` is the whole timetable;
 * fixed lectures of the instance missing from it are added, as they stay where they are.
 */
export function evaluate(instance: TimetableInstance, lectures: Lecture[]): Evaluation {
  const problem = compile(instance);
  return evaluatePlaced(problem, place(problem, withFixed(instance, lectures)));
}

type Placed = { course: number; room: number; slot: number };

function withFixed(instance: TimetableInstance, lectures: Lecture[]): Lecture[] {
  const key = (l: Lecture) => `${l.course}\u0000${l.room}\u0000${l.day}\u0000${l.period}`;
  const present = new Map<string, number>();
  for (const l of lectures) present.set(key(l), (present.get(key(l)) ?? 0) + 1);
  const all = [...lectures];
  for (const f of instance.fixed ?? []) {
    const left = present.get(key(f)) ?? 0;
    if (left > 0) present.set(key(f), left - 1);
    else all.push(f);
  }
  return all;
}

function place(problem: Problem, lectures: Lecture[]): Placed[] {
  return lectures.map((l) => ({
    course: courseOf(problem, l.course),
    room: roomOf(problem, l.room),
    slot: slotOf(problem, l.day, l.period),
  }));
}

/** Unplaced lectures per course (index → missing), surplus lectures counted as unplaced too. */
export function evaluatePlaced(problem: Problem, lectures: Placed[]): Evaluation {
  const { slots, courseCount, roomCount, periodsPerDay, days } = problem;
  const perCourse = new Int32Array(courseCount);
  const courseSlot = new Int32Array(courseCount * slots);
  const roomSlot = new Int32Array(roomCount * slots);
  const courseDay = new Int32Array(courseCount * days);
  const courseRoom = new Int32Array(courseCount * roomCount);
  const curriculumSlot = new Int32Array(problem.curriculumCount * slots);
  let availability = 0;
  let roomCapacity = 0;
  for (const l of lectures) {
    perCourse[l.course]!++;
    courseSlot[l.course * slots + l.slot]!++;
    roomSlot[l.room * slots + l.slot]!++;
    courseDay[l.course * days + Math.floor(l.slot / periodsPerDay)]!++;
    courseRoom[l.course * roomCount + l.room]!++;
    for (const q of problem.courseCurricula[l.course]!) curriculumSlot[q * slots + l.slot]!++;
    if (problem.unavailable[l.course * slots + l.slot]) availability++;
    roomCapacity += Math.max(0, problem.students[l.course]! - problem.capacity[l.room]!);
  }

  let unplaced = 0;
  for (let c = 0; c < courseCount; c++) unplaced += Math.abs(problem.lectures[c]! - perCourse[c]!);

  // Conflicts: each pair of lectures in one period whose courses may not meet at once.
  const conflict = conflictMatrix(problem);
  let conflicts = 0;
  for (let s = 0; s < slots; s++) {
    for (let a = 0; a < courseCount; a++) {
      const na = courseSlot[a * slots + s]!;
      if (na === 0) continue;
      conflicts += (na * (na - 1)) / 2;
      for (let b = a + 1; b < courseCount; b++) {
        if (conflict[a * courseCount + b]) conflicts += na * courseSlot[b * slots + s]!;
      }
    }
  }

  let roomOccupancy = 0;
  for (let r = 0; r < roomCount; r++) {
    if (problem.shared[r]) continue;
    for (let s = 0; s < slots; s++) roomOccupancy += Math.max(0, roomSlot[r * slots + s]! - 1);
  }

  let minWorkingDays = 0;
  let roomStability = 0;
  let pairs = 0;
  for (let c = 0; c < courseCount; c++) {
    let daysUsed = 0;
    for (let d = 0; d < days; d++) if (courseDay[c * days + d]! > 0) daysUsed++;
    minWorkingDays += Math.max(0, problem.minWorkingDays[c]! - daysUsed);
    let rooms = 0;
    for (let r = 0; r < roomCount; r++) if (courseRoom[c * roomCount + r]! > 0) rooms++;
    roomStability += Math.max(0, rooms - 1);
    if (problem.pairs[c])
      pairs += pairsCost(courseSlot, c * slots, days, periodsPerDay, problem.lectures[c]!);
  }

  let curriculumCompactness = 0;
  let holes = 0;
  for (let q = 0; q < problem.curriculumCount; q++) {
    for (let s = 0; s < slots; s++)
      curriculumCompactness += isolated(curriculumSlot, q * slots, s, periodsPerDay);
    if (problem.curriculumHoles[q])
      for (let d = 0; d < days; d++) holes += holesOnDay(curriculumSlot, q * slots, d, periodsPerDay);
  }

  const hard = { unplaced, conflicts, roomOccupancy, availability, total: 0 };
  hard.total = unplaced + conflicts + roomOccupancy + availability;
  const soft = {
    roomCapacity: roomCapacity * WEIGHTS.roomCapacity,
    minWorkingDays: minWorkingDays * WEIGHTS.minWorkingDays,
    curriculumCompactness: curriculumCompactness * WEIGHTS.curriculumCompactness,
    roomStability: roomStability * WEIGHTS.roomStability,
    pairs: pairs * WEIGHTS.pairs,
    holes: holes * WEIGHTS.holes,
    total: 0,
  };
  soft.total =
    soft.roomCapacity +
    soft.minWorkingDays +
    soft.curriculumCompactness +
    soft.roomStability +
    soft.pairs +
    soft.holes;
  return { hard, soft };
}

/**
 * Lectures of a curriculum in period `s` with none of the curriculum in the periods just before and after
 * on the same day (the competition's validator counts every lecture of such a period).
 */
export function isolated(counts: Int32Array, base: number, s: number, periodsPerDay: number): number {
  const n = counts[base + s]!;
  if (n === 0) return 0;
  const p = s % periodsPerDay;
  if (p > 0 && counts[base + s - 1]! > 0) return 0;
  if (p < periodsPerDay - 1 && counts[base + s + 1]! > 0) return 0;
  return n;
}

/** Lectures of one day not in a block of two consecutive periods: the runs of odd length. */
export function unpairedOnDay(counts: Int32Array, base: number, day: number, periodsPerDay: number): number {
  let unpaired = 0;
  let run = 0;
  const start = base + day * periodsPerDay;
  for (let p = 0; p < periodsPerDay; p++) {
    if (counts[start + p]! > 0) run++;
    else {
      unpaired += run & 1;
      run = 0;
    }
  }
  return unpaired + (run & 1);
}

/** Empty periods of one day between the first and the last busy one (none when the day has no lecture). */
export function holesOnDay(counts: Int32Array, base: number, day: number, periodsPerDay: number): number {
  const start = base + day * periodsPerDay;
  let first = -1;
  let last = -1;
  let busy = 0;
  for (let p = 0; p < periodsPerDay; p++) {
    if (counts[start + p]! === 0) continue;
    if (first < 0) first = p;
    last = p;
    busy++;
  }
  return first < 0 ? 0 : last - first + 1 - busy;
}

/** The pairs cost of one course: its unpaired lectures beyond the one an odd number of lectures forces. */
export function pairsCost(
  counts: Int32Array,
  base: number,
  days: number,
  periodsPerDay: number,
  lectures: number,
): number {
  let unpaired = 0;
  for (let d = 0; d < days; d++) unpaired += unpairedOnDay(counts, base, d, periodsPerDay);
  return Math.max(0, unpaired - (lectures & 1));
}
