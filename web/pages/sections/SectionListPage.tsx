import { Button, Group, Stack, Title } from "@mantine/core";
import { IconEye, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { describeApiError, isApiError } from "../../api/errors";
import { usePeriods } from "../../api/periods";
import { isSectionRefusal, type Section, useDeleteSection, useSections } from "../../api/sections";
import {
  bindListParams,
  confirmAction,
  DataTable,
  PeriodSelector,
  parseListParams,
  toast,
  toListQuery,
  useRememberListSearch,
  useSearchParams,
} from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { RefusalDialog } from "./RefusalDialog";
import { sectionColumns } from "./section-columns";

const positive = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /sections: the sections of a period (period selector, first enabled period by default), searched,
 * sorted and paged on the server, exportable as CSV. Creating and deleting: admin only.
 */
export function SectionListPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("sections.write");
  useBreadcrumbs([{ label: t("sections.list.title") }]);
  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams, { sortBy: "code,asc" });
  const periodId = positive(searchParams.get("period_id"));
  const periods = usePeriods();
  const list = useSections(periodId, params);
  const columns = useMemo(() => sectionColumns(t), [t]);
  const remove = useDeleteSection();
  const [refusal, setRefusal] = useState<string | null>(null);

  const setQuery = (next: Record<string, string>, period = periodId) =>
    setSearchParams({ ...next, ...(period ? { period_id: String(period) } : {}) }, { replace: true });

  const onDelete = async (section: Section) => {
    const confirmed = await confirmAction({
      title: t("sections.delete.title"),
      message: t("sections.delete.confirm", { code: section.code }),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(section.id);
      toast.success(t("sections.delete.success"));
    } catch (error) {
      if (isApiError(error) && isSectionRefusal(error))
        setRefusal(error.description ?? describeApiError(error));
    }
  };

  const actions = (section: Section) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconEye size={14} aria-hidden />}
        component={Link}
        to={`/sections/${section.id}`}
        aria-label={t("sections.list.viewLabel", { code: section.code })}
      >
        {t("sections.list.view")}
      </Button>
      {canWrite ? (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          disabled={remove.isPending}
          onClick={() => void onDelete(section)}
          aria-label={t("sections.delete.label", { code: section.code })}
        >
          {t("common.delete")}
        </Button>
      ) : null}
    </Group>
  );

  const listQuery = toListQuery(params);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("sections.list.title")}
      </Title>
      <Group align="flex-end">
        <PeriodSelector
          periods={periods.data}
          value={periodId}
          onChange={(id) => setQuery(toListQuery({ ...params, page: 1 }), id)}
          w={200}
        />
      </Group>
      <DataTable<Section>
        columns={columns}
        records={periodId === null ? [] : list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching || periods.isLoading}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="sections"
        {...bindListParams(params, (next) => setQuery(toListQuery(next)))}
        actions={actions}
        csvExport={{
          url: "/sections",
          params: { ...listQuery, ...(periodId ? { period_id: periodId } : {}) },
          filename: "secciones",
        }}
        toolbar={
          canWrite ? (
            <Button
              component={Link}
              to={`/sections/create${periodId ? `?period_id=${periodId}` : ""}`}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t("sections.create.title")}
            </Button>
          ) : null
        }
      />
      <RefusalDialog
        message={refusal}
        onClose={() => setRefusal(null)}
        title={t("sections.delete.refusedTitle")}
      />
    </Stack>
  );
}
