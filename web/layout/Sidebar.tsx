import { NavLink, ScrollArea, Stack, Text } from "@mantine/core";
import {
  type Icon,
  IconBell,
  IconBook,
  IconBooks,
  IconBriefcase,
  IconBuildingCommunity,
  IconCalendarEvent,
  IconCalendarOff,
  IconCalendarTime,
  IconCertificate,
  IconChalkboard,
  IconClock,
  IconCreditCard,
  IconFileDescription,
  IconHierarchy,
  IconHome,
  IconLayoutGrid,
  IconListCheck,
  IconNotebook,
  IconNotes,
  IconReload,
  IconSchool,
  IconShieldLock,
  IconSitemap,
  IconTimeline,
  IconUserCheck,
  IconUserStar,
  IconUsers,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { NavLink as RouterNavLink } from "react-router";
import { useUser } from "../session/useSession";
import { type SidebarItem, sidebarFor } from "./sidebar-items";

const icons: Record<string, Icon> = {
  home: IconHome,
  mySchedule: IconCalendarTime,
  myLessons: IconNotebook,
  administrators: IconShieldLock,
  coordinators: IconUserStar,
  teachers: IconChalkboard,
  students: IconUsers,
  inscriptions: IconUserCheck,
  reinscriptions: IconReload,
  finalDeliveries: IconCertificate,
  periods: IconTimeline,
  payments: IconCreditCard,
  classHours: IconClock,
  schedules: IconLayoutGrid,
  activities: IconCalendarEvent,
  holidays: IconCalendarOff,
  classrooms: IconBuildingCommunity,
  specializations: IconBriefcase,
  courses: IconBook,
  prelations: IconHierarchy,
  pensums: IconSitemap,
  sections: IconSchool,
  documents: IconBooks,
  binnacles: IconNotes,
  documentRequests: IconFileDescription,
  notifications: IconBell,
};

function Item({ item, onNavigate }: { item: SidebarItem; onNavigate?: () => void }) {
  const Glyph = icons[item.key] ?? IconListCheck;
  return (
    <NavLink
      component={RouterNavLink}
      to={item.path}
      end={item.path === "/home"}
      label={item.label}
      leftSection={<Glyph size={18} stroke={1.6} aria-hidden />}
      onClick={onNavigate}
      data-testid={`sidebar-${item.key}`}
    />
  );
}

/** The sidebar of spec.md §2 Layout for the logged-in user. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useUser();
  const { top, groups } = sidebarFor(user.type, t);
  return (
    <ScrollArea type="scroll" h="100%">
      <Stack component="nav" aria-label={t("layout.sidebar.label")} gap="md" p="sm">
        <div>
          {top.map((item) => (
            <Item key={item.key} item={item} onNavigate={onNavigate} />
          ))}
        </div>
        {groups.map((group) => (
          <section key={group.key} aria-label={group.label} data-testid={`sidebar-group-${group.key}`}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {group.label}
            </Text>
            {group.items.map((item) => (
              <Item key={item.key} item={item} onNavigate={onNavigate} />
            ))}
          </section>
        ))}
      </Stack>
    </ScrollArea>
  );
}
