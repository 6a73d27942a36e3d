/**
 * Numbers and dates in Spanish words, as certificates write them: "veinticuatro de noviembre de dos mil
 * veintiséis", "a los veinticuatro (24) días del mes de noviembre de dos mil veintiséis".
 */

const units = [
  "cero",
  "uno",
  "dos",
  "tres",
  "cuatro",
  "cinco",
  "seis",
  "siete",
  "ocho",
  "nueve",
  "diez",
  "once",
  "doce",
  "trece",
  "catorce",
  "quince",
  "dieciséis",
  "diecisiete",
  "dieciocho",
  "diecinueve",
  "veinte",
  "veintiuno",
  "veintidós",
  "veintitrés",
  "veinticuatro",
  "veinticinco",
  "veintiséis",
  "veintisiete",
  "veintiocho",
  "veintinueve",
];
const tens = ["", "", "", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"];
const hundreds = [
  "",
  "ciento",
  "doscientos",
  "trescientos",
  "cuatrocientos",
  "quinientos",
  "seiscientos",
  "setecientos",
  "ochocientos",
  "novecientos",
];

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

function below100(n: number): string {
  if (n < 30) return units[n]!;
  const t = Math.floor(n / 10);
  const u = n % 10;
  return u === 0 ? tens[t]! : `${tens[t]} y ${units[u]}`;
}

function below1000(n: number): string {
  if (n === 100) return "cien";
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h === 0) return below100(rest);
  return rest === 0 ? hundreds[h]! : `${hundreds[h]} ${below100(rest)}`;
}

/** A whole number 0 … 999 999 in Spanish words ("uno", not "un": numbers are read alone). */
export function numberInWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999_999) throw new RangeError(`numberInWords: ${n}`);
  if (n < 1000) return below1000(n);
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  // "veintiún mil", "treinta y un mil", "un mil" is just "mil".
  const head =
    thousands === 1
      ? "mil"
      : `${below1000(thousands)
          .replace(/veintiuno$/, "veintiún")
          .replace(/uno$/, "un")} mil`;
  return rest === 0 ? head : `${head} ${below1000(rest)}`;
}

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
