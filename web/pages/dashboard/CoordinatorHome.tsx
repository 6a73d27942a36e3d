import { Anchor, Group, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatNote } from "../../../common/enrolment/progression";
import { type CoordinatorDashboard, useCoordinatorDashboard } from "../../api/dashboard";
import { BarsChart } from "../../components/charts";
import { CountLinks, DashboardError, DashboardSkeleton, Empty, Panel, StatCard, StatGrid } from "./parts";

/** A coordinator's home: their specialization's sections, the teachers they supervise, performance. */
export function CoordinatorHome() {
  const query = useCoordinatorDashboard();
  if (query.isPending) return <DashboardSkeleton />;
  if (query.isError) return <DashboardError />;
  return <CoordinatorNumbers dash={query.data} />;
}

type Performer = CoordinatorDashboard["performance"]["low"][number];

function Performers({ list, empty }: { list: Performer[]; empty: string }) {
  if (list.length === 0) return <Empty>{empty}</Empty>;
  return (
    <Stack gap={2} component="ul" style={{ listStyle: "none", paddingInlineStart: 0, margin: 0 }}>
      {list.map((s) => (
        <Group key={s.id} component="li" justify="space-between" gap="xs" wrap="nowrap" mih={24}>
          <Anchor component={Link} to={`/students/${s.id}`} size="sm">
            {`${s.last_name}, ${s.first_name}`}
          </Anchor>
          <Text size="sm" fw={600}>
            {formatNote(s.average)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function CoordinatorNumbers({ dash }: { dash: CoordinatorDashboard }) {
  const { t } = useTranslation();
  const specialization =
    dash.specializations.map((s) => s.title).join(", ") || t("dashboard.coordinator.noSpecialization");
  const pendingAttendance = dash.teachers.reduce((n, x) => n + x.pending_attendance, 0);
  const pendingEvaluations = dash.teachers.reduce((n, x) => n + x.pending_evaluations, 0);
  const sections = dash.sections.map((s) => ({
    key: s.id,
    label: s.code,
    value: s.students,
    to: `/sections/${s.id}`,
  }));
  const teacherBars = dash.teachers.map((x) => ({
    // A short name on the axis ("Gutiérrez, W."); the table below has the full one.
    label: `${x.last_name.split(" ")[0]}, ${x.first_name.charAt(0)}.`,
    value: x.pending_attendance + x.pending_evaluations,
  }));
  const { low_note: low, high_note: high } = dash.performance;
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t("dashboard.coordinator.line", { specialization })}
      </Text>
      <StatGrid>
        <StatCard value={dash.sections.length} label={t("dashboard.coordinator.sections")} to="/sections" />
        <StatCard
          value={dash.teachers.length}
          label={t("dashboard.coordinator.teachers")}
          to="/teachers"
          hint={t("dashboard.coordinator.pendingHint", {
            attendance: pendingAttendance,
            evaluations: pendingEvaluations,
          })}
        />
        <StatCard
          value={dash.performance.low.length}
          label={t("dashboard.coordinator.low", { note: low })}
          to="#low-performance"
        />
        <StatCard
          value={dash.performance.high.length}
          label={t("dashboard.coordinator.high", { note: high })}
          to="#high-performance"
        />
      </StatGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Panel title={t("dashboard.coordinator.sectionsTitle")}>
          {sections.length ? (
            <>
              <BarsChart
                title={t("dashboard.coordinator.sectionsTitle")}
                data={sections}
                label={t("dashboard.coordinator.studentsSeries")}
                color="teal.6"
                height={180}
              />
              <CountLinks items={sections} />
            </>
          ) : (
            <Empty>{t("dashboard.coordinator.noSections")}</Empty>
          )}
        </Panel>
        <Panel title={t("dashboard.coordinator.teachersTitle")}>
          {dash.teachers.length ? (
            <>
              <BarsChart
                title={t("dashboard.coordinator.teachersTitle")}
                data={teacherBars}
                label={t("dashboard.coordinator.pendingSeries")}
                color="orange.6"
                horizontal
                height={Math.max(120, 36 * teacherBars.length + 40)}
              />
              <Table fz="sm" verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("dashboard.coordinator.teacher")}</Table.Th>
                    <Table.Th ta="right">{t("dashboard.coordinator.attendance")}</Table.Th>
                    <Table.Th ta="right">{t("dashboard.coordinator.evaluations")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {dash.teachers.map((x) => (
                    <Table.Tr key={x.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/teachers/${x.id}/lessons`} size="sm">
                          {`${x.last_name}, ${x.first_name}`}
                        </Anchor>
                      </Table.Td>
                      <Table.Td ta="right">{x.pending_attendance}</Table.Td>
                      <Table.Td ta="right">{x.pending_evaluations}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          ) : (
            <Empty>{t("dashboard.coordinator.noTeachers")}</Empty>
          )}
        </Panel>
        <Panel id="low-performance" title={t("dashboard.coordinator.lowTitle", { note: low })}>
          <Performers list={dash.performance.low} empty={t("dashboard.coordinator.noneLow")} />
        </Panel>
        <Panel id="high-performance" title={t("dashboard.coordinator.highTitle", { note: high })}>
          <Performers list={dash.performance.high} empty={t("dashboard.coordinator.noneHigh")} />
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
