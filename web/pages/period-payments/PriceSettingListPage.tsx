import { Button, Group, Stack, Title } from "@mantine/core";
import { IconEye, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePeriods } from "../../api/periods";
import { type PriceSetting, usePeriodPriceSettings } from "../../api/price-settings";
import {
  DataTable,
  PeriodSelector,
  parseListParams,
  toListQuery,
  useRememberListSearch,
  useSearchParams,
} from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { priceSettingColumns } from "./price-setting-labels";
import { useDeletePriceSettingFlow } from "./use-delete-price-setting";

/**
 * /periods/payment: the price setting of the chosen period (the current one first), with its
 * installments, methods, grace days and late extra; create, edit and delete for the admin.
 */
export function PriceSettingListPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("periods.write");
  useBreadcrumbs([
    { label: t("periods.list.title"), to: "/periods" },
    { label: t("priceSettings.list.title") },
  ]);
  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const periodParam = Number(searchParams.get("period_id"));
  const periodId = Number.isInteger(periodParam) && periodParam > 0 ? periodParam : null;
  const params = parseListParams(searchParams);
  const periods = usePeriods();
  const list = usePeriodPriceSettings(periodId, params);
  const columns = useMemo(() => priceSettingColumns(t), [t]);
  const deletion = useDeletePriceSettingFlow();
  const setParams = (next: Record<string, string | number | undefined>) => {
    const merged = { ...Object.fromEntries(searchParams), ...toListQuery(params), ...next };
    setSearchParams(
      Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined && v !== "")) as Record<
        string,
        string
      >,
    );
  };
  const empty = list.data !== undefined && list.data.data.length === 0;

  const actions = (setting: PriceSetting) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconEye size={14} aria-hidden />}
        component={Link}
        to={`/periods/detailsPayments/${setting.period_id}`}
      >
        {t("priceSettings.list.view")}
      </Button>
      {canWrite ? (
        <>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={14} aria-hidden />}
            component={Link}
            to={`/periods/updatePaymentSetting/${setting.id}`}
          >
            {t("common.edit")}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={deletion.pending}
            onClick={() => void deletion.remove(setting)}
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
        {t("priceSettings.list.title")}
      </Title>
      <Group align="flex-end">
        <PeriodSelector
          periods={periods.data}
          value={periodId}
          onChange={(id) => setParams({ period_id: id ?? undefined, page: 1 })}
          w={180}
        />
      </Group>
      <DataTable<PriceSetting>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="price-settings"
        page={params.page}
        limit={params.limit}
        onPageChange={(page) => setParams({ page })}
        onLimitChange={(limit) => setParams({ limit, page: 1 })}
        actions={actions}
        {...(periodId === null
          ? {}
          : {
              csvExport: {
                url: `/periods/${periodId}/price-settings`,
                params: toListQuery(params),
                filename: "configuracion-de-precios",
              },
            })}
        toolbar={
          canWrite && periodId !== null && empty ? (
            <Button
              component={Link}
              to={`/periods/createPayments/${periodId}`}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t("priceSettings.create.title")}
            </Button>
          ) : null
        }
      />
    </Stack>
  );
}
