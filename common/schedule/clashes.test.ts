import { describe, expect, it } from "vitest";
import type { GridSlot } from "../schemas/schedules.js";
import { draftClashes, unavailableMarks } from "./clashes.js";

const slot = (over: Partial<GridSlot> & Pick<GridSlot, "day" | "class_hour_id">): GridSlot => ({
  schedule_id: 1,
  course_section_id: 50,
  course: { id: 5, code: "MAT-1", title: "Matemática I" },
  section: { id: 3, code: "3B" },
  classroom: { id: 12, code: "A-12", multiple_sections: false },
  teachers: [{ id: 7, name: "Luis Gómez" }],
  ...over,
});

const edited = { id: 10, sectionId: 1, teacherIds: [8] };

describe("draftClashes", () => {
  it("marks a classroom held by another section, with who holds it", () => {
    const [first] = draftClashes({
      occupancy: [slot({ day: 1, class_hour_id: 100 })],
      courseSection: edited,
      draft: [{ day: 1, classroom_id: 12, class_hours_ids: [100, 101] }],
    });
    expect([...first!.keys()]).toEqual(["1:100"]);
    expect(first!.get("1:100")).toEqual([
      { kind: "classroom", classroom: "A-12", section: "3B", course: "Matemática I" },
    ]);
  });

  it("lets a classroom of several sections be shared and ignores other days and hours", () => {
    const [first] = draftClashes({
      occupancy: [
        slot({ day: 1, class_hour_id: 100, classroom: { id: 12, code: "AUD", multiple_sections: true } }),
        slot({ day: 2, class_hour_id: 101 }),
      ],
      courseSection: edited,
      draft: [{ day: 1, classroom_id: 12, class_hours_ids: [100, 101] }],
    });
    expect(first!.size).toBe(0);
  });

  it("marks the section's other course, the teacher's other class and a slot drafted twice", () => {
    const result = draftClashes({
      occupancy: [
        slot({
          day: 3,
          class_hour_id: 100,
          section: { id: 1, code: "1A" },
          classroom: { id: 99, code: "B-1", multiple_sections: false },
        }),
        slot({
          day: 4,
          class_hour_id: 100,
          teachers: [{ id: 8, name: "Ana Pérez" }],
          classroom: { id: 98, code: "B-2", multiple_sections: false },
        }),
        // The edited course section's own saved slots never clash: the draft replaces them.
        slot({
          day: 5,
          class_hour_id: 100,
          course_section_id: 10,
          classroom: { id: 12, code: "A-12", multiple_sections: false },
        }),
      ],
      courseSection: edited,
      draft: [
        { day: 3, classroom_id: 12, class_hours_ids: [100] },
        { day: 4, classroom_id: 12, class_hours_ids: [100] },
        { day: 5, classroom_id: 12, class_hours_ids: [100] },
        { day: 6, classroom_id: 12, class_hours_ids: [100] },
        { day: 6, classroom_id: null, class_hours_ids: [100] },
      ],
    });
    expect(result[0]!.get("3:100")).toEqual([{ kind: "section", section: "1A", course: "Matemática I" }]);
    expect(result[1]!.get("4:100")).toEqual([
      { kind: "teacher", teacher: "Ana Pérez", section: "3B", course: "Matemática I" },
    ]);
    expect(result[2]!.size).toBe(0);
    expect(result[3]!.get("6:100")).toEqual([{ kind: "course_section" }]);
    expect(result[4]!.get("6:100")).toEqual([{ kind: "course_section" }]);
  });
});

describe("unavailableMarks", () => {
  it("marks the drafted slots where a teacher of the course section is unavailable, with their names", () => {
    const result = unavailableMarks({
      unavailable: [
        { teacher: "Ana Pérez", day: 1, class_hour_id: 100 },
        { teacher: "Luis Gómez", day: 1, class_hour_id: 100 },
        { teacher: "Ana Pérez", day: 2, class_hour_id: 101 },
      ],
      draft: [
        { day: 1, classroom_id: 12, class_hours_ids: [100, 101] },
        // Another day, or the same hour on a day the teacher can teach: no mark.
        { day: 3, classroom_id: 12, class_hours_ids: [100, 101] },
        { day: 2, classroom_id: null, class_hours_ids: [101, 101] },
      ],
    });
    expect([...result[0]!.entries()]).toEqual([["1:100", ["Ana Pérez", "Luis Gómez"]]]);
    expect(result[1]!.size).toBe(0);
    expect([...result[2]!.entries()]).toEqual([["2:101", ["Ana Pérez"]]]);
  });

  it("marks nothing when the teachers are always available", () => {
    const [first] = unavailableMarks({
      unavailable: [],
      draft: [{ day: 1, classroom_id: 12, class_hours_ids: [100] }],
    });
    expect(first!.size).toBe(0);
  });
});
