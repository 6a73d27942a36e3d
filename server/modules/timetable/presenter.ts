import type { TimetableProposal, TimetableRun } from "../../../common/schemas/timetable-runs.js";
import type { TimetableRunRow } from "./service.js";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentTimetableRun(row: TimetableRunRow): TimetableRun {
  return {
    id: row.id,
    period_id: row.periodId,
    status: row.status as TimetableRun["status"],
    section_ids: row.sectionIds,
    rebuild: row.rebuild,
    seconds: row.seconds,
    started_at: row.startedAt.toISOString(),
    finished_at: iso(row.finishedAt),
    applied_at: iso(row.appliedAt),
    progress: row.progress,
    proposal: (row.proposal as TimetableProposal | null) ?? null,
    warnings: row.warnings,
    error: row.error,
  };
}
