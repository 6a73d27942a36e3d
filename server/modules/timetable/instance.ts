import type { Lecture, TimetableInstance } from "../../../common/timetable/index.js";

/** What the generator reads from the database, as plain rows (load.ts), so the mapping tests need none. */
export type SchoolRows = {
  /** Every class hour, in start order: a period of the engine's day each. */
  classHours: { id: number; startTime?: string; endTime?: string }[];
  /** Every classroom; only the enabled ones host new lectures. */
  classrooms: {
    id: number;
    code: string;
    maxCapacity: number;
    multipleSections: boolean;
    enabled: boolean;
  }[];
  /** Every section of the period; `shift` absent reads as "mixed" (any class hour). */
  sections: {
    id: number;
    code: string;
    malesLimit: number;
    femalesLimit: number;
    inscribed: number;
    shift?: string;
  }[];
  /** Every course section of the period with its course's weekly hours and its enrolled students. */
  courseSections: { id: number; sectionId: number; title: string; hours: number; enrolled: number }[];
  courseSectionTeachers: { courseSectionId: number; teacherId: number }[];
  teachers: { id: number; name: string; gender: string }[];
  unavailability: { teacherId: number; day: number; classHourId: number }[];
  /** Every schedule slot of the period. */
  slots: { courseSectionId: number; classroomId: number; day: number; classHourId: number }[];
};

export type ProposalLecture = {
  course_section_id: number;
  classroom_id: number;
  day: number;
  class_hour_id: number;
  /** Already in the schedules (kept because the run does not rebuild them): Apply writes only the others. */
  fixed: boolean;
};

/** How the engine's ids and slots map back to the school's rows. */
export type InstanceMap = {
  instance: TimetableInstance;
  /** Course sections placed by the run (the engine's courses but the blocking ones). */
  courseSectionIds: number[];
  days: number;
  hourIds: number[];
  /** Spanish notes found while mapping (slots beyond a course's hours, …). */
  warnings: string[];
  /** Lectures of fixed schedules in a classroom that is no longer enabled: kept, outside the engine. */
  outside: ProposalLecture[];
};

/** Engine ids: a course section by its id; the extra course that holds a classroom busy by "r" + its id. */
const csKey = (id: number) => String(id);
const blockKey = (roomId: number) => `r${roomId}`;

/**
 * Monday to Friday, and Saturday too when a schedule of the period already meets on Saturdays (a school
 * that teaches on Saturdays); DOMAIN.md "Generar horario".
 */
export function schoolDays(slots: SchoolRows["slots"]): number {
  return slots.some((s) => s.day === 6) ? 6 : 5;
}

/** A course section's students: those enrolled, or before any inscription in its section, the section's seats. */
export function studentsOf(
  cs: { enrolled: number },
  section: { inscribed: number; malesLimit: number; femalesLimit: number },
): number {
  return section.inscribed > 0 ? cs.enrolled : section.malesLimit + section.femalesLimit;
}

export const hoursText = (n: number) => (n === 1 ? "1 hora" : `${n} horas`);

/**
 * The shift a class hour belongs to: the morning's start before noon, the afternoon's at noon or later
 * (DOMAIN.md "Generar horario"); null when the hour has no start time.
 */
export function shiftOfHour(startTime: string | undefined): "morning" | "afternoon" | null {
  if (!startTime) return null;
  return startTime < "12:00" ? "morning" : "afternoon";
}

/** Class hours (ids) a section of `shift` may not meet in: the other shift's; none for a mixed section. */
export function outsideShift(shift: string | undefined, classHours: SchoolRows["classHours"]): number[] {
  if (shift !== "morning" && shift !== "afternoon") return [];
  return classHours
    .filter((h) => {
      const of = shiftOfHour(h.startTime);
      return of !== null && of !== shift;
    })
    .map((h) => h.id);
}

/** Lectures of a course: its weekly hours; blocks of 2 where the hours are even, as the demo places them. */
export function courseShape(hours: number, days: number) {
  const pairs = hours >= 2 && hours % 2 === 0;
  return { pairs, minWorkingDays: pairs ? Math.ceil(hours / 2) : Math.min(hours, days) };
}

