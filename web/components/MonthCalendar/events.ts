/** An entry shown on the month calendar: a holiday or an activity, one day or several (dates `YYYY-MM-DD`). */
export type CalendarEvent = {
  id: string | number;
  title: string;
  start: string;
  /** Last day, included; the same as `start` for a one-day event. */
  end: string;
  color?: string | null;
};

const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DD` of a local date (no time zone shift, unlike `toISOString`). */
export const isoDay = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The first day of the month that holds `day` (`2031-03-17` → `2031-03-01`). */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The first and last day of the month starting on `month` (`YYYY-MM-01`). */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const last = new Date(y, m, 0).getDate();
  return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(last)}` };
}

/** The first day of the month `delta` months after `month`. */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const d = new Date(y, m - 1 + delta, 1);
  return isoDay(d);
}

/** Events that cover `day` (start ≤ day ≤ end), in start order. ISO dates compare as text. */
export function eventsOnDay(events: readonly CalendarEvent[], day: string): CalendarEvent[] {
  return events
    .filter((e) => e.start <= day && day <= e.end)
    .sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title));
}

/** Events that touch the month starting on `month`, in start order. */
export function eventsInMonth(events: readonly CalendarEvent[], month: string): CalendarEvent[] {
  const { from, to } = monthRange(month);
  return events
    .filter((e) => e.start <= to && e.end >= from)
    .sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title));
}

/** Where `day` sits in `event`'s span, for drawing a band that runs across the days. */
export function spanPart(event: CalendarEvent, day: string): "single" | "start" | "middle" | "end" {
  if (event.start === event.end) return "single";
  if (day === event.start) return "start";
  if (day === event.end) return "end";
  return "middle";
}
