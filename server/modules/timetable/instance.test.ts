import { describe, expect, it } from "vitest";
import { buildInstance, courseShape, type SchoolRows, toProposalLectures } from "./instance.js";
import { describeChanges, fingerprintOf } from "./load.js";
import { describeInfeasibility, describeUnplaced, namesOf } from "./reasons.js";

/** Two sections of a period (1A chosen, 2A not), three class hours, three classrooms. */
function rows(): SchoolRows {
  return {
    classHours: [{ id: 12 }, { id: 10 }, { id: 11 }],
    classrooms: [
      { id: 1, code: "A-1", maxCapacity: 30, multipleSections: false, enabled: true },
      { id: 2, code: "AUD", maxCapacity: 100, multipleSections: true, enabled: true },
      { id: 3, code: "OLD", maxCapacity: 40, multipleSections: false, enabled: false },
    ],
    sections: [
      { id: 100, code: "1A", malesLimit: 10, femalesLimit: 12, inscribed: 0 },
      { id: 200, code: "2A", malesLimit: 10, femalesLimit: 10, inscribed: 5 },
    ],
    courseSections: [
      { id: 1001, sectionId: 100, title: "Matemática", hours: 4, enrolled: 0 },
      { id: 1002, sectionId: 100, title: "Lenguaje", hours: 3, enrolled: 0 },
      { id: 1003, sectionId: 100, title: "Orientación", hours: 0, enrolled: 0 },
      { id: 2001, sectionId: 200, title: "Física", hours: 2, enrolled: 5 },
    ],
    courseSectionTeachers: [
      { courseSectionId: 1001, teacherId: 7 },
      { courseSectionId: 2001, teacherId: 7 },
      { courseSectionId: 1002, teacherId: 8 },
    ],
    teachers: [
      { id: 7, name: "Pedro Pérez", gender: "male" },
      { id: 8, name: "Ana Ruiz", gender: "female" },
    ],
    unavailability: [{ teacherId: 8, day: 2, classHourId: 11 }],
    slots: [
      // 2A's physics, taught by Pedro, in A-1 on Monday at the first two class hours.
      { courseSectionId: 2001, classroomId: 1, day: 1, classHourId: 10 },
      { courseSectionId: 2001, classroomId: 1, day: 1, classHourId: 11 },
      // 1A's language already on Friday in A-1.
      { courseSectionId: 1002, classroomId: 1, day: 5, classHourId: 12 },
    ],
  };
}

