import { Button, Group, Stack, Title } from "@mantine/core";
import { IconCalendarEvent, IconDoor, IconPencil, IconTrash, IconWand } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatTime } from "../../../common/dates/format";
import { useEnabledPeriod, usePeriods } from "../../api/periods";
import { type Schedule, useDeleteSchedule, useScheduleList } from "../../api/schedules";
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
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";

/** "7:00 AM – 8:30 AM": from the first class hour's start to the last one's end. */
export function hoursText(schedule: Pick<Schedule, "class_hours">): string {
  const first = schedule.class_hours[0];
  const last = schedule.class_hours.at(-1);
  return first && last ? `${formatTime(first.start_time)} – ${formatTime(last.end_time)}` : "—";
}

function scheduleColumns(t: TFunction): DataTableColumn<Schedule>[] {
  return [
    {
      accessor: "course_section.section.code",
      sortField: "section",
      title: t("schedules.fields.section"),
      sortable: true,
      noWrap: true,
    },
    {
      accessor: "course_section.course.title",
      sortField: "course",
      title: t("schedules.fields.course"),
      sortable: true,
    },
    {
      accessor: "day",
      title: t("schedules.fields.day"),
      sortable: true,
      noWrap: true,
      render: (s) => t(`schedules.days.${s.day}`),
    },
    { accessor: "class_hours", title: t("schedules.fields.classHours"), noWrap: true, render: hoursText },
    {
      accessor: "classroom.code",
      sortField: "classroom",
      title: t("schedules.fields.classroom"),
      sortable: true,
      noWrap: true,
    },
    {
      accessor: "course_section.teachers",
      title: t("schedules.fields.teachers"),
      render: (s) => s.course_section.teachers.map((x) => x.name).join(", ") || t("schedules.noTeacher"),
    },
    {
      accessor: "course_section.section.shift",
      title: t("schedules.fields.shift"),
      noWrap: true,
      render: (s) => t(`schedules.shifts.${s.course_section.section.shift}`),
    },
  ];
}

/** /schedules: the period's schedules (period selector), with links to the grid and availability pages. */
export function ScheduleListPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("schedules.write");
  useBreadcrumbs([{ label: t("schedules.list.title") }]);
  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams, { sortBy: "section,asc" });
  const rawPeriod = Number(searchParams.get("period_id"));
  const periodId = Number.isInteger(rawPeriod) && rawPeriod > 0 ? rawPeriod : null;
  const periods = usePeriods();
  const enabled = useEnabledPeriod();
  // "Generar horario" of the chosen period, else of the current one.
  const timetablePeriod = periodId ?? enabled.data?.id ?? null;
  const list = useScheduleList(periodId, params);
  const columns = useMemo(() => scheduleColumns(t), [t]);
  const remove = useDeleteSchedule();

  const setQuery = (next: Record<string, string>, period = periodId) =>
    setSearchParams({ ...next, ...(period ? { period_id: String(period) } : {}) });

  const onDelete = async (s: Schedule) => {
    const confirmed = await confirmAction({
      title: t("schedules.delete.title"),
      message: t("schedules.delete.confirm", {
        course: s.course_section.course.title,
        section: s.course_section.section.code,
        day: t(`schedules.days.${s.day}`),
      }),
      danger: true,
    });
    if (!confirmed) return;
    await remove.mutateAsync(s.id);
    toast.success(t("schedules.delete.success"));
  };

  const actions = (s: Schedule) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPencil size={14} aria-hidden />}
        component={Link}
        to={`/schedules/edit/${s.course_section.section.id}/${s.course_section.course.id}/${s.id}`}
      >
        {t("common.edit")}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        component={Link}
        to={`/sections/${s.course_section.section.id}/courses/${s.course_section.course.id}/set-shcedule`}
      >
        {t("schedules.list.week")}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        disabled={remove.isPending}
        onClick={() => void onDelete(s)}
      >
        {t("common.delete")}
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("schedules.list.title")}
      </Title>
      <Group align="flex-end">
        <PeriodSelector
          periods={periods.data}
          value={periodId}
          onChange={(id) => setQuery({ ...toListQuery({ ...params, page: 1 }) }, id)}
          w={200}
        />
      </Group>
      <DataTable<Schedule>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="schedules"
        csvExport={{
          url: "/schedules",
          params: { ...toListQuery(params), ...(periodId ? { period_id: String(periodId) } : {}) },
          filename: "horarios",
        }}
        {...bindListParams(params, (next) => setQuery(toListQuery(next)))}
        {...(canWrite ? { actions } : {})}
        toolbar={
          canWrite ? (
            <Group gap="xs">
              <Button
                variant="light"
                component={Link}
                to={`/schedules/show${periodId ? `?period_id=${periodId}` : ""}`}
                leftSection={<IconCalendarEvent size={16} aria-hidden />}
              >
                {t("schedules.show.title")}
              </Button>
              <Button
                variant="light"
                component={Link}
                to={`/schedules/disponibilities${periodId ? `?period_id=${periodId}` : ""}`}
                leftSection={<IconDoor size={16} aria-hidden />}
              >
                {t("schedules.availability.title")}
              </Button>
              {timetablePeriod ? (
                <Button
                  variant="light"
                  component={Link}
                  to={`/periods/${timetablePeriod}/timetable`}
                  leftSection={<IconWand size={16} aria-hidden />}
                >
                  {t("timetable.title")}
                </Button>
              ) : null}
            </Group>
          ) : null
        }
      />
    </Stack>
  );
}
