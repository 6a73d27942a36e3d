import { Badge, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates/format";
import { formatNote } from "../../../common/enrolment/progression";
import { useStudentCourseAbsences, useStudentCourseLessons } from "../../api/course-sections";
import { ExportButtons } from "../../components/DataTable/ExportButtons";
import { SimpleTable } from "../students/SimpleTable";

type Props = { sectionId: number; courseId: number; studentId: number; caption: string };

const csvUrl = (p: Props, what: "absences" | "lessons") =>
  `/sections/${p.sectionId}/courses/${p.courseId}/students/${p.studentId}/${what}`;

/**
 * A student's absences and delays in one course section (GET …/students/{student}/absences): one row per
 * lesson missed or late, and the totals against the course's maximum (three delays are one absence).
 */
export function StudentCourseAbsences(props: Props) {
  const { t } = useTranslation();
  const query = useStudentCourseAbsences(props.sectionId, props.courseId, props.studentId);
  const totals = query.data?.totals;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        {totals ? (
          <Group gap="xs">
            <Text size="sm" c={totals.failed_by_absences ? "red.8" : undefined}>
              {t("courseNotes.note.absencesText", {
                absences: t("courseNotes.note.absenceCount", { count: totals.absences }),
                delays: t("courseNotes.note.delayCount", { count: totals.delays }),
                total: totals.absences_with_delays,
                max: totals.max_absences_to_fail,
              })}
            </Text>
            {totals.failed_by_absences ? (
              <Badge color="red" variant="light" c="dark">
                {t("courseNotes.standing.failedByAbsences")}
              </Badge>
            ) : null}
          </Group>
        ) : (
          <span />
        )}
        <ExportButtons url={csvUrl(props, "absences")} filename="inasistencias-de-la-materia" />
      </Group>
      <SimpleTable
        caption={props.caption}
        rows={query.data?.absences}
        rowKey={(r) => r.lesson_id}
        loading={query.isPending}
        error={query.isError}
        empty={t("courseNotes.student.noAbsences")}
        columns={[
          { key: "date", title: t("courseNotes.note.date"), render: (r) => formatDate(r.date) },
          { key: "title", title: t("courseNotes.student.lesson"), render: (r) => r.title ?? "—" },
          {
            key: "attendance",
            title: t("courseNotes.student.attendance"),
            render: (r) => (
              <Badge color={r.attendance === "absent" ? "red" : "yellow"} variant="light" c="dark">
                {t(`courseNotes.note.values.${r.attendance}`)}
              </Badge>
            ),
          },
        ]}
      />
    </Stack>
  );
}

/**
 * Every lesson of a course section with a student's attendance (not yet taken said so), and their note
 * and the weight of the evaluated ones (GET …/students/{student}/lessons).
 */
export function StudentCourseLessonsTable(props: Props) {
  const { t } = useTranslation();
  const query = useStudentCourseLessons(props.sectionId, props.courseId, props.studentId);
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <ExportButtons url={csvUrl(props, "lessons")} filename="clases-de-la-materia" />
      </Group>
      <SimpleTable
        caption={props.caption}
        rows={query.data?.lessons}
        rowKey={(r) => r.id}
        loading={query.isPending}
        error={query.isError}
        empty={t("courseNotes.student.noLessons")}
        columns={[
          { key: "date", title: t("courseNotes.note.date"), render: (r) => formatDate(r.date) },
          { key: "title", title: t("courseNotes.student.lesson"), render: (r) => r.title ?? "—" },
          {
            key: "attendance",
            title: t("courseNotes.student.attendance"),
            render: (r) =>
              r.attendance === null ? (
                <Text span size="sm" c="dimmed">
                  {t("courseNotes.student.notTaken")}
                </Text>
              ) : (
                t(`courseNotes.note.values.${r.attendance}`)
              ),
          },
          {
            key: "weight",
            title: t("courseNotes.note.weight"),
            render: (r) => (r.evaluated ? `${r.weight} %` : "—"),
          },
          {
            key: "note",
            title: t("courseNotes.note.note"),
            render: (r) =>
              !r.evaluated ? "—" : r.note === null ? t("courseNotes.note.missing") : formatNote(r.note),
          },
        ]}
      />
    </Stack>
  );
}
