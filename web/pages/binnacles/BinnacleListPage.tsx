import { Button, Group, Stack, Title } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { access } from "../../../common/access";
import { formatDate } from "../../../common/dates/format";
import { hasRole } from "../../../common/roles";
import { type Binnacle, useBinnacles, useDeleteBinnacle } from "../../api/binnacles";
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

function columns(t: TFunction): DataTableColumn<Binnacle>[] {
  return [
    {
      accessor: "incidence_date",
      title: t("binnacles.fields.incidenceDate"),
      sortable: true,
      noWrap: true,
      render: (b) => formatDate(b.incidence_date),
    },
    {
      accessor: "student",
      title: t("binnacles.fields.student"),
      sortable: true,
      render: (b) => `${b.student.last_name}, ${b.student.first_name}`,
    },
    { accessor: "subject", title: t("binnacles.fields.subject"), sortable: true, minWidth: 200 },
    { accessor: "category", title: t("binnacles.fields.category"), sortable: true },
    {
      accessor: "course",
      title: t("binnacles.fields.courseSection"),
      render: (b) => (b.course ? `${b.course.code} — ${b.section?.code ?? ""}` : ""),
    },
    { accessor: "author", title: t("binnacles.fields.author"), render: (b) => b.author?.name ?? "" },
  ];
}

/** /binnacles: everyone (a student only the entries about themself); writes for admin, teacher, coordinator. */
export function BinnacleListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canWrite = user ? hasRole(user.type, access.binnaclesWrite) : false;
  useBreadcrumbs([{ label: t("binnacles.list.title") }]);
  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams);
  const list = useBinnacles(params);
  const cols = useMemo(() => columns(t), [t]);
  const deletion = useDeleteBinnacle();

  const remove = async (b: Binnacle) => {
    const confirmed = await confirmAction({
      title: t("binnacles.delete.title"),
      message: t("binnacles.delete.confirm", { subject: b.subject }),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deletion.mutateAsync(b.id);
      toast.success(t("binnacles.delete.success"));
    } catch {
      // the HTTP client showed why
    }
  };

  const actions = (b: Binnacle) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPencil size={14} aria-hidden />}
        component={Link}
        to={`/binnacles/${b.id}/edit`}
      >
        {t("common.edit")}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        disabled={deletion.isPending}
        onClick={() => void remove(b)}
      >
        {t("common.delete")}
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("binnacles.list.title")}
      </Title>
      <DataTable<Binnacle>
        columns={cols}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="binnacles"
        csvExport={{ url: "/binnacles", params: toListQuery(params), filename: "bitacoras" }}
        {...bindListParams(params, (next) => setSearchParams(toListQuery(next)))}
        {...(canWrite ? { actions } : {})}
        toolbar={
          canWrite ? (
            <Button component={Link} to="/binnacles/create" leftSection={<IconPlus size={16} aria-hidden />}>
              {t("binnacles.create.title")}
            </Button>
          ) : null
        }
      />
    </Stack>
  );
}
