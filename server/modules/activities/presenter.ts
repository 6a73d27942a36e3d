import type { Activity } from "../../../common/schemas/activities.js";
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
