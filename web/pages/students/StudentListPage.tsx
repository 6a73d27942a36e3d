import { Button, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { IconEye, IconFileImport, IconPencil, IconTrash } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { describeApiError, isApiError } from "../../api/errors";
import {
  type StudentFilters as Filters,
  isStudentDeleteRefusal,
  type Student,
  studentFilterKeys,
  studentListQuery,
  useDeleteStudent,
  useStudents,
} from "../../api/students";
import {
  bindListParams,
  confirmAction,
  DataTable,
  parseListParams,
  toast,
  useRememberListSearch,
  useSearchParams,
} from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { StudentFilters } from "./StudentFilters";
import { studentColumns } from "./student-columns";

function readFilters(searchParams: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const key of studentFilterKeys) {
    const value = searchParams.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

/**
 * /students: server-side list with search (name, cédula, e-mail), filters, sort, pages and CSV; all of it
 * in the URL. A teacher sees the students of their courses, a coordinator those of their specialization.
 */
export function StudentListPage() {
  const { t } = useTranslation();
  const { can, isAdminGroup } = useSession();
  const canWrite = can("students.write");
  useBreadcrumbs([{ label: t("students.list.title") }]);

  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams, { sortBy: "last_name,asc" });
  const filters = readFilters(searchParams);
  const list = useStudents(params, filters);
  const columns = useMemo(() => studentColumns(t), [t]);
  const remove = useDeleteStudent();
  const [refusal, setRefusal] = useState<string | null>(null);

  const onDelete = async (student: Student) => {
    const confirmed = await confirmAction({
      title: t("students.delete.title"),
      message: t("students.delete.confirm", { name: student.full_name }),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(student.id);
      toast.success(t("students.delete.success"));
    } catch (error) {
      if (isApiError(error) && isStudentDeleteRefusal(error))
        setRefusal(error.description ?? describeApiError(error));
    }
  };

  const actions = (student: Student) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconEye size={14} aria-hidden />}
        component={Link}
        to={`/students/${student.id}`}
        aria-label={t("students.list.viewNamed", { name: student.full_name })}
      >
        {t("students.list.view")}
      </Button>
      {canWrite ? (
        <>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={14} aria-hidden />}
            component={Link}
            to={`/students/${student.id}/edit`}
            aria-label={t("students.list.editNamed", { name: student.full_name })}
          >
            {t("common.edit")}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={remove.isPending}
            onClick={() => void onDelete(student)}
            aria-label={t("students.list.deleteNamed", { name: student.full_name })}
          >
            {t("common.delete")}
          </Button>
        </>
      ) : null}
    </Group>
  );

  const query = studentListQuery(params, filters);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3">
          {t("students.list.title")}
        </Title>
        {canWrite ? (
          <Button
            component={Link}
            to="/students/import"
            variant="light"
            leftSection={<IconFileImport size={16} aria-hidden />}
          >
            {t("studentImport.open")}
          </Button>
        ) : null}
      </Group>
      <StudentFilters
        value={filters}
        withInscriptionFilters={isAdminGroup}
        onChange={(next) => setSearchParams(studentListQuery({ ...params, page: 1 }, next))}
      />
      <DataTable<Student>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="students"
        csvExport={{ url: "/students", params: query, filename: "estudiantes" }}
        {...bindListParams(params, (next) => setSearchParams(studentListQuery(next, filters)))}
        actions={actions}
      />
      <Modal
        opened={refusal !== null}
        onClose={() => setRefusal(null)}
        title={t("students.delete.refusedTitle")}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{refusal}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setRefusal(null)}>{t("students.delete.understood")}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