describe("the period as the engine's instance", () => {
  const { instance, courseSectionIds, hourIds, days } = buildInstance({
    name: "p",
    rows: rows(),
    sectionIds: [100],
    rebuild: false,
  });

  it("has Monday to Friday and the class hours in start order (as given), enabled classrooms only", () => {
    expect(days).toBe(5);
    expect(instance.days).toBe(5);
    expect(hourIds).toEqual([12, 10, 11]);
    expect(instance.periodsPerDay).toBe(3);
    expect(instance.rooms).toEqual([
      { id: "1", capacity: 30, shared: false },
      { id: "2", capacity: 100, shared: true },
    ]);
  });

  it("makes a course of each course section of the chosen sections with hours, a curriculum of each section", () => {
    expect(courseSectionIds).toEqual([1001, 1002]);
    const math = instance.courses.find((c) => c.id === "1001");
    // Before any inscription the students are the section's seats; 4 hours: two blocks of 2 on 2 days.
    expect(math).toEqual({
      id: "1001",
      teachers: ["7"],
      lectures: 4,
      students: 22,
      pairs: true,
      minWorkingDays: 2,
    });
    expect(instance.courses.find((c) => c.id === "1002")).toMatchObject({
      lectures: 3,
      pairs: false,
      minWorkingDays: 3,
    });
    expect(instance.courses.some((c) => c.id === "1003" || c.id === "2001")).toBe(false);
    // A section's days are judged for empty class hours between its classes.
    expect(instance.curricula).toEqual([{ id: "100", courses: ["1001", "1002"], holes: true }]);
  });

  it("folds teachers' unavailability and their classes in other sections into the course's unavailable slots", () => {
    const of = (course: string) =>
      instance.unavailable.filter((u) => u.course === course).map((u) => [u.day, u.period]);
    // Pedro teaches 2A on Monday (day 0) at class hours 10 and 11 (periods 1 and 2).
    expect(of("1001").sort()).toEqual([
      [0, 1],
      [0, 2],
    ]);
    // Ana cannot teach on Tuesday (day 1) at class hour 11 (period 2).
    expect(of("1002")).toEqual([[1, 2]]);
  });

  it("holds a classroom busy with another section by a fixed lecture of a course that costs nothing", () => {
    expect(instance.courses.find((c) => c.id === "r1")).toEqual({
      id: "r1",
      teachers: [],
      lectures: 2,
      minWorkingDays: 0,
      students: 0,
    });
    expect(instance.fixed).toContainEqual({ course: "r1", room: "1", day: 0, period: 1 });
    expect(instance.fixed).toContainEqual({ course: "r1", room: "1", day: 0, period: 2 });
  });

  it("keeps the chosen sections' schedules as fixed lectures, or drops them to rebuild", () => {
    expect(instance.fixed).toContainEqual({ course: "1002", room: "1", day: 4, period: 0 });
    const rebuilt = buildInstance({ name: "p", rows: rows(), sectionIds: [100], rebuild: true }).instance;
    expect(rebuilt.fixed?.filter((f) => f.course === "1002")).toEqual([]);
  });

  it("uses Saturday when a schedule of the period meets on Saturdays", () => {
    const r = rows();
    r.slots.push({ courseSectionId: 2001, classroomId: 2, day: 6, classHourId: 12 });
    expect(buildInstance({ name: "p", rows: r, sectionIds: [100], rebuild: false }).instance.days).toBe(6);
  });

  it("warns about a course section whose schedule already has more slots than its hours", () => {
    const r = rows();
    r.courseSections[3]!.hours = 1;
    const map = buildInstance({ name: "p", rows: r, sectionIds: [200], rebuild: false });
    expect(map.warnings).toEqual([
      "Física (2A) ya tiene 2 horas en su horario y su materia tiene 1 semanales: se conservan las 2.",
    ]);
    expect(map.instance.courses.find((c) => c.id === "2001")?.lectures).toBe(2);
  });

  it("keeps a class at an hour its teacher has since marked unavailable, and says so", () => {
    const r = rows();
    // Ana (language) now cannot teach on Fridays at class hour 12, where 1A's language already meets.
    r.unavailability.push({ teacherId: 8, day: 5, classHourId: 12 });
    const map = buildInstance({ name: "p", rows: r, sectionIds: [100], rebuild: false });
    expect(map.instance.fixed).toContainEqual({ course: "1002", room: "1", day: 4, period: 0 });
    expect(map.instance.unavailable).not.toContainEqual({ course: "1002", day: 4, period: 0 });
    expect(map.warnings).toEqual([
      "Lenguaje (1A) conserva 1 hora de su horario en que un profesor suyo no está disponible.",
    ]);
    // Rebuilding it, the hour is simply unavailable.
    const rebuilt = buildInstance({ name: "p", rows: r, sectionIds: [100], rebuild: true });
    expect(rebuilt.instance.unavailable).toContainEqual({ course: "1002", day: 4, period: 0 });
    expect(rebuilt.warnings).toEqual([]);
  });

  it("keeps a morning or an afternoon section in its shift's class hours (mixed: any), and says so of a kept class outside it", () => {
    const r = rows();
    // Class hours 12 and 10 start before noon (morning), 11 at noon (afternoon).
    r.classHours = [
      { id: 12, startTime: "07:00" },
      { id: 10, startTime: "11:45" },
      { id: 11, startTime: "12:00" },
    ];
    const closed = (shift: string | undefined, rebuild = true) => {
      r.sections[0]!.shift = shift;
      const map = buildInstance({ name: "p", rows: r, sectionIds: [100], rebuild });
      const of = (course: string) =>
        map.instance.unavailable
          .filter((u) => u.course === course)
          .map((u) => `${u.day}:${u.period}`)
          .sort();
      return { language: of("1002"), math: of("1001"), warnings: map.warnings };
    };
    // Morning: period 2 of every day closed to 1A's courses (with Ana's Tuesday and Pedro's Monday as before).
    expect(closed("morning").language).toEqual(["0:2", "1:2", "2:2", "3:2", "4:2"]);
    expect(closed("morning").math).toEqual(["0:1", "0:2", "1:2", "2:2", "3:2", "4:2"]);
    expect(closed("afternoon").language).toEqual(
      ["0:0", "0:1", "1:0", "1:1", "1:2", "2:0", "2:1", "3:0", "3:1", "4:0", "4:1"].sort(),
    );
    expect(closed("mixed").language).toEqual(["1:2"]);
    expect(closed(undefined).language).toEqual(["1:2"]);
    // 1A's language already meets on Friday at 07:00: kept, and named, when the section is of the afternoon.
    const kept = closed("afternoon", false);
    expect(kept.language).not.toContain("4:0");
    expect(kept.warnings).toEqual([
      "Lenguaje (1A) conserva 1 hora de su horario fuera del turno de la tarde.",
    ]);
    expect(closed("morning", false).warnings).toEqual([]);
  });

  it("counts enrolled students once the section has inscriptions", () => {
    const map = buildInstance({ name: "p", rows: rows(), sectionIds: [200], rebuild: true });
    expect(map.instance.courses.find((c) => c.id === "2001")?.students).toBe(5);
  });

  it("maps the engine's lectures back to class hours and weekdays, marking the fixed ones", () => {
    const map = buildInstance({ name: "p", rows: rows(), sectionIds: [100], rebuild: false });
    const lectures = toProposalLectures(map, [
      { course: "1002", room: "1", day: 4, period: 0 },
      { course: "1001", room: "2", day: 2, period: 1 },
      { course: "r1", room: "1", day: 0, period: 1 },
    ]);
    expect(lectures).toEqual([
      { course_section_id: 1001, classroom_id: 2, day: 3, class_hour_id: 10, fixed: false },
      { course_section_id: 1002, classroom_id: 1, day: 5, class_hour_id: 12, fixed: true },
    ]);
  });

  it("keeps a fixed lecture in a classroom no longer enabled outside the engine", () => {
    const r = rows();
    r.slots[2]!.classroomId = 3;
    const map = buildInstance({ name: "p", rows: r, sectionIds: [100], rebuild: false });
    expect(map.instance.courses.find((c) => c.id === "1002")?.lectures).toBe(2);
    expect(map.outside).toEqual([
      { course_section_id: 1002, classroom_id: 3, day: 5, class_hour_id: 12, fixed: true },
    ]);
    // Its section's other course cannot meet then.
    expect(map.instance.unavailable).toContainEqual({ course: "1001", day: 4, period: 0 });
  });

  it("shapes courses: even hours in blocks of 2 over half as many days, odd ones over as many days as hours", () => {
    expect(courseShape(6, 5)).toEqual({ pairs: true, minWorkingDays: 3 });
    expect(courseShape(7, 5)).toEqual({ pairs: false, minWorkingDays: 5 });
    expect(courseShape(1, 5)).toEqual({ pairs: false, minWorkingDays: 1 });
  });
});

