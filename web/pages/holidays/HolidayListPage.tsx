import { Button, Grid, Group, Stack, Title } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import { formatDate } from "../../../common/dates/format";
import { type Holiday, useDeleteHoliday, useHolidays, useMonthHolidays } from "../../api/holidays";
import {
  bindListParams,
  confirmAction,
  DataTable,
  type DataTableColumn,
  parseListParams,
  toast,
  toListQuery,
  useSearchParams,
} from "../../components";
import { isoDay, MonthCalendar, monthStart } from "../../components/MonthCalendar";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { HolidayFormModal } from "./HolidayFormModal";

const MONTH_PATTERN = /^\d{4}-\d{2}$/;

/** The calendar's month kept in the address (`?month=2026-12`), this month by default. */
export function useCalendarMonth(
  searchParams: URLSearchParams,
  setSearchParams: (p: URLSearchParams) => void,
) {
  const raw = searchParams.get("month");
  const month = raw && MONTH_PATTERN.test(raw) ? `${raw}-01` : monthStart(isoDay(new Date()));
  const setMonth = (next: string) => {
    const params = new URLSearchParams(searchParams);
    params.set("month", next.slice(0, 7));
    setSearchParams(params);
  };
  return [month, setMonth] as const;
}

/**
 * /holidays (everyone): the list of holidays beside a month calendar; administrators create, edit (in a
 * dialog) and delete them.
 */
export function HolidayListPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  // Holidays are written by administrators, like activities (spec.md §6).
  const canWrite = can("activities.write");
  useBreadcrumbs([{ label: t("holidays.list.title") }]);
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseListParams(searchParams);
  const [month, setMonth] = useCalendarMonth(searchParams, setSearchParams);
  const list = useHolidays(params);
  const monthHolidays = useMonthHolidays(month);
  const remove = useDeleteHoliday();
  const [editing, setEditing] = useState<Holiday | null | undefined>(undefined);

  const columns = useMemo<DataTableColumn<Holiday>[]>(() => {
    return [
      { accessor: "description", title: t("holidays.fields.description"), sortable: true, minWidth: 180 },
      {
        accessor: "start_date",
        title: t("holidays.fields.startDate"),
        sortable: true,
        noWrap: true,
        render: (h) => formatDate(h.start_date),
      },
      {
        accessor: "end_date",
        title: t("holidays.fields.endDate"),
        sortable: true,
        noWrap: true,
        render: (h) => formatDate(h.end_date),
      },
      { accessor: "days", title: t("holidays.fields.days"), noWrap: true, textAlign: "right" },
    ];
  }, [t]);
  const events = useMemo(
    () =>
      (monthHolidays.data?.data ?? []).map((h) => ({
        id: h.id,
        title: h.description,
        start: h.start_date,
        end: h.end_date,
        color: "red",
      })),
    [monthHolidays.data],
  );

  const onDelete = async (holiday: Holiday) => {
    const confirmed = await confirmAction({
      title: t("holidays.delete.title"),
      message: t("holidays.delete.confirm", { description: holiday.description }),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(holiday.id);
      toast.success(t("holidays.delete.success"));
    } catch {
      // the HTTP client showed why
    }
  };

  const actions = (holiday: Holiday) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={() => setEditing(holiday)}
        aria-label={`${t("common.edit")} ${holiday.description}`}
      >
        {t("common.edit")}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        disabled={remove.isPending}
        onClick={() => void onDelete(holiday)}
        aria-label={`${t("common.delete")} ${holiday.description}`}
      >
        {t("common.delete")}
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("holidays.list.title")}
      </Title>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <DataTable<Holiday>
            columns={columns}
            records={list.data?.data}
            total={list.data?.meta.total ?? 0}
            fetching={list.isFetching}
            error={list.isError}
            onRetry={() => void list.refetch()}
            storageKey="holidays"
            csvExport={{ url: "/holidays", params: toListQuery(params), filename: "dias-feriados" }}
            {...bindListParams(params, (next) =>
              setSearchParams({ ...toListQuery(next), month: month.slice(0, 7) }),
            )}
            {...(canWrite ? { actions } : {})}
            toolbar={
              canWrite ? (
                <Button onClick={() => setEditing(null)} leftSection={<IconPlus size={16} aria-hidden />}>
                  {t("holidays.create.title")}
                </Button>
              ) : null
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <MonthCalendar
            month={month}
            onMonthChange={setMonth}
            events={events}
            label={t("holidays.list.calendar")}
            defaultColor="red"
          />
        </Grid.Col>
      </Grid>
      {canWrite ? <HolidayFormModal holiday={editing} onClose={() => setEditing(undefined)} /> : null}
    </Stack>
  );
}
