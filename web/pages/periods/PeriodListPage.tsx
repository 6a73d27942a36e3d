import { Button, Group, Stack, Title } from "@mantine/core";
import { IconCash, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Period, useDeletePeriod, usePeriodList } from "../../api/periods";
import {
  bindListParams,
  confirmAction,
  DataTable,
  parseListParams,
  toast,
  toListQuery,
  useRememberListSearch,
  useSearchParams,
} from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { periodColumns } from "./period-columns";
import { RefusalDialog } from "./RefusalDialog";
import { useRefusal } from "./use-refusal";

/**
 * /periods: server-side list, newest first; page, size, search and order in the URL. Lists: admin group;
 * create, edit and delete: admin. Older periods are read-only (no edit or delete).
 */
export function PeriodListPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("periods.write");
  useBreadcrumbs([{ label: t("periods.list.title") }]);

  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams);
  const list = usePeriodList(params);
  const columns = useMemo(() => periodColumns(t), [t]);
  const deletion = useDeletePeriod();
  const refusal = useRefusal();

  const remove = async (period: Period) => {
    const confirmed = await confirmAction({
      title: t("periods.delete.title"),
      message: t("periods.delete.confirm", { name: period.name }),
      danger: true,
    });
    if (!confirmed) return;
    if (await refusal.run(() => deletion.mutateAsync(period.id))) toast.success(t("periods.delete.success"));
  };

  const actions = (period: Period) => (
    <Group gap={4} wrap="nowrap">
      {period.state !== "older" ? (
        <>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={14} aria-hidden />}
            component={Link}
            to={`/periods/make?update=${period.id}`}
            aria-label={t("periods.list.editNamed", { name: period.name })}
          >
            {t("common.edit")}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={deletion.isPending}
            onClick={() => void remove(period)}
            aria-label={t("periods.list.deleteNamed", { name: period.name })}
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
        {t("periods.list.title")}
      </Title>
      <DataTable<Period>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="periods"
        csvExport={{ url: "/periods", params: toListQuery(params), filename: "periodos" }}
        {...bindListParams(params, (next) => setSearchParams(toListQuery(next)))}
        {...(canWrite ? { actions } : {})}
        toolbar={
          <Group gap="xs">
            <Button
              variant="default"
              component={Link}
              to="/periods/payment"
              leftSection={<IconCash size={16} aria-hidden />}
            >
              {t("priceSettings.list.link")}
            </Button>
            {canWrite ? (
              <Button component={Link} to="/periods/make" leftSection={<IconPlus size={16} aria-hidden />}>
                {t("periods.create.title")}
              </Button>
            ) : null}
          </Group>
        }
      />
      <RefusalDialog
        message={refusal.refusal}
        title={t("periods.delete.refusedTitle")}
        onClose={refusal.close}
      />
    </Stack>
  );
}
