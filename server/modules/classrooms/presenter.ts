import type { z } from "zod";
import {
  type Classroom,
  type ClassroomAvailability,
  type ClassroomSchedule,
  type classHourBriefSchema,
  weekdayNames,
} from "../../../common/schemas/classrooms.js";
import type { CsvColumn } from "../../http/csv.js";
import type {
  ClassHourRow,
  ClassroomAvailabilityResult,
  ClassroomRow,
  ClassroomScheduleRow,
} from "./service.js";

/** A classroom row as the API shows it (snake_case, the field names of spec.md §3). */
export function presentClassroom(row: ClassroomRow): Classroom {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    max_capacity: row.maxCapacity,
    multiple_sections: row.multipleSections,
    enabled: row.enabled,
    state: row.enabled,
  };
}

/** The classrooms list as a CSV file (`GET /classrooms?format=csv`), with the list page's Spanish labels. */
export const classroomCsvColumns: CsvColumn<ClassroomRow>[] = [
  { header: "Código", value: (row) => row.code },
  { header: "Descripción", value: (row) => row.description },
  { header: "Máxima capacidad", value: (row) => row.maxCapacity },
  { header: "Múltiples secciones", value: (row) => row.multipleSections },
  { header: "Estado", value: (row) => (row.enabled ? "Habilitada" : "Deshabilitada") },
];

/** `HH:MM:SS` database times as `HH:MM`. */
const hhmm = (time: string) => time.slice(0, 5);

function presentClassHour(row: ClassHourRow): z.infer<typeof classHourBriefSchema> {
  return { id: row.id, start_time: hhmm(row.startTime), end_time: hhmm(row.endTime) };
}

export function presentClassroomSchedule(row: ClassroomScheduleRow): ClassroomSchedule {
  return {
    id: row.id,
    day: row.day,
    day_name: weekdayNames[row.day] ?? String(row.day),
    class_hours_ids: row.classHours.map((h) => h.id),
    class_hours: row.classHours.map(presentClassHour),
    classroom: row.classroom,
    course_section: {
      id: row.courseSection.id,
      course: row.course,
      section: {
        id: row.section.id,
        code: row.section.code,
        letter_code: row.section.letterCode,
        period_id: row.section.periodId,
      },
    },
  };
}

export function presentAvailability(result: ClassroomAvailabilityResult): ClassroomAvailability {
  return {
    period_id: result.periodId,
    days: result.days,
    class_hours: result.classHours.map(presentClassHour),
    classrooms: result.classrooms.map(({ classroom, available, slots }) => ({
      ...presentClassroom(classroom),
      available,
      free_slots: slots.filter((s) => s.free).length,
      slots: slots.map((s) => ({
        day: s.day,
        class_hour_id: s.classHourId,
        free: s.free,
        occupied_by: s.occupiedBy.map((o) => ({
          schedule_id: o.scheduleId,
          course_section_id: o.courseSectionId,
          course_code: o.courseCode,
          course_title: o.courseTitle,
          section_id: o.sectionId,
          section_code: o.sectionCode,
        })),
      })),
    })),
  };
}
