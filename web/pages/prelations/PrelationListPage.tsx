import { Button, Group, Stack, Title } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  type Prelation,
  prelationsApi,
  useDeletePrelation,
  useDeletePrelations,
  usePrelations,
} from "../../api/prelations";
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
import { PensumPicker } from "./PensumPicker";
import { prelationColumns } from "./prelation-columns";

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /prelations: every role reads (spec.md §6); administrators create, edit and delete. The admin group
 * filters by specialization and pensum (kept in the URL); with a pensum chosen, its partial prelations
 * can be removed together (bulk DELETE; total ones are removed one by one).
 */
export function PrelationListPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("pensums.write");
  const canFilter = can("pensums.read");
  useBreadcrumbs([{ label: t("prelations.list.title") }]);

  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams);
  const specializationId = positive(searchParams.get("specialization_id"));
  const pensumId = positive(searchParams.get("pensum_id"));
  const filters = { specializationId: specializationId ?? undefined, pensumId: pensumId ?? undefined };
  const list = usePrelations(params, filters);
  const columns = useMemo(() => prelationColumns(t), [t]);
  const removeOne = useDeletePrelation();
  const removeMany = useDeletePrelations();

  const writeUrl = (next: Record<string, string | number | undefined | null>) => {
    const query = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined || value === null || value === "") query.delete(key);
      else query.set(key, String(value));
    }
    setSearchParams(query);
  };

  const remove = async (p: Prelation) => {
    const ok = await confirmAction({
      title: t("prelations.delete.title"),
      message: t("prelations.delete.confirm", { course: p.course.code, required: p.required_course.code }),
      danger: true,
    });
    if (!ok) return;
    try {
      await removeOne.mutateAsync(p.id);
      toast.success(t("prelations.delete.success"));
    } catch {
      // the HTTP client showed why
    }
  };

  const removePartials = async () => {
    if (!pensumId) return;
    const partials = await prelationsApi.list(
      { page: 1, limit: 0, search: "", sortBy: null },
      { pensumId, type: "partial" },
    );
    const ids = partials.data.map((p) => p.id);
    if (ids.length === 0) {
      toast.info(t("prelations.bulk.none"));
      return;
    }
    const ok = await confirmAction({
      title: t("prelations.bulk.title"),
      message: t("prelations.bulk.confirm", { count: ids.length }),
      danger: true,
    });
    if (!ok) return;
    try {
      const result = await removeMany.mutateAsync(ids);
      toast.success(t("prelations.bulk.success", { count: result.data.deleted }));
    } catch {
      // the HTTP client showed why
    }
  };

  const actions = (p: Prelation) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPencil size={14} aria-hidden />}
        component={Link}
        to={`/prelations/${p.course_id}/edit?pensum_id=${p.pensum_id}`}
      >
        {t("common.edit")}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        disabled={removeOne.isPending}
        onClick={() => void remove(p)}
      >
        {t("common.delete")}
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("prelations.list.title")}
      </Title>
      {canFilter ? (
        <PensumPicker
          specializationId={specializationId}
          pensumId={pensumId}
          onChange={(v) =>
            writeUrl({ specialization_id: v.specializationId, pensum_id: v.pensumId, page: null })
          }
        />
      ) : null}
      <DataTable<Prelation>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="prelations"
        csvExport={{
          url: "/prelations",
          params: {
            ...toListQuery(params),
            ...(specializationId ? { specialization_id: String(specializationId) } : {}),
            ...(pensumId ? { pensum_id: String(pensumId) } : {}),
          },
          filename: "prelaciones",
        }}
        {...bindListParams(params, (next) =>
          setSearchParams({
            ...toListQuery(next),
            ...(specializationId ? { specialization_id: String(specializationId) } : {}),
            ...(pensumId ? { pensum_id: String(pensumId) } : {}),
          }),
        )}
        {...(canWrite ? { actions } : {})}
        toolbar={
          canWrite ? (
            <Group gap="xs">
              {pensumId ? (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  loading={removeMany.isPending}
                  onClick={() => void removePartials()}
                >
                  {t("prelations.bulk.button")}
                </Button>
              ) : null}
              <Button
                component={Link}
                to={
                  pensumId
                    ? `/prelations/create?pensum_id=${pensumId}&specialization_id=${specializationId}`
                    : "/prelations/create"
                }
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                {t("prelations.create.title")}
              </Button>
            </Group>
          ) : null
        }
      />
    </Stack>
  );
}
