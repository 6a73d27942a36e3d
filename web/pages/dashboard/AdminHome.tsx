import { Anchor, Progress, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../../common/dates/format";
import { formatAmount } from "../../../common/money/fees";
import { isAdmin } from "../../../common/roles";
import { type AdminDashboard, useDashboardIndex, useSchoolSetup } from "../../api/dashboard";
import { BarsChart, DonutChartLazy } from "../../components/charts";
import { useUser } from "../../session/useSession";
import { CountLinks, DashboardError, DashboardSkeleton, Empty, Panel, StatCard, StatGrid } from "./parts";
import { SetupGuide } from "./SetupGuide";

const statusColors: Record<string, string> = { active: "teal.6", retired: "red.5", graduated: "violet.5" };
const genderColors: Record<string, string> = { female: "pink.5", male: "blue.5" };

/**
 * The administration's home: the school at a glance, each number a link to its list. While the school is
 * not set up, an administrator sees the steps to take (alone in a new school, after the numbers once there
 * are students, never empty charts).
 */
export function AdminHome() {
  const admin = isAdmin(useUser().type);
  const query = useDashboardIndex();
  const setup = useSchoolSetup(admin);
  if (query.isPending || (admin && setup.isPending)) return <DashboardSkeleton />;
  if (query.isError || query.data.kind !== "admin") return <DashboardError />;
  // Without the guide (it failed to load) the numbers still show.
  if (!setup.data || setup.data.complete) return <AdminNumbers dash={query.data} />;
  // A school already at work (it has students) keeps its numbers first; what is missing (a new
  // specialization without its pensum, say) follows them. A new school sees the steps alone.
  if (query.data.students.total > 0)
    return (
      <Stack gap="md">
        <AdminNumbers dash={query.data} />
        <SetupGuide setup={setup.data} />
      </Stack>
    );
  return <SetupGuide setup={setup.data} />;
}

function AdminNumbers({ dash }: { dash: AdminDashboard }) {
  const { t } = useTranslation();
  const period = dash.period;
  const inPeriod = period ? `period_id=${period.id}&` : "";
  const seatsPercent = dash.inscriptions.seats
    ? (100 * dash.inscriptions.count) / dash.inscriptions.seats
    : 0;
  const specializations = dash.students.by_specialization.map((s) => ({
    key: s.id,
    label: s.title,
    value: s.count,
    to: `/students?${inPeriod}specialization_id=${s.id}`,
  }));
  const semesters = dash.students.by_semester.map((s) => ({
    key: s.id,
    label: s.code,
    value: s.count,
    to: `/students?${inPeriod}semester_id=${s.id}`,
  }));
  const statuses = dash.students.by_status.map((s) => ({
    key: s.status,
    label: t(`dashboard.status.${s.status}`),
    value: s.count,
    to: `/students?status=${s.status}`,
    color: statusColors[s.status] ?? "gray.5",
  }));
  const genders = dash.students.by_gender.map((g) => ({
    key: g.gender,
    label: t(`dashboard.gender.${g.gender}`),
    value: g.count,
    to: `/students?gender=${g.gender}`,
    color: genderColors[g.gender] ?? "gray.5",
  }));
  const periodName = period ? `${period.year}-${period.number}` : t("dashboard.noPeriod");

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {period
          ? t("dashboard.periodLine", { period: periodName, date: formatDate(dash.today) })
          : t("dashboard.noPeriodLine", { date: formatDate(dash.today) })}
      </Text>
      <StatGrid>
        <StatCard value={dash.students.total} label={t("dashboard.admin.students")} to="/students" />
        <StatCard
          value={t("dashboard.admin.seatsValue", {
            count: dash.inscriptions.count,
            seats: dash.inscriptions.seats,
          })}
          label={t("dashboard.admin.inscriptions")}
          to={period ? `/inscriptions?period_id=${period.id}&status=active` : "/inscriptions?status=active"}
          hint={
            <Progress
              value={Math.min(100, seatsPercent)}
              aria-label={t("dashboard.admin.seatsUsed", { percent: Math.round(seatsPercent) })}
              mt={4}
            />
          }
        />
        <StatCard
          value={dash.preregistered_pending}
          label={t("dashboard.admin.preregistered")}
          to="/inscriptions?tab=preregistered"
        />
        <StatCard
          value={dash.payments.pending_review}
          label={t("dashboard.admin.paymentsPending")}
          to="/payments?status=1"
        />
        <StatCard
          value={formatAmount(dash.payments.overdue_e2)}
          label={t("dashboard.admin.overdue")}
          to="/payments?tab=debtors"
          hint={
            <Anchor component={Link} to="/payments?tab=debtors" size="xs">
              {t("dashboard.admin.debtors", { count: dash.payments.debtors })}
            </Anchor>
          }
        />
        <StatCard
          value={dash.document_requests_pending}
          label={t("dashboard.admin.documentRequests")}
          to="/document-requests?status=pending"
        />
        <StatCard
          value={dash.activities_today.length}
          label={t("dashboard.admin.activitiesToday")}
          to="/activities"
          hint={dash.activities_today.map((a) => a.title).join(" · ") || undefined}
        />
      </StatGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Panel title={t("dashboard.admin.bySpecialization", { period: periodName })}>
          {specializations.length ? (
            <>
              <BarsChart
                title={t("dashboard.admin.bySpecialization", { period: periodName })}
                data={specializations}
                label={t("dashboard.admin.studentsSeries")}
                horizontal
                height={Math.max(120, 48 * specializations.length)}
              />
              <CountLinks items={specializations} />
            </>
          ) : (
            <Empty>{t("dashboard.admin.noInscriptions")}</Empty>
          )}
        </Panel>
        <Panel title={t("dashboard.admin.bySemester", { period: periodName })}>
          {semesters.length ? (
            <>
              <BarsChart
                title={t("dashboard.admin.bySemester", { period: periodName })}
                data={semesters}
                label={t("dashboard.admin.studentsSeries")}
                color="teal.6"
                height={180}
              />
              <CountLinks items={semesters} />
            </>
          ) : (
            <Empty>{t("dashboard.admin.noInscriptions")}</Empty>
          )}
        </Panel>
        <Panel title={t("dashboard.admin.byStatus")}>
          <SimpleGrid cols={2} style={{ alignItems: "center" }}>
            <DonutChartLazy title={t("dashboard.admin.byStatus")} data={statuses} size={140} />
            <CountLinks items={statuses} />
          </SimpleGrid>
        </Panel>
        <Panel title={t("dashboard.admin.byGender")}>
          <SimpleGrid cols={2} style={{ alignItems: "center" }}>
            <DonutChartLazy title={t("dashboard.admin.byGender")} data={genders} size={140} />
            <CountLinks items={genders} />
          </SimpleGrid>
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
