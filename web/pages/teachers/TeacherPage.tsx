import { Alert, Anchor, Center, Loader, Stack, Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { useTeacher } from "../../api/teachers";
import { listReturnPath } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { TeacherAvailabilityView } from "./TeacherAvailabilityView";
import { TeacherCourseSectionsView } from "./TeacherCourseSectionsView";
import { TeacherHeader } from "./TeacherHeader";
import { TeacherLessonsView } from "./TeacherLessonsView";
import { TeacherScheduleView } from "./TeacherScheduleView";
import { teacherName } from "./teacher-columns";

/** The sub-pages of a teacher (spec.md §2): `/teachers/{id}` shows their course sections. */
export type TeacherView = "sections" | "lessons" | "schedule" | "courses" | "historic" | "availability";

const paths: Record<TeacherView, string> = {
  sections: "",
  lessons: "/lessons",
  schedule: "/schedule",
  courses: "/courses",
  historic: "/historic",
  availability: "/availability",
};

/**
 * `/teachers/{id}` and its sub-pages: the teacher's card, then tabs that are links to each sub-page. A
 * coordinator reaches only the teachers they supervise (the server refuses the others: the page says the
 * teacher was not found).
 */
export function TeacherPage({ view }: { view: TeacherView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useSession();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const teacher = useTeacher(validId);
  useBreadcrumbs([
    { label: t("teachers.list.title"), to: listReturnPath("/teachers") },
    {
      label: teacher.data ? teacherName(teacher.data) : "",
      ...(view === "sections" ? {} : { to: `/teachers/${id}` }),
    },
    ...(view === "sections" ? [] : [{ label: t(`teachers.tabs.${view}`) }]),
  ]);

  if (!teacher.data) {
    if (teacher.isError || validId === undefined)
      return (
        <Alert color="yellow" title={t("teachers.detail.notFound")}>
          <Anchor component={Link} to={listReturnPath("/teachers")}>
            {t("teachers.detail.backToList")}
          </Anchor>
        </Alert>
      );
    return (
      <Center mih={200}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  }

  const views: TeacherView[] = ["sections", "courses", "historic", "lessons", "availability"];
  if (can("teachers.supervision")) views.splice(3, 0, "schedule");
  return (
    <Stack gap="md">
      <TeacherHeader teacher={teacher.data} />
      <Tabs
        value={view}
        onChange={(next) => next && void navigate(`/teachers/${id}${paths[next as TeacherView]}`)}
      >
        <Tabs.List>
          {views.map((v) => (
            <Tabs.Tab key={v} value={v}>
              {t(`teachers.tabs.${v}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {view === "lessons" ? (
        <TeacherLessonsView teacherId={teacher.data.id} />
      ) : view === "schedule" ? (
        <TeacherScheduleView teacher={teacher.data} />
      ) : view === "availability" ? (
        <TeacherAvailabilityView teacher={teacher.data} />
      ) : (
        <TeacherCourseSectionsView teacherId={teacher.data.id} view={view} />
      )}
    </Stack>
  );
}

export const TeacherSectionsPage = () => <TeacherPage view="sections" />;
export const TeacherLessonsPage = () => <TeacherPage view="lessons" />;
export const TeacherSchedulePage = () => <TeacherPage view="schedule" />;
export const TeacherCoursesPage = () => <TeacherPage view="courses" />;
export const TeacherHistoricPage = () => <TeacherPage view="historic" />;
export const TeacherAvailabilityPage = () => <TeacherPage view="availability" />;
