import { Badge, Button, Group, Stack, Title } from "@mantine/core";
import { IconListDetails, IconNotes } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { access } from "../../../common/access";
import { hasRole, isAdmin as isAdminRole } from "../../../common/roles";
import { type MyCourseSection, useMyCourseSections } from "../../api/lessons";
import { usePeriods } from "../../api/periods";
import {
  bindListParams,
  DataTable,
  type DataTableColumn,
  PeriodSelector,
  parseListParams,
  toListQuery,
  useSearchParams,
} from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { GenerateButton } from "./GenerateButton";

/**
 * /lessons: "Mis lecciones" for teachers and coordinators (their course sections and, for a coordinator,
 * those of the teachers they supervise); every course section for administrators, with the period
 * selector. Each row opens its lessons and can generate them.
 */
export function LessonsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const isAdmin = isAdminRole(user?.type ?? 0);
  const title = isAdmin ? t("lessons.list.allTitle") : t("lessons.list.title");
  useBreadcrumbs([{ label: title }]);

  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseListParams(searchParams);
  const periodParam = Number(searchParams.get("period_id"));
  const periodId = Number.isInteger(periodParam) && periodParam > 0 ? periodParam : null;
  const filters = { period_id: isAdmin ? periodId : undefined };
  const list = useMyCourseSections(params, filters, !isAdmin || periodId !== null);

  const columns = useMemo<DataTableColumn<MyCourseSection>[]>(
    () => [
      {
        accessor: "course.title",
        sortField: "course",
        title: t("lessons.fields.course"),
        sortable: true,
        render: (c) => `${c.course.code} · ${c.course.title}`,
      },
      {
        accessor: "section.code",
        sortField: "section",
        title: t("lessons.fields.section"),
        sortable: true,
        noWrap: true,
      },
      {
        accessor: "teachers",
        title: t("lessons.fields.teachers"),
        render: (c) => c.teachers.map((x) => x.name).join(", ") || t("lessons.list.noTeacher"),
      },
      { accessor: "students_count", title: t("lessons.fields.students"), textAlign: "right" },
      { accessor: "lessons_count", title: t("lessons.fields.lessons"), textAlign: "right" },
      {
        accessor: "evaluated_weight",
        title: t("lessons.fields.evaluatedWeight"),
        noWrap: true,
        render: (c) => (
          <Badge variant="light" c="dark" color={c.evaluated_weight >= 100 ? "green" : "blue"}>
            {c.evaluated_weight} %
          </Badge>
        ),
      },
    ],
    [t],
  );

  // spec.md §6: a lesson's pages are the teachers' and coordinators'; administrators see the list and
  // each course section's notes sheet (grade sheet, lessons register).
  const canOpen = hasRole(user?.type ?? 0, access.lessonDetail);
  const actions = (c: MyCourseSection) => (
    <Group gap={4} wrap="nowrap">
      {canOpen ? (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconListDetails size={14} aria-hidden />}
          component={Link}
          to={`/lessons/${c.course.id}/${c.section.id}`}
          aria-label={t("lessons.list.openOf", { course: c.course.title, section: c.section.code })}
        >
          {t("lessons.list.open")}
        </Button>
      ) : null}
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconNotes size={14} aria-hidden />}
        component={Link}
        to={`/lessons/${c.course.id}/${c.section.id}/section-notes`}
        aria-label={t("courseNotes.sheet.openOf", { course: c.course.title, section: c.section.code })}
      >
        {t("courseNotes.sheet.open")}
      </Button>
      <GenerateButton
        courseSectionId={c.id}
        label={t("lessons.generate.actionOf", { course: c.course.title, section: c.section.code })}
      />
    </Group>
  );

  const query = { ...toListQuery(params), ...(isAdmin && periodId ? { period_id: periodId } : {}) };
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {title}
      </Title>
      {isAdmin ? (
        <AdminPeriodSelector
          value={periodId}
          onChange={(id) =>
            setSearchParams({
              ...toListQuery({ ...params, page: 1 }),
              ...(id ? { period_id: String(id) } : {}),
            })
          }
        />
      ) : null}
      <DataTable<MyCourseSection>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="lessons-course-sections"
        csvExport={{ url: "/lessons/course-sections", params: query, filename: "materias" }}
        {...bindListParams(params, (next) =>
          setSearchParams({ ...toListQuery(next), ...(periodId ? { period_id: String(periodId) } : {}) }),
        )}
        actions={actions}
      />
    </Stack>
  );
}

/** The period selector of the administrators' view (the periods list is theirs only: spec.md §6). */
function AdminPeriodSelector({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const periods = usePeriods();
  return <PeriodSelector periods={periods.data} value={value} onChange={onChange} w={180} />;
}
