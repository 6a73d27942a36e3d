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
