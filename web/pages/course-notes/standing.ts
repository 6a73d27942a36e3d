/** The standing of a student in a course, as a key of `courseNotes.standing` and a colour. */
export function standingOf(r: {
  note: number | null;
  passed: boolean;
  failed_by_absences: boolean;
  withdrawn?: boolean;
  status?: string;
  evaluated_percent?: number;
}): { key: string; color: string } {
  if (r.withdrawn || r.status === "withdrawn") return { key: "withdrawn", color: "gray" };
  if (r.failed_by_absences) return { key: "failedByAbsences", color: "red" };
  if (r.note === null) return { key: "pending", color: "gray" };
  // Not all of the course is evaluated yet: the note so far decides nothing.
  if (r.evaluated_percent !== undefined && r.evaluated_percent < 100)
    return { key: "inProgress", color: "blue" };
  return r.passed ? { key: "passed", color: "green" } : { key: "failed", color: "red" };
}

/** A date-time of the audit trail in the browser's zone, `DD/MM/YYYY HH:MM`. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
