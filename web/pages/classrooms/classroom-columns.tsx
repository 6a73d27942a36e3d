import { Badge } from "@mantine/core";
import type { TFunction } from "i18next";
import type { Classroom } from "../../api/classrooms";
import type { DataTableColumn } from "../../components";

/** Columns of the classrooms list; every one sorts on the server (`sort_by`). */
export function classroomColumns(t: TFunction): DataTableColumn<Classroom>[] {
  return [
    { accessor: "code", title: t("classrooms.fields.code"), sortable: true },
    { accessor: "description", title: t("classrooms.fields.description"), sortable: true },
    {
      accessor: "max_capacity",
      title: t("classrooms.fields.maxCapacity"),
      sortable: true,
      textAlign: "right",
    },
    {
      accessor: "multiple_sections",
      title: t("classrooms.fields.multipleSections"),
      sortable: true,
      render: (c) => (c.multiple_sections ? t("classrooms.list.yes") : t("classrooms.list.no")),
    },
    {
      accessor: "state",
      sortField: "enabled",
      title: t("classrooms.fields.state"),
      sortable: true,
      render: (c) => (
        <Badge color={c.state ? "green" : "gray"} variant="light">
          {c.state ? t("classrooms.state.active") : t("classrooms.state.inactive")}
        </Badge>
      ),
    },
  ];
}
