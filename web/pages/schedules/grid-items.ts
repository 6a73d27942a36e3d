import type { TFunction } from "i18next";
import { type Clash, slotKey } from "../../../common/schedule/clashes";
import type { GridSlot } from "../../api/schedules";
import type { GridItem } from "../../components/WeeklyGrid";

/** What the grid is about: its cells leave out what is the same everywhere. */
export type GridMode = "section" | "classroom" | "teacher";

/** The sentence shown for a clash, e.g. "Aula A-12 ocupada por 3B — Matemática I". */
export function clashText(t: TFunction, clash: Clash): string {
  switch (clash.kind) {
    case "classroom":
      return t("schedules.clash.classroom", clash);
    case "section":
      return t("schedules.clash.section", clash);
    case "teacher":
      return t("schedules.clash.teacher", clash);
    default:
      return t("schedules.clash.courseSection");
  }
}

/** "Prof. Ana Pérez no está disponible a esa hora", one per teacher: a warning, not a clash (issue 28). */
export const unavailableTexts = (t: TFunction, teachers: readonly string[]) =>
  teachers.map((teacher) => t("schedules.clash.unavailable", { teacher }));

const teacherLine = (t: TFunction, slot: GridSlot) =>
  slot.teachers.length ? slot.teachers.map((x) => x.name).join(", ") : t("schedules.noTeacher");

/** Grid items of occupied slots, worded for the grid's subject. */
export function slotItems(t: TFunction, slots: readonly GridSlot[], mode: GridMode): Map<string, GridItem[]> {
  const items = new Map<string, GridItem[]>();
  for (const slot of slots) {
    const key = slotKey(slot.day, slot.class_hour_id);
    const item: GridItem =
      mode === "section"
        ? {
            key: `${slot.schedule_id}`,
            title: slot.course.title,
            lines: [t("schedules.grid.classroom", { code: slot.classroom.code }), teacherLine(t, slot)],
          }
        : mode === "classroom"
          ? {
              key: `${slot.schedule_id}`,
              title: `${slot.section.code} — ${slot.course.title}`,
              lines: [teacherLine(t, slot)],
            }
          : {
              key: `${slot.schedule_id}`,
              title: `${slot.section.code} — ${slot.course.title}`,
              lines: [t("schedules.grid.classroom", { code: slot.classroom.code })],
            };
    items.set(key, [...(items.get(key) ?? []), item]);
  }
  return items;
}
