import { Badge, Button, Group, Stack, Title } from "@mantine/core";
import { IconEye, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { access } from "../../../common/access";
import { formatLocalDateTime } from "../../../common/dates/format";
import { hasRole } from "../../../common/roles";
import { type FinalDelivery, useDeleteFinalDelivery, useFinalDeliveries } from "../../api/final-deliveries";
import {
  bindListParams,
  confirmAction,
  DataTable,
  type DataTableColumn,
  parseListParams,
  toast,
  toListQuery,
  useRememberListSearch,
  useSearchParams,
} from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";

function columns(t: TFunction): DataTableColumn<FinalDelivery>[] {
  return [
    { accessor: "code", title: t("finalDeliveries.fields.code"), sortable: true, noWrap: true },
    { accessor: "title", title: t("finalDeliveries.fields.title"), sortable: true, minWidth: 180 },
    {
      accessor: "course",
      title: t("finalDeliveries.fields.course"),
      sortable: true,
      render: (d) => `${d.course.code} ${d.course.title}`,
    },
    {
      accessor: "section",
      title: t("finalDeliveries.fields.section"),
      sortable: true,
      render: (d) => d.section.code,
    },
    {
      accessor: "delivery_at",
      title: t("finalDeliveries.fields.deliveryAt"),
      sortable: true,
      noWrap: true,
      render: (d) => formatLocalDateTime(d.delivery_at_local),
    },
    {
      accessor: "final_delivery_value_percent",
      title: t("finalDeliveries.fields.percent"),
      textAlign: "right",
      render: (d) => `${d.final_delivery_value_percent} %`,
    },
    { accessor: "jury", title: t("finalDeliveries.fields.jury"), render: (d) => String(d.jury.length) },
  ];
}

/** /final-deliveries: everyone (a student only theirs); create, update and delete for admin and coordinator. */
export function FinalDeliveryListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canWrite = user ? hasRole(user.type, access.finalDeliveriesWrite) : false;
  useBreadcrumbs([{ label: t("finalDeliveries.list.title") }]);
  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams);
  const list = useFinalDeliveries(params);
  const cols = useMemo(() => columns(t), [t]);
  const deletion = useDeleteFinalDelivery();

  const remove = async (d: FinalDelivery) => {
    const confirmed = await confirmAction({
      title: t("finalDeliveries.delete.title"),
      message: t("finalDeliveries.delete.confirm", { code: d.code }),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deletion.mutateAsync(d.id);
      toast.success(t("finalDeliveries.delete.success"));
    } catch {
      // the HTTP client showed the refusal (final_delivery_has_notes) in its dialog
    }
  };

  const actions = (d: FinalDelivery) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconEye size={14} aria-hidden />}
        component={Link}
        to={`/final-deliveries/${d.id}`}
      >
        {t("finalDeliveries.list.view")}
      </Button>
      {canWrite && d.closed ? (
        <Badge variant="light" color="gray" c="dark">
          {t("finalDeliveries.list.closed")}
        </Badge>
      ) : null}
      {canWrite && !d.closed ? (
        <>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={14} aria-hidden />}
            component={Link}
            to={`/final-deliveries/update/${d.id}`}
          >
            {t("common.edit")}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={deletion.isPending}
            onClick={() => void remove(d)}
          >
            {t("common.delete")}
          </Button>
        </>
      ) : null}
    </Group>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("finalDeliveries.list.title")}
      </Title>
      <DataTable<FinalDelivery>
        columns={cols}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="final-deliveries"
        csvExport={{ url: "/final-deliveries", params: toListQuery(params), filename: "entregas-finales" }}
        {...bindListParams(params, (next) => setSearchParams(toListQuery(next)))}
        actions={actions}
        toolbar={
          canWrite ? (
            <Button
              component={Link}
              to="/final-deliveries/create"
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t("finalDeliveries.create.title")}
            </Button>
          ) : null
        }
      />
    </Stack>
  );
}
