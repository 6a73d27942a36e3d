import { Badge, Button, Group, Stack, Title } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Specialization, useDeleteSpecialization, useSpecializations } from "../../api/specializations";
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
import { RefusalDialog, useRefusal } from "../pensums/RefusalDialog";

/** /specializations: server-side list (admin group); writes: admin only. */
export function SpecializationListPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("specializations.write");
  useBreadcrumbs([{ label: t("specializations.list.title") }]);
  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams);
  const list = useSpecializations(params);
  const remove = useDeleteSpecialization();
  const refusal = useRefusal();

  const columns = useMemo<DataTableColumn<Specialization>[]>(
    () => [
      { accessor: "code", title: t("specializations.fields.code"), sortable: true, noWrap: true },
      { accessor: "title", title: t("specializations.fields.title"), sortable: true, minWidth: 200 },
      {
        accessor: "is_basic",
        title: t("specializations.fields.isBasic"),
        sortable: true,
        noWrap: true,
        render: (s) => (s.is_basic ? t("common.yes") : t("common.no")),
      },
      {
        accessor: "pensums_count",
        title: t("specializations.fields.pensums"),
        noWrap: true,
        textAlign: "right",
      },
      {
        accessor: "enabled",
        title: t("specializations.fields.state"),
        sortable: true,
        noWrap: true,
        render: (s) => (
          <Badge
            color={s.enabled ? "green" : "gray"}
            variant="dot"
            miw="max-content"
            style={{ overflow: "visible" }}
          >
            {s.enabled ? t("specializations.state.enabled") : t("specializations.state.disabled")}
          </Badge>
        ),
      },
    ],
    [t],
  );

  const onDelete = async (s: Specialization) => {
    const confirmed = await confirmAction({
      title: t("specializations.delete.title"),
      message: t("specializations.delete.confirm", { title: s.title }),
      danger: true,
    });
    if (!confirmed) return;
    if (await refusal.run(() => remove.mutateAsync(s.id))) toast.success(t("specializations.delete.success"));
  };

  const actions = (s: Specialization) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPencil size={14} aria-hidden />}
        component={Link}
        to={`/specializations/${s.id}/edit`}
        aria-label={`${t("common.edit")} ${s.title}`}
      >
        {t("common.edit")}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        disabled={remove.isPending}
        onClick={() => void onDelete(s)}
        aria-label={`${t("common.delete")} ${s.title}`}
      >
        {t("common.delete")}
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("specializations.list.title")}
      </Title>
      <DataTable<Specialization>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="specializations"
        csvExport={{ url: "/specializations", params: toListQuery(params), filename: "especialidades" }}
        {...bindListParams(params, (next) => setSearchParams(toListQuery(next)))}
        {...(canWrite ? { actions } : {})}
        toolbar={
          canWrite ? (
            <Button
              component={Link}
              to="/specializations/create"
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t("specializations.create.title")}
            </Button>
          ) : null
        }
      />
      <RefusalDialog
        title={t("specializations.delete.refusedTitle")}
        message={refusal.message}
        onClose={refusal.close}
      />
    </Stack>
  );
}
