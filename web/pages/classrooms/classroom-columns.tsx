import { Badge } from "@mantine/core";
import type { TFunction } from "i18next";
import type { Classroom } from "../../api/classrooms";
import type { DataTableColumn } from "../../components";

/**
 * Columns of the classrooms list; every one sorts on the server (`sort_by`). Short values stay on one
 * line (the table scrolls sideways on a phone, the code column fixed); the description wraps.
 */
export function classroomColumns(t: TFunction): DataTableColumn<Classroom>[] {
  return [
    { accessor: "code", title: t("classrooms.fields.code"), sortable: true, noWrap: true },
    {
      accessor: "description",
      title: t("classrooms.fields.description"),
      sortable: true,
      minWidth: 200,
    },
    {
      accessor: "max_capacity",
      title: t("classrooms.fields.maxCapacity"),
      sortable: true,
      noWrap: true,
      textAlign: "right",
    },
    {
      accessor: "multiple_sections",
      title: t("classrooms.fields.multipleSections"),
      sortable: true,
      noWrap: true,
      render: (c) => (c.multiple_sections ? t("classrooms.list.yes") : t("classrooms.list.no")),
    },
    {
      accessor: "state",
      sortField: "enabled",
      title: t("classrooms.fields.state"),
      sortable: true,
      noWrap: true,
      // Same words as the form's "Habilitada" switch; never narrower than its text (no "DESHABILI…").
      render: (c) => (
        <Badge
          // Dot variant: the word in the body text colour (AA contrast), the colour only in the dot.
          color={c.state ? "green" : "gray"}
          variant="dot"
          miw="max-content"
          style={{ overflow: "visible" }}
        >
          {c.state ? t("classrooms.state.enabled") : t("classrooms.state.disabled")}
        </Badge>
      ),
    },
  ];
}
