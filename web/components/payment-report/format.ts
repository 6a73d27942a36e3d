import { formatAmount } from "../../../common/money/fees";

/** An amount in hundredths as the screens show it: divided by 100, Spanish grouping ("1.234,50"). */
export const money = (e2: number): string => formatAmount(e2);

/** A `YYYY-MM-DD` date as 'D de MMMM' in the interface language ("5 de diciembre"). */
export function dayMonth(date: string, language = "es"): string {
  const [y, m, d] = date.split("-").map(Number);
  if (!y || !m || !d) return date;
  return new Intl.DateTimeFormat(language.startsWith("en") ? "en" : "es", {
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d)));
}
