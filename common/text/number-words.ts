/** Whole numbers in Spanish words, for receipts and certificates ("mil doscientos treinta y cuatro"). */

const UNITS = [
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
const TENS = ["", "", "", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"];
const HUNDREDS = [
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

/** 0..999 in words; `apocope` shortens a final "uno" to "un" (before "mil", "millones"). */
function below1000(n: number, apocope: boolean): string {
  if (n === 100) return "cien";
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(HUNDREDS[hundreds] as string);
  if (rest > 0 || hundreds === 0) {
    let words: string;
    if (rest < 30) words = UNITS[rest] as string;
    else {
      const unit = rest % 10;
      words = `${TENS[Math.floor(rest / 10)]}${unit > 0 ? ` y ${UNITS[unit]}` : ""}`;
    }
    if (apocope) words = words.replace(/uno$/, "un").replace(/veintiun$/, "veintiún");
    parts.push(words);
  }
  return parts.join(" ");
}

function below1e6(n: number, apocope: boolean): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (thousands === 1) parts.push("mil");
  else if (thousands > 1) parts.push(`${below1000(thousands, true)} mil`);
  if (rest > 0 || thousands === 0) parts.push(below1000(rest, apocope));
  return parts.join(" ");
}

/** A whole number in Spanish words (up to 999.999.999.999). */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e12) throw new RangeError(`Número fuera de rango: ${n}`);
  const millions = Math.floor(n / 1e6);
  const rest = n % 1e6;
  const parts: string[] = [];
  if (millions === 1) parts.push("un millón");
  else if (millions > 1) parts.push(`${below1e6(millions, true)} millones`);
  if (rest > 0 || millions === 0) parts.push(below1e6(rest, false));
  return parts.join(" ");
}
