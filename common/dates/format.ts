/**
 * The one way Aula reads and writes dates and times for people: DD/MM/AAAA and 24-hour HH:MM, in Spanish
 * and in English alike. Stored and sent as `YYYY-MM-DD` (dates) and ISO instants; CSV files keep ISO.
 */
import { defaultSchoolTimeZone } from "../time.js";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TYPED_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

const pad2 = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DD` of a year, month and day that exist together; null otherwise (31/02, 29/02 of 2027). */
function isoOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${String(year).padStart(4, "0")}-${pad2(month)}-${pad2(day)}`;
}

/** Whether `value` is a `YYYY-MM-DD` day of the calendar ("2027-02-29" is not). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  return m !== null && isoOf(Number(m[1]), Number(m[2]), Number(m[3])) !== null;
}

/** `value` when it is a `YYYY-MM-DD` day, else undefined (a bound for a date field, from another field). */
export const isoDateOrUndefined = (value: string | null | undefined): string | undefined =>
  value && isIsoDate(value) ? value : undefined;

/**
 * A typed date as `YYYY-MM-DD`: day first, "15/01/2027" (also "-" or "." and a one-digit day or month),
 * or ISO "2027-01-15"; null for anything else — a two-digit year, a day that does not exist ("31/02/2027"),
 * month first. Strict on purpose: a date that cannot be read one way only is refused, never guessed.
 */
export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  const iso = ISO_DATE.exec(value);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dmy = TYPED_DATE.exec(value);
  if (!dmy) return null;
  const year = Number(dmy[3]);
  if (year < 1000) return null;
  return isoOf(year, Number(dmy[2]), Number(dmy[1]));
}

/** `YYYY-MM-DD` (or the date of an ISO instant's text) as DD/MM/AAAA; "" stays ""; null/undefined: "—". */
export function formatDate(iso: string | null | undefined): string {
  if (iso == null) return "—";
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** A school wall time `YYYY-MM-DDTHH:MM` (a final delivery's) as `DD/MM/AAAA HH:MM`; null/"" as "". */
export function formatLocalDateTime(local: string | null | undefined): string {
  if (!local) return "";
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(local);
  return m ? `${formatDate(m[1])} ${m[2]}` : local;
}

/** The school's calendar day of an instant, `YYYY-MM-DD`. */
export function schoolDateOf(instant: Date | string, timeZone: string = defaultSchoolTimeZone): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(typeof instant === "string" ? new Date(instant) : instant);
}

/**
 * An instant as the school's `DD/MM/AAAA HH:MM` (24-hour; `HH:MM:SS` with `seconds`, for the audit trail).
 * Text that is not an instant comes back as is.
 */
export function formatDateTime(
  instant: Date | string,
  { timeZone = defaultSchoolTimeZone, seconds = false }: { timeZone?: string; seconds?: boolean } = {},
): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return String(instant);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: seconds ? "2-digit" : undefined,
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const time = `${parts.hour}:${parts.minute}${seconds ? `:${parts.second}` : ""}`;
  return `${parts.day}/${parts.month}/${parts.year} ${time}`;
}

/** A time of day ("7:05", "13:05:00") as 24-hour `HH:MM` ("07:05", "13:05"); anything else unchanged. */
export function formatTime(value: string): string {
  const m = TIME.exec(value.trim());
  if (!m) return value;
  const [hours, minutes, seconds] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return value;
  return `${pad2(hours)}:${pad2(minutes)}`;
}

/** A typed 24-hour time, "7:05" or "07:05", as `HH:MM`; null for anything else ("24:00", "7", "7:5"). */
export function parseTypedTime(text: string): string | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [hours, minutes] = [Number(m[1]), Number(m[2])];
  return hours > 23 || minutes > 59 ? null : `${pad2(hours)}:${pad2(minutes)}`;
}
