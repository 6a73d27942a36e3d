import { ActionIcon, Badge, Button, Group, MultiSelect, Paper, Stack, Text, TextInput } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CourseOption, PensumDetail } from "../../api/pensums";
import {
  type Semester,
  useDeleteSemester,
  usePutSemesterCourses,
  useUpdateSemester,
} from "../../api/semesters";
import { confirmAction, toast } from "../../components";

type Props = {
  pensum: PensumDetail;
  semester: Semester;
  courses: CourseOption[];
  /** Runs a write whose refusal (400) is explained in the page's dialog. */
  run: (action: () => Promise<unknown>) => Promise<boolean>;
};

/** One semester of the editor: its code, its courses (any course not in another semester of the pensum). */
export function SemesterEditor({ pensum, semester, courses, run }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState(semester.code);
  const [selected, setSelected] = useState(semester.courses_ids.map(String));
  const put = usePutSemesterCourses();
  const update = useUpdateSemester();
  const remove = useDeleteSemester();

  const elsewhere = new Set(
    pensum.semesters.filter((s) => s.id !== semester.id).flatMap((s) => s.courses_ids),
  );
  const data = courses
    .filter((c) => !elsewhere.has(c.id) && (c.enabled || semester.courses_ids.includes(c.id)))
    .map((c) => ({ value: String(c.id), label: `${c.code} — ${c.title}` }));
  const dirty =
    code.trim() !== semester.code ||
    selected.length !== semester.courses_ids.length ||
    selected.some((id) => !semester.courses_ids.includes(Number(id)));
  const label = t("pensums.view.semester", { number: semester.number });

  const save = async () => {
    const ok = await run(async () => {
      if (code.trim() !== semester.code)
        await update.mutateAsync({ id: semester.id, payload: { code: code.trim() } });
      await put.mutateAsync({ id: semester.id, coursesIds: selected.map(Number) });
    });
    if (ok) toast.success(t("pensums.edit.semesterSaved", { semester: label }));
  };

  const onDelete = async () => {
    const confirmed = await confirmAction({
      title: t("pensums.edit.deleteSemesterTitle"),
      message: t("pensums.edit.deleteSemesterConfirm", { semester: label }),
      danger: true,
    });
    if (!confirmed) return;
    if (await run(() => remove.mutateAsync(semester.id))) toast.success(t("pensums.edit.semesterDeleted"));
  };

  return (
    <Paper withBorder p="md" data-testid="semester-editor">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={700}>{label}</Text>
            {semester.has_sections ? <Badge color="gray">{t("pensums.edit.hasSections")}</Badge> : null}
          </Group>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t("pensums.edit.deleteSemester", { semester: label })}
            onClick={() => void onDelete()}
            loading={remove.isPending}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
        <TextInput
          label={t("pensums.fields.semesterCode")}
          value={code}
          maxLength={20}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <MultiSelect
          label={t("pensums.fields.coursesOf", { semester: label })}
          placeholder={t("pensums.edit.pickCourses")}
          searchable
          clearable
          nothingFoundMessage={t("pensums.edit.noCourseFound")}
          data={data}
          value={selected}
          onChange={setSelected}
        />
        <Group justify="flex-end">
          <Button
            size="sm"
            disabled={!dirty || code.trim() === ""}
            loading={put.isPending || update.isPending}
            onClick={() => void save()}
          >
            {t("pensums.edit.saveSemester")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
