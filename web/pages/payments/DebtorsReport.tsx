import { Group, Paper, Select, Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

import { type Debtor, type DebtorFilters, useDebtors } from "../../api/payments";
import { usePeriods } from "../../api/periods";
import { useSpecializationOptions } from "../../api/specializations";
import {
  bindListParams,
  DataTable,
  PeriodSelector,
  parseListParams,
  toListQuery,
  useSearchParams,
} from "../../components";
import { money } from "../../components/payment-report/format";
import { debtorColumns } from "./payment-columns";

const debtorFilterKeys = ["period_id", "specialization_id"] as const;

function readFilters(searchParams: URLSearchParams): DebtorFilters {
  const filters: DebtorFilters = {};
  for (const key of debtorFilterKeys) {
    const value = Number(searchParams.get(key));
    if (Number.isInteger(value) && value > 0) filters[key] = value;
  }
  return filters;
}

/**
 * The debtors report (tab "Deudores" of /payments): students with overdue installments, what they owe
 * with late extras, their section and specialization, the total, and "Exportar CSV".
 */
export function DebtorsReport() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseListParams(searchParams, { sortBy: "overdue_e2,desc" });
  const filters = readFilters(searchParams);
  const list = useDebtors(params, filters);
  const periods = usePeriods();
  const specializations = useSpecializationOptions();
  const columns = useMemo(() => debtorColumns(t), [t]);
  const query = (next: DebtorFilters, list = params) => {
    const q: Record<string, string> = { tab: "debtors", ...toListQuery(list) };
    for (const key of debtorFilterKeys) if (next[key]) q[key] = String(next[key]);
    return q;
  };
  const filterQuery = () => {
    const q: Record<string, string> = {};
    for (const key of debtorFilterKeys) if (filters[key]) q[key] = String(filters[key]);
    return q;
  };
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" justify="space-between">
        <Group gap="sm" align="flex-end">
          <PeriodSelector
            periods={periods.data}
            value={filters.period_id ?? null}
            onChange={(id) =>
              setSearchParams(query({ ...filters, period_id: id ?? undefined }, { ...params, page: 1 }))
            }
            autoSelect={false}
            clearable
            placeholder={t("payments.debtors.currentPeriod")}
            w={170}
          />
          <Select
            label={t("payments.debtors.specialization")}
            placeholder={t("payments.debtors.allSpecializations")}
            clearable
            w={240}
            data={(specializations.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
            value={filters.specialization_id ? String(filters.specialization_id) : null}
            onChange={(v) =>
              setSearchParams(
                query({ ...filters, specialization_id: v ? Number(v) : undefined }, { ...params, page: 1 }),
              )
            }
          />
        </Group>
        <Paper withBorder px="md" py="xs">
          <Text size="sm" c="dimmed">
            {t("payments.debtors.total")}
          </Text>
          <Text fw={700} size="lg" data-testid="debtors-total">
            {money(list.data?.meta.total_owed_e2 ?? 0)}
          </Text>
        </Paper>
      </Group>
      <DataTable<Debtor>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="debtors"
        idAccessor="student_id"
        csvExport={{
          url: "/payments/debtors",
          params: { ...toListQuery(params), ...filterQuery() },
          filename: "deudores",
        }}
        {...bindListParams(params, (next) => setSearchParams(query(filters, next)))}
      />
    </Stack>
  );
}
