import { Alert, Center, Loader, Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useCourseSectionSchedules } from "../../api/schedules";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { ScheduleEditor } from "./ScheduleEditor";

const idOf = (raw: string | undefined) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/**
 * /sections/:section_id/courses/:course_id/set-shcedule (path as spec.md spells it) and
 * /schedules/edit/:section_id/:course_id/:schedule_id: the weekly schedule of one course of a section.
 */
export function SetSchedulePage({ edit = false }: { edit?: boolean }) {
  const { t } = useTranslation();
  const params = useParams();
  const sectionId = idOf(params.section_id);
  const courseId = idOf(params.course_id);
  const scheduleId = edit ? idOf(params.schedule_id) : undefined;
  const query = useCourseSectionSchedules(sectionId, courseId);
  const cs = query.data?.course_section;
  const title = edit ? t("schedules.edit.title") : t("schedules.set.title");
  useBreadcrumbs([
    { label: t("schedules.list.title"), to: "/schedules" },
    { label: cs ? `${cs.section.code} — ${cs.course.title}` : "" },
    { label: title },
  ]);
  const missing = edit && query.data && !query.data.schedules.some((s) => s.id === scheduleId);

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {cs ? `${title}: ${cs.course.title}` : title}
      </Title>
      {query.isLoading && (
        <Center py="xl">
          <Loader aria-label={t("common.loading")} />
        </Center>
      )}
      {(query.isError || missing) && <Alert color="red">{t("schedules.notFound")}</Alert>}
      {query.data && !missing && <ScheduleEditor data={query.data} onlyScheduleId={scheduleId} />}
    </Stack>
  );
}

export function EditSchedulePage() {
  return <SetSchedulePage edit />;
}
