import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconChecklist } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { formatDate } from "../../../common/dates/format";
import { type Lesson, useLesson, useLessons, useMyCourseSections } from "../../api/lessons";
import {
  bindListParams,
  DataTable,
  type DataTableColumn,
  DEFAULT_LIST_PARAMS,
  parseListParams,
  toListQuery,
  useSearchParams,
} from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { AttendanceSheet } from "./AttendanceSheet";
import { GenerateButton } from "./GenerateButton";

const positiveInt = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * /lessons/{course_id}/{section_id}/{lesson_id?}: the lessons of one course section (the absences page).
 * With a lesson chosen, its attendance sheet is right below, so a teacher takes attendance without
 * leaving the list.
 */
export function CourseLessonsPage() {
  const { t } = useTranslation();
  const routeParams = useParams();
  const courseId = positiveInt(routeParams.course_id);
  const sectionId = positiveInt(routeParams.section_id);
  const lessonId = positiveInt(routeParams.lesson_id);
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseListParams(searchParams);

  const courseSection = useMyCourseSections(
    { ...DEFAULT_LIST_PARAMS, limit: 1 },
    {
      section_id: sectionId,
      course_id: courseId,
    },
  );
  const cs = courseSection.data?.data[0];
  const filters = { section_id: sectionId, course_id: courseId };
  const list = useLessons(params, filters, sectionId !== undefined && courseId !== undefined);
  const lesson = useLesson(lessonId);

  const heading = cs ? `${cs.course.title} · ${cs.section.code}` : "";
  useBreadcrumbs([{ label: t("lessons.list.title"), to: "/lessons" }, { label: heading }]);

  const columns = useMemo<DataTableColumn<Lesson>[]>(
    () => [
      {
        accessor: "date",
        title: t("lessons.fields.date"),
        sortable: true,
        noWrap: true,
        render: (l) => formatDate(l.date),
      },
      { accessor: "title", title: t("lessons.fields.title"), render: (l) => l.title ?? "—" },
      {
        accessor: "weight",
        title: t("lessons.fields.weight"),
        sortable: true,
        noWrap: true,
        render: (l) =>
          l.evaluated ? (
            <Badge variant="light" c="dark">
              {l.weight} %
            </Badge>
          ) : (
            "—"
          ),
      },
      { accessor: "absences", title: t("lessons.fields.absences"), textAlign: "right" },
      { accessor: "delays", title: t("lessons.fields.delays"), textAlign: "right" },
      {
        accessor: "registered_at",
        title: t("lessons.fields.registered"),
        noWrap: true,
        render: (l) => (l.registered_at ? t("common.yes") : t("common.no")),
      },
    ],
    [t],
  );

  const base = `/lessons/${courseId}/${sectionId}`;
  const actions = (l: Lesson) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant={l.id === lessonId ? "filled" : "subtle"}
        leftSection={<IconChecklist size={14} aria-hidden />}
        component={Link}
        to={`${base}/${l.id}`}
        aria-label={t("lessons.list.attendanceOf", { date: formatDate(l.date) })}
      >
        {t("lessons.attendance.title")}
      </Button>
      <Button size="compact-sm" variant="subtle" component={Link} to={`${base}/lesson/${l.id}`}>
        {t("lessons.list.detail")}
      </Button>
    </Group>
  );

  if (courseSection.isSuccess && !cs) return <Alert color="red">{t("lessons.detail.notFound")}</Alert>;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={1} size="h3">
            {heading || t("lessons.list.title")}
          </Title>
          {cs ? (
            <Text c="dimmed" size="sm">
              {[cs.course.code, cs.teachers.map((x) => x.name).join(", ")].filter(Boolean).join(" · ")}
            </Text>
          ) : null}
        </div>
        {cs ? (
          <Group gap="xs">
            <Button component={Link} to={`${base}/section-notes`} variant="default">
              {t("courseNotes.sheet.title")}
            </Button>
            <GenerateButton courseSectionId={cs.id} />
          </Group>
        ) : null}
      </Group>
      <DataTable<Lesson>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="lessons"
        csvExport={{
          url: "/lessons",
          params: { ...toListQuery(params), ...stringify(filters) },
          filename: "clases",
        }}
        {...bindListParams(params, (next) => setSearchParams(toListQuery(next)))}
        actions={actions}
      />
      {lessonId && lesson.data ? (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            {t("lessons.attendance.of", { date: formatDate(lesson.data.date) })}
          </Title>
          <AttendanceSheet lesson={lesson.data} />
        </Paper>
      ) : null}
    </Stack>
  );
}

const stringify = (filters: Record<string, number | undefined>) =>
  Object.fromEntries(Object.entries(filters).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
