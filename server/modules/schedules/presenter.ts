import { weekdayNames } from "../../../common/schemas/classrooms.js";
import type {
  CourseSectionSchedules,
  GridSlot,
  Schedule,
  WeeklyGrid,
} from "../../../common/schemas/schedules.js";
import { shiftLabels } from "../../../common/schemas/schedules.js";
import type { CsvColumn } from "../../http/csv.js";
import type { ClassHourRow, CourseSectionInfo, GridSlotRow, ScheduleRow, SectionBrief } from "./service.js";

/** `HH:MM:SS` database times as `HH:MM`. */
const hhmm = (time: string) => time.slice(0, 5);

const presentClassHour = (row: ClassHourRow) => ({
  id: row.id,
  start_time: hhmm(row.startTime),
  end_time: hhmm(row.endTime),
});

const presentSection = (s: SectionBrief) => ({
  id: s.id,
  code: s.code,
  letter_code: s.letterCode,
  shift: s.shift,
  period_id: s.periodId,
});

const presentRoom = (r: { id: number; code: string; multipleSections: boolean }) => ({
  id: r.id,
  code: r.code,
  multiple_sections: r.multipleSections,
});

/** A schedule as the API shows it (spec.md §3 field names). */
export function presentSchedule(row: ScheduleRow): Schedule {
  return {
    id: row.id,
    day: row.day,
    day_name: weekdayNames[row.day] ?? String(row.day),
    class_hours_ids: row.classHours.map((h) => h.id),
    class_hours: row.classHours.map(presentClassHour),
    classroom: presentRoom(row.classroom),
    course_section: {
      id: row.courseSectionId,
      course: row.course,
      section: presentSection(row.section),
      teachers: row.teachers,
    },
  };
}

function presentSlot(row: GridSlotRow): GridSlot {
  return {
    day: row.day,
    class_hour_id: row.classHourId,
    schedule_id: row.scheduleId,
    course_section_id: row.courseSectionId,
    course: row.course,
    section: row.section,
    classroom: presentRoom(row.classroom),
    teachers: row.teachers,
  };
}

export function presentGrid(grid: {
  periodId: number | null;
  classHours: ClassHourRow[];
  slots: GridSlotRow[];
}): WeeklyGrid {
  return {
    period_id: grid.periodId,
    class_hours: grid.classHours.map(presentClassHour),
    slots: grid.slots.map(presentSlot),
  };
}

export function presentCourseSectionSchedules(result: {
  courseSection: CourseSectionInfo;
  schedules: ScheduleRow[];
}): CourseSectionSchedules {
  const cs = result.courseSection;
  return {
    course_section: {
      id: cs.id,
      course: cs.course,
      section: presentSection(cs.section),
      teachers: cs.teachers,
    },
    schedules: result.schedules.map(presentSchedule),
  };
}

/** Columns of the schedules CSV (GET /schedules?format=csv), Spanish headers. */
export const scheduleCsvColumns: CsvColumn<ScheduleRow>[] = [
  { header: "Sección", value: (r) => r.section.code },
  { header: "Turno", value: (r) => shiftLabels[r.section.shift] ?? r.section.shift },
  { header: "Materia", value: (r) => r.course.title },
  { header: "Código de materia", value: (r) => r.course.code },
  { header: "Día", value: (r) => weekdayNames[r.day] ?? String(r.day) },
  { header: "Inicio", value: (r) => (r.classHours[0] ? hhmm(r.classHours[0].startTime) : "") },
  { header: "Fin", value: (r) => (r.classHours.at(-1) ? hhmm(r.classHours.at(-1)!.endTime) : "") },
  { header: "Aula", value: (r) => r.classroom.code },
  { header: "Profesores", value: (r) => r.teachers.map((t) => t.name).join(", ") },
];
