/** The school's time zone when none is configured (the server's TZ default). */
export const defaultSchoolTimeZone = "America/Caracas";

const weekdayNumbers: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The day of the week of `now` in `timeZone`: 1 Monday … 7 Sunday. */
export function weekdayIn(timeZone: string = defaultSchoolTimeZone, now: Date = new Date()): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short" }).format(now);
  return weekdayNumbers[name] ?? 1;
}
