import type { Infeasibility } from "../../../common/timetable/index.js";
import { hoursText, outsideShift, type SchoolRows } from "./instance.js";

/** Names of what the engine's ids stand for, to say things in Spanish. */
export type Names = {
  teacher(id: string): string;
  /** "Matemática I (1A)". */
  courseSection(id: string): string;
  section(id: string): string;
  /**
   * " en el turno de la mañana" for a section (by id, or a course section's) whose shift closes some class
   * hours to it; else "".
   */
  inShift(id: { section: string } | { courseSection: string }): string;
};

export function namesOf(rows: SchoolRows): Names {
  const teachers = new Map(rows.teachers.map((t) => [String(t.id), t]));
  const sections = new Map(rows.sections.map((s) => [String(s.id), s.code]));
  const cs = new Map(rows.courseSections.map((c) => [String(c.id), c]));
  const shifts = new Map(rows.sections.map((s) => [String(s.id), s.shift]));
  return {
    teacher(id) {
      const t = teachers.get(id);
      if (!t) return `El profesor ${id}`;
      return `${t.gender === "female" ? "La profesora" : "El profesor"} ${t.name}`;
    },
    courseSection(id) {
      const c = cs.get(id);
      return c ? `${c.title} (${sections.get(String(c.sectionId)) ?? c.sectionId})` : id;
    },
    section(id) {
      return sections.get(id) ?? id;
    },
    inShift(id) {
      const section = "section" in id ? id.section : String(cs.get(id.courseSection)?.sectionId);
      const shift = shifts.get(section);
      if (outsideShift(shift, rows.classHours).length === 0) return "";
      return shift === "morning" ? " en el turno de la mañana" : " en el turno de la tarde";
    },
  };
}

/** A reason of the engine's diagnosis as a Spanish sentence. */
export function describeInfeasibility(reason: Infeasibility, names: Names): string {
  switch (reason.kind) {
    case "teacher_overloaded":
      return `${names.teacher(reason.teacher)} tiene ${hoursText(reason.lectures)} de clase y solo ${hoursText(reason.available)} disponibles en la semana.`;
    case "curriculum_overloaded":
      return `La sección ${names.section(reason.curriculum)} tiene ${hoursText(reason.lectures)} de clase y solo ${hoursText(reason.available)} disponibles en la semana${names.inShift({ section: reason.curriculum })}.`;
    case "course_overloaded":
      return `${names.courseSection(reason.course)} tiene ${hoursText(reason.lectures)} de clase y solo ${hoursText(reason.available)} disponibles en la semana${names.inShift({ courseSection: reason.course })}.`;
    case "no_room_big_enough":
      return `Ninguna aula habilitada tiene capacidad para los ${reason.students} estudiantes de ${names.courseSection(reason.course)}: la más grande admite ${reason.largest}.`;
  }
}

/** "No room big enough" is a preference (ITC's room capacity is soft): a warning, not a refusal. */
export const isCertain = (reason: Infeasibility) => reason.kind !== "no_room_big_enough";

/** The Spanish warning for the hours the search could not place, naming sections and teachers. */
export function describeUnplaced(
  unplaced: { course: string; missing: number }[],
  rows: SchoolRows,
  names: Names,
): string[] {
  const teachersOf = new Map<string, number[]>();
  for (const { courseSectionId, teacherId } of rows.courseSectionTeachers)
    teachersOf.set(String(courseSectionId), [...(teachersOf.get(String(courseSectionId)) ?? []), teacherId]);
  return unplaced.map(({ course, missing }) => {
    const staff = (teachersOf.get(course) ?? []).map((t) =>
      names.teacher(String(t)).replace(/^(El|La) /, ""),
    );
    const who = staff.length === 0 ? "sin profesor asignado" : staff.join(", ");
    return `No se pudo colocar ${missing === 1 ? "1 hora" : `${missing} horas`} de ${names.courseSection(course)}; ${who}.`;
  });
}