/**
 * The engine's instance for `sectionIds` of the period (DOMAIN.md "Generar horario"):
 * - a day is a weekday (engine day 0 = Monday), a period a class hour in start order;
 * - a room is an enabled classroom (capacity = max_capacity, shared = multiple_sections);
 * - a course is a course section of the chosen sections with its course's hours as lectures (none: left out),
 *   its teachers, its students (enrolled, or the section's seats before any inscription);
 * - a curriculum is a section, whose days should have no empty class hour between two of its classes; a
 *   section of the morning or the afternoon shift meets only in its shift's class hours (`shiftOfHour`);
 * - teachers' unavailability, and the slots where they teach sections that are not chosen, are the course's
 *   unavailable slots; a classroom busy with a section that is not chosen is held by a fixed lecture of an
 *   extra course that costs nothing (no teacher, no student, no curriculum, one room);
 * - the chosen sections' schedules are fixed lectures unless `rebuild`.
 */
export function buildInstance(opts: {
  name: string;
  rows: SchoolRows;
  sectionIds: readonly number[];
  rebuild: boolean;
}): InstanceMap {
  const { rows, rebuild } = opts;
  const chosen = new Set(opts.sectionIds);
  const days = schoolDays(rows.slots);
  const hourIds = rows.classHours.map((h) => h.id);
  const periodOf = new Map(hourIds.map((id, i) => [id, i]));
  const rooms = rows.classrooms.filter((r) => r.enabled);
  const enabledRoom = new Map(rooms.map((r) => [r.id, r]));
  const sectionById = new Map(rows.sections.map((s) => [s.id, s]));
  const csById = new Map(rows.courseSections.map((cs) => [cs.id, cs]));
  const teachersOf = new Map<number, number[]>();
  for (const { courseSectionId, teacherId } of rows.courseSectionTeachers)
    teachersOf.set(courseSectionId, [...(teachersOf.get(courseSectionId) ?? []), teacherId]);
  const warnings: string[] = [];
  const outside: ProposalLecture[] = [];

  const inWeek = (s: { day: number; classHourId: number }) =>
    s.day >= 1 && s.day <= days && periodOf.has(s.classHourId);
  const slotKey = (day: number, hour: number) => `${day}:${hour}`;

  // Slots each teacher is busy in outside what the run places (other sections, fixed lectures off-engine).
  const teacherBusy = new Map<number, Set<string>>();
  const sectionBusy = new Map<number, Set<string>>();
  const busy = (map: Map<number, Set<string>>, id: number, key: string) => {
    const set = map.get(id) ?? new Set<string>();
    set.add(key);
    map.set(id, set);
  };
  const blocked = new Map<number, { day: number; period: number }[]>();
  const fixed: NonNullable<TimetableInstance["fixed"]> = [];
  const fixedCount = new Map<number, number>();
  // Slots each course section keeps (fixed lectures in the engine).
  const fixedAt = new Map<number, Set<string>>();

  for (const slot of rows.slots) {
    const cs = csById.get(slot.courseSectionId);
    if (!cs || !inWeek(slot)) continue;
    const key = slotKey(slot.day, slot.classHourId);
    const period = periodOf.get(slot.classHourId)!;
    const mine = chosen.has(cs.sectionId);
    if (mine && rebuild) continue;
    const room = enabledRoom.get(slot.classroomId);
    if (mine && room) {
      fixed.push({ course: csKey(cs.id), room: String(room.id), day: slot.day - 1, period });
      fixedCount.set(cs.id, (fixedCount.get(cs.id) ?? 0) + 1);
      busy(fixedAt, cs.id, key);
      continue;
    }
    // Stays where it is without the engine: its teachers, and (for a chosen section) the section, are busy.
    for (const t of teachersOf.get(cs.id) ?? []) busy(teacherBusy, t, key);
    if (mine) {
      busy(sectionBusy, cs.sectionId, key);
      outside.push({
        course_section_id: cs.id,
        classroom_id: slot.classroomId,
        day: slot.day,
        class_hour_id: slot.classHourId,
        fixed: true,
      });
      fixedCount.set(cs.id, (fixedCount.get(cs.id) ?? 0) + 1);
    } else if (room && !room.multipleSections) {
      blocked.set(room.id, [...(blocked.get(room.id) ?? []), { day: slot.day - 1, period }]);
    }
  }

  const courses: TimetableInstance["courses"] = [];
  const unavailable: TimetableInstance["unavailable"] = [];
  const curricula = new Map<number, string[]>();
  const unavailableOf = new Map<number, Set<string>>();
  for (const u of rows.unavailability) {
    if (inWeek(u)) busy(unavailableOf, u.teacherId, slotKey(u.day, u.classHourId));
  }
  const placed: number[] = [];
  const offEngine = new Map<number, number>();
  for (const o of outside) offEngine.set(o.course_section_id, (offEngine.get(o.course_section_id) ?? 0) + 1);

  for (const cs of rows.courseSections) {
    const section = sectionById.get(cs.sectionId);
    if (!section || !chosen.has(cs.sectionId)) continue;
    const already = fixedCount.get(cs.id) ?? 0;
    if (already > cs.hours) {
      warnings.push(
        `${cs.title} (${section.code}) ya tiene ${already} horas en su horario y su materia tiene ${cs.hours} semanales: se conservan las ${already}.`,
      );
    }
    const lectures = Math.max(cs.hours, already) - (offEngine.get(cs.id) ?? 0);
    if (lectures <= 0) continue;
    const teachers = teachersOf.get(cs.id) ?? [];
    const students = studentsOf(cs, section);
    const shape = courseShape(cs.hours, days);
    const id = csKey(cs.id);
    courses.push({ id, teachers: teachers.map(String), lectures, students, ...shape });
    placed.push(cs.id);
    curricula.set(cs.sectionId, [...(curricula.get(cs.sectionId) ?? []), id]);
    const no = new Set<string>(sectionBusy.get(cs.sectionId) ?? []);
    for (const t of teachers) {
      for (const key of teacherBusy.get(t) ?? []) no.add(key);
      for (const key of unavailableOf.get(t) ?? []) no.add(key);
    }
    const offShift = new Set<string>();
    for (const hour of outsideShift(section.shift, rows.classHours))
      for (let day = 1; day <= days; day++) offShift.add(slotKey(day, hour));
    // A kept class at an hour its teacher has since marked unavailable, or outside its section's shift, stays
    // (the schedule editor allows it): that slot is not unavailable to its own course, and the run says so.
    const kept = (keys: Set<string>) => [...keys].filter((key) => fixedAt.get(cs.id)?.has(key)).length;
    const keptUnavailable = kept(no);
    if (keptUnavailable > 0) {
      warnings.push(
        `${cs.title} (${section.code}) conserva ${hoursText(keptUnavailable)} de su horario en que un profesor suyo no está disponible.`,
      );
    }
    const keptOffShift = kept(offShift);
    if (keptOffShift > 0) {
      warnings.push(
        `${cs.title} (${section.code}) conserva ${hoursText(keptOffShift)} de su horario fuera del turno de la ${section.shift === "morning" ? "mañana" : "tarde"}.`,
      );
    }
    for (const key of offShift) no.add(key);
    for (const key of no) {
      if (fixedAt.get(cs.id)?.has(key)) continue;
      const [day, hour] = key.split(":").map(Number) as [number, number];
      unavailable.push({ course: id, day: day - 1, period: periodOf.get(hour)! });
    }
  }

  for (const [roomId, list] of blocked) {
    courses.push({
      id: blockKey(roomId),
      teachers: [],
      lectures: list.length,
      minWorkingDays: 0,
      students: 0,
    });
    for (const { day, period } of list)
      fixed.push({ course: blockKey(roomId), room: String(roomId), day, period });
  }
  const placedSet = new Set(placed.map(csKey));
  return {
    instance: {
      name: opts.name,
      days,
      periodsPerDay: hourIds.length,
      rooms: rooms.map((r) => ({ id: String(r.id), capacity: r.maxCapacity, shared: r.multipleSections })),
      courses,
      curricula: [...curricula].map(([sectionId, list]) => ({
        id: String(sectionId),
        courses: list,
        holes: true,
      })),
      unavailable,
      fixed: fixed.filter((f) => placedSet.has(f.course) || f.course.startsWith("r")),
    },
    courseSectionIds: placed,
    days,
    hourIds,
    warnings,
    outside,
  };
}

/** The engine's lectures as the school's schedule slots (the blocking courses left out). */
export function toProposalLectures(map: InstanceMap, lectures: Lecture[]): ProposalLecture[] {
  const fixed = new Set((map.instance.fixed ?? []).map((f) => `${f.course}|${f.room}|${f.day}|${f.period}`));
  const placed = new Set(map.courseSectionIds.map(csKey));
  const mapped = lectures
    .filter((l) => placed.has(l.course))
    .map((l) => ({
      course_section_id: Number(l.course),
      classroom_id: Number(l.room),
      day: l.day + 1,
      class_hour_id: map.hourIds[l.period]!,
      fixed: fixed.has(`${l.course}|${l.room}|${l.day}|${l.period}`),
    }));
  return [...map.outside, ...mapped].sort(
    (a, b) =>
      a.course_section_id - b.course_section_id ||
      a.day - b.day ||
      map.hourIds.indexOf(a.class_hour_id) - map.hourIds.indexOf(b.class_hour_id),
  );
}
