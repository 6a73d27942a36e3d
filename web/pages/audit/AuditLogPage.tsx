import { Button, Stack, Text, Title } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import { type AuditEntry, type AuditFilterValues, parseAuditFilters, useAuditLog } from "../../api/audit";
import {
  bindListParams,
  DataTable,
  type ListParams,
  parseListParams,
  toListQuery,
  useRememberListSearch,
  useSearchParams,
} from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { AuditDetailsModal } from "./AuditDetailsModal";
import { AuditFilters } from "./AuditFilters";
import { auditColumns } from "./audit-columns";

/**
 * /audit-log (administrators): the append-only history of account changes. Page, size, search, order and
 * filters live in the URL; "Detalles" shows a row's old and new values.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  useBreadcrumbs([{ label: t("audit.title") }]);

  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams);
  const filters = parseAuditFilters(searchParams);
  const list = useAuditLog(params, filters);
  const columns = useMemo(() => auditColumns(t), [t]);
  const [selected, setSelected] = useState<AuditEntry | null>(null);

  const update = (nextParams: ListParams, nextFilters: AuditFilterValues) =>
    setSearchParams({ ...toListQuery(nextParams), ...nextFilters });

  const details = (entry: AuditEntry) => (
    <Button
      size="compact-sm"
      variant="subtle"
      leftSection={<IconEye size={14} aria-hidden />}
      onClick={() => setSelected(entry)}
      aria-label={t("audit.details.open", { id: entry.id })}
    >
      {t("audit.details.button")}
    </Button>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("audit.title")}
      </Title>
      <Text size="sm">{t("audit.intro")}</Text>
      <AuditFilters values={filters} onChange={(next) => update({ ...params, page: 1 }, next)} />
      <DataTable<AuditEntry>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="audit-log"
        csvExport={{
          url: "/audit-log",
          params: { ...toListQuery(params), ...filters },
          filename: "auditoria",
        }}
        {...bindListParams(params, (next) => update(next, filters))}
        actions={details}
        actionsTitle={t("audit.details.column")}
      />
      <AuditDetailsModal entry={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}
