import { Button, Group, Select, Stack, Tabs, Title } from "@mantine/core";
import { IconArrowBackUp, IconPlus } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../api/errors";
import {
  type Inscription,
  isInscriptionRefusal,
  refusalText,
  useInscriptions,
  useRollbackInscription,
} from "../../api/inscriptions";
import { usePeriods } from "../../api/periods";
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
import { PreregisteredList } from "../preregistered";
import { inscriptionColumns } from "./inscription-columns";

const positive = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /inscriptions: the students inscribed in a period (the current one first), searched by name,
 * cédula or e-mail, sorted and paged on the server, exportable as CSV. Administrators inscribe
 * ("Inscribir estudiante") and undo an inscription with no lessons recorded. A second tab
 * ("Preinscritos", `?tab=preregistered`) lists the pre-registered students to approve and inscribe.
 */
export function InscriptionListPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("inscriptions.write");
  useBreadcrumbs([{ label: t("inscriptions.list.title") }]);
  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams, { sortBy: "id,desc" });
  const periodId = positive(searchParams.get("period_id"));
  const rawStatus = searchParams.get("status");
  const status = rawStatus === "active" || rawStatus === "retired" ? rawStatus : null;
  const periods = usePeriods();
  const list = useInscriptions(params, { period_id: periodId, status });
  const columns = useMemo(() => inscriptionColumns(t), [t]);
  const rollback = useRollbackInscription();

  const setQuery = (next: Record<string, string>, period = periodId, state = status) =>
    setSearchParams(
      { ...next, ...(period ? { period_id: String(period) } : {}), ...(state ? { status: state } : {}) },
      { replace: true },
    );

  const onRollback = async (inscription: Inscription) => {
    const name = `${inscription.student.first_name} ${inscription.student.last_name}`;
    const confirmed = await confirmAction({
      title: t("inscriptions.rollback.title"),
      message: t("inscriptions.rollback.confirm", { name, period: inscription.period.name }),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await rollback.mutateAsync(inscription.id);
      toast.success(t("inscriptions.rollback.success"));
    } catch (error) {
      if (isApiError(error) && isInscriptionRefusal(error)) toast.error(refusalText(error));
    }
  };

  const actions = canWrite
    ? (inscription: Inscription) => (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconArrowBackUp size={14} aria-hidden />}
          disabled={rollback.isPending}
          onClick={() => void onRollback(inscription)}
          aria-label={t("inscriptions.rollback.label", {
            name: `${inscription.student.first_name} ${inscription.student.last_name}`,
          })}
        >
          {t("inscriptions.rollback.action")}
        </Button>
      )
    : undefined;

  const listQuery = toListQuery(params);
  const inscribedList = (
    <Stack gap="md">
      <Group align="flex-end">
        <PeriodSelector
          periods={periods.data}
          value={periodId}
          onChange={(id) => setQuery(toListQuery({ ...params, page: 1 }), id)}
          w={220}
        />
        <Select
          label={t("students.fields.status")}
          placeholder={t("students.filters.allStatuses")}
          clearable
          w={150}
          data={(["active", "retired"] as const).map((v) => ({
            value: v,
            label: t(`inscriptions.statuses.${v}`),
          }))}
          value={status}
          onChange={(v) => setQuery(toListQuery({ ...params, page: 1 }), periodId, v)}
        />
      </Group>
      <DataTable<Inscription>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="inscriptions"
        {...bindListParams(params, (next) => setQuery(toListQuery(next)))}
        actions={actions}
        csvExport={{
          url: "/inscriptions",
          params: {
            ...listQuery,
            ...(periodId ? { period_id: periodId } : {}),
            ...(status ? { status } : {}),
          },
          filename: "inscripciones",
        }}
        toolbar={
          canWrite ? (
            <Button
              component={Link}
              to="/inscriptions/create"
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t("inscriptions.create.title")}
            </Button>
          ) : null
        }
      />
    </Stack>
  );
  const tab = searchParams.get("tab") === "preregistered" ? "preregistered" : "inscribed";
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("inscriptions.list.title")}
      </Title>
      <Tabs
        keepMounted={false}
        value={tab}
        onChange={(next) =>
          setSearchParams(next === "preregistered" ? { tab: "preregistered" } : {}, { replace: true })
        }
      >
        <Tabs.List>
          <Tabs.Tab value="inscribed">{t("inscriptions.list.inscribedTab")}</Tabs.Tab>
          <Tabs.Tab value="preregistered">{t("preregistered.title")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="inscribed" pt="md">
          {inscribedList}
        </Tabs.Panel>
        <Tabs.Panel value="preregistered" pt="md">
          <PreregisteredList />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
