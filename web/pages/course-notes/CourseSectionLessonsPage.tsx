import { Badge, Stack, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { formatDate } from "../../../common/dates/format";
import { useCourseSectionLessons } from "../../api/course-sections";
import type { Lesson } from "../../api/lessons";
import {
  bindListParams,
  DataTable,
  type DataTableColumn,
  parseListParams,
  toListQuery,
  useSearchParams,
} from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";

const positiveInt = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * /courses/periods/{period}/section/{section_id}/course/{course_id}/teacher/{teacher}/lessons: the lessons
 * of a course section as the administration and coordinators see them (read only), with each lesson's
 * weight, absences, delays and notes, and the CSV export.
 */
export function CourseSectionLessonsPage() {
  const { t } = useTranslation();
  const routeParams = useParams();
  const sectionId = positiveInt(routeParams.section_id);
  const courseId = positiveInt(routeParams.course_id);
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseListParams(searchParams);
  const list = useCourseSectionLessons(sectionId, courseId, params);
  const cs = list.data?.data[0]?.course_section;
  const heading = cs
    ? t("courseNotes.lessons.heading", { course: cs.course.title, section: cs.section.code })
    : t("courseNotes.lessons.title");
  useBreadcrumbs([{ label: t("courseNotes.lessons.title") }]);

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
      { accessor: "notes", title: t("courseNotes.lessons.notes"), textAlign: "right" },
      {
        accessor: "registered_at",
        title: t("lessons.fields.registered"),
        noWrap: true,
        render: (l) => (l.registered_at ? t("common.yes") : t("common.no")),
      },
    ],
    [t],
  );

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h3">
          {heading}
        </Title>
        {cs ? (
          <Text c="dimmed" size="sm">
            {[cs.course.code, cs.teachers.map((x) => x.name).join(", ")].filter(Boolean).join(" · ")}
          </Text>
        ) : null}
      </div>
      <DataTable<Lesson>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="course-section-lessons"
        csvExport={{
          url: `/sections/${sectionId}/courses/${courseId}/lessons`,
          params: toListQuery(params),
          filename: "clases-de-la-materia",
        }}
        {...bindListParams(params, (next) => setSearchParams(toListQuery(next)))}
      />
    </Stack>
  );
}
