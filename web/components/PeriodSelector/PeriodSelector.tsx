import { Select, type SelectProps } from "@mantine/core";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";

export interface PeriodOption {
  id: number;
  year: number;
  number: number;
  enabled: boolean;
}

export interface PeriodSelectorProps
  extends Omit<SelectProps, "data" | "value" | "onChange" | "defaultValue"> {
  /** The periods to choose from; `undefined` while they load. */
  periods: PeriodOption[] | undefined;
  value: number | null;
  onChange: (id: number | null, period: PeriodOption | null) => void;
  /** When loaded with no value, pick the first enabled period (default true). */
  autoSelect?: boolean;
}

export const periodLabel = (period: Pick<PeriodOption, "year" | "number">) =>
  `${period.year}-${period.number}`;

/** Select of periods labelled "year-number"; once loaded with no value it selects the first enabled one. */
export function PeriodSelector({
  periods,
  value,
  onChange,
  autoSelect = true,
  label,
  placeholder,
  disabled,
  ...props
}: PeriodSelectorProps) {
  const { t } = useTranslation();
  const data = useMemo(
    () => (periods ?? []).map((period) => ({ value: String(period.id), label: periodLabel(period) })),
    [periods],
  );

  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    if (!autoSelect || !periods || value !== null) return;
    const first = periods.find((period) => period.enabled);
    if (first) onChangeRef.current(first.id, first);
  }, [autoSelect, periods, value]);

  return (
    <Select
      label={label === undefined ? t("components.periodSelector.label") : label}
      placeholder={placeholder ?? t("components.periodSelector.placeholder")}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const period = periods?.find((p) => String(p.id) === next) ?? null;
        onChange(period ? period.id : null, period);
      }}
      disabled={disabled || periods === undefined}
      allowDeselect={false}
      {...props}
    />
  );
}
