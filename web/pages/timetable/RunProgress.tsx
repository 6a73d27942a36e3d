import { Button, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { IconPlayerStop } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { type TimetableRun, useStopTimetableRun } from "../../api/timetable";

/** A search under way: elapsed of the budget, rules still broken, cost; "Detener" keeps the best so far. */
export function RunProgress({ run }: { run: TimetableRun }) {
  const { t } = useTranslation();
  const stop = useStopTimetableRun();
  const elapsed = Math.min(run.seconds, Math.floor(run.progress.elapsed_ms / 1000));
  const percent = Math.min(100, (run.progress.elapsed_ms / (run.seconds * 1000)) * 100);
  return (
    <Paper withBorder p="md" data-testid="timetable-progress">
      <Stack gap="xs">
        <Text fw={600}>{t("timetable.progress.title")}</Text>
        <Progress
          value={percent}
          animated
          aria-label={t("timetable.progress.elapsed", { elapsed, seconds: run.seconds })}
        />
        <Group gap="lg">
          <Text size="sm">{t("timetable.progress.elapsed", { elapsed, seconds: run.seconds })}</Text>
          <Text size="sm">{t("timetable.progress.hard", { count: run.progress.hard })}</Text>
          <Text size="sm">{t("timetable.progress.soft", { cost: run.progress.soft })}</Text>
        </Group>
        <Group>
          <Button
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={16} aria-hidden />}
            onClick={() => stop.mutate(run.id)}
            loading={stop.isPending}
          >
            {t("timetable.progress.stop")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
