import { Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates/format";
import { formatNote } from "../../../common/enrolment/progression";
import { useStudentCourseNote } from "../../api/course-sections";
import { type Student, useStudentAverage, useStudentInscriptionState } from "../../api/students";
import { StudentCourseNoteView } from "../course-notes/StudentCourseNoteView";
import { StudentLayout } from "./StudentLayout";
import { useStudentPage } from "./useStudentPage";

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value || "—"}</Text>
    </div>
  );
}

function PersonalData({ student }: { student: Student }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("students.profile.personal")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <Field label={t("students.fields.firstName")} value={student.first_name} />
          <Field label={t("students.fields.lastName")} value={student.last_name} />
          <Field label={t("students.fields.identityDocument")} value={student.identity_document} />
          <Field label={t("common.email")} value={student.email} />
          <Field label={t("students.fields.gender")} value={t(`students.genders.${student.gender}`)} />
          <Field
            label={t("students.fields.birthDate")}
            value={student.birth_date && formatDate(student.birth_date)}
          />
          <Field label={t("students.fields.phone")} value={student.phone} />
          <Field label={t("students.fields.address")} value={student.address} />
          <Field
            label={t("students.profile.account")}
            value={student.confirmed ? t("students.profile.confirmed") : t("students.profile.unconfirmed")}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function InscriptionStateCard({ id }: { id: number }) {
  const { t } = useTranslation();
  const state = useStudentInscriptionState(id);
  const average = useStudentAverage(id);
  const s = state.data;
  const current = s?.current_inscription;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("students.profile.inscriptionState")}
        </Title>
        {state.isError ? <Text c="red.8">{t("students.loadError")}</Text> : null}
        {s ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <Field label={t("students.fields.status")} value={t(`students.statuses.${s.student_status}`)} />
            <Field
              label={t("students.profile.currentPeriod")}
              value={s.current_period?.name ?? t("students.profile.noPeriod")}
            />
            <Field
              label={t("students.profile.inscribedNow")}
              value={
                current
                  ? t("students.profile.inscribedIn", {
                      specialization: current.specialization.title,
                      semester: current.semester.code,
                      section: current.section.code,
                    })
                  : t("students.profile.notInscribed")
              }
            />
            <Field label={t("students.profile.inscriptionsCount")} value={String(s.inscriptions_count)} />
            <Field
              label={t("students.profile.average", { period: average.data?.period?.name ?? "" })}
              value={
                average.data?.average === null || average.data?.average === undefined
                  ? t("students.profile.noAverage")
                  : formatNote(average.data.average)
              }
            />
          </SimpleGrid>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * Under /students/:student/:section/:course: the student's note in that course (each evaluation, weight,
 * note, cuts, absences) and the change history of their notes and attendance, for staff.
 */
function CourseNote({ id, sectionId, courseId }: { id: number; sectionId: number; courseId: number }) {
  const { t } = useTranslation();
  const note = useStudentCourseNote(sectionId, courseId, id);
  const cs = note.data?.course_section;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {cs
            ? t("courseNotes.staff.heading", {
                code: cs.course.code,
                course: cs.course.title,
                section: cs.section.code,
                period: cs.period.name,
              })
            : t("students.tabs.courses")}
        </Title>
        <StudentCourseNoteView
          sectionId={sectionId}
          courseId={courseId}
          studentId={id}
          showHistory
          headingLevel={3}
        />
      </Stack>
    </Paper>
  );
}

/** /students/:student (and /students/:student/:section/:course): profile and inscription state. */
export function StudentProfilePage() {
  const { t } = useTranslation();
  const { scope } = useStudentPage();
  return (
    <StudentLayout tab="" title={t("students.tabs.profile")}>
      {(student) => (
        <Stack gap="md">
          {scope.section_id && scope.course_id ? (
            <CourseNote id={student.id} sectionId={scope.section_id} courseId={scope.course_id} />
          ) : null}
          <InscriptionStateCard id={student.id} />
          <PersonalData student={student} />
        </Stack>
      )}
    </StudentLayout>
  );
}
