/** Days and periods are counted from 0. Ids are strings (ITC ids; the school uses String(db id)). */
export type TimetableInstance = {
  name: string;
  days: number;
  periodsPerDay: number;
  rooms: {
    id: string;
    capacity: number;
    /** hosts several lectures at once (classrooms.multiple_sections) */
    shared?: boolean;
  }[];
  courses: {
    id: string;
    /** Zero (no teacher yet), one (ITC) or several teachers; each is busy in every lecture of the course. */
    teachers: string[];
    lectures: number;
    minWorkingDays: number;
    students: number;
    /** School preference: lectures in blocks of 2 consecutive periods on a day (soft). ITC: absent. */
    pairs?: boolean;
  }[];
  curricula: {
    id: string;
    courses: string[];
    /** School preference: no empty period between a day's first and last lecture (soft). ITC: absent. */
    holes?: boolean;
  }[];
  /** Course (its teachers' unavailability folded in by the caller) cannot meet then. Hard. */
  unavailable: { course: string; day: number; period: number }[];
  /** Lectures already placed that must stay (they count among their course's lectures). */
  fixed?: { course: string; room: string; day: number; period: number }[];
};

export type Lecture = { course: string; room: string; day: number; period: number };

export type Evaluation = {
  hard: { unplaced: number; conflicts: number; roomOccupancy: number; availability: number; total: number };
  soft: {
    roomCapacity: number;
    minWorkingDays: number;
    curriculumCompactness: number;
    roomStability: number;
    pairs: number;
    holes: number;
    total: number;
  };
};

/**
 * ITC-2007 weights of the soft constraints; pairs (1 per lecture) and holes (1 per empty period) are the
 * school's own.
 */
export const WEIGHTS = {
  roomCapacity: 1,
  minWorkingDays: 5,
  curriculumCompactness: 2,
  roomStability: 1,
  pairs: 1,
  holes: 1,
};

/**
 * The instance with every id turned into an index, as the evaluator and the solver read it.
 * Periods of the week ("slots") are numbered day * periodsPerDay + period.
 */
export type Problem = {
  days: number;
  periodsPerDay: number;
  slots: number;
  roomCount: number;
  roomIds: string[];
  capacity: Int32Array;
  shared: Uint8Array;
  courseCount: number;
  courseIds: string[];
  lectures: Int32Array;
  minWorkingDays: Int32Array;
  students: Int32Array;
  pairs: Uint8Array;
  teacherCount: number;
  teacherIds: string[];
  /** Teachers of each course (indices). */
  courseTeachers: number[][];
  curriculumCount: number;
  curriculumIds: string[];
  /** Curricula each course belongs to (indices, no repeats). */
  courseCurricula: number[][];
  /** Courses of each curriculum (indices, no repeats). */
  curriculumCourses: number[][];
  /** 1 when a curriculum's days are judged for holes. */
  curriculumHoles: Uint8Array;
  /** unavailable[course * slots + slot] = 1 when the course cannot meet then. */
  unavailable: Uint8Array;
  courseIndex: Map<string, number>;
  roomIndex: Map<string, number>;
};

function indexOf(map: Map<string, number>, id: string, what: string): number {
  const index = map.get(id);
  if (index === undefined) throw new Error(`Unknown ${what} "${id}"`);
  return index;
}

export function courseOf(problem: Problem, id: string): number {
  return indexOf(problem.courseIndex, id, "course");
}

export function roomOf(problem: Problem, id: string): number {
  return indexOf(problem.roomIndex, id, "room");
}

export function slotOf(problem: Problem, day: number, period: number, what = "lecture"): number {
  if (
    !Number.isInteger(day) ||
    !Number.isInteger(period) ||
    day < 0 ||
    day >= problem.days ||
    period < 0 ||
    period >= problem.periodsPerDay
  ) {
    throw new Error(`The ${what} is outside the week: day ${day}, period ${period}`);
  }
  return day * problem.periodsPerDay + period;
}

