import { Stack, Switch, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type PeriodDetail, useOpenInscriptions } from "../../api/periods";
import { toast } from "../../components";
import { canToggle } from "./period-labels";

type Flag = "enabled_inscriptions" | "enabled_preregisters";

type Props = {
  period: PeriodDetail;
  canWrite: boolean;
  /** Runs the write through the page's refusal dialog; resolves false when it failed. */
  run: (write: () => Promise<unknown>) => Promise<boolean>;
};

/**
 * Inscriptions and pre-registrations switches: they open only on the current or next period (spec.md §4);
 * one left open on another period can still be closed. A switch moves at once and flips back when the call
 * fails.
 */
export function InscriptionToggles({ period, canWrite, run }: Props) {
  const { t } = useTranslation();
  const mutation = useOpenInscriptions();
  const [flags, setFlags] = useState({
    enabled_inscriptions: period.enabled_inscriptions,
    enabled_preregisters: period.enabled_preregisters,
  });
  useEffect(() => {
    setFlags({
      enabled_inscriptions: period.enabled_inscriptions,
      enabled_preregisters: period.enabled_preregisters,
    });
  }, [period.enabled_inscriptions, period.enabled_preregisters]);
  const toggleable = canWrite && canToggle(period);

  const toggle = async (flag: Flag, value: boolean) => {
    setFlags((f) => ({ ...f, [flag]: value }));
    const ok = await run(() => mutation.mutateAsync({ id: period.id, payload: { [flag]: value } }));
    if (ok) {
      toast.success(t(`periods.toggles.${flag}.${value ? "opened" : "closed"}`));
    } else {
      setFlags((f) => ({ ...f, [flag]: !value }));
    }
  };

  return (
    <Stack gap="xs">
      {(["enabled_inscriptions", "enabled_preregisters"] as const).map((flag) => (
        <Switch
          key={flag}
          label={t(`periods.toggles.${flag}.label`)}
          checked={flags[flag]}
          disabled={!canWrite || mutation.isPending || (!toggleable && !flags[flag])}
          onChange={(event) => void toggle(flag, event.currentTarget.checked)}
        />
      ))}
      {canWrite && !canToggle(period) ? (
        <Text size="sm" c="dimmed">
          {t("periods.toggles.onlyCurrentOrNext")}
        </Text>
      ) : null}
    </Stack>
  );
}
