import { Button, Group, Modal, MultiSelect, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { describeApiError, isApiError } from "../../api/errors";
import {
  type CourseSection,
  isSectionRefusal,
  useAssignSectionTeachers,
  useTeacherOptions,
} from "../../api/sections";
import { toast } from "../../components";

type Props = {
  /** The course section whose teachers are edited; the dialog is open while it is set. */
  courseSection: CourseSection | null;
  onClose: () => void;
};

/**
 * "Asignar profesor": picks the teachers of one course of the section (several allowed, none to clear).
 * A refusal (a disabled teacher, a teacher busy at one of its class hours) is said inside the dialog.
 */
export function AssignTeachersDialog({ courseSection, onClose }: Props) {
  const { t } = useTranslation();
  const opened = courseSection !== null;
  const options = useTeacherOptions(opened);
  const assign = useAssignSectionTeachers();
  const [selected, setSelected] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    setSelected(courseSection?.teachers.map((x) => String(x.id)) ?? []);
    setRefusal(null);
  }, [courseSection]);

  const data = (options.data ?? []).map((x) => ({
    value: String(x.id),
    label: `${x.first_name} ${x.last_name}`,
  }));
  // Teachers already assigned stay listed even when the options leave them out (e.g. disabled since).
  for (const x of courseSection?.teachers ?? []) {
    if (!data.some((d) => d.value === String(x.id))) {
      data.push({ value: String(x.id), label: `${x.first_name} ${x.last_name}` });
    }
  }

  const save = async () => {
    if (!courseSection) return;
    setRefusal(null);
    try {
      await assign.mutateAsync({
        sectionId: courseSection.section_id,
        courseId: courseSection.course_id,
        teacherIds: selected.map(Number),
      });
      toast.success(t("sections.assign.success", { course: courseSection.course.title }));
      onClose();
    } catch (error) {
      if (isApiError(error) && isSectionRefusal(error))
        setRefusal(error.description ?? describeApiError(error));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={t("sections.assign.title", { course: courseSection?.course.title ?? "" })}
    >
      <Stack gap="md">
        <MultiSelect
          label={t("sections.assign.teachers")}
          placeholder={t("sections.assign.placeholder")}
          data={data}
          value={selected}
          onChange={setSelected}
          searchable
          clearable
          nothingFoundMessage={t("sections.assign.noTeachers")}
          disabled={options.isLoading}
          comboboxProps={{ withinPortal: true }}
        />
        {refusal ? (
          <Text c="red.8" size="sm" role="alert">
            {refusal}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button onClick={() => void save()} loading={assign.isPending}>
            {t("common.save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
