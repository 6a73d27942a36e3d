import { Anchor, Group, Stack, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePeriods } from "../../api/periods";
import { type TeacherCourseSection, useTeacherCourses } from "../../api/teachers";
import {
  bindListParams,
  DataTable,
  type DataTableColumn,
  PeriodSelector,
  parseListParams,
  periodLabel,
  toListQuery,
  useSearchParams,
} from "../../components";
import { useSession } from "../../session/useSession";
import { courseLessonsPath } from "../course-notes/paths";

function columns(t: TFunction, teacherId: number): DataTableColumn<TeacherCourseSection>[] {
  return [
    {
      accessor: "period",
      title: t("teachers.sections.period"),
      sortable: true,
      noWrap: true,
      render: (r) => periodLabel(r.period),
    },
    {
      accessor: "course",
      title: t("teachers.sections.course"),
      sortable: true,
      render: (r) => (
        <Anchor
          component={Link}
          to={courseLessonsPath(r.period.id, r.section.id, r.course.id, teacherId)}
          title={t("courseNotes.lessons.open", { course: r.course.title })}
        >
          {r.course.title}
        </Anchor>
      ),
    },
    {
      accessor: "course.code",
      title: t("teachers.sections.code"),
      noWrap: true,
      render: (r) => r.course.code,
    },
    {
      accessor: "section",
      title: t("teachers.sections.section"),
      sortable: true,
      noWrap: true,
      render: (r) => r.section.code,
    },
    {
      accessor: "specialization",
      title: t("teachers.sections.specialization"),
      sortable: true,
      render: (r) => r.specialization.title,
    },
    {
      accessor: "students_count",
      title: t("teachers.sections.students"),
      textAlign: "right",
      noWrap: true,
    },
    { accessor: "lessons_count", title: t("teachers.sections.lessons"), textAlign: "right", noWrap: true },
  ];
}

/** The period selector, only for those who may list periods (its call is theirs alone). */
function PeriodChoice(props: { value: number | null; onChange: (id: number | null) => void; w: number }) {
  const periods = usePeriods();
  return <PeriodSelector periods={periods.data} value={props.value} onChange={props.onChange} w={props.w} />;
}

/**
 * The teacher's course sections: of the current period (`/teachers/{id}`), of a chosen period
 * (`/courses`, with the period selector for those who may list periods) or of past periods (`/historic`).
 */
export function TeacherCourseSectionsView({
  teacherId,
  view,
}: {
  teacherId: number;
  view: "sections" | "courses" | "historic";
}) {
  const { t } = useTranslation();
  const { can } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseListParams(searchParams);
  const periodChoice = view === "courses" && can("periods.choose");
  const periodId = Number(searchParams.get("period_id")) || null;
  const query = {
    ...toListQuery(params),
    ...(periodChoice && periodId ? { period_id: String(periodId) } : {}),
  };
  const list = useTeacherCourses(teacherId, view === "historic" ? "historic" : "courses", query);
  const cols = useMemo(() => columns(t, teacherId), [t, teacherId]);
  const setQuery = (next: Record<string, string>) => setSearchParams(next);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t(`teachers.sections.hint.${view}`)}
      </Text>
      {periodChoice ? (
        <Group>
          <PeriodChoice
            value={periodId}
            onChange={(id) =>
              setQuery({ ...toListQuery({ ...params, page: 1 }), ...(id ? { period_id: String(id) } : {}) })
            }
            w={160}
          />
        </Group>
      ) : null}
      <DataTable<TeacherCourseSection>
        columns={cols}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey={`teacher-${view}`}
        idAccessor="course_section_id"
        csvExport={{
          url: `/teachers/${teacherId}/${view === "historic" ? "historic" : "courses"}`,
          params: query,
          filename: view === "historic" ? "historico-profesor" : "materias-profesor",
        }}
        {...bindListParams(params, (next) =>
          setQuery({ ...toListQuery(next), ...(query.period_id ? { period_id: query.period_id } : {}) }),
        )}
      />
    </Stack>
  );
}
