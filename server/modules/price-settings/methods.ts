import { paymentMethods } from "../../../common/money/fees.js";

/** Method codes as their Spanish names, comma-separated ("Efectivo, Zelle"). */
export const paymentMethodNames = (codes: readonly number[]) =>
  codes.map((code) => paymentMethods[code as keyof typeof paymentMethods] ?? String(code)).join(", ");
