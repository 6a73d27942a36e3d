import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { prefetchDashboard } from "../../api/dashboard";
import { withAreaTexts } from "../../i18n/areas";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { sidebarFor } from "../../layout/sidebar-items";
import { UserAvatar } from "../../layout/UserAvatar";
import { fullName, roleKey } from "../../session/user";
import { useUser } from "../../session/useSession";
import { DashboardSkeleton } from "./DashboardSkeleton";

// The dashboard and its texts load after the welcome (they are an area's: web/i18n/es-areas.json).
const Dashboard = lazy(() => withAreaTexts(import("../dashboard")).then((m) => ({ default: m.Dashboard })));

/**
 * /home: a welcome with the user's name and role, then their dashboard (spec.md §7 "Dashboards"): the
 * school's numbers for the administration, a coordinator's specialization and supervised teachers (and
 * their own teaching), a teacher's classes and a student's courses; each number a link to its list. The
 * areas they can open stay below.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useUser();
  const queryClient = useQueryClient();
  useEffect(() => prefetchDashboard(queryClient, user.type), [queryClient, user.type]);
  useBreadcrumbs([{ label: t("home.title") }]);
  const { groups } = sidebarFor(user.type, t);
  const name = fullName(user);
  // The areas come after the dashboard's numbers: shown earlier, they would jump down when those arrive.
  const [dashboardSettled, setDashboardSettled] = useState(false);

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Group gap="md" wrap="nowrap">
          <UserAvatar user={user} size={56} />
          <div>
            <Title order={1} size="h3">
              {t("home.welcome", { name })}
            </Title>
            <Text c="dimmed">{t("home.role", { role: t(roleKey(user)) })}</Text>
            <Text c="dimmed" size="sm">
              {t("home.email", { email: user.email })}
            </Text>
          </div>
        </Group>
      </Card>
      <Suspense fallback={<DashboardSkeleton />}>
        <Dashboard onSettled={() => setDashboardSettled(true)} />
      </Suspense>
      {dashboardSettled && (
        <>
          <Title order={2} size="h4">
            {t("home.areas")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} style={{ alignItems: "start" }}>
            {groups.map((group) => (
              <Card key={group.key} withBorder padding="md">
                <Text fw={600} mb="xs">
                  {group.label}
                </Text>
                <Stack gap={2}>
                  {group.items.map((item) => (
                    // 24 px tall at least: a touch target (WCAG 2.2, 2.5.8) even when a menu covers part of it.
                    <Anchor key={item.key} component={Link} to={item.path} size="sm" mih={24} py={2}>
                      {item.label}
                    </Anchor>
                  ))}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
