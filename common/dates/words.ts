/**
 * Numbers and dates in Spanish words, as certificates write them: "veinticuatro de noviembre de dos mil
 * veintiséis", "a los veinticuatro (24) días del mes de noviembre de dos mil veintiséis".
 */
import { numberInWords } from "../text/number-words.js";

export const monthNames = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
] as const;

function parts(date: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`dateInWords: ${date}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) throw new RangeError(`dateInWords: ${date}`);
  return { year, month: monthNames[month - 1]!, day };
}

/** `2026-11-24` → "veinticuatro de noviembre de dos mil veintiséis" (day 1: "primero"). */
export function dateInWords(date: string): string {
  const { year, month, day } = parts(date);
  return `${day === 1 ? "primero" : numberInWords(day)} de ${month} de ${numberInWords(year)}`;
}

/**
 * The closing formula of a certificate: `2026-11-24` → "a los veinticuatro (24) días del mes de noviembre
 * de dos mil veintiséis"; day 1 → "al primer (1) día del mes de …".
 */
export function certificateDateInWords(date: string): string {
  const { year, month, day } = parts(date);
  const head =
    day === 1
      ? "al primer (1) día"
      : `a los ${numberInWords(day)
          .replace(/veintiuno$/, "veintiún")
          .replace(/uno$/, "un")} (${day}) días`;
  return `${head} del mes de ${month} de ${numberInWords(year)}`;
}
