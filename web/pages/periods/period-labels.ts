import type { TFunction } from "i18next";
import type { Period } from "../../api/periods";

/** Money held in hundredths, shown as an amount with two decimals. */
export const formatMoney = (e2: number) =>
  (e2 / 100).toLocaleString("es-VE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const stateColor: Record<Period["state"], string> = {
  current: "green",
  next: "blue",
  older: "gray",
  other: "gray",
};

export const stateLabel = (t: TFunction, state: Period["state"]) => t(`periods.state.${state}`);

/** Inscriptions and pre-registrations can be toggled only on the current or next period. */
export const canToggle = (period: Pick<Period, "state">) =>
  period.state === "current" || period.state === "next";
