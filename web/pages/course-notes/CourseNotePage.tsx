import { Alert, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useStudentCourseNote } from "../../api/course-sections";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { StudentCourseNoteView } from "./StudentCourseNoteView";

const positiveInt = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * /profile/courseNote/{section_id}/{course_id} (student): the student's own note in a course, each
 * evaluation with its weight and note, the cuts, the final note and the absences.
 */
export function CourseNotePage() {
  const { t } = useTranslation();
  const params = useParams();
  const sectionId = positiveInt(params.section_id);
  const courseId = positiveInt(params.course_id);
  const studentId = useSession().user?.student?.id;
  const note = useStudentCourseNote(sectionId, courseId, studentId);
  const cs = note.data?.course_section;
  useBreadcrumbs([
    ...(studentId ? [{ label: t("courseNotes.historic.title"), to: `/profile/${studentId}/historic` }] : []),
    { label: cs ? cs.course.title : t("courseNotes.note.title") },
  ]);
  return (
    <Stack gap="md" maw={900}>
      <div>
        <Title order={1} size="h3">
          {cs
            ? t("courseNotes.note.heading", { course: cs.course.title, section: cs.section.code })
            : t("courseNotes.note.title")}
        </Title>
        {cs ? (
          <Text c="dimmed" size="sm">
            {t("courseNotes.note.period", { period: cs.period.name })} · {cs.course.code}
          </Text>
        ) : null}
      </div>
      {sectionId && courseId && studentId ? (
        <StudentCourseNoteView sectionId={sectionId} courseId={courseId} studentId={studentId} />
      ) : (
        <Alert color="red" role="alert">
          {t("courseNotes.note.loadError")}
        </Alert>
      )}
    </Stack>
  );
}
