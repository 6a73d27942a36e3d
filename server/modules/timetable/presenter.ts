import type { TimetableProposal, TimetableRun } from "../../../common/schemas/timetable-runs.js";
import type { TimetableRunRow } from "./service.js";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Proposals saved before the holes cost existed read as having none. */
function withHoles(proposal: TimetableProposal | null): TimetableProposal | null {
  if (!proposal || typeof proposal.evaluation.soft.holes === "number") return proposal;
  return {
    ...proposal,
    evaluation: { ...proposal.evaluation, soft: { ...proposal.evaluation.soft, holes: 0 } },
  };
}

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
    proposal: withHoles(row.proposal as TimetableProposal | null),
    warnings: row.warnings,
    error: row.error,
  };
}
