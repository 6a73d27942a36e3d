import { formatTime } from "../../../common/dates/format.js";
import type { ClassHour } from "../../../common/schemas/class-hours.js";
import type { CsvColumn } from "../../http/csv.js";
import type { ClassHourRow } from "./service.js";

const parts = (time: string) => time.split(":").map(Number) as [number, number];

/** A class hour as the API shows it: the spec.md §3 numbers and the `HH:MM` texts. */
export function presentClassHour(row: ClassHourRow): ClassHour {
  const [startHour, startMinute] = parts(row.startTime);
  const [endHour, endMinute] = parts(row.endTime);
  return {
    id: row.id,
    start_hour: startHour,
    start_minute: startMinute,
    end_hour: endHour,
    end_minute: endMinute,
    start_time: row.startTime.slice(0, 5),
    end_time: row.endTime.slice(0, 5),
  };
}

/** Columns of the list's CSV export, with the Spanish labels of the table. */
export const classHourCsvColumns: CsvColumn<ClassHourRow>[] = [
  { header: "Hora de inicio", value: (row) => formatTime(row.startTime) },
  { header: "Hora de fin", value: (row) => formatTime(row.endTime) },
];
