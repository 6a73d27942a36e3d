import { Button, Stack, Title } from "@mantine/core";
import { IconEye, IconPlus } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ReinscriptionItem, useReinscriptions } from "../../api/reinscriptions";
import {
  bindListParams,
  DataTable,
  parseListParams,
  toListQuery,
  useRememberListSearch,
  useSearchParams,
} from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { reinscriptionColumns } from "./reinscription-columns";

/**
 * /reinscriptions: every re-inscription (the newest first), searched by the student's name, cédula or
 * e-mail, sorted and paged on the server, exportable as CSV. Administrators open one or re-inscribe.
 */
export function ReinscriptionListPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("inscriptions.write");
  useBreadcrumbs([{ label: t("reinscriptions.list.title") }]);
  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams, { sortBy: "created_at,desc" });
  const list = useReinscriptions(params);
  const columns = useMemo(() => reinscriptionColumns(t), [t]);

  const actions = (r: ReinscriptionItem) => (
    <Button
      size="compact-sm"
      variant="subtle"
      leftSection={<IconEye size={14} aria-hidden />}
      component={Link}
      to={`/reinscriptions/${r.id}`}
      aria-label={t("reinscriptions.list.openOf", { name: `${r.student.first_name} ${r.student.last_name}` })}
    >
      {t("reinscriptions.list.open")}
    </Button>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("reinscriptions.list.title")}
      </Title>
      <DataTable<ReinscriptionItem>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="reinscriptions"
        csvExport={{ url: "/reinscriptions", params: toListQuery(params), filename: "reinscripciones" }}
        {...bindListParams(params, (next) => setSearchParams(toListQuery(next)))}
        {...(canWrite ? { actions } : {})}
        toolbar={
          canWrite ? (
            <Button
              component={Link}
              to="/reinscriptions/create"
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t("reinscriptions.create.title")}
            </Button>
          ) : null
        }
      />
    </Stack>
  );
}
