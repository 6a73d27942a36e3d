import { Badge, Button, Group, Modal, MultiSelect, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { IconPencil, IconStar, IconStarOff, IconTags, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSpecializationOptions } from "../../api/specializations";
import {
  type Teacher,
  useAssignSpecializations,
  useRemoveSpecializations,
  useSetCoordinator,
} from "../../api/teachers";
import { usePictureUrl } from "../../api/use-picture-url";
import { Avatar, confirmAction, toast } from "../../components";
import { useSession } from "../../session/useSession";
import { teacherName } from "./teacher-columns";

/** "Hacer coordinador": the specialization to coordinate, then PATCH is-coordinator. */
function CoordinatorDialog({
  teacher,
  opened,
  onClose,
}: {
  teacher: Teacher;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const specializations = useSpecializationOptions();
  const setCoordinator = useSetCoordinator();
  const [chosen, setChosen] = useState<string | null>(null);
  const save = async () => {
    if (!chosen) return;
    await setCoordinator
      .mutateAsync({ id: teacher.id, payload: { is_coordinator: true, specialization_id: Number(chosen) } })
      .then(
        () => {
          toast.success(t("teachers.coordinator.success"));
          onClose();
        },
        () => {},
      );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t("teachers.coordinator.title")}>
      <Stack gap="md">
        <Select
          label={t("teachers.fields.specialization")}
          description={t("teachers.form.specializationHint")}
          withAsterisk
          searchable
          data={(specializations.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
          value={chosen}
          onChange={setChosen}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button disabled={!chosen} loading={setCoordinator.isPending} onClick={() => void save()}>
            {t("common.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Especialidades": the specializations the teacher teaches in (assign and remove what changed). */
function SpecializationsDialog({
  teacher,
  opened,
  onClose,
}: {
  teacher: Teacher;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const specializations = useSpecializationOptions();
  const assign = useAssignSpecializations();
  const remove = useRemoveSpecializations();
  const current = teacher.specializations.map((s) => String(s.id));
  const [chosen, setChosen] = useState<string[]>(current);
  const save = async () => {
    const added = chosen.filter((id) => !current.includes(id)).map(Number);
    const removed = current.filter((id) => !chosen.includes(id)).map(Number);
    try {
      if (added.length) await assign.mutateAsync({ id: teacher.id, ids: added });
      if (removed.length) await remove.mutateAsync({ id: teacher.id, ids: removed });
      toast.success(t("teachers.specializations.success"));
      onClose();
    } catch {
      // The client already said why.
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t("teachers.specializations.title")}>
      <Stack gap="md">
        <MultiSelect
          label={t("teachers.fields.specializations")}
          searchable
          data={(specializations.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
          value={chosen}
          onChange={setChosen}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button loading={assign.isPending || remove.isPending} onClick={() => void save()}>
            {t("common.save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const names = (people: { first_name: string; last_name: string }[]) => people.map(teacherName).join(", ");

/** The teacher's card on every sub-page: photo, names, role and state, and the administrator's actions. */
export function TeacherHeader({ teacher }: { teacher: Teacher }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("teachers.write");
  const canSupervise = can("teachers.supervision");
  const picture = usePictureUrl(teacher.profile_picture);
  const setCoordinator = useSetCoordinator();
  const [dialog, setDialog] = useState<"coordinator" | "specializations" | null>(null);
  const name = teacherName(teacher);

  const demote = async () => {
    if (!(await confirmAction({ message: t("teachers.coordinator.removeConfirm", { name }) }))) return;
    await setCoordinator.mutateAsync({ id: teacher.id, payload: { is_coordinator: false } }).then(
      () => toast.success(t("teachers.coordinator.removed")),
      () => {},
    );
  };

  return (
    <Paper withBorder p="md">
      <Group align="flex-start" justify="space-between" wrap="wrap" gap="md">
        <Group align="flex-start" gap="md" wrap="nowrap">
          <Avatar src={picture} text={name} size={64} alt="" />
          <Stack gap={4}>
            <Title order={1} size="h3">
              {name}
            </Title>
            <Group gap="xs">
              <Badge variant="light">
                {teacher.is_coordinator ? t("teachers.role.coordinator") : t("teachers.role.teacher")}
              </Badge>
              <Badge color={teacher.enabled ? "green" : "gray"} variant="dot">
                {teacher.enabled ? t("teachers.state.active") : t("teachers.state.inactive")}
              </Badge>
              {teacher.confirmed ? null : (
                // Dot variant: the words in the body colour (AA contrast), the colour only in the dot.
                <Badge color="yellow" variant="dot">
                  {t("teachers.detail.unconfirmed")}
                </Badge>
              )}
            </Group>
            <Text size="sm">
              {teacher.identity_document} · {teacher.email}
            </Text>
            {teacher.specialization ? (
              <Text size="sm">
                {t("teachers.detail.coordinates", { title: teacher.specialization.title })}
              </Text>
            ) : null}
            <Text size="sm">
              {t("teachers.fields.specializations")}:{" "}
              {teacher.specializations.length
                ? teacher.specializations.map((s) => s.title).join(", ")
                : t("teachers.detail.none")}
            </Text>
            {teacher.supervisors.length ? (
              <Text size="sm">{t("teachers.detail.supervisors", { names: names(teacher.supervisors) })}</Text>
            ) : null}
            {teacher.is_coordinator ? (
              <Text size="sm">
                {t("teachers.detail.supervised", {
                  names: teacher.supervised_teachers.length
                    ? names(teacher.supervised_teachers)
                    : t("teachers.detail.none"),
                })}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <Group gap="xs">
          {canSupervise && teacher.is_coordinator ? (
            <Button
              variant="light"
              leftSection={<IconUsers size={16} aria-hidden />}
              component={Link}
              to={`/coordinators/${teacher.id}/supervising`}
            >
              {t("teachers.list.supervising")}
            </Button>
          ) : null}
          {canWrite ? (
            <>
              <Button
                variant="light"
                leftSection={<IconPencil size={16} aria-hidden />}
                component={Link}
                to={`/teachers/${teacher.id}/edit`}
              >
                {t("common.edit")}
              </Button>
              <Button
                variant="light"
                leftSection={<IconTags size={16} aria-hidden />}
                onClick={() => setDialog("specializations")}
              >
                {t("teachers.specializations.button")}
              </Button>
              {teacher.is_coordinator ? (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconStarOff size={16} aria-hidden />}
                  loading={setCoordinator.isPending}
                  onClick={() => void demote()}
                >
                  {t("teachers.coordinator.remove")}
                </Button>
              ) : (
                <Button
                  variant="light"
                  leftSection={<IconStar size={16} aria-hidden />}
                  disabled={!teacher.enabled}
                  onClick={() => setDialog("coordinator")}
                >
                  {t("teachers.coordinator.button")}
                </Button>
              )}
            </>
          ) : null}
        </Group>
      </Group>
      {dialog === "coordinator" ? (
        <CoordinatorDialog teacher={teacher} opened onClose={() => setDialog(null)} />
      ) : null}
      {dialog === "specializations" ? (
        <SpecializationsDialog teacher={teacher} opened onClose={() => setDialog(null)} />
      ) : null}
    </Paper>
  );
}
