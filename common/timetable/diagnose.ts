import { compile, type TimetableInstance } from "./model.js";

/** Reasons no clash-free timetable can exist, found before searching (empty when none is certain). */
export type Infeasibility =
  | { kind: "teacher_overloaded"; teacher: string; lectures: number; available: number }
  | { kind: "curriculum_overloaded"; curriculum: string; lectures: number; available: number }
  | { kind: "course_overloaded"; course: string; lectures: number; available: number }
  /** Soft in ITC (room capacity): a warning, the timetable can still be built. */
  | { kind: "no_room_big_enough"; course: string; students: number; largest: number };

/**
 * Certain infeasibilities: a course, a teacher or a curriculum with more lectures than the slots where they
 * can meet (a teacher or a curriculum can only meet when one of its courses is available, and one lecture
 * at a time), and courses larger than every room.
 */
export function diagnose(instance: TimetableInstance): Infeasibility[] {
  const problem = compile(instance);
  const { slots, courseCount } = problem;
  const reasons: Infeasibility[] = [];
  const availableSlots = (courses: number[]): number => {
    let count = 0;
    for (let s = 0; s < slots; s++) {
      if (courses.some((c) => !problem.unavailable[c * slots + s])) count++;
    }
    return count;
  };
  const lecturesOf = (courses: number[]) => courses.reduce((sum, c) => sum + problem.lectures[c]!, 0);

  for (let c = 0; c < courseCount; c++) {
    const available = availableSlots([c]);
    if (problem.lectures[c]! > available) {
      reasons.push({
        kind: "course_overloaded",
        course: problem.courseIds[c]!,
        lectures: problem.lectures[c]!,
        available,
      });
    }
  }
  const byTeacher: number[][] = Array.from({ length: problem.teacherCount }, () => []);
  problem.courseTeachers.forEach((teachers, c) => {
    for (const t of teachers) byTeacher[t]!.push(c);
  });
  byTeacher.forEach((courses, t) => {
    const lectures = lecturesOf(courses);
    const available = availableSlots(courses);
    if (lectures > available) {
      reasons.push({ kind: "teacher_overloaded", teacher: problem.teacherIds[t]!, lectures, available });
    }
  });
  problem.curriculumCourses.forEach((courses, q) => {
    const lectures = lecturesOf(courses);
    const available = availableSlots(courses);
    if (lectures > available) {
      reasons.push({
        kind: "curriculum_overloaded",
        curriculum: problem.curriculumIds[q]!,
        lectures,
        available,
      });
    }
  });
  const largest = instance.rooms.reduce((max, room) => Math.max(max, room.capacity), 0);
  instance.courses.forEach((course) => {
    if (course.lectures > 0 && course.students > largest) {
      reasons.push({ kind: "no_room_big_enough", course: course.id, students: course.students, largest });
    }
  });
  return reasons;
}
