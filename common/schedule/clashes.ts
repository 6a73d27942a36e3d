import type { GridSlot } from "../schemas/schedules.js";

/** Why a slot of a schedule being edited would be refused by the server (DOMAIN.md "Schedule"). */
export type Clash =
  /** The classroom holds another section then (and does not take several at once). */
  | { kind: "classroom"; classroom: string; section: string; course: string }
  /** The section has another course then. */
  | { kind: "section"; section: string; course: string }
  /** A teacher of the course section teaches elsewhere then. */
  | { kind: "teacher"; teacher: string; section: string; course: string }
  /** The course section itself is placed twice in the slot by the schedule being edited. */
  | { kind: "course_section" };

/** The error code of spec.md §8 the server answers for each kind of clash. */
export const clashCodes: Record<Clash["kind"], string> = {
  classroom: "combination_of_day_classroom_class_hour_exists",
  section: "combination_of_day_section_class_hour_exists",
  teacher: "combination_of_day_teacher_class_hour_exists",
  course_section: "combination_of_day_course_section_class_hour_exists",
};

export type DraftEntry = { day: number; classroom_id?: number | null; class_hours_ids: number[] };

export type EditedCourseSection = { id: number; sectionId: number; teacherIds: number[] };

/** Key of a slot of the week. */
export const slotKey = (day: number, classHourId: number) => `${day}:${classHourId}`;

/**
 * The clashes of each slot of a draft weekly schedule of one course section against the occupancy of its
 * period (every other course section's slots: the draft replaces the course section's own schedule).
 * Answers, per draft entry, a map "day:classHour" → clashes (absent when the slot is fine). Pure: the
 * web app runs it on every change, from one request of occupancy.
 */
export function draftClashes(opts: {
  occupancy: readonly GridSlot[];
  courseSection: EditedCourseSection;
  draft: readonly DraftEntry[];
}): Map<string, Clash[]>[] {
  const { courseSection } = opts;
  const bySlot = new Map<string, GridSlot[]>();
  for (const slot of opts.occupancy) {
    if (slot.course_section_id === courseSection.id) continue;
    const key = slotKey(slot.day, slot.class_hour_id);
    bySlot.set(key, [...(bySlot.get(key) ?? []), slot]);
  }
  const teachers = new Set(courseSection.teacherIds);
  const seen = new Map<string, number>();
  for (const entry of opts.draft) {
    for (const hour of new Set(entry.class_hours_ids)) {
      const key = slotKey(entry.day, hour);
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
  }
  return opts.draft.map((entry) => {
    const result = new Map<string, Clash[]>();
    for (const hour of new Set(entry.class_hours_ids)) {
      const key = slotKey(entry.day, hour);
      const clashes: Clash[] = [];
      if ((seen.get(key) ?? 0) > 1) clashes.push({ kind: "course_section" });
      for (const other of bySlot.get(key) ?? []) {
        const who = { section: other.section.code, course: other.course.title };
        if (
          entry.classroom_id != null &&
          other.classroom.id === entry.classroom_id &&
          !other.classroom.multiple_sections
        )
          clashes.push({ kind: "classroom", classroom: other.classroom.code, ...who });
        if (other.section.id === courseSection.sectionId) clashes.push({ kind: "section", ...who });
        for (const teacher of other.teachers) {
          if (teachers.has(teacher.id)) clashes.push({ kind: "teacher", teacher: teacher.name, ...who });
        }
      }
      if (clashes.length > 0) result.set(key, clashes);
    }
    return result;
  });
}

/** A slot of the week a teacher of the edited course section cannot teach (issue 28). */
export type TeacherUnavailableSlot = { teacher: string; day: number; class_hour_id: number };

/**
 * The slots of a draft weekly schedule that fall where a teacher of the course section is unavailable:
 * per draft entry, a map "day:classHour" → the names of those teachers (absent when all can teach). Not a
 * clash: the server saves it (the schedule editor warns); the timetable generator never places one there.
 */
export function unavailableMarks(opts: {
  unavailable: readonly TeacherUnavailableSlot[];
  draft: readonly DraftEntry[];
}): Map<string, string[]>[] {
  const bySlot = new Map<string, string[]>();
  for (const slot of opts.unavailable) {
    const key = slotKey(slot.day, slot.class_hour_id);
    const names = bySlot.get(key) ?? [];
    if (!names.includes(slot.teacher)) bySlot.set(key, [...names, slot.teacher]);
  }
  return opts.draft.map((entry) => {
    const result = new Map<string, string[]>();
    for (const hour of new Set(entry.class_hours_ids)) {
      const key = slotKey(entry.day, hour);
      const names = bySlot.get(key);
      if (names) result.set(key, names);
    }
    return result;
  });
}
