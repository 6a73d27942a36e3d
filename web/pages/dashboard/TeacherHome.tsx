import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../../common/dates/format";
import { type TeacherDashboard, useTeacherDashboard } from "../../api/dashboard";
import { BarsChart } from "../../components/charts";
import { CountLinks, DashboardError, DashboardSkeleton, Empty, Panel, StatCard, StatGrid } from "./parts";

/** A teacher's home (and a coordinator's own teaching): today's classes, missing notes, their sections. */
export function TeacherHome({ title }: { title?: string }) {
  const query = useTeacherDashboard();
  if (query.isPending) return <DashboardSkeleton />;
  if (query.isError) return <DashboardError />;
  return <TeacherNumbers dash={query.data} title={title} />;
}

function TeacherNumbers({ dash, title }: { dash: TeacherDashboard; title?: string }) {
  const { t } = useTranslation();
  const firstPending = dash.today_lessons.find((l) => !l.registered);
  const firstMissing = dash.evaluations_without_notes[0];
  const sections = dash.sections.map((s) => ({
    key: s.course_section_id,
    label: `${s.section.code} · ${s.course.title}`,
    value: s.students,
    to: `/lessons/${s.course.id}/${s.section.id}`,
  }));
  return (
    <Stack gap="md">
      {title && (
        <Text fw={600} size="lg" component="h2" m={0}>
          {title}
        </Text>
      )}
      <StatGrid>
        <StatCard
          value={dash.today_lessons.length}
          label={t("dashboard.teacher.todayLessons")}
          to="/lessons"
          hint={formatDate(dash.today)}
        />
        <StatCard
          value={dash.pending_attendance}
          label={t("dashboard.teacher.pendingAttendance")}
          to={firstPending ? `/lessons/${firstPending.id}` : "/lessons"}
        />
        <StatCard
          value={dash.evaluations_without_notes.length}
          label={t("dashboard.teacher.evaluationsWithoutNotes")}
          to={firstMissing ? `/lessons/${firstMissing.id}` : "/lessons"}
        />
        <StatCard value={dash.sections.length} label={t("dashboard.teacher.sections")} to="/lessons" />
      </StatGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Panel order={title ? 3 : 2} title={t("dashboard.teacher.todayTitle")}>
          {dash.today_lessons.length === 0 && <Empty>{t("dashboard.teacher.noLessonsToday")}</Empty>}
          {dash.today_lessons.map((l) => (
            <Group key={l.id} justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={`/lessons/${l.id}`} size="sm">
                {`${l.section.code} · ${l.course.title}`}
              </Anchor>
              <Badge color={l.registered ? "teal" : "orange"} variant="light">
                {l.registered
                  ? t("dashboard.teacher.attendanceTaken")
                  : t("dashboard.teacher.attendancePending")}
              </Badge>
            </Group>
          ))}
        </Panel>
        <Panel order={title ? 3 : 2} title={t("dashboard.teacher.missingTitle")}>
          {dash.evaluations_without_notes.length === 0 && <Empty>{t("dashboard.teacher.noMissing")}</Empty>}
          {dash.evaluations_without_notes.slice(0, 8).map((l) => (
            <Group key={l.id} justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={`/lessons/${l.id}`} size="sm">
                {`${formatDate(l.date)} · ${l.section.code} · ${l.course.title}`}
              </Anchor>
              <Text size="sm" fw={600}>
                {t("dashboard.teacher.missing", { count: l.missing })}
              </Text>
            </Group>
          ))}
          {dash.evaluations_without_notes.length > 8 && (
            <Anchor component={Link} to="/lessons" size="sm">
              {t("dashboard.teacher.more", { count: dash.evaluations_without_notes.length - 8 })}
            </Anchor>
          )}
        </Panel>
      </SimpleGrid>
      <Panel order={title ? 3 : 2} title={t("dashboard.teacher.sectionsTitle")}>
        {sections.length ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <BarsChart
              title={t("dashboard.teacher.sectionsTitle")}
              data={sections}
              label={t("dashboard.teacher.studentsSeries")}
              horizontal
              height={Math.max(120, 40 * sections.length)}
            />
            <CountLinks items={sections} />
          </SimpleGrid>
        ) : (
          <Empty>{t("dashboard.teacher.noSections")}</Empty>
        )}
      </Panel>
    </Stack>
  );
}
