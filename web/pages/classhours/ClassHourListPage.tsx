import { Button, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatTime } from "../../../common/dates/format";
import {
  type ClassHour,
  isClassHourHasSchedules,
  useClassHours,
  useDeleteClassHour,
} from "../../api/class-hours";
import { describeApiError, isApiError } from "../../api/errors";
import {
  bindListParams,
  confirmAction,
  DataTable,
  type DataTableColumn,
  parseListParams,
  TimeText,
  toast,
  toListQuery,
  useRememberListSearch,
  useSearchParams,
} from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";

const rangeOf = (h: ClassHour) => `${formatTime(h.start_time)} – ${formatTime(h.end_time)}`;

/** /classhours: the school day's class hours in start order, 24-hour times (HH:MM); writes for administrators. */
export function ClassHourListPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("class_hours.write");
  useBreadcrumbs([{ label: t("classHours.list.title") }]);
  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams);
  const list = useClassHours(params);
  const remove = useDeleteClassHour();
  const [refusal, setRefusal] = useState<string | null>(null);

  const columns = useMemo<DataTableColumn<ClassHour>[]>(
    () => [
      {
        accessor: "start_time",
        title: t("classHours.fields.start"),
        sortable: true,
        noWrap: true,
        render: (h) => <TimeText value={h.start_time} />,
      },
      {
        accessor: "end_time",
        title: t("classHours.fields.end"),
        sortable: true,
        noWrap: true,
        render: (h) => <TimeText value={h.end_time} />,
      },
    ],
    [t],
  );

  const onDelete = async (hour: ClassHour) => {
    const confirmed = await confirmAction({
      title: t("classHours.delete.title"),
      message: t("classHours.delete.confirm", { range: rangeOf(hour) }),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(hour.id);
      toast.success(t("classHours.delete.success"));
    } catch (error) {
      if (isApiError(error) && isClassHourHasSchedules(error))
        setRefusal(error.description ?? describeApiError(error));
    }
  };

  const actions = (hour: ClassHour) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPencil size={14} aria-hidden />}
        component={Link}
        to={`/classhours/${hour.id}/edit`}
        aria-label={`${t("common.edit")} ${rangeOf(hour)}`}
      >
        {t("common.edit")}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        disabled={remove.isPending}
        onClick={() => void onDelete(hour)}
        aria-label={`${t("common.delete")} ${rangeOf(hour)}`}
      >
        {t("common.delete")}
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("classHours.list.title")}
      </Title>
      <DataTable<ClassHour>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="classhours"
        csvExport={{ url: "/class-hours", params: toListQuery(params), filename: "horas-de-clase" }}
        {...bindListParams(params, (next) => setSearchParams(toListQuery(next)))}
        {...(canWrite ? { actions } : {})}
        toolbar={
          canWrite ? (
            <Button component={Link} to="/classhours/create" leftSection={<IconPlus size={16} aria-hidden />}>
              {t("classHours.create.title")}
            </Button>
          ) : null
        }
      />
      <Modal
        opened={refusal !== null}
        onClose={() => setRefusal(null)}
        title={t("classHours.delete.refusedTitle")}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{refusal}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setRefusal(null)}>{t("classHours.delete.understood")}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
