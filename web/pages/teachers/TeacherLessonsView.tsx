import { Stack, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

import { formatDate } from "../../../common/dates/format";
import { type TeacherLesson, useTeacherLessons } from "../../api/teachers";
import {
  bindListParams,
  DataTable,
  type DataTableColumn,
  parseListParams,
  toListQuery,
  useSearchParams,
} from "../../components";

function columns(t: TFunction): DataTableColumn<TeacherLesson>[] {
  const yesNo = (v: boolean) => (v ? t("common.yes") : t("common.no"));
  return [
    {
      accessor: "date",
      title: t("teachers.lessons.date"),
      sortable: true,
      noWrap: true,
      render: (l) => formatDate(l.date),
    },
    {
      accessor: "course",
      title: t("teachers.sections.course"),
      sortable: true,
      render: (r) => r.course.title,
    },
    {
      accessor: "section",
      title: t("teachers.sections.section"),
      sortable: true,
      noWrap: true,
      render: (r) => r.section.code,
    },
    { accessor: "title", title: t("teachers.lessons.title") },
    {
      accessor: "evaluated",
      title: t("teachers.lessons.evaluated"),
      noWrap: true,
      render: (r) => yesNo(r.evaluated),
    },
    {
      accessor: "registered",
      title: t("teachers.lessons.registered"),
      noWrap: true,
      render: (r) => yesNo(r.registered),
    },
  ];
}

/** `/teachers/{id}/lessons`: the lessons of the teacher's course sections in the current period. */
export function TeacherLessonsView({ teacherId }: { teacherId: number }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseListParams(searchParams);
  const query = toListQuery(params);
  const list = useTeacherLessons(teacherId, query);
  const cols = useMemo(() => columns(t), [t]);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("teachers.lessons.hint")}
      </Text>
      <DataTable<TeacherLesson>
        columns={cols}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="teacher-lessons"
        csvExport={{ url: `/teachers/${teacherId}/lessons`, params: query, filename: "clases-profesor" }}
        {...bindListParams(params, (next) => setSearchParams(toListQuery(next)))}
      />
    </Stack>
  );
}
