import { Alert, Button, Group, List, MultiSelect, NumberInput, Paper, Stack, Switch } from "@mantine/core";
import { IconWand } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { timetableSeconds } from "../../../common/schemas/timetable-runs";
import { type ApiError, isApiError } from "../../api/errors";
import { useSections } from "../../api/sections";
import { type TimetableRun, useStartTimetableRun } from "../../api/timetable";

const allSections = { page: 1, limit: 0, search: "", sortBy: "code,asc" };

/** Which sections, rebuild or keep, the time budget; "Generar" starts the search. */
export function GenerateForm({
  periodId,
  busy,
  onStarted,
}: {
  periodId: number;
  /** A search of the period is running: another one would be refused. */
  busy: boolean;
  onStarted: (run: TimetableRun) => void;
}) {
  const { t } = useTranslation();
  const sections = useSections(periodId, allSections);
  const start = useStartTimetableRun(periodId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [rebuild, setRebuild] = useState(false);
  const [seconds, setSeconds] = useState<number>(timetableSeconds.default);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const secondsValid =
    Number.isInteger(seconds) && seconds >= timetableSeconds.min && seconds <= timetableSeconds.max;

  const generate = async () => {
    setRefusal(null);
    try {
      const run = await start.mutateAsync({
        ...(chosen.length > 0 ? { section_ids: chosen.map(Number) } : {}),
        rebuild,
        seconds,
      });
      onStarted(run);
    } catch (error) {
      if (isApiError(error) && error.message.startsWith("timetable_")) setRefusal(error);
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <MultiSelect
          label={t("timetable.form.sections")}
          description={t("timetable.form.sectionsHelp")}
          placeholder={chosen.length === 0 ? t("timetable.form.allSections") : undefined}
          data={(sections.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.code }))}
          value={chosen}
          onChange={setChosen}
          searchable
          clearable
          maw={560}
        />
        <Switch
          label={t("timetable.form.rebuild")}
          description={t("timetable.form.rebuildHelp")}
          checked={rebuild}
          onChange={(e) => setRebuild(e.currentTarget.checked)}
        />
        <NumberInput
          label={t("timetable.form.seconds")}
          description={t("timetable.form.secondsHelp", timetableSeconds)}
          value={seconds}
          onChange={(v) => setSeconds(typeof v === "number" ? v : Number(v))}
          min={timetableSeconds.min}
          max={timetableSeconds.max}
          allowDecimal={false}
          error={secondsValid ? undefined : t("timetable.form.secondsError", timetableSeconds)}
          w={220}
        />
        <Group>
          <Button
            leftSection={<IconWand size={16} aria-hidden />}
            onClick={() => void generate()}
            loading={start.isPending}
            disabled={busy || !secondsValid}
          >
            {t("timetable.form.generate")}
          </Button>
        </Group>
        {refusal ? (
          <Alert
            color="red"
            title={
              refusal.message === "timetable_infeasible"
                ? t("timetable.infeasible.title")
                : t("timetable.refused")
            }
          >
            {refusal.reasons && refusal.reasons.length > 0 ? (
              <List size="sm">
                {refusal.reasons.map((reason) => (
                  <List.Item key={reason}>{reason}</List.Item>
                ))}
              </List>
            ) : (
              refusal.description
            )}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
