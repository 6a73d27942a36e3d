import type { TFunction } from "i18next";
import { slotKey } from "../../../common/schedule/clashes";
import type { TimetableProposal } from "../../../common/schemas/timetable-runs";
import type { GridItem } from "../../components/WeeklyGrid";

export type ViewKind = "section" | "teacher" | "classroom";

/** A proposal's cost in the school's words: each line a count, only the ones that are not zero first. */
export function costLines(
  t: TFunction,
  proposal: TimetableProposal,
): { key: string; text: string; count: number }[] {
  const soft = proposal.evaluation.soft;
  const missing = proposal.unplaced.reduce((sum, u) => sum + u.missing, 0);
  const lines = [
    // Curriculum compactness costs 2 per isolated hour; minimum working days 5 per day short (ITC weights).
    { key: "isolated", count: soft.curriculum_compactness / 2 },
    { key: "smallRooms", count: smallRoomSections(proposal) },
    { key: "daysShort", count: soft.min_working_days / 5 },
    { key: "roomChanges", count: soft.room_stability },
    { key: "pairs", count: soft.pairs },
    { key: "holes", count: soft.holes },
    { key: "unplaced", count: missing },
  ];
  return lines.map((l) => ({ ...l, text: t(`timetable.cost.${l.key}`, { count: l.count }) }));
}

/** Sections with an hour in a classroom smaller than the course section's students. */
function smallRoomSections(proposal: TimetableProposal): number {
  const capacity = new Map(proposal.context.classrooms.map((r) => [r.id, r.max_capacity]));
  const cs = new Map(proposal.context.course_sections.map((c) => [c.id, c]));
  const sections = new Set<number>();
  for (const l of proposal.lectures) {
    const course = cs.get(l.course_section_id);
    if (course && course.students > (capacity.get(l.classroom_id) ?? 0)) sections.add(course.section_id);
  }
  return sections.size;
}

/** What the Select of the grid offers: sections, teachers or classrooms that appear in the proposal. */
export function viewOptions(proposal: TimetableProposal, kind: ViewKind): { value: string; label: string }[] {
  const { context, lectures } = proposal;
  const cs = new Map(context.course_sections.map((c) => [c.id, c]));
  const used = new Set<number>();
  for (const l of lectures) {
    if (kind === "section") used.add(cs.get(l.course_section_id)?.section_id ?? 0);
    else if (kind === "classroom") used.add(l.classroom_id);
    else for (const t of cs.get(l.course_section_id)?.teacher_ids ?? []) used.add(t);
  }
  const all =
    kind === "section"
      ? context.sections.map((s) => ({ id: s.id, label: s.code }))
      : kind === "classroom"
        ? context.classrooms.map((r) => ({ id: r.id, label: r.code }))
        : context.teachers.map((t) => ({ id: t.id, label: t.name }));
  return all
    .filter((o) => used.has(o.id))
    .sort((a, b) => a.label.localeCompare(b.label, "es"))
    .map((o) => ({ value: String(o.id), label: o.label }));
}

/** The week of one section, teacher or classroom in the proposal, as the weekly grid's items. */
export function gridItems(
  t: TFunction,
  proposal: TimetableProposal,
  kind: ViewKind,
  id: number,
): Map<string, GridItem[]> {
  const { context } = proposal;
  const cs = new Map(context.course_sections.map((c) => [c.id, c]));
  const sections = new Map(context.sections.map((s) => [s.id, s.code]));
  const rooms = new Map(context.classrooms.map((r) => [r.id, r.code]));
  const teachers = new Map(context.teachers.map((x) => [x.id, x.name]));
  const items = new Map<string, GridItem[]>();
  for (const l of proposal.lectures) {
    const course = cs.get(l.course_section_id);
    if (!course) continue;
    const mine =
      kind === "section"
        ? course.section_id === id
        : kind === "classroom"
          ? l.classroom_id === id
          : course.teacher_ids.includes(id);
    if (!mine) continue;
    const section = sections.get(course.section_id) ?? "";
    const staff = course.teacher_ids.map((x) => teachers.get(x) ?? "").join(", ");
    const lines = [
      kind === "section" ? undefined : t("timetable.grid.section", { code: section }),
      kind === "classroom"
        ? undefined
        : t("timetable.grid.classroom", { code: rooms.get(l.classroom_id) ?? "" }),
      kind === "teacher" ? undefined : staff || t("timetable.grid.noTeacher"),
      l.fixed ? t("timetable.grid.kept") : undefined,
    ].filter((x): x is string => Boolean(x));
    const key = slotKey(l.day, l.class_hour_id);
    items.set(key, [
      ...(items.get(key) ?? []),
      { key: `${l.course_section_id}-${l.day}-${l.class_hour_id}`, title: course.title, lines },
    ]);
  }
  return items;
}

/** Days the proposal's grids show: Monday to Friday, Saturday too when a lecture falls on it. */
export function proposalDays(proposal: TimetableProposal): number[] {
  return proposal.lectures.some((l) => l.day === 6) ? [1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5];
}
