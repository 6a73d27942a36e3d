import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ApiError, isApiError } from "../../api/errors";
import { type TimetableRun, useApplyTimetableRun } from "../../api/timetable";
import { confirmAction, toast } from "../../components";
import { usePhone } from "../../components/phone";
import { WeeklyGrid } from "../../components/WeeklyGrid";
import { DayView } from "../my-schedule/DayView";
import { costLines, gridItems, proposalDays, type ViewKind, viewOptions } from "./proposal";

/** A finished search: what it costs, its weeks per section, teacher or classroom, and "Aplicar". */
export function ProposalView({
  run,
  onApplied,
}: {
  run: TimetableRun & { proposal: NonNullable<TimetableRun["proposal"]> };
  /** The page keeps showing this run once applied (it is no longer one waiting on arrival). */
  onApplied: (id: number) => void;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  const proposal = run.proposal;
  const apply = useApplyTimetableRun();
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [kind, setKind] = useState<ViewKind>("section");
  const options = useMemo(() => viewOptions(proposal, kind), [proposal, kind]);
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = options.some((o) => o.value === chosen) ? chosen : (options[0]?.value ?? null);
  const items = useMemo(
    () => (shown ? gridItems(t, proposal, kind, Number(shown)) : new Map()),
    [t, proposal, kind, shown],
  );
  const lines = costLines(t, proposal);
  const applicable = run.status === "done" || run.status === "stopped";
  const schedulesLink = `/schedules?period_id=${run.period_id}`;

  const onApply = async () => {
    setRefusal(null);
    const confirmed = await confirmAction({
      title: t("timetable.apply.title"),
      message: t(run.rebuild ? "timetable.apply.confirmRebuild" : "timetable.apply.confirm"),
    });
    if (!confirmed) return;
    try {
      await apply.mutateAsync(run.id);
      onApplied(run.id);
      toast.success(t("timetable.apply.success"));
    } catch (error) {
      if (isApiError(error) && error.message.startsWith("timetable_")) setRefusal(error);
    }
  };

  const caption = options.find((o) => o.value === shown)?.label ?? "";
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t(run.status === "stopped" ? "timetable.proposal.titleStopped" : "timetable.proposal.title")}
          </Title>
          {proposal.evaluation.hard.total > 0 ? (
            <Alert color="red" title={t("timetable.proposal.hardTitle")}>
              {t("timetable.proposal.hard", { count: proposal.evaluation.hard.total })}
            </Alert>
          ) : (
            <Text size="sm">{t("timetable.proposal.clashFree")}</Text>
          )}
          <Text size="sm" fw={600}>
            {t("timetable.proposal.cost", { cost: proposal.evaluation.soft.total })}
          </Text>
          <List size="sm" data-testid="timetable-cost">
            {lines.map((line) => (
              <List.Item key={line.key} c={line.count > 0 ? undefined : "dimmed"}>
                {line.text}
              </List.Item>
            ))}
          </List>
        </Stack>
      </Paper>

      {run.status === "applied" ? (
        <Alert color="green" title={t("timetable.apply.done")} icon={<IconCheck size={18} aria-hidden />}>
          <Anchor component={Link} to={schedulesLink}>
            {t("timetable.apply.seeSchedules")}
          </Anchor>
        </Alert>
      ) : null}
      {refusal ? (
        <Alert color="red" title={t("timetable.apply.refused")}>
          {refusal.description}
        </Alert>
      ) : null}
      {applicable ? (
        <Group>
          <Button
            leftSection={<IconCheck size={16} aria-hidden />}
            onClick={() => void onApply()}
            loading={apply.isPending}
          >
            {t("timetable.apply.action")}
          </Button>
        </Group>
      ) : null}

      <Group align="flex-end" gap="sm">
        <SegmentedControl
          aria-label={t("timetable.grid.kind")}
          value={kind}
          onChange={(v) => setKind(v as ViewKind)}
          data={(["section", "teacher", "classroom"] as const).map((k) => ({
            value: k,
            label: t(`timetable.grid.kinds.${k}`),
          }))}
        />
        <Select
          label={t(`timetable.grid.kinds.${kind}`)}
          data={options}
          value={shown}
          onChange={setChosen}
          searchable
          allowDeselect={false}
          w={240}
        />
      </Group>
      {phone ? (
        <DayView classHours={proposal.context.class_hours} items={items} />
      ) : (
        <WeeklyGrid
          classHours={proposal.context.class_hours}
          items={items}
          caption={t("timetable.grid.caption", { name: caption })}
          days={proposalDays(proposal)}
        />
      )}
    </Stack>
  );
}