export function compile(instance: TimetableInstance): Problem {
  const { days, periodsPerDay } = instance;
  if (!Number.isInteger(days) || days < 1 || !Number.isInteger(periodsPerDay) || periodsPerDay < 1) {
    throw new Error("An instance needs at least one day and one period per day");
  }
  const slots = days * periodsPerDay;
  const roomIndex = new Map<string, number>();
  instance.rooms.forEach((room, i) => {
    if (roomIndex.has(room.id)) throw new Error(`Room "${room.id}" appears twice`);
    roomIndex.set(room.id, i);
  });
  const courseIndex = new Map<string, number>();
  instance.courses.forEach((course, i) => {
    if (courseIndex.has(course.id)) throw new Error(`Course "${course.id}" appears twice`);
    courseIndex.set(course.id, i);
  });
  const teacherIndex = new Map<string, number>();
  const courseTeachers = instance.courses.map((course) => {
    const list: number[] = [];
    for (const teacher of course.teachers) {
      let t = teacherIndex.get(teacher);
      if (t === undefined) {
        t = teacherIndex.size;
        teacherIndex.set(teacher, t);
      }
      if (!list.includes(t)) list.push(t);
    }
    return list;
  });
  const courseCurricula: number[][] = instance.courses.map(() => []);
  const curriculumCourses = instance.curricula.map((curriculum, q) => {
    const list: number[] = [];
    for (const id of curriculum.courses) {
      const c = indexOf(courseIndex, id, "course");
      if (list.includes(c)) continue;
      list.push(c);
      courseCurricula[c]!.push(q);
    }
    return list;
  });
  const problem: Problem = {
    days,
    periodsPerDay,
    slots,
    roomCount: instance.rooms.length,
    roomIds: instance.rooms.map((r) => r.id),
    capacity: Int32Array.from(instance.rooms, (r) => r.capacity),
    shared: Uint8Array.from(instance.rooms, (r) => (r.shared ? 1 : 0)),
    courseCount: instance.courses.length,
    courseIds: instance.courses.map((c) => c.id),
    lectures: Int32Array.from(instance.courses, (c) => Math.max(0, c.lectures)),
    minWorkingDays: Int32Array.from(instance.courses, (c) => c.minWorkingDays),
    students: Int32Array.from(instance.courses, (c) => c.students),
    pairs: Uint8Array.from(instance.courses, (c) => (c.pairs ? 1 : 0)),
    teacherCount: teacherIndex.size,
    teacherIds: [...teacherIndex.keys()],
    courseTeachers,
    curriculumCount: instance.curricula.length,
    curriculumIds: instance.curricula.map((q) => q.id),
    courseCurricula,
    curriculumCourses,
    curriculumHoles: Uint8Array.from(instance.curricula, (q) => (q.holes ? 1 : 0)),
    unavailable: new Uint8Array(instance.courses.length * slots),
    courseIndex,
    roomIndex,
  };
  for (const u of instance.unavailable) {
    const c = indexOf(courseIndex, u.course, "course");
    problem.unavailable[c * slots + slotOf(problem, u.day, u.period, "unavailability")] = 1;
  }
  return problem;
}

/** Courses that can never meet at once: same course, a shared teacher or a shared curriculum. */
export function conflictMatrix(problem: Problem): Uint8Array {
  const n = problem.courseCount;
  const matrix = new Uint8Array(n * n);
  for (let c = 0; c < n; c++) matrix[c * n + c] = 1;
  const byTeacher: number[][] = Array.from({ length: problem.teacherCount }, () => []);
  problem.courseTeachers.forEach((teachers, c) => {
    for (const t of teachers) byTeacher[t]!.push(c);
  });
  for (const group of [...byTeacher, ...problem.curriculumCourses]) {
    for (const a of group) for (const b of group) matrix[a * n + b] = 1;
  }
  return matrix;
}
