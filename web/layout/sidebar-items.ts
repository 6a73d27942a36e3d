import { access } from "../../common/access";
import { ALL, hasRole, Role } from "../../common/roles";

const { student, teacher, coordinator, lowAdmin, admin } = Role;

/** A sidebar link: i18n key of its label (under layout.sidebar), path and who sees it. */
export type SidebarItem = { key: string; label: string; path: string; roles: readonly number[] };
export type SidebarGroup = {
  key: string;
  label: string;
  roles: readonly number[];
  items: readonly SidebarItem[];
};

const item = (key: string, path: string, roles: readonly number[]): SidebarItem => ({
  key,
  label: `layout.sidebar.items.${key}`,
  path,
  roles,
});

/** Links above the groups (spec.md §2 Layout). */
export const topItems: readonly SidebarItem[] = [
  { key: "home", label: "layout.sidebar.home", path: "/home", roles: [ALL] },
  // "Mi horario": everyone but administrators.
  {
    key: "mySchedule",
    label: "layout.sidebar.mySchedule",
    path: "/profile/schedule",
    roles: access.mySchedule,
  },
  { key: "myLessons", label: "layout.sidebar.myLessons", path: "/lessons", roles: [teacher, coordinator] },
];

const everyone = [ALL];
const adminGroup = [admin, lowAdmin];

/** The grouped items of spec.md §2 Layout; items are sorted by their translated label when shown. */
export const sidebarGroups: readonly SidebarGroup[] = [
  {
    key: "personal",
    label: "layout.sidebar.groups.personal",
    roles: everyone,
    items: [
      item("administrators", "/administrators", [admin]),
      item("coordinators", "/coordinators", [admin, coordinator, lowAdmin]),
      item("teachers", "/teachers", [admin, coordinator, lowAdmin]),
      item("students", "/students", [admin, teacher, coordinator, lowAdmin]),
    ],
  },
  {
    key: "inscriptions",
    label: "layout.sidebar.groups.inscriptions",
    roles: adminGroup,
    items: [
      item("inscriptions", "/inscriptions", [admin]),
      item("reinscriptions", "/reinscriptions", [admin]),
      // Not in spec.md §2's list, but /withdrawals (admin only) had no other way in (issue 26).
      item("withdrawals", "/withdrawals", [admin]),
    ],
  },
  {
    key: "academic",
    label: "layout.sidebar.groups.academic",
    roles: everyone,
    items: [
      item("finalDeliveries", "/final-deliveries", everyone),
      item("periods", "/periods", adminGroup),
      item("payments", "/payments", adminGroup),
      item("classHours", "/classhours", adminGroup),
      item("schedules", "/schedules", adminGroup),
      item("activities", "/activities", everyone),
      item("holidays", "/holidays", everyone),
      item("classrooms", "/classrooms", adminGroup),
      item("specializations", "/specializations", adminGroup),
      item("courses", "/courses", adminGroup),
      item("prelations", "/prelations", everyone),
      item("pensums", "/pensums", adminGroup),
      item("sections", "/sections", [admin, lowAdmin, coordinator]),
      item("documents", "/documents", everyone),
      item("binnacles", "/binnacles", everyone),
      item("documentRequests", "/document-requests", [student, admin, lowAdmin]),
      item("notifications", "/notifications", everyone),
    ],
  },
  // Exists but is empty, so it is never shown.
  { key: "configuration", label: "layout.sidebar.groups.configuration", roles: [admin], items: [] },
];

export type VisibleSidebar = {
  top: SidebarItem[];
  groups: { key: string; label: string; items: SidebarItem[] }[];
};

/**
 * What a user of `type` sees, labels translated with `translate`: items they may open, sorted by label
 * within each group; groups without a visible item are left out.
 */
export function sidebarFor(type: number, translate: (key: string) => string): VisibleSidebar {
  const visible = (entry: { roles: readonly number[] }) => hasRole(type, entry.roles);
  const translated = (entry: SidebarItem): SidebarItem => ({ ...entry, label: translate(entry.label) });
  const top = topItems.filter(visible).map(translated);
  const groups = sidebarGroups
    .filter(visible)
    .map((group) => ({
      key: group.key,
      label: translate(group.label),
      items: group.items
        .filter(visible)
        .map(translated)
        .sort((a, b) => a.label.localeCompare(b.label, "es", { sensitivity: "base" })),
    }))
    .filter((group) => group.items.length > 0);
  return { top, groups };
}
