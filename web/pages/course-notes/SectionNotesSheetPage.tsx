import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconDownload, IconHistory } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { access } from "../../../common/access";
import { formatDate } from "../../../common/dates/format";
import { formatNote } from "../../../common/enrolment/progression";
import { hasRole } from "../../../common/roles";
import { courseNotesApi, type StudentCourseNotes, useCourseSectionNotes } from "../../api/course-sections";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { courseLessonsPath } from "./paths";
import { StudentCourseNoteView } from "./StudentCourseNoteView";
import { standingOf } from "./standing";

const positiveInt = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const show = (note: number | null) => (note === null ? "—" : formatNote(note));

/**
 * /lessons/{course_id}/{section_id}/section-notes: every student of a course section × every evaluation,
 * the final delivery, the cuts, the final note and the absences (failed by absences marked), with the
 * grade sheet and the lessons register as PDF and CSV. A student's name opens their staff page in the course
 * (/students/{student}/{section}/{course}); the history icon beside it, their note and its change history.
 */
export function SectionNotesSheetPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const params = useParams();
  const courseId = positiveInt(params.course_id);
  const sectionId = positiveInt(params.section_id);
  const query = useCourseSectionNotes(sectionId, courseId);
  const [open, setOpen] = useState<StudentCourseNotes | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const data = query.data;
  const heading = data
    ? t("courseNotes.sheet.heading", {
        course: data.course_section.course.title,
        section: data.course_section.section.code,
      })
    : t("courseNotes.sheet.title");
  // An administrator reads the sheet but not a lesson's pages (spec.md §6): the course lessons page instead.
  const canOpenLessons = hasRole(user?.type ?? 0, access.lessonDetail);
  const cs = data?.course_section;
  const lessonsPath =
    !cs || !courseId || !sectionId
      ? undefined
      : canOpenLessons
        ? `/lessons/${courseId}/${sectionId}`
        : courseLessonsPath(cs.period.id, sectionId, courseId, cs.teachers[0]?.id);
  useBreadcrumbs([
    { label: t("lessons.list.title"), to: "/lessons" },
    {
      label: data ? `${data.course_section.course.title} · ${data.course_section.section.code}` : "",
      to: lessonsPath,
    },
    { label: t("courseNotes.sheet.title") },
  ]);

  const download = (paper: "gradeSheet" | "lessonsRegister", format: "pdf" | "csv") => {
    if (!data || !sectionId || !courseId) return;
    setDownloadFailed(false);
    const name = `${data.course_section.section.code}-${data.course_section.course.code}`;
    courseNotesApi[paper](sectionId, courseId, format, name).catch(() => setDownloadFailed(true));
  };

  let body: ReactNode;
  if (query.isError || !sectionId || !courseId) {
    body = (
      <Alert color="red" role="alert">
        {t("courseNotes.sheet.loadError")}
      </Alert>
    );
  } else if (!data) {
    body = (
      <Center mih={200}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  } else if (data.students.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {t("courseNotes.sheet.empty")}
      </Text>
    );
  } else {
    const fd = data.course_section.final_delivery_percent;
    const evaluated = data.lessons.reduce((acc, l) => acc + l.weight, 0) + (fd ?? 0);
    body = (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t("courseNotes.sheet.evaluated", { percent: evaluated })}
        </Text>
        <Table.ScrollContainer minWidth={560 + data.lessons.length * 90}>
          <Table striped withTableBorder withColumnBorders stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("courseNotes.sheet.student")}</Table.Th>
                <Table.Th>{t("courseNotes.sheet.identityDocument")}</Table.Th>
                {data.lessons.map((l) => (
                  <Table.Th key={l.id} ta="center" title={l.title ?? undefined}>
                    {t("courseNotes.sheet.evaluation", { date: formatDate(l.date), weight: l.weight })}
                  </Table.Th>
                ))}
                {fd !== null ? (
                  <Table.Th ta="center">{t("courseNotes.sheet.finalDelivery", { percent: fd })}</Table.Th>
                ) : null}
                <Table.Th ta="center">{t("courseNotes.sheet.firstCut")}</Table.Th>
                <Table.Th ta="center">{t("courseNotes.sheet.secondCut")}</Table.Th>
                <Table.Th ta="center">{t("courseNotes.sheet.final")}</Table.Th>
                <Table.Th ta="center">{t("courseNotes.sheet.absences")}</Table.Th>
                <Table.Th miw={200}>{t("courseNotes.sheet.standing")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.students.map((st) => {
                const standing = standingOf(st);
                const name = `${st.last_name}, ${st.first_name}`;
                return (
                  <Table.Tr key={st.id}>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="space-between">
                        <Anchor component={Link} to={`/students/${st.id}/${sectionId}/${courseId}`}>
                          {name}
                        </Anchor>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          onClick={() => setOpen(st)}
                          aria-label={t("courseNotes.sheet.openStudent", { name })}
                          title={t("courseNotes.sheet.openStudent", { name })}
                        >
                          <IconHistory size={16} aria-hidden />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{st.identity_document}</Table.Td>
                    {st.notes.map((n) => (
                      <Table.Td key={n.lesson_id} ta="center">
                        {show(n.note)}
                      </Table.Td>
                    ))}
                    {fd !== null ? <Table.Td ta="center">{show(st.final_delivery_note)}</Table.Td> : null}
                    <Table.Td ta="center">{show(st.first_cut.note)}</Table.Td>
                    <Table.Td ta="center">{show(st.second_cut.note)}</Table.Td>
                    <Table.Td ta="center" fw={700}>
                      {show(st.note)}
                    </Table.Td>
                    <Table.Td ta="center" c={st.failed_by_absences ? "red.8" : undefined}>
                      {st.absences_with_delays}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={standing.color} variant="light" c="dark">
                        {t(`courseNotes.standing.${standing.key}`)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h3">
            {heading}
          </Title>
          {data ? (
            <Text c="dimmed" size="sm">
              {t("courseNotes.sheet.subtitle", {
                period: data.course_section.period.name,
                teachers: data.course_section.teachers.map((x) => x.name).join(", ") || "—",
              })}
            </Text>
          ) : null}
        </div>
        {data ? (
          <Group gap="xs">
            <Button component={Link} to={lessonsPath ?? "/lessons"} variant="default">
              {t("courseNotes.sheet.lessons")}
            </Button>
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => download("gradeSheet", "pdf")}
            >
              {t("courseNotes.sheet.gradeSheetPdf")}
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => download("gradeSheet", "csv")}
            >
              {t("courseNotes.sheet.gradeSheetCsv")}
            </Button>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => download("lessonsRegister", "pdf")}
            >
              {t("courseNotes.sheet.lessonsRegisterPdf")}
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => download("lessonsRegister", "csv")}
            >
              {t("courseNotes.sheet.lessonsRegisterCsv")}
            </Button>
          </Group>
        ) : null}
      </Group>
      {downloadFailed ? (
        <Alert color="red" role="alert">
          {t("courseNotes.sheet.downloadError")}
        </Alert>
      ) : null}
      {body}
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="xl"
        title={open ? `${open.last_name}, ${open.first_name} · ${open.identity_document}` : ""}
        closeButtonProps={{ "aria-label": t("courseNotes.sheet.close") }}
      >
        {open && sectionId && courseId ? (
          <StudentCourseNoteView
            sectionId={sectionId}
            courseId={courseId}
            studentId={open.id}
            showHistory
            headingLevel={3}
          />
        ) : null}
      </Drawer>
    </Stack>
  );
}
