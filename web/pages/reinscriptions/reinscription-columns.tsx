import { Badge } from "@mantine/core";
import type { TFunction } from "i18next";
import type { ReinscriptionItem } from "../../api/reinscriptions";
import type { DataTableColumn } from "../../components";

export function reinscriptionColumns(t: TFunction): DataTableColumn<ReinscriptionItem>[] {
  return [
    {
      accessor: "student.last_name",
      sortField: "last_name",
      title: t("reinscriptions.fields.student"),
      sortable: true,
      render: (r) => `${r.student.last_name}, ${r.student.first_name}`,
    },
    {
      accessor: "student.identity_document",
      sortField: "identity_document",
      title: t("reinscriptions.fields.identityDocument"),
      sortable: true,
      noWrap: true,
    },
    { accessor: "period.name", title: t("reinscriptions.fields.period"), noWrap: true },
    { accessor: "specialization.title", title: t("reinscriptions.fields.specialization") },
    {
      accessor: "semester.code",
      sortField: "semester",
      title: t("reinscriptions.fields.semester"),
      sortable: true,
      noWrap: true,
    },
    {
      accessor: "section.code",
      sortField: "section",
      title: t("reinscriptions.fields.section"),
      sortable: true,
      noWrap: true,
    },
    {
      accessor: "courses_count",
      title: t("reinscriptions.fields.courses"),
      textAlign: "right",
      noWrap: true,
    },
    {
      accessor: "status",
      title: t("reinscriptions.fields.status"),
      noWrap: true,
      render: (r) => (
        <Badge color={r.status === "active" ? "green" : "gray"} variant="dot" miw="max-content">
          {r.status === "active" ? t("reinscriptions.status.active") : t("reinscriptions.status.retired")}
        </Badge>
      ),
    },
  ];
}