describe("what Apply checks and what the generator says", () => {
  it("names the sections whose schedules or teachers changed, and the classrooms", () => {
    const before = fingerprintOf(rows());
    const r = rows();
    r.slots.pop();
    r.courseSectionTeachers.push({ courseSectionId: 2001, teacherId: 8 });
    r.classrooms[1]!.multipleSections = false;
    r.sections[0]!.shift = "afternoon";
    expect(describeChanges(before, fingerprintOf(r), (id) => (id === "100" ? "1A" : "2A"))).toEqual([
      "los horarios de la sección 1A",
      "los profesores de la sección 2A",
      "el turno de la sección 1A",
      "las aulas",
    ]);
    expect(describeChanges(before, fingerprintOf(rows()), String)).toEqual([]);
    // A run started before shifts counted has none in its fingerprint: not a change.
    const { shifts: _, ...old } = before;
    expect(describeChanges(old, fingerprintOf(r), String)).not.toContain("el turno de la sección 100");
  });

  it("explains infeasibilities and unplaced hours in Spanish, naming teachers and sections", () => {
    const names = namesOf(rows());
    expect(
      describeInfeasibility({ kind: "teacher_overloaded", teacher: "7", lectures: 40, available: 30 }, names),
    ).toBe("El profesor Pedro Pérez tiene 40 horas de clase y solo 30 horas disponibles en la semana.");
    expect(
      describeInfeasibility(
        { kind: "curriculum_overloaded", curriculum: "100", lectures: 16, available: 15 },
        names,
      ),
    ).toBe("La sección 1A tiene 16 horas de clase y solo 15 horas disponibles en la semana.");
    // The shift is named when it closes class hours to the section.
    const morning = rows();
    morning.sections[0]!.shift = "morning";
    morning.classHours = [
      { id: 12, startTime: "07:00" },
      { id: 10, startTime: "08:00" },
      { id: 11, startTime: "13:00" },
    ];
    expect(
      describeInfeasibility(
        { kind: "curriculum_overloaded", curriculum: "100", lectures: 16, available: 15 },
        namesOf(morning),
      ),
    ).toBe(
      "La sección 1A tiene 16 horas de clase y solo 15 horas disponibles en la semana en el turno de la mañana.",
    );
    expect(
      describeInfeasibility(
        { kind: "course_overloaded", course: "1002", lectures: 6, available: 5 },
        namesOf(morning),
      ),
    ).toBe(
      "Lenguaje (1A) tiene 6 horas de clase y solo 5 horas disponibles en la semana en el turno de la mañana.",
    );
    expect(
      describeInfeasibility({ kind: "no_room_big_enough", course: "1001", students: 45, largest: 40 }, names),
    ).toBe(
      "Ninguna aula habilitada tiene capacidad para los 45 estudiantes de Matemática (1A): la más grande admite 40.",
    );
    expect(describeUnplaced([{ course: "1002", missing: 1 }], rows(), names)).toEqual([
      "No se pudo colocar 1 hora de Lenguaje (1A); profesora Ana Ruiz.",
    ]);
  });
});
