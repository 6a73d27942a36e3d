import { Anchor, AppShell, Burger, Group, Text, ThemeIcon } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { IconSchool } from "@tabler/icons-react";
import { type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { PaymentBannerSlot } from "../components/payment-report/PaymentBannerSlot";
import { PageLoader } from "../pages/system/PageLoader";
import { useRefreshUser } from "../session/useRefreshUser";
import { useBreadcrumbTrail } from "./breadcrumbs";
import { useDocumentTitle } from "./document-title";
import { HeaderBreadcrumbs } from "./HeaderBreadcrumbs";
import { NotificationBell } from "./NotificationBell";
import { PageErrorBoundary } from "./PageErrorBoundary";
import { Sidebar } from "./Sidebar";
import { UserMenu } from "./UserMenu";

const BREAKPOINT = "sm";

/**
 * The logged-in frame: header (burger, breadcrumbs, bell, user menu), sidebar (hidden on small screens
 * behind the burger, shown by default otherwise) and the page.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  useRefreshUser(true);
  // The tab names the page: the last step of the header's breadcrumb title.
  useDocumentTitle(useBreadcrumbTrail().at(-1)?.label);
  const { pathname } = useLocation();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  const isSmall = useMediaQuery(`(max-width: 48em)`) ?? false;
  const opened = isSmall ? mobileOpened : desktopOpened;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 280,
        breakpoint: BREAKPOINT,
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={opened}
              onClick={isSmall ? toggleMobile : toggleDesktop}
              size="sm"
              aria-label={t("layout.header.toggleNavigation")}
            />
            <Anchor
              component={Link}
              to="/home"
              underline="never"
              visibleFrom="sm"
              c="var(--mantine-color-text)"
            >
              <Group gap={6} wrap="nowrap">
                <ThemeIcon size="md" radius="md">
                  <IconSchool size={18} aria-hidden />
                </ThemeIcon>
                <Text fw={700}>{t("app.name")}</Text>
              </Group>
            </Anchor>
            <HeaderBreadcrumbs />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <NotificationBell />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar onNavigate={isSmall ? closeMobile : undefined} />
      </AppShell.Navbar>
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        {/*
          Keyed by path: each page gets a new boundary, so while its code loads the loading indicator
          shows here at once (a kept boundary would leave the old page up during the router's
          transition), and a failure or the 120 s timeout shows here too, the sidebar kept.
        */}
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
        </PageErrorBoundary>
        <PaymentBannerSlot />
      </AppShell.Main>
    </AppShell>
  );
}
