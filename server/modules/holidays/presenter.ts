import type { Holiday } from "../../../common/schemas/holidays.js";
import type { CsvColumn } from "../../http/csv.js";
import type { HolidayRow } from "./service.js";

const DAY_MS = 86_400_000;

export function presentHoliday(row: HolidayRow): Holiday {
  return {
    id: row.id,
    description: row.description,
    date: row.startDate,
    start_date: row.startDate,
    end_date: row.endDate,
    days: Math.round((Date.parse(row.endDate) - Date.parse(row.startDate)) / DAY_MS) + 1,
  };
}

/** Columns of the list's CSV export, with the Spanish labels of the table. */
export const holidayCsvColumns: CsvColumn<HolidayRow>[] = [
  { header: "Descripción", value: (row) => row.description },
  { header: "Fecha de inicio", value: (row) => row.startDate },
  { header: "Fecha de cierre", value: (row) => row.endDate },
];
