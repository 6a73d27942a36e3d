import { schoolDateOf } from "../common/dates/format.js";
import { weekdayIn } from "../common/time.js";

/**
 * The server's one source of "now" for every rule a school sees: today's date (periods, frozen pensums,
 * installments and their lateness, reminders, dashboards, certificates, file names), the jury windows, and
 * the instants stamped on decisions (payment reviews, approvals, withdrawals, issued documents). `buildApp`
 * takes one (the system clock by default); tests pass a `ManualClock` and set it. The school's time zone is
 * applied here, never through the process's or the database's own zone (`current_date` is not used).
 *
 * Elapsed-time mechanics (token lifetimes, rate limits, job timers, locks) and bookkeeping stamps
 * (`updated_at`, attendance registered at) measure real time and do not read this clock.
 */
export interface Clock {
  /** The school's time zone (`TZ`, IANA name). */
  readonly timeZone: string;
  /** The current instant. */
  now(): Date;
  /** The school's calendar date now, `YYYY-MM-DD`. */
  today(): string;
  /** The school's day of the week now: 1 Monday … 7 Sunday. */
  weekday(): number;
}

/** `instant`'s calendar date in `timeZone`, `YYYY-MM-DD`. */
export const dateIn = (timeZone: string, instant: Date): string => schoolDateOf(instant, timeZone);

/** Offset of `timeZone` from UTC at `instant`, in minutes (Caracas: -240). */
function offsetMinutes(timeZone: string, instant: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant at which the school's wall clock reads `date` `time` (`"2026-11-29"`, `"23:30"`). For a
 * wall time skipped or repeated by a daylight-saving change, the first instant that fits.
 */
export function schoolInstant(timeZone: string, date: string, time = "12:00"): Date {
  const [h = "0", m = "0", s = "0"] = time.split(":");
  const wall = Date.parse(`${date}T00:00:00Z`) + ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000;
  if (Number.isNaN(wall)) throw new Error(`invalid school date or time: ${date} ${time}`);
  // Two passes settle the offset in force at the answer itself (it may differ from the guess's near a change).
  let guess = wall - offsetMinutes(timeZone, new Date(wall)) * 60_000;
  guess = wall - offsetMinutes(timeZone, new Date(guess)) * 60_000;
  return new Date(guess);
}

abstract class ZonedClock implements Clock {
  constructor(readonly timeZone: string) {}
  abstract now(): Date;
  today(): string {
    return dateIn(this.timeZone, this.now());
  }
  weekday(): number {
    return weekdayIn(this.timeZone, this.now());
  }
}

/** The machine's clock, read in the school's time zone. */
export class SystemClock extends ZonedClock {
  now(): Date {
    return new Date();
  }
}

export function systemClock(timeZone: string): Clock {
  return new SystemClock(timeZone);
}

/**
 * A clock that stands still where a test puts it (and moves only when told), whatever the machine's date.
 * `setSchoolTime("2026-11-29", "23:30")` is that wall time at the school.
 */
export class ManualClock extends ZonedClock {
  private instant: number;
  constructor(timeZone: string, start: Date) {
    super(timeZone);
    this.instant = start.getTime();
  }
  now(): Date {
    return new Date(this.instant);
  }
  set(instant: Date): void {
    this.instant = instant.getTime();
  }
  setSchoolTime(date: string, time = "10:00"): void {
    this.set(schoolInstant(this.timeZone, date, time));
  }
  advance(ms: number): void {
    this.instant += ms;
  }
}
