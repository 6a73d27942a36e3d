import { Button, Group, Select, Stack, Title } from "@mantine/core";
import { IconEye, IconLock, IconLockOpen, IconPlus } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { administratorListRoles } from "../../../common/schemas/administrators";
import {
  type Administrator,
  type AdministratorFilters,
  administratorListQuery,
  useAdministrators,
} from "../../api/administrators";
import {
  bindListParams,
  DataTable,
  type ListParams,
  parseListParams,
  useRememberListSearch,
  useSearchParams,
} from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { canToggle } from "./account-rules";
import { administratorColumns, roleLabel } from "./administrator-columns";
import { useAccountState } from "./use-account-state";

/** `?type=` and `?enabled=` of the URL (anything else is ignored). */
function parseFilters(searchParams: URLSearchParams): AdministratorFilters {
  const type = Number(searchParams.get("type"));
  const enabled = searchParams.get("enabled");
  return {
    ...((administratorListRoles as readonly number[]).includes(type) ? { type } : {}),
    ...(enabled === "1" || enabled === "0" ? { enabled: enabled === "1" } : {}),
  };
}

/**
 * /administrators (admin only): assistants, administrators and god, searched by name or e-mail on the
 * server, filtered by role and state; page, size, search, order and filters live in the URL.
 */
export function AdministratorListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  useBreadcrumbs([{ label: t("administrators.list.title") }]);
  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams);
  const filters = parseFilters(searchParams);
  const list = useAdministrators(params, filters);
  const columns = useMemo(() => administratorColumns(t), [t]);
  const state = useAccountState();

  const setQuery = (next: ListParams, nextFilters: AdministratorFilters = filters) =>
    setSearchParams(administratorListQuery(next, nextFilters));

  const actions = (account: Administrator) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconEye size={14} aria-hidden />}
        component={Link}
        to={`/administrators/${account.id}`}
        aria-label={`${t("administrators.list.view")} ${account.name}`}
      >
        {t("administrators.list.view")}
      </Button>
      {canToggle(user, account) ? (
        <Button
          size="compact-sm"
          variant="subtle"
          color={account.disabled ? "teal" : "red"}
          leftSection={
            account.disabled ? <IconLockOpen size={14} aria-hidden /> : <IconLock size={14} aria-hidden />
          }
          disabled={state.pending}
          onClick={() => void state.toggle(account)}
          aria-label={`${account.disabled ? t("administrators.enable.button") : t("administrators.disable.button")} ${account.name}`}
        >
          {account.disabled ? t("administrators.enable.button") : t("administrators.disable.button")}
        </Button>
      ) : null}
    </Group>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("administrators.list.title")}
      </Title>
      <DataTable<Administrator>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="administrators"
        csvExport={{
          url: "/users",
          params: administratorListQuery(params, filters),
          filename: "administradores",
        }}
        {...bindListParams(params, (next) => setQuery(next))}
        actions={actions}
        toolbar={
          <Group gap="sm">
            <Select
              aria-label={t("administrators.list.filterRole")}
              placeholder={t("administrators.list.allRoles")}
              clearable
              w={200}
              data={administratorListRoles.map((role) => ({
                value: String(role),
                label: roleLabel(t, role),
              }))}
              value={filters.type === undefined ? null : String(filters.type)}
              onChange={(value) =>
                setQuery({ ...params, page: 1 }, { ...filters, type: value ? Number(value) : undefined })
              }
            />
            <Select
              aria-label={t("administrators.list.filterState")}
              placeholder={t("administrators.list.allStates")}
              clearable
              w={170}
              data={[
                { value: "1", label: t("administrators.state.active") },
                { value: "0", label: t("administrators.state.inactive") },
              ]}
              value={filters.enabled === undefined ? null : filters.enabled ? "1" : "0"}
              onChange={(value) =>
                setQuery(
                  { ...params, page: 1 },
                  { ...filters, enabled: value === null ? undefined : value === "1" },
                )
              }
            />
            <Button
              component={Link}
              to="/administrators/create"
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t("administrators.create.title")}
            </Button>
          </Group>
        }
      />
    </Stack>
  );
}
