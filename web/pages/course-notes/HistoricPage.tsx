import { Alert, Anchor, Badge, Card, Group, Loader, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { average, creditWeightedAverage, formatNote } from "../../../common/enrolment/progression";
import { type StudentCourse, useStudentCourses } from "../../api/students";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { standingOf } from "./standing";

const show = (note: number | null) => (note === null ? "—" : formatNote(note));
const counted = (c: StudentCourse) => c.status !== "withdrawn";

/**
 * /profile/{id}/historic (student): every period with its courses, each final note, credits and
 * standing, the period's average and the credit-weighted average of the whole history. A course opens
 * its note page. The server answers only the student's own.
 */
export function HistoricPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const courses = useStudentCourses(valid ? id : undefined);
  useBreadcrumbs([{ label: t("courseNotes.historic.title") }]);

  const periods: { name: string; rows: StudentCourse[] }[] = [];
  for (const c of courses.data ?? []) {
    const last = periods.at(-1);
    if (last && last.name === c.period.name) last.rows.push(c);
    else periods.push({ name: c.period.name, rows: [c] });
  }
  const weighted = creditWeightedAverage(
    (courses.data ?? []).filter(counted).map((c) => ({ note: c.note, credits: c.course.credits })),
  );

  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h3">
        {t("courseNotes.historic.title")}
      </Title>
      {courses.isLoading ? <Loader size="sm" aria-label={t("common.loading")} /> : null}
      {courses.isError || !valid ? (
        <Alert color="red" role="alert">
          {t("courseNotes.historic.loadError")}
        </Alert>
      ) : null}
      {courses.data && courses.data.length === 0 ? <Text>{t("courseNotes.historic.empty")}</Text> : null}
      {courses.data && courses.data.length > 0 ? (
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            {t("courseNotes.historic.weightedAverage")}
          </Text>
          <Text fz={28} fw={700}>
            {show(weighted)}
          </Text>
        </Paper>
      ) : null}
      {periods.map((p) => {
        const periodAverage = average(
          p.rows.filter((c) => counted(c) && c.note !== null).map((c) => c.note as number),
        );
        return (
          <Card key={p.name} withBorder padding="lg" component="section" aria-label={p.name}>
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h4">
                {t("courseNotes.historic.period", { period: p.name })}
              </Title>
              <Text size="sm" fw={600}>
                {t("courseNotes.historic.periodAverage", { average: show(periodAverage) })}
              </Text>
            </Group>
            <Table.ScrollContainer minWidth={560}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("courseNotes.historic.code")}</Table.Th>
                    <Table.Th>{t("courseNotes.historic.course")}</Table.Th>
                    <Table.Th ta="right">{t("courseNotes.historic.credits")}</Table.Th>
                    <Table.Th ta="right">{t("courseNotes.historic.note")}</Table.Th>
                    <Table.Th>{t("courseNotes.historic.standing")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.rows.map((c) => {
                    const standing = standingOf(c);
                    return (
                      <Table.Tr key={c.id}>
                        <Table.Td>{c.course.code}</Table.Td>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={`/profile/courseNote/${c.section.id}/${c.course.id}`}
                            aria-label={t("courseNotes.historic.open", { course: c.course.title })}
                          >
                            {c.course.title}
                          </Anchor>
                        </Table.Td>
                        <Table.Td ta="right">{c.course.credits}</Table.Td>
                        <Table.Td ta="right" fw={600}>
                          {show(c.note)}
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
          </Card>
        );
      })}
    </Stack>
  );
}
