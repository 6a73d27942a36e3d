import { Button, Group, Select, Stack, Title } from "@mantine/core";
import { IconEye, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Pensum, useDeletePensum, usePensums } from "../../api/pensums";
import { useSpecializationOptions } from "../../api/specializations";
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
import { RefusalDialog, useRefusal } from "./RefusalDialog";

/** /pensums: every pensum version, filtered by specialization (`?specialization_id=`, kept in the URL). */
export function PensumListPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("pensums.write");
  useBreadcrumbs([{ label: t("pensums.list.title") }]);
  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams);
  const specializationId = Number(searchParams.get("specialization_id")) || undefined;
  const list = usePensums(params, { specializationId });
  const specializations = useSpecializationOptions();
  const remove = useDeletePensum();
  const refusal = useRefusal();

  const setQuery = (next: typeof params, spec = specializationId) =>
    setSearchParams({ ...toListQuery(next), ...(spec ? { specialization_id: String(spec) } : {}) });

  const columns = useMemo<DataTableColumn<Pensum>[]>(
    () => [
      {
        accessor: "specialization",
        sortField: "specialization",
        title: t("pensums.fields.specialization"),
        sortable: true,
        render: (p) => p.specialization.title,
      },
      {
        accessor: "name",
        title: t("pensums.fields.name"),
        sortable: true,
        minWidth: 180,
        render: (p) => (
          <Link to={`/pensums/${p.id}`} style={{ color: "inherit" }}>
            {p.name}
          </Link>
        ),
      },
      {
        accessor: "version",
        title: t("pensums.fields.version"),
        sortable: true,
        noWrap: true,
        textAlign: "right",
      },
      { accessor: "semesters_count", title: t("pensums.fields.semesters"), noWrap: true, textAlign: "right" },
      { accessor: "courses_count", title: t("pensums.fields.courses"), noWrap: true, textAlign: "right" },
      { accessor: "periods_count", title: t("pensums.fields.periods"), noWrap: true, textAlign: "right" },
    ],
    [t],
  );

  const onDelete = async (p: Pensum) => {
    const confirmed = await confirmAction({
      title: t("pensums.delete.title"),
      message: t("pensums.delete.confirm", { name: p.name, version: p.version }),
      danger: true,
    });
    if (!confirmed) return;
    if (await refusal.run(() => remove.mutateAsync(p.id))) toast.success(t("pensums.delete.success"));
  };

  const actions = (p: Pensum) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconEye size={14} aria-hidden />}
        component={Link}
        to={`/pensums/${p.id}`}
        aria-label={`${t("pensums.list.view")} ${p.name} v${p.version}`}
      >
        {t("pensums.list.view")}
      </Button>
      {canWrite ? (
        <>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={14} aria-hidden />}
            component={Link}
            to={`/pensums/${p.id}/edit`}
            aria-label={`${t("common.edit")} ${p.name} v${p.version}`}
          >
            {t("common.edit")}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={remove.isPending}
            onClick={() => void onDelete(p)}
            aria-label={`${t("common.delete")} ${p.name} v${p.version}`}
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
        {t("pensums.list.title")}
      </Title>
      <DataTable<Pensum>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="pensums"
        csvExport={{
          url: "/pensums",
          params: {
            ...toListQuery(params),
            ...(specializationId ? { specialization_id: String(specializationId) } : {}),
          },
          filename: "pensums",
        }}
        {...bindListParams(params, (next) => setQuery(next))}
        actions={actions}
        toolbar={
          <Group gap="sm">
            <Select
              aria-label={t("pensums.list.filterSpecialization")}
              placeholder={t("pensums.list.allSpecializations")}
              clearable
              w={240}
              data={(specializations.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
              value={specializationId ? String(specializationId) : null}
              onChange={(value) => setQuery({ ...params, page: 1 }, value ? Number(value) : undefined)}
            />
            {canWrite ? (
              <Button component={Link} to="/pensums/create" leftSection={<IconPlus size={16} aria-hidden />}>
                {t("pensums.create.title")}
              </Button>
            ) : null}
          </Group>
        }
      />
      <RefusalDialog
        title={t("pensums.delete.refusedTitle")}
        message={refusal.message}
        onClose={refusal.close}
      />
    </Stack>
  );
}
