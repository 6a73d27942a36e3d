import { Button, Group } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash, IconUsers } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Course, type CourseFilters, courseFilterQuery, useCourses } from "../../api/courses";
import {
  bindListParams,
  DataTable,
  parseListParams,
  toListQuery,
  useRememberListSearch,
  useSearchParams,
} from "../../components";
import { useSession } from "../../session/useSession";
import { courseColumns } from "./course-columns";
import { DeleteRefusedDialog } from "./DeleteRefusedDialog";
import { useDeleteCourseFlow } from "./use-delete-course-flow";

type Props = {
  filters: CourseFilters;
  storageKey: string;
  /** Query keys the page keeps in the URL beside the list's own (e.g. `specialization_id`). */
  keep?: Record<string, string>;
  extraToolbar?: ReactNode;
};

/** A server-side course list with edit, assign and delete (Sí/No, refused with the reason). */
export function CourseTable({ filters, storageKey, keep = {}, extraToolbar }: Props) {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("courses.write");
  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams);
  const list = useCourses(params, filters);
  const columns = useMemo(() => courseColumns(t, { pensums: !filters.unassigned }), [t, filters.unassigned]);
  const deletion = useDeleteCourseFlow();

  const actions = (course: Course) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPencil size={14} aria-hidden />}
        component={Link}
        to={`/courses/make?update=${course.id}`}
      >
        {t("common.edit")}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconUsers size={14} aria-hidden />}
        component={Link}
        to={`/courses/${course.id}/assign`}
      >
        {t("courses.actions.assign")}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        disabled={deletion.pending}
        onClick={() => void deletion.remove(course)}
      >
        {t("common.delete")}
      </Button>
    </Group>
  );

  return (
    <>
      <DataTable<Course>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey={storageKey}
        csvExport={{
          url: "/courses",
          params: { ...toListQuery(params), ...courseFilterQuery(filters) },
          filename: filters.unassigned ? "materias-sin-pensum" : "materias",
        }}
        {...bindListParams(params, (next) => setSearchParams({ ...toListQuery(next), ...keep }))}
        {...(canWrite ? { actions } : {})}
        toolbar={
          <Group gap="xs">
            {extraToolbar}
            {canWrite ? (
              <Button component={Link} to="/courses/make" leftSection={<IconPlus size={16} aria-hidden />}>
                {t("courses.make.createTitle")}
              </Button>
            ) : null}
          </Group>
        }
      />
      <DeleteRefusedDialog message={deletion.refusal} onClose={deletion.closeRefusal} />
    </>
  );
}
