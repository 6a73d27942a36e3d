import { Button, Group, SegmentedControl, Stack, Title } from "@mantine/core";
import { IconCalendarWeek, IconEye, IconPencil, IconPlus, IconTrash, IconUsers } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import {
  type TeacherFilters,
  type TeacherListItem,
  teacherListPath,
  teacherListQuery,
  useDeleteTeacher,
  useTeachers,
} from "../../api/teachers";
import {
  bindListParams,
  confirmAction,
  DataTable,
  type ListParams,
  parseListParams,
  toast,
  useRememberListSearch,
  useSearchParams,
} from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { teacherColumns, teacherName } from "./teacher-columns";

/** `?enabled=0` shows the Inactivos tab; anything else the Activos one. */
function parseFilters(searchParams: URLSearchParams, coordinatorsOnly: boolean): TeacherFilters {
  return { enabled: searchParams.get("enabled") !== "0", coordinatorsOnly };
}

/**
 * /teachers and its alias /coordinators (coordinators only): Activos/Inactivos tabs, server-side search,
 * order and pages in the URL, "Exportar CSV". A coordinator sees only the teachers they supervise (the
 * server answers only those). Writes: admin.
 */
export function TeacherListPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("teachers.write");
  const canSupervise = can("teachers.supervision");
  const coordinatorsOnly = useLocation().pathname.startsWith("/coordinators");
  const title = coordinatorsOnly ? t("teachers.list.coordinatorsTitle") : t("teachers.list.title");
  useBreadcrumbs([{ label: title }]);
  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams);
  const filters = parseFilters(searchParams, coordinatorsOnly);
  const list = useTeachers(params, filters);
  const columns = useMemo(() => teacherColumns(t), [t]);
  const deletion = useDeleteTeacher();

  const setQuery = (next: ListParams, nextFilters: TeacherFilters = filters) =>
    setSearchParams(teacherListQuery(next, nextFilters));

  const remove = async (teacher: TeacherListItem) => {
    const name = teacherName(teacher);
    if (!(await confirmAction({ message: t("teachers.delete.confirm", { name }), danger: true }))) return;
    await deletion.mutateAsync(teacher.id).then(
      () => toast.success(t("teachers.delete.success")),
      () => {},
    );
  };

  const actions = (teacher: TeacherListItem) => {
    const name = teacherName(teacher);
    return (
      <Group gap={4} wrap="nowrap">
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconEye size={14} aria-hidden />}
          component={Link}
          to={`/teachers/${teacher.id}`}
          aria-label={`${t("teachers.list.view")} ${name}`}
        >
          {t("teachers.list.view")}
        </Button>
        {canSupervise ? (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconCalendarWeek size={14} aria-hidden />}
            component={Link}
            to={`/teachers/${teacher.id}/schedule`}
            aria-label={`${t("teachers.list.schedule")} ${name}`}
          >
            {t("teachers.list.schedule")}
          </Button>
        ) : null}
        {canSupervise && teacher.is_coordinator ? (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconUsers size={14} aria-hidden />}
            component={Link}
            to={`/coordinators/${teacher.id}/supervising`}
            aria-label={`${t("teachers.list.supervising")} ${name}`}
          >
            {t("teachers.list.supervising")}
          </Button>
        ) : null}
        {canWrite ? (
          <>
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPencil size={14} aria-hidden />}
              component={Link}
              to={`/teachers/${teacher.id}/edit`}
              aria-label={`${t("common.edit")} ${name}`}
            >
              {t("common.edit")}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              disabled={deletion.isPending}
              onClick={() => void remove(teacher)}
              aria-label={`${t("common.delete")} ${name}`}
            >
              {t("common.delete")}
            </Button>
          </>
        ) : null}
      </Group>
    );
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {title}
      </Title>
      <SegmentedControl
        w="fit-content"
        aria-label={t("teachers.list.stateFilter")}
        value={filters.enabled === false ? "0" : "1"}
        onChange={(value) => setQuery({ ...params, page: 1 }, { ...filters, enabled: value === "1" })}
        data={[
          { value: "1", label: t("teachers.list.active") },
          { value: "0", label: t("teachers.list.inactive") },
        ]}
      />
      <DataTable<TeacherListItem>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="teachers"
        csvExport={{
          url: teacherListPath(filters),
          params: teacherListQuery(params, filters),
          filename: coordinatorsOnly ? "coordinadores" : "profesores",
        }}
        {...bindListParams(params, (next) => setQuery(next))}
        actions={actions}
        toolbar={
          canWrite ? (
            <Button component={Link} to="/teachers/create" leftSection={<IconPlus size={16} aria-hidden />}>
              {t("teachers.create.title")}
            </Button>
          ) : null
        }
      />
    </Stack>
  );
}
