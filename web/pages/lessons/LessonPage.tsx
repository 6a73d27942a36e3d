import { Alert, Badge, Button, Group, Loader, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconScale, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { formatDate } from "../../../common/dates/format";
import { useDeleteLesson, useLesson } from "../../api/lessons";
import { confirmAction, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { AttendanceSheet } from "./AttendanceSheet";
import { EvaluateDialog } from "./EvaluateDialog";
import { NotesSheet } from "./NotesSheet";

/**
 * /lessons/{id} and /lessons/{course_id}/{section_id}/lesson/{lesson_id}: one lesson, its attendance and,
 * once evaluated with a weight, its notes.
 */
export function LessonPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id ?? params.lesson_id);
  const lesson = useLesson(Number.isInteger(id) && id > 0 ? id : undefined);
  const remove = useDeleteLesson();
  const navigate = useNavigate();
  const [evaluating, setEvaluating] = useState(false);
  const data = lesson.data;
  const cs = data?.course_section;
  const coursePath = cs ? `/lessons/${cs.course.id}/${cs.section.id}` : undefined;

  useBreadcrumbs([
    { label: t("lessons.list.title"), to: "/lessons" },
    { label: cs ? `${cs.course.title} · ${cs.section.code}` : "", to: coursePath },
    { label: data ? formatDate(data.date) : "" },
  ]);

  if (lesson.isError) return <Alert color="red">{t("lessons.detail.notFound")}</Alert>;
  if (!data || !cs) return <Loader aria-label={t("common.loading")} />;

  const onDelete = async () => {
    if (!(await confirmAction({ message: t("lessons.delete.confirm"), danger: true }))) return;
    await remove.mutateAsync(data.id);
    toast.success(t("lessons.delete.success"));
    void navigate(coursePath ?? "/lessons");
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h3">
            {t("lessons.detail.title", { course: cs.course.title, date: formatDate(data.date) })}
          </Title>
          <Text c="dimmed" size="sm">
            {[cs.course.code, cs.section.code, cs.teachers.map((x) => x.name).join(", "), data.title]
              .filter(Boolean)
              .join(" · ")}
          </Text>
        </div>
        <Group gap="xs">
          {data.evaluated ? (
            <Badge size="lg" variant="light" c="dark">
              {t("lessons.detail.weight", { weight: data.weight })}
            </Badge>
          ) : null}
          <Button
            variant="light"
            leftSection={<IconScale size={16} aria-hidden />}
            onClick={() => setEvaluating(true)}
          >
            {t("lessons.evaluate.action")}
          </Button>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => void onDelete().catch(() => {})}
          >
            {t("common.delete")}
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="md">
        <Tabs defaultValue="attendance" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="attendance">{t("lessons.attendance.title")}</Tabs.Tab>
            <Tabs.Tab value="notes" disabled={!data.evaluated}>
              {t("lessons.notes.title")}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="attendance" pt="md">
            <AttendanceSheet lesson={data} />
          </Tabs.Panel>
          <Tabs.Panel value="notes" pt="md">
            {data.evaluated ? <NotesSheet lesson={data} /> : null}
          </Tabs.Panel>
        </Tabs>
      </Paper>
      <EvaluateDialog lesson={data} opened={evaluating} onClose={() => setEvaluating(false)} />
    </Stack>
  );
}
