import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import {
  type Teacher,
  useAssignTeachers,
  useEnabledTeachers,
  useSupervisedTeachers,
  useTeacher,
} from "../../api/teachers";
import { listReturnPath, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { foldText, teacherName } from "./teacher-columns";

/** Admin: choose the teachers the coordinator supervises (every active teacher but themselves). */
function SupervisionEditor({ coordinator }: { coordinator: Teacher }) {
  const { t } = useTranslation();
  const teachers = useEnabledTeachers();
  const assign = useAssignTeachers();
  const [chosen, setChosen] = useState<string[]>(coordinator.supervised_teachers.map((x) => String(x.id)));
  const [filter, setFilter] = useState("");
  const options = useMemo(() => {
    const needle = foldText(filter);
    return (teachers.data?.data ?? []).filter(
      (x) =>
        x.id !== coordinator.id &&
        (!needle || foldText(`${teacherName(x)} ${x.identity_document}`).includes(needle)),
    );
  }, [teachers.data, filter, coordinator.id]);

  const save = async () => {
    await assign.mutateAsync({ id: coordinator.id, ids: chosen.map(Number) }).then(
      () => toast.success(t("teachers.supervising.success")),
      () => {},
    );
  };

  if (!teachers.data)
    return (
      <Center mih={200}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  return (
    <Paper withBorder p="md" maw={640}>
      <Stack gap="sm">
        <Text size="sm">{t("teachers.supervising.count", { count: chosen.length })}</Text>
        <TextInput
          label={t("teachers.supervising.filter")}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
        />
        <Checkbox.Group value={chosen} onChange={setChosen} label={t("teachers.supervising.choose")}>
          <ScrollArea.Autosize mah={420} type="auto">
            <Stack gap={6} py="xs">
              {options.map((x) => (
                <Checkbox
                  key={x.id}
                  value={String(x.id)}
                  label={`${teacherName(x)} (${x.identity_document})`}
                />
              ))}
              {options.length === 0 ? <Text size="sm">{t("teachers.supervising.noTeachers")}</Text> : null}
            </Stack>
          </ScrollArea.Autosize>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={`/teachers/${coordinator.id}`}>
            {t("common.cancel")}
          </Button>
          <Button loading={assign.isPending} onClick={() => void save()}>
            {t("common.save")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A coordinator: the teachers they supervise (read-only; the administration assigns them). */
function SupervisedList({ coordinator }: { coordinator: Teacher }) {
  const { t } = useTranslation();
  const supervised = useSupervisedTeachers(coordinator.id);
  if (!supervised.data)
    return (
      <Center mih={200}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  const rows = supervised.data.data;
  return (
    <Paper withBorder p="md" maw={640}>
      {rows.length === 0 ? (
        <Text size="sm">{t("teachers.supervising.none")}</Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {rows.map((x) => (
            <li key={x.id}>
              <Anchor component={Link} to={`/teachers/${x.id}`}>
                {teacherName(x)}
              </Anchor>{" "}
              <Text span size="sm" c="dimmed">
                {x.identity_document}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** `/coordinators/{id}/supervising` (admin, coordinator): the teachers a coordinator supervises. */
export function SupervisingPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const coordinator = useTeacher(validId);
  useBreadcrumbs([
    { label: t("teachers.list.coordinatorsTitle"), to: listReturnPath("/coordinators") },
    { label: coordinator.data ? teacherName(coordinator.data) : "", to: `/teachers/${id}` },
    { label: t("teachers.supervising.title") },
  ]);

  let body: ReactNode;
  if (coordinator.data && !coordinator.data.is_coordinator) {
    body = <Alert color="yellow">{t("teachers.supervising.notCoordinator")}</Alert>;
  } else if (coordinator.data) {
    body = can("teachers.write") ? (
      <SupervisionEditor key={coordinator.data.id} coordinator={coordinator.data} />
    ) : (
      <SupervisedList coordinator={coordinator.data} />
    );
  } else if (coordinator.isError || validId === undefined) {
    body = (
      <Alert color="yellow" title={t("teachers.detail.notFound")}>
        <Anchor component={Link} to={listReturnPath("/teachers")}>
          {t("teachers.detail.backToList")}
        </Anchor>
      </Alert>
    );
  } else {
    body = (
      <Center mih={200}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {coordinator.data
          ? t("teachers.supervising.titleOf", { name: teacherName(coordinator.data) })
          : t("teachers.supervising.title")}
      </Title>
      {body}
    </Stack>
  );
}
