import { Button, Grid, Group, Stack, Title } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../../common/dates/format";
import { type Activity, useActivities, useDeleteActivity, useMonthActivities } from "../../api/activities";
import {
  bindListParams,
  confirmAction,
  DataTable,
  type DataTableColumn,
  PeriodSelector,
  parseListParams,
  toast,
  toListQuery,
  useRememberListSearch,
  useSearchParams,
} from "../../components";
import { MonthCalendar } from "../../components/MonthCalendar";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { useCalendarMonth } from "../holidays/HolidayListPage";
import { useActivityPeriods } from "./use-activity-periods";

/**
 * /activities (everyone): "Cronograma de actividades", the table of spec.md §2 (title, description,
 * observation, start date, end date, actions) beside a month calendar. The admin group picks the period
 * (the enabled one first); other roles see every activity. Writes: administrators.
 */
export function ActivityListPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("activities.write");
  useBreadcrumbs([{ label: t("activities.list.title") }]);
  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams, { sortBy: "start_date,asc" });
  const [month, setMonth] = useCalendarMonth(searchParams, setSearchParams);
  const { allowed: choosesPeriod, periods } = useActivityPeriods();
  const rawPeriod = Number(searchParams.get("period_id"));
  const periodId = Number.isInteger(rawPeriod) && rawPeriod > 0 ? rawPeriod : null;
  // The selector fills the period first; until then the admin group waits instead of listing every period.
  const waiting = choosesPeriod && periodId === null;
  const list = useActivities(params, periodId);
  const monthActivities = useMonthActivities(month, periodId);
  const remove = useDeleteActivity();

  const keep = (extra: Record<string, string>) => {
    const next = new URLSearchParams(searchParams);
    for (const [k, v] of Object.entries(extra)) next.set(k, v);
    return next;
  };

  const columns = useMemo<DataTableColumn<Activity>[]>(() => {
    return [
      { accessor: "title", title: t("activities.fields.title"), sortable: true, minWidth: 160 },
      { accessor: "description", title: t("activities.fields.description"), sortable: true, minWidth: 180 },
      { accessor: "observation", title: t("activities.fields.observation"), sortable: true, minWidth: 140 },
      {
        accessor: "start_date",
        title: t("activities.fields.startDate"),
        sortable: true,
        noWrap: true,
        render: (a) => formatDate(a.start_date),
      },
      {
        accessor: "end_date",
        title: t("activities.fields.endDate"),
        sortable: true,
        noWrap: true,
        render: (a) => formatDate(a.end_date),
      },
    ];
  }, [t]);
  const events = useMemo(
    () =>
      (monthActivities.data?.data ?? []).map((a) => ({
        id: a.id,
        title: a.title,
        start: a.start_date,
        end: a.end_date,
        color: a.color,
      })),
    [monthActivities.data],
  );

  const onDelete = async (activity: Activity) => {
    const confirmed = await confirmAction({
      title: t("activities.delete.title"),
      message: t("activities.delete.confirm", { title: activity.title }),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(activity.id);
      toast.success(t("activities.delete.success"));
    } catch {
      // the HTTP client showed why
    }
  };

  const actions = (activity: Activity) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPencil size={14} aria-hidden />}
        component={Link}
        to={`/activities/${activity.id}/edit`}
        aria-label={`${t("common.edit")} ${activity.title}`}
      >
        {t("common.edit")}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        disabled={remove.isPending}
        onClick={() => void onDelete(activity)}
        aria-label={`${t("common.delete")} ${activity.title}`}
      >
        {t("common.delete")}
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h3">
          {t("activities.list.title")}
        </Title>
        {choosesPeriod ? (
          <PeriodSelector
            periods={periods}
            value={periodId}
            onChange={(id) => {
              if (id !== null)
                setSearchParams(keep({ period_id: String(id), page: "1" }), { replace: periodId === null });
            }}
            w={200}
          />
        ) : null}
      </Group>
      {/* Beside the calendar only on wide screens: the activities table needs the width below 1408 px. */}
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, xl: 8 }}>
          <DataTable<Activity>
            columns={columns}
            records={waiting ? undefined : list.data?.data}
            total={list.data?.meta.total ?? 0}
            fetching={waiting || list.isFetching}
            error={list.isError}
            onRetry={() => void list.refetch()}
            storageKey="activities"
            csvExport={{
              url: "/activities",
              params: {
                ...toListQuery(params),
                ...(periodId === null ? {} : { period_id: String(periodId) }),
              },
              filename: "cronograma-de-actividades",
            }}
            {...bindListParams(params, (next) =>
              setSearchParams({
                ...toListQuery(next),
                month: month.slice(0, 7),
                ...(periodId === null ? {} : { period_id: String(periodId) }),
              }),
            )}
            {...(canWrite ? { actions, actionsTitle: t("activities.list.actions") } : {})}
            toolbar={
              canWrite ? (
                <Button
                  component={Link}
                  to="/activities/create"
                  leftSection={<IconPlus size={16} aria-hidden />}
                >
                  {t("activities.create.title")}
                </Button>
              ) : null
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 4 }}>
          <MonthCalendar
            month={month}
            onMonthChange={setMonth}
            events={waiting ? [] : events}
            label={t("activities.list.calendar")}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
