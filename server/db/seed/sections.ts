import type { DbOrTx } from "../client.js";
import * as s from "../schema/index.js";
import type { SeededAcademics } from "./academics.js";
import type { SeededPeople } from "./people.js";

const classroomDefs = [
  { code: "A-101", description: "Aula planta baja, edificio A", maxCapacity: 35 },
  { code: "A-102", description: "Aula planta baja, edificio A", maxCapacity: 35 },
  { code: "A-201", description: "Aula primer piso, edificio A", maxCapacity: 30 },
  { code: "A-202", description: "Aula primer piso, edificio A", maxCapacity: 30 },
  { code: "B-101", description: "Aula edificio B", maxCapacity: 30 },
  { code: "B-102", description: "Aula edificio B", maxCapacity: 30 },
  { code: "LAB-1", description: "Laboratorio de computación", maxCapacity: 25 },
  {
    code: "AUD",
    description: "Auditorio (admite varias secciones)",
    maxCapacity: 150,
    multipleSections: true,
  },
];

/** 45-minute class hours: four in the morning, a break, three more, then four in the afternoon. */
const classHourDefs = [
  ["07:00", "07:45"],
  ["07:45", "08:30"],
  ["08:30", "09:15"],
  ["09:15", "10:00"],
  ["10:15", "11:00"],
  ["11:00", "11:45"],
  ["11:45", "12:30"],
  ["13:00", "13:45"],
  ["13:45", "14:30"],
  ["14:30", "15:15"],
  ["15:15", "16:00"],
] as const;

/** Sections of the current period: semester code, letter, shift, number of students. */
const sectionDefs = [
  { semester: "CB-S1", letter: "A", shift: "morning", size: 20, room: "A-101" },
  { semester: "CB-S1", letter: "B", shift: "afternoon", size: 20, room: "A-101" },
  { semester: "CB-S2", letter: "A", shift: "morning", size: 20, room: "A-102" },
  { semester: "INF-S1", letter: "A", shift: "afternoon", size: 16, room: "LAB-1" },
  { semester: "INF-S2", letter: "A", shift: "morning", size: 14, room: "LAB-1" },
  { semester: "ADM-S1", letter: "A", shift: "afternoon", size: 16, room: "B-101" },
  // Full: 7 + 7 students in 7 + 7 seats (males_limit / females_limit), so one more is refused.
  { semester: "ADM-S2", letter: "A", shift: "morning", size: 14, room: "AUD", limit: 7 },
  // Second sections (12 in all), with no students yet: within a shift, each section has its own room.
  { semester: "CB-S2", letter: "B", shift: "afternoon", size: 0, room: "A-102" },
  { semester: "INF-S1", letter: "B", shift: "morning", size: 0, room: "A-201" },
  { semester: "INF-S2", letter: "B", shift: "afternoon", size: 0, room: "A-201" },
  { semester: "ADM-S1", letter: "B", shift: "morning", size: 0, room: "B-102" },
  { semester: "ADM-S2", letter: "B", shift: "afternoon", size: 0, room: "A-202" },
] as const;

export type SeededSection = {
  id: number;
  /** e.g. INF-S1A. */
  code: string;
  semesterId: number;
  specializationId: number;
  size: number;
  courseSections: { id: number; courseId: number; teacherId: number; days: number[] }[];
};

/**
 * The weekly slots of the c-th course (of four) of a section: two days of two class hours each (Monday and
 * Wednesday or Tuesday and Thursday) and one class hour on Friday, so the section's week fills Monday to
 * Friday without two courses in one slot.
 */
function slotsOf(shift: "morning" | "afternoon", c: number): { day: number; hours: number[] }[] {
  const base = shift === "morning" ? 0 : 7;
  const first = base + (c % 2) * 2;
  const hours = [first, first + 1];
  return [...(c < 2 ? [1, 3] : [2, 4]).map((d) => ({ day: d, hours })), { day: 5, hours: [base + c] }];
}

