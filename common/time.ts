const TIME_PATTERN = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Shows a time of day given as "HH:MM" or "HH:MM:SS" on a 12-hour clock ("13:05" → "1:05 PM").
 * Anything that is not a valid time is returned unchanged.
 */
export function formatTime12h(value: string): string {
  const match = TIME_PATTERN.exec(value.trim());
  if (!match) return value;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = match[3] === undefined ? 0 : Number(match[3]);
  if (hours > 23 || minutes > 59 || seconds > 59) return value;
  const suffix = hours < 12 ? "AM" : "PM";
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

/** The school's time zone when none is configured (the server's TZ default). */
export const defaultSchoolTimeZone = "America/Caracas";

const weekdayNumbers: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The day of the week of `now` in `timeZone`: 1 Monday … 7 Sunday. */
export function weekdayIn(timeZone: string = defaultSchoolTimeZone, now: Date = new Date()): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short" }).format(now);
  return weekdayNumbers[name] ?? 1;
}
