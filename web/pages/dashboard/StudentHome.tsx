import { Anchor, Group, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../../common/dates/format";
import { formatNote } from "../../../common/enrolment/progression";
import { formatAmount } from "../../../common/money/fees";
import { type StudentDashboard, useDashboardIndex } from "../../api/dashboard";
import { BarsChart } from "../../components/charts";
import { DashboardError, DashboardSkeleton, Empty, Panel, StatCard, StatGrid } from "./parts";

/** A student's home: their courses with notes and absences, what to pay next, today's classes, news. */
export function StudentHome({ studentId }: { studentId: number | null }) {
  const query = useDashboardIndex();
  if (query.isPending) return <DashboardSkeleton />;
  if (query.isError || query.data.kind !== "student") return <DashboardError />;
  return <StudentNumbers dash={query.data} studentId={studentId} />;
}

function StudentNumbers({ dash, studentId }: { dash: StudentDashboard; studentId: number | null }) {
  const { t } = useTranslation();
  const noteOf = (c: StudentDashboard["courses"][number]) =>
    `/profile/courseNote/${c.section.id}/${c.course.id}`;
  const next = dash.next_installment;
  const absences = dash.courses.reduce((n, c) => n + c.absences, 0);
  const noted = dash.courses.filter((c) => c.note !== null);
  return (
    <Stack gap="md">
      <StatGrid>
        <StatCard
          value={dash.courses.length}
          label={t("dashboard.student.courses")}
          to="/profile/schedule"
          hint={t("dashboard.student.absencesHint", { count: absences })}
        />
        <StatCard
          value={next ? formatAmount(next.pending_e2) : t("dashboard.student.nothingDue")}
          label={t("dashboard.student.nextInstallment")}
          to={studentId ? `/profile/${studentId}/payments` : "/profile"}
          hint={
            next ? (
              <Text span size="xs" c={next.is_late ? "red.8" : "dimmed"}>
                {next.is_late
                  ? t("dashboard.student.lateSince", { date: formatDate(next.date) })
                  : t("dashboard.student.dueOn", { date: formatDate(next.date) })}
              </Text>
            ) : undefined
          }
        />
        <StatCard
          value={dash.today_schedule.length}
          label={t("dashboard.student.todayClasses")}
          to="/profile/schedule"
        />
        <StatCard
          value={dash.unread_notifications}
          label={t("dashboard.student.unread")}
          to="/notifications"
        />
      </StatGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Panel title={t("dashboard.student.coursesTitle")}>
          {dash.courses.length === 0 ? (
            <Empty>{t("dashboard.student.noCourses")}</Empty>
          ) : (
            <>
              {noted.length > 0 && (
                <BarsChart
                  title={t("dashboard.student.notesChart")}
                  data={noted.map((c) => ({ label: c.course.code, value: c.note ?? 0 }))}
                  label={t("dashboard.student.noteSeries")}
                  color="indigo.6"
                  height={180}
                />
              )}
              <Table fz="sm" verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("dashboard.student.course")}</Table.Th>
                    <Table.Th ta="right">{t("dashboard.student.note")}</Table.Th>
                    <Table.Th ta="right">{t("dashboard.student.absences")}</Table.Th>
                    <Table.Th ta="right">{t("dashboard.student.delays")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {dash.courses.map((c) => (
                    <Table.Tr key={c.course_section_id}>
                      <Table.Td>
                        <Anchor component={Link} to={noteOf(c)} size="sm">
                          {`${c.course.code} · ${c.course.title}`}
                        </Anchor>
                      </Table.Td>
                      <Table.Td ta="right">
                        {c.note === null ? "—" : formatNote(c.note)}
                        {c.standing === "in_progress" ? (
                          <Text span size="xs" c="dimmed">
                            {` · ${t("courseNotes.standing.inProgress")}`}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right" c={c.failed_by_absences ? "red.8" : undefined}>
                        {c.absences}
                      </Table.Td>
                      <Table.Td ta="right">{c.delays}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
        </Panel>
        <Panel title={t("dashboard.student.todayTitle", { date: formatDate(dash.today) })}>
          {dash.today_schedule.length === 0 && <Empty>{t("dashboard.student.noClassesToday")}</Empty>}
          {dash.today_schedule.map((c) => (
            <Group key={`${c.start_time}-${c.course.id}`} justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to="/profile/schedule" size="sm">
                {`${c.start_time}–${c.end_time} · ${c.course.title}`}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t("dashboard.student.classroom", { classroom: c.classroom })}
              </Text>
            </Group>
          ))}
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
