import type { Standing } from "../../../common/grades/standing";

/**
 * The standing of a student in a course, as a key of `courseNotes.standing` and a colour. The server says
 * whether the course is still in progress (`standing`, common/grades/standing.ts): its weights do not
 * reach 100 % and its period has not ended.
 */
export function standingOf(r: {
  note: number | null;
  standing: Standing;
  failed_by_absences: boolean;
  withdrawn?: boolean;
  status?: string;
}): { key: string; color: string } {
  if (r.withdrawn || r.status === "withdrawn") return { key: "withdrawn", color: "gray" };
  if (r.failed_by_absences) return { key: "failedByAbsences", color: "red" };
  if (r.standing === "in_progress") return { key: "inProgress", color: "blue" };
  if (r.note === null) return { key: "pending", color: "gray" };
  return r.standing === "passed" ? { key: "passed", color: "green" } : { key: "failed", color: "red" };
}

/** A date-time of the audit trail at the school, `DD/MM/AAAA HH:MM`. */
export { formatDateTime } from "../../../common/dates/format";
