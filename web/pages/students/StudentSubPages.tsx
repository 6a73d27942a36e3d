import { Badge, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "../../../common/dates/format";
import { formatNote } from "../../../common/enrolment/progression";
import {
  type StudentLesson,
  useStudentAbsences,
  useStudentBinnacles,
  useStudentCourses,
  useStudentHistory,
  useStudentLessons,
  useStudentNotifications,
} from "../../api/students";
import { StudentCourseAbsences, StudentCourseLessonsTable } from "../course-notes/StudentCourseTables";
import { standingOf } from "../course-notes/standing";
import { type SimpleColumn, SimpleTable } from "./SimpleTable";
import { StatusBadge, StudentLayout } from "./StudentLayout";
import { useStudentPage } from "./useStudentPage";

const note = (value: number | null) => (value === null ? "—" : formatNote(value));

/** /students/:student/history: the inscriptions period by period. */
export function StudentHistoryPage() {
  const { t } = useTranslation();
  const { id } = useStudentPage();
  const history = useStudentHistory(id);
  const title = t("students.tabs.history");
  return (
    <StudentLayout tab="history" title={title}>
      {() => (
        <SimpleTable
          caption={title}
          rows={history.data}
          rowKey={(r) => r.id}
          loading={history.isPending}
          error={history.isError}
          empty={t("students.history.empty")}
          columns={[
            { key: "period", title: t("students.fields.period"), render: (r) => r.period.name },
            {
              key: "spec",
              title: t("students.fields.specialization"),
              render: (r) => r.specialization.title,
            },
            { key: "semester", title: t("students.fields.semester"), render: (r) => r.semester.code },
            { key: "section", title: t("students.fields.section"), render: (r) => r.section.code },
            { key: "kind", title: t("students.history.kind"), render: (r) => t(`students.kinds.${r.kind}`) },
            {
              key: "status",
              title: t("students.fields.status"),
              render: (r) => <StatusBadge status={r.status} />,
            },
          ]}
        />
      )}
    </StudentLayout>
  );
}

/** /students/:student/courses: the courses taken, with note, absences and delays. */
export function StudentCoursesPage() {
  const { t } = useTranslation();
  const { id, scope } = useStudentPage();
  const courses = useStudentCourses(id, scope);
  const title = t("students.tabs.courses");
  return (
    <StudentLayout tab="courses" title={title}>
      {() => (
        <SimpleTable
          caption={title}
          rows={courses.data}
          rowKey={(r) => r.id}
          loading={courses.isPending}
          error={courses.isError}
          empty={t("students.courses.empty")}
          columns={[
            { key: "period", title: t("students.fields.period"), render: (r) => r.period.name },
            { key: "code", title: t("students.fields.courseCode"), render: (r) => r.course.code },
            { key: "title", title: t("students.fields.course"), render: (r) => r.course.title },
            { key: "section", title: t("students.fields.section"), render: (r) => r.section.code },
            {
              key: "teachers",
              title: t("students.courses.teachers"),
              render: (r) => r.teachers.map((x) => x.name).join(", ") || t("students.courses.noTeacher"),
            },
            { key: "note", title: t("students.fields.note"), render: (r) => note(r.note) },
            {
              key: "standing",
              title: t("courseNotes.sheet.standing"),
              render: (r) => {
                const standing = standingOf(r);
                return (
                  <Badge color={standing.color} variant="light" c="dark" miw="max-content">
                    {t(`courseNotes.standing.${standing.key}`)}
                  </Badge>
                );
              },
            },
            { key: "absences", title: t("students.tabs.absences"), render: (r) => r.absences },
            { key: "delays", title: t("students.tabs.delays"), render: (r) => r.delays },
            {
              key: "status",
              title: t("students.fields.status"),
              render: (r) => (
                <Badge variant="dot" color={r.status === "enrolled" ? "green" : "gray"} miw="max-content">
                  {t(`students.enrolment.${r.status}`)}
                </Badge>
              ),
            },
          ]}
        />
      )}
    </StudentLayout>
  );
}

function lessonColumns(t: TFunction, withNote: boolean): SimpleColumn<StudentLesson>[] {
  return [
    { key: "date", title: t("students.fields.date"), render: (r) => formatDate(r.date) },
    {
      key: "course",
      title: t("students.fields.course"),
      render: (r) => `${r.course.code} — ${r.course.title}`,
    },
    { key: "section", title: t("students.fields.section"), render: (r) => r.section.code },
    { key: "title", title: t("students.lessons.topic"), render: (r) => r.title ?? "—" },
    {
      key: "attendance",
      title: t("students.lessons.attendance"),
      render: (r) => t(`students.attendance.${r.attendance}`),
    },
    ...(withNote
      ? [
          {
            key: "note",
            title: t("students.fields.note"),
            render: (r: StudentLesson) => (r.evaluated ? `${note(r.note)} (${r.weight} %)` : "—"),
          },
        ]
      : []),
  ];
}

/** /students/:student/lessons: every lesson with attendance and note. */
export function StudentLessonsPage() {
  const { t } = useTranslation();
  const { id, scope } = useStudentPage();
  const scoped =
    scope.section_id && scope.course_id ? { section_id: scope.section_id, course_id: scope.course_id } : null;
  const lessons = useStudentLessons(scoped ? undefined : id, scope);
  const title = t("students.tabs.lessons");
  return (
    <StudentLayout tab="lessons" title={title}>
      {(student) =>
        scoped ? (
          <StudentCourseLessonsTable
            sectionId={scoped.section_id}
            courseId={scoped.course_id}
            studentId={student.id}
            caption={title}
          />
        ) : (
          <SimpleTable
            caption={title}
            rows={lessons.data}
            rowKey={(r) => r.lesson_id}
            loading={lessons.isPending}
            error={lessons.isError}
            empty={t("students.lessons.empty")}
            columns={lessonColumns(t, true)}
          />
        )
      }
    </StudentLayout>
  );
}

function AttendancePage({ attendance }: { attendance: "absent" | "delayed" }) {
  const { t } = useTranslation();
  const { id, scope } = useStudentPage();
  // Under a section and course, the absences page shows absences and delays with the course's totals.
  const scoped =
    attendance === "absent" && scope.section_id && scope.course_id
      ? { section_id: scope.section_id, course_id: scope.course_id }
      : null;
  const rows = useStudentAbsences(scoped ? undefined : id, attendance, scope);
  const tab = attendance === "absent" ? "absences" : "delays";
  const title = t(`students.tabs.${tab}`);
  return (
    <StudentLayout tab={tab} title={title}>
      {(student) =>
        scoped ? (
          <StudentCourseAbsences
            sectionId={scoped.section_id}
            courseId={scoped.course_id}
            studentId={student.id}
            caption={title}
          />
        ) : (
          <SimpleTable
            caption={title}
            rows={rows.data}
            rowKey={(r) => r.lesson_id}
            loading={rows.isPending}
            error={rows.isError}
            empty={t(`students.${tab}.empty`)}
            columns={lessonColumns(t, false)}
          />
        )
      }
    </StudentLayout>
  );
}

/** /students/:student/absences: lessons the student missed. */
export const StudentAbsencesPage = () => <AttendancePage attendance="absent" />;
/** /students/:student/delays: lessons the student came late to. */
export const StudentDelaysPage = () => <AttendancePage attendance="delayed" />;

/** /students/:student/binnacles: log entries about the student. */
export function StudentBinnaclesPage() {
  const { t } = useTranslation();
  const { id, scope } = useStudentPage();
  const rows = useStudentBinnacles(id, scope);
  const title = t("students.tabs.binnacles");
  return (
    <StudentLayout tab="binnacles" title={title}>
      {() => (
        <SimpleTable
          caption={title}
          rows={rows.data}
          rowKey={(r) => r.id}
          loading={rows.isPending}
          error={rows.isError}
          empty={t("students.binnacles.empty")}
          columns={[
            { key: "date", title: t("students.fields.date"), render: (r) => formatDate(r.incidence_date) },
            { key: "subject", title: t("students.binnacles.subject"), render: (r) => r.subject },
            {
              key: "description",
              title: t("students.binnacles.description"),
              render: (r) => <Text size="sm">{r.description ?? "—"}</Text>,
            },
            { key: "category", title: t("students.binnacles.category"), render: (r) => r.category ?? "—" },
            { key: "course", title: t("students.fields.course"), render: (r) => r.course?.title ?? "—" },
            { key: "author", title: t("students.binnacles.author"), render: (r) => r.author ?? "—" },
          ]}
        />
      )}
    </StudentLayout>
  );
}

/** /students/:student/notifications: what the student received. */
export function StudentNotificationsPage() {
  const { t } = useTranslation();
  const { id } = useStudentPage();
  const rows = useStudentNotifications(id);
  const title = t("students.tabs.notifications");
  return (
    <StudentLayout tab="notifications" title={title}>
      {() => (
        <SimpleTable
          caption={title}
          rows={rows.data}
          rowKey={(r) => r.id}
          loading={rows.isPending}
          error={rows.isError}
          empty={t("students.notifications.empty")}
          columns={[
            { key: "date", title: t("students.fields.date"), render: (r) => formatDateTime(r.created_at) },
            {
              key: "sender",
              title: t("students.notifications.sender"),
              render: (r) => r.sender?.name ?? t("students.notifications.system"),
            },
            {
              key: "content",
              title: t("students.notifications.content"),
              render: (r) => (
                <Text size="sm" lineClamp={2}>
                  {r.content}
                </Text>
              ),
            },
            {
              key: "read",
              title: t("students.notifications.read"),
              render: (r) => (r.read_at ? t("students.notifications.yes") : t("students.notifications.no")),
            },
          ]}
        />
      )}
    </StudentLayout>
  );
}
