import { Button, Group, Stack, Title } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Classroom, useClassrooms } from "../../api/classrooms";
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
import { classroomColumns } from "./classroom-columns";
import { DeleteRefusedDialog } from "./DeleteRefusedDialog";
import { useDeleteClassroomFlow } from "./use-delete-classroom-flow";

/**
 * /classrooms: server-side list; page, size, search and order live in the URL (remembered for the way
 * back from the forms), hidden columns in localStorage. Writes: admin only.
 */
export function ClassroomListPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("classrooms.write");
  useBreadcrumbs([{ label: t("classrooms.list.title") }]);

  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams);
  const list = useClassrooms(params);
  const columns = useMemo(() => classroomColumns(t), [t]);
  const deletion = useDeleteClassroomFlow();

  const actions = (classroom: Classroom) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPencil size={14} aria-hidden />}
        component={Link}
        to={`/classrooms/${classroom.id}/edit`}
      >
        {t("common.edit")}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        disabled={deletion.pending}
        onClick={() => void deletion.remove(classroom)}
      >
        {t("common.delete")}
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("classrooms.list.title")}
      </Title>
      <DataTable<Classroom>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="classrooms"
        csvExport={{ url: "/classrooms", params: toListQuery(params), filename: "aulas" }}
        {...bindListParams(params, (next) => setSearchParams(toListQuery(next)))}
        {...(canWrite ? { actions } : {})}
        toolbar={
          canWrite ? (
            <Button component={Link} to="/classrooms/create" leftSection={<IconPlus size={16} aria-hidden />}>
              {t("classrooms.create.title")}
            </Button>
          ) : null
        }
      />
      <DeleteRefusedDialog message={deletion.refusal} onClose={deletion.closeRefusal} />
    </Stack>
  );
}
