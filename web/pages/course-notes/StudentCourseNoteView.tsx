import {
  Alert,
  Badge,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates/format";
import { accumulatedPoints, formatNote } from "../../../common/enrolment/progression";
import { useStudentCourseNote } from "../../api/course-sections";
import { useStudentHistory } from "../../api/lessons";
import { formatDateTime, standingOf } from "./standing";

const show = (note: number | null | undefined) =>
  note === null || note === undefined ? "—" : formatNote(note);

/**
 * One student's note in a course section: each evaluation with its weight and note, the final delivery,
 * the cuts, the final note and the absences. With `showHistory` (staff), the audit trail of every
 * attendance and note change below it.
 */
export function StudentCourseNoteView({
  sectionId,
  courseId,
  studentId,
  showHistory = false,
  headingLevel = 2,
}: {
  sectionId: number;
  courseId: number;
  studentId: number;
  showHistory?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const query = useStudentCourseNote(sectionId, courseId, studentId);
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {t("courseNotes.note.loadError")}
      </Alert>
    );
  }
  const data = query.data;
  if (!data) {
    return (
      <Center mih={120}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  }
  const { student: st, lessons, course_section: cs } = data;
  const standing = standingOf(st);
  const noteOf = new Map(st.notes.map((n) => [n.lesson_id, n.note]));
  const inProgress = st.standing === "in_progress";
  // While the course is in progress: DOMAIN.md's Σ note × weight / 100 so far, out of the possible points.
  const accumulated = accumulatedPoints(
    lessons.map((l) => ({ weight: l.weight, note: noteOf.get(l.id) ?? null })),
    cs.final_delivery_percent === null
      ? undefined
      : { percent: cs.final_delivery_percent, note: st.final_delivery_note ?? null },
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Summary
          label={t(inProgress ? "courseNotes.note.soFar" : "courseNotes.note.final")}
          value={show(st.note)}
          strong
        />
        <Summary label={t("courseNotes.note.firstCut")} value={show(st.first_cut.note)} />
        <Summary label={t("courseNotes.note.secondCut")} value={show(st.second_cut.note)} />
        <Paper withBorder p="sm">
          <Text size="sm" c="dimmed">
            {t("courseNotes.sheet.standing")}
          </Text>
          <Badge color={standing.color} variant="light" c="dark" mt={4}>
            {t(`courseNotes.standing.${standing.key}`)}
          </Badge>
          <Text size="xs" c="dimmed" mt={4}>
            {t("courseNotes.note.evaluated", { percent: st.evaluated_percent })}
          </Text>
        </Paper>
      </SimpleGrid>
      {inProgress && accumulated.possible > 0 ? (
        <Text size="sm">
          <Text span fw={600}>
            {t("courseNotes.note.accumulated")}:{" "}
          </Text>
          {t("courseNotes.note.accumulatedText", {
            points: formatNote(accumulated.points),
            possible: formatNote(accumulated.possible),
          })}
        </Text>
      ) : null}
      <Text size="sm" c={st.failed_by_absences ? "red.8" : undefined}>
        <Text span fw={600}>
          {t("courseNotes.note.absences")}:{" "}
        </Text>
        {t("courseNotes.note.absencesText", {
          absences: t("courseNotes.note.absenceCount", { count: st.absences }),
          delays: t("courseNotes.note.delayCount", { count: st.delays }),
          total: st.absences_with_delays,
          max: cs.course.max_absences_to_fail,
        })}
      </Text>
      <Title order={headingLevel} size="h4">
        {t("courseNotes.note.evaluations")}
      </Title>
      {lessons.length === 0 && cs.final_delivery_percent === null ? (
        <Text c="dimmed">{t("courseNotes.note.noEvaluations")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("courseNotes.note.date")}</Table.Th>
                <Table.Th>{t("courseNotes.note.lesson")}</Table.Th>
                <Table.Th ta="right">{t("courseNotes.note.weight")}</Table.Th>
                <Table.Th ta="right">{t("courseNotes.note.note")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lessons.map((l) => {
                const note = noteOf.get(l.id) ?? null;
                return (
                  <Table.Tr key={l.id}>
                    <Table.Td>{formatDate(l.date)}</Table.Td>
                    <Table.Td>{l.title ?? "—"}</Table.Td>
                    <Table.Td ta="right">{l.weight} %</Table.Td>
                    <Table.Td ta="right">
                      {note === null ? (
                        <Text span size="sm" c="dimmed">
                          {t("courseNotes.note.missing")}
                        </Text>
                      ) : (
                        formatNote(note)
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {cs.final_delivery_percent !== null ? (
                <Table.Tr>
                  <Table.Td>—</Table.Td>
                  <Table.Td>{t("courseNotes.note.finalDelivery")}</Table.Td>
                  <Table.Td ta="right">{cs.final_delivery_percent} %</Table.Td>
                  <Table.Td ta="right">{show(st.final_delivery_note)}</Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {showHistory ? (
        <ChangeHistory
          sectionId={sectionId}
          courseId={courseId}
          studentId={studentId}
          headingLevel={headingLevel}
        />
      ) : null}
    </Stack>
  );
}

function Summary({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={strong ? 28 : 22} fw={strong ? 700 : 600}>
        {value}
      </Text>
    </Paper>
  );
}

/** The audit trail of the student's attendance and notes in the course section, newest first. */
function ChangeHistory(props: {
  sectionId: number;
  courseId: number;
  studentId: number;
  headingLevel: 2 | 3;
}) {
  const { t } = useTranslation();
  const history = useStudentHistory(props.sectionId, props.courseId, props.studentId);
  const value = (field: string, v: string | null) => {
    if (v === null) return t("courseNotes.note.values.none");
    return field === "attendance"
      ? t(`courseNotes.note.values.${v}`, { defaultValue: v })
      : formatNote(Number(v));
  };
  return (
    <Stack gap="xs">
      <Title order={props.headingLevel} size="h4">
        {t("courseNotes.note.history")}
      </Title>
      {history.isError ? (
        <Alert color="red" role="alert">
          {t("courseNotes.note.loadError")}
        </Alert>
      ) : !history.data ? (
        <Loader size="sm" aria-label={t("common.loading")} />
      ) : history.data.length === 0 ? (
        <Text c="dimmed">{t("courseNotes.note.historyEmpty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder aria-label={t("courseNotes.note.history")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("courseNotes.note.changedAt")}</Table.Th>
                <Table.Th>{t("courseNotes.note.changedBy")}</Table.Th>
                <Table.Th>{t("courseNotes.note.field")}</Table.Th>
                <Table.Th>{t("courseNotes.note.change")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{formatDateTime(c.changed_at)}</Table.Td>
                  <Table.Td>{c.changed_by.name ?? "—"}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {t(`courseNotes.note.fields.${c.field}`)}
                      <Text span size="xs" c="dimmed">
                        {formatDate(c.lesson_date)}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {value(c.field, c.old_value)} → {value(c.field, c.new_value)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
