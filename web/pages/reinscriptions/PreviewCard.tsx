import { Alert, Badge, Group, List, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatNote } from "../../../common/enrolment/progression";
import type { NextSemesterPreview } from "../../api/reinscriptions";

/**
 * How the student's latest semester went (each course's note, absences and result, the average against the
 * minimum) and, when they cannot move on, every reason in plain Spanish with its numbers.
 */
export function PreviewCard({ preview }: { preview: NextSemesterPreview }) {
  const { t } = useTranslation();
  const { current } = preview;
  const note = (n: number | null) => (n === null ? "—" : formatNote(n));
  // Not decided yet: the reasons are the courses still "En curso", not why the student fails.
  const inProgress = preview.outcome === "in_progress";
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {preview.student.first_name} {preview.student.last_name}
          </Title>
          {preview.student.status === "retired" && (
            <Badge color="gray" variant="dot">
              {t("reinscriptions.preview.retired")}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {t("reinscriptions.preview.current", {
            semester: current.semester.code,
            specialization: current.specialization.title,
            section: current.section.code,
            period: current.period.name,
          })}
        </Text>
        <Table.ScrollContainer minWidth={520}>
          <Table striped withTableBorder aria-label={t("reinscriptions.preview.coursesTable")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("reinscriptions.preview.course")}</Table.Th>
                <Table.Th ta="right">{t("reinscriptions.preview.note")}</Table.Th>
                <Table.Th ta="right">{t("reinscriptions.preview.evaluated")}</Table.Th>
                <Table.Th ta="right">{t("reinscriptions.preview.absences")}</Table.Th>
                <Table.Th>{t("reinscriptions.preview.result")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.courses.map((c) => (
                <Table.Tr key={c.course_section_id}>
                  <Table.Td>
                    {c.course.code} {c.course.title}
                  </Table.Td>
                  <Table.Td ta="right">{note(c.note)}</Table.Td>
                  <Table.Td ta="right">{c.evaluated_percent} %</Table.Td>
                  <Table.Td ta="right">
                    {c.absences} / {c.max_absences_to_fail}
                  </Table.Td>
                  <Table.Td>
                    {c.withdrawn
                      ? t("reinscriptions.preview.withdrawn")
                      : c.standing === "in_progress"
                        ? t("reinscriptions.preview.inProgress")
                        : c.passed
                          ? t("reinscriptions.preview.passed")
                          : t("reinscriptions.preview.failed")}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" fw={600}>
          {inProgress
            ? t("reinscriptions.preview.averageSoFar", { average: note(preview.average) })
            : t("reinscriptions.preview.average", {
                average: note(preview.average),
                minimum: formatNote(preview.approval_minimum_avg),
              })}
          {preview.basic_average !== null &&
            ` · ${t("reinscriptions.preview.basicAverage", { average: note(preview.basic_average) })}`}
        </Text>
        {preview.reasons.length > 0 && (
          <Alert
            color={inProgress ? "yellow" : "red"}
            variant="light"
            title={t(
              inProgress ? "reinscriptions.preview.inProgressTitle" : "reinscriptions.preview.reasonsTitle",
            )}
            icon={<IconAlertTriangle size={18} aria-hidden />}
          >
            <List size="sm" spacing={4}>
              {preview.reasons.map((reason) => (
                <List.Item key={reason}>{reason}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Alert
          color={preview.approved && preview.reasons.length === 0 ? "green" : "blue"}
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title={t(`reinscriptions.outcome.${preview.outcome}`)}
          // The light green title is too pale on its tint (axe): titles in the body text colour.
          styles={{ title: { color: "var(--mantine-color-text)" } }}
        >
          <Text size="sm">{preview.message}</Text>
        </Alert>
      </Stack>
    </Paper>
  );
}
