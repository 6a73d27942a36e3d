import { Alert, Center, List, Loader, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { usePeriod } from "../../api/periods";
import { type TimetableRun, useTimetableRun, useTimetableRuns } from "../../api/timetable";
import { listReturnPath } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { GenerateForm } from "./GenerateForm";
import { ProposalView } from "./ProposalView";
import { RunProgress } from "./RunProgress";

/** The run the page shows on arrival: the newest one still searching or waiting to be applied. */
const pending = (runs: TimetableRun[] | undefined) =>
  runs?.find(
    (r) => r.status === "running" || ((r.status === "done" || r.status === "stopped") && r.proposal),
  );

/**
 * /periods/:id/timetable, "Generar horario" (issue 28, admin): the engine builds the period's timetable in
 * the background; the page polls its progress, shows the proposal and applies it.
 */
export function TimetablePage() {
  const { t } = useTranslation();
  const raw = Number(useParams().id);
  const periodId = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const period = usePeriod(periodId);
  const runs = useTimetableRuns(periodId);
  // The run started or applied here stays shown whatever the list says.
  const [startedId, setStartedId] = useState<number | null>(null);
  const runId = startedId ?? pending(runs.data)?.id ?? null;
  const run = useTimetableRun(runId);
  useBreadcrumbs([
    { label: t("periods.list.title"), to: listReturnPath("/periods") },
    { label: period.data?.name ?? "", to: periodId ? `/periods/${periodId}` : undefined },
    { label: t("timetable.title") },
  ]);

  if (periodId === undefined || period.isError) {
    return <Alert color="yellow" title={t("periods.detail.notFound")} />;
  }
  if (!period.data || runs.isPending) {
    return (
      <Center mih={200}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  }
  const current = run.data;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("timetable.pageTitle", { name: period.data.name })}
      </Title>
      <Text size="sm" c="dimmed">
        {t("timetable.intro")}
      </Text>
      <GenerateForm
        periodId={periodId}
        busy={current?.status === "running"}
        onStarted={(started) => setStartedId(started.id)}
      />
      {current?.status === "running" ? <RunProgress run={current} /> : null}
      {current?.status === "failed" ? (
        <Alert color="red" title={t("timetable.failed")}>
          {current.error}
        </Alert>
      ) : null}
      {current && current.warnings.length > 0 && current.status !== "running" ? (
        <Alert color="yellow" title={t("timetable.warnings")}>
          <List size="sm">
            {current.warnings.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {current?.proposal && current.status !== "running" && current.status !== "failed" ? (
        <ProposalView run={{ ...current, proposal: current.proposal }} onApplied={setStartedId} />
      ) : null}
    </Stack>
  );
}
