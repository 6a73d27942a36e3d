import { Badge, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import type { TeacherListItem } from "../../api/teachers";
import type { DataTableColumn } from "../../components";

/** Lower case without accents, for filtering a list on the page ("nunez" finds "Núñez"). */
export const foldText = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();

/** The full name as the lists and headers show it. */
export const teacherName = (t: { first_name: string; last_name: string }) => `${t.first_name} ${t.last_name}`;

/** Columns of the teachers list (spec.md §2: Activos/Inactivos, courses, no assigned courses). */
export function teacherColumns(t: TFunction): DataTableColumn<TeacherListItem>[] {
  return [
    {
      accessor: "last_name",
      title: t("teachers.fields.name"),
      sortable: true,
      minWidth: 180,
      render: (row) => teacherName(row),
    },
    {
      accessor: "identity_document",
      title: t("teachers.fields.identityDocument"),
      sortable: true,
      noWrap: true,
    },
    { accessor: "email", title: t("teachers.fields.email"), sortable: true },
    {
      accessor: "is_coordinator",
      title: t("teachers.fields.role"),
      sortable: true,
      noWrap: true,
      render: (row) => (row.is_coordinator ? t("teachers.role.coordinator") : t("teachers.role.teacher")),
    },
    {
      accessor: "courses_count",
      title: t("teachers.fields.courses"),
      noWrap: true,
      render: (row) =>
        row.courses_count > 0 ? (
          t("teachers.list.coursesCount", { count: row.courses_count })
        ) : (
          <Text span size="sm" c="dimmed">
            {t("teachers.list.noCourses")}
          </Text>
        ),
    },
    {
      accessor: "enabled",
      title: t("teachers.fields.state"),
      sortable: true,
      noWrap: true,
      render: (row) => (
        <Badge
          color={row.enabled ? "green" : "gray"}
          variant="dot"
          miw="max-content"
          style={{ overflow: "visible" }}
        >
          {row.enabled ? t("teachers.state.active") : t("teachers.state.inactive")}
        </Badge>
      ),
    },
  ];
}