/** Classrooms, class hours, sections with their course sections, teachers and schedules. */
export async function seedSections(db: DbOrTx, academics: SeededAcademics, people: SeededPeople) {
  const rooms = await db.insert(s.classrooms).values(classroomDefs).returning();
  const hours = await db
    .insert(s.classHours)
    .values(classHourDefs.map(([startTime, endTime]) => ({ startTime, endTime })))
    .returning({ id: s.classHours.id });
  const semesterByCode = new Map(academics.semesters.map((x) => [x.code, x]));

  const sectionRows = await db
    .insert(s.sections)
    .values(
      sectionDefs.map((d) => ({
        periodId: academics.currentPeriodId,
        semesterId: semesterByCode.get(d.semester)!.id,
        letterCode: d.letter,
        code: `${d.semester}${d.letter}`,
        title: `Sección ${d.letter}`,
        shift: d.shift,
        malesLimit: "limit" in d ? d.limit : 15,
        femalesLimit: "limit" in d ? d.limit : 15,
      })),
    )
    .returning({ id: s.sections.id });
  const csRows = await db
    .insert(s.courseSections)
    .values(
      sectionDefs.flatMap((d, k) =>
        semesterByCode
          .get(d.semester)!
          .courseIds.map((courseId) => ({ sectionId: sectionRows[k]!.id, courseId })),
      ),
    )
    .returning({
      id: s.courseSections.id,
      sectionId: s.courseSections.sectionId,
      courseId: s.courseSections.courseId,
    });

  // One teacher per course (shared by its sections), never in two places at once.
  const staff = [...people.coordinators, ...people.teachers];
  const busy = new Map<number, Set<string>>(staff.map((t) => [t.id, new Set()]));
  const load = new Map<number, number>(staff.map((t) => [t.id, 0]));
  const teacherOfCourse = new Map<number, number>();
  const coordinatorOf = new Map(people.coordinators.map((c, i) => [c.id, i]));
  const sections: SeededSection[] = [];
  const scheduleValues: { courseSectionId: number; classroomId: number; day: number; hours: number[] }[] = [];
  sectionDefs.forEach((d, k) => {
    const semester = semesterByCode.get(d.semester)!;
    const room = rooms.find((r) => r.code === d.room)!;
    const own = csRows.filter((cs) => cs.sectionId === sectionRows[k]!.id);
    const courseSections = own.map((cs, c) => {
      const slots = slotsOf(d.shift, c);
      const keys = slots.flatMap((x) => x.hours.map((h) => `${x.day}:${h}`));
      const free = (id: number) => keys.every((key) => !busy.get(id)!.has(key));
      const preferred = teacherOfCourse.get(cs.courseId);
      // Coordinators only teach in the specialization they coordinate (the first two non-basic ones).
      const eligible = staff.filter((t) => {
        const ci = coordinatorOf.get(t.id);
        return ci === undefined || people.coordinatorSpecializations[ci] === semester.specializationId;
      });
      const teacherId =
        preferred !== undefined && free(preferred)
          ? preferred
          : eligible.filter((t) => free(t.id)).sort((a, b) => load.get(a.id)! - load.get(b.id)!)[0]!.id;
      for (const key of keys) busy.get(teacherId)!.add(key);
      load.set(teacherId, load.get(teacherId)! + 1);
      teacherOfCourse.set(cs.courseId, teacherId);
      for (const slot of slots) {
        scheduleValues.push({ courseSectionId: cs.id, classroomId: room.id, ...slot });
      }
      return { id: cs.id, courseId: cs.courseId, teacherId, days: slots.map((x) => x.day) };
    });
    sections.push({
      id: sectionRows[k]!.id,
      code: `${d.semester}${d.letter}`,
      semesterId: semester.id,
      specializationId: semester.specializationId,
      size: d.size,
      courseSections,
    });
  });

  await db
    .insert(s.courseSectionTeachers)
    .values(
      sections.flatMap((x) =>
        x.courseSections.map((cs) => ({ courseSectionId: cs.id, teacherId: cs.teacherId })),
      ),
    );
  const scheduleRows = await db
    .insert(s.schedules)
    .values(scheduleValues.map(({ hours: _, ...v }) => v))
    .returning({ id: s.schedules.id });
  const sectionOfCs = new Map(csRows.map((cs) => [cs.id, cs.sectionId]));
  await db.insert(s.scheduleSlots).values(
    scheduleValues.flatMap((v, i) => {
      const room = rooms.find((r) => r.id === v.classroomId)!;
      return v.hours.map((h) => ({
        scheduleId: scheduleRows[i]!.id,
        classHourId: hours[h]!.id,
        day: v.day,
        courseSectionId: v.courseSectionId,
        sectionId: sectionOfCs.get(v.courseSectionId)!,
        classroomId: v.classroomId,
        classroomShared: room.multipleSections,
      }));
    }),
  );
  return sections;
}

/**
 * Sections of another period (the older one's history, the next one's first sections) with their course
 * sections, each taught by the teacher of that course this period. No schedules: the older period's are
 * gone with it, the next one's are still being drawn up.
 */
export async function seedPeriodSections(
  db: DbOrTx,
  academics: SeededAcademics,
  current: SeededSection[],
  periodId: number,
  defs: { semester: string; letter: string; shift: "morning" | "afternoon" }[],
): Promise<SeededSection[]> {
  const semesterByCode = new Map(academics.semesters.map((x) => [x.code, x]));
  const teacherOfCourse = new Map(
    current.flatMap((x) => x.courseSections.map((cs) => [cs.courseId, cs.teacherId])),
  );
  const rows = await db
    .insert(s.sections)
    .values(
      defs.map((d) => ({
        periodId,
        semesterId: semesterByCode.get(d.semester)!.id,
        letterCode: d.letter,
        code: `${d.semester}${d.letter}`,
        title: `Sección ${d.letter}`,
        shift: d.shift,
        malesLimit: 15,
        femalesLimit: 15,
      })),
    )
    .returning({ id: s.sections.id, semesterId: s.sections.semesterId });
  const csRows = await db
    .insert(s.courseSections)
    .values(
      rows.flatMap((r) =>
        academics.semesters
          .find((x) => x.id === r.semesterId)!
          .courseIds.map((courseId) => ({ sectionId: r.id, courseId })),
      ),
    )
    .returning({
      id: s.courseSections.id,
      sectionId: s.courseSections.sectionId,
      courseId: s.courseSections.courseId,
    });
  await db
    .insert(s.courseSectionTeachers)
    .values(csRows.map((cs) => ({ courseSectionId: cs.id, teacherId: teacherOfCourse.get(cs.courseId)! })));
  return rows.map((r, k) => {
    const semester = academics.semesters.find((x) => x.id === r.semesterId)!;
    return {
      id: r.id,
      code: `${defs[k]!.semester}${defs[k]!.letter}`,
      semesterId: r.semesterId,
      specializationId: semester.specializationId,
      size: 0,
      courseSections: csRows
        .filter((cs) => cs.sectionId === r.id)
        .map((cs) => ({
          id: cs.id,
          courseId: cs.courseId,
          teacherId: teacherOfCourse.get(cs.courseId)!,
          days: [],
        })),
    };
  });
}
