import type { Activity } from "../../../common/schemas/activities.js";
import type { CsvColumn } from "../../http/csv.js";
import type { ActivityRow } from "./service.js";

export function presentActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    observation: row.observation,
    start_date: row.startDate,
    end_date: row.endDate,
    period_id: row.periodId,
    color: row.color,
    text_color: row.textColor,
  };
}

/** Columns of the list's CSV export, with the Spanish labels of the table. */
export const activityCsvColumns: CsvColumn<ActivityRow>[] = [
  { header: "Título", value: (row) => row.title },
  { header: "Descripción", value: (row) => row.description },
  { header: "Observación", value: (row) => row.observation },
  { header: "Fecha de inicio", value: (row) => row.startDate },
  { header: "Fecha de cierre", value: (row) => row.endDate },
];
