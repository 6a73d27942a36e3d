import { Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  type Student,
  useStudentAverage,
  useStudentCourses,
  useStudentInscriptionState,
} from "../../api/students";
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
          <Field label={t("students.fields.birthDate")} value={student.birth_date} />
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
                  : average.data.average.toFixed(2)
              }
            />
          </SimpleGrid>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Under /students/:student/:section/:course: the student's standing in that course. */
function CourseSummary({ id }: { id: number }) {
  const { t } = useTranslation();
  const { scope } = useStudentPage();
  const courses = useStudentCourses(id, scope);
  const course = courses.data?.[0];
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {course
            ? `${course.course.code} — ${course.course.title} (${course.section.code})`
            : t("students.tabs.courses")}
        </Title>
        {courses.data && !course ? <Text>{t("students.courses.notInCourse")}</Text> : null}
        {course ? (
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Field
              label={t("students.fields.note")}
              value={course.note === null ? "—" : course.note.toFixed(2)}
            />
            <Field label={t("students.tabs.absences")} value={String(course.absences)} />
            <Field label={t("students.tabs.delays")} value={String(course.delays)} />
            <Field label={t("students.tabs.lessons")} value={String(course.lessons)} />
          </SimpleGrid>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** /students/:student (and /students/:student/:section/:course): profile and inscription state. */
export function StudentProfilePage() {
  const { t } = useTranslation();
  const { scoped } = useStudentPage();
  return (
    <StudentLayout tab="" title={t("students.tabs.profile")}>
      {(student) => (
        <Stack gap="md">
          {scoped ? <CourseSummary id={student.id} /> : null}
          <InscriptionStateCard id={student.id} />
          <PersonalData student={student} />
        </Stack>
      )}
    </StudentLayout>
  );
}
