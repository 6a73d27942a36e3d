import type { TFunction } from "i18next";
import type { Inscription } from "../../api/inscriptions";
import type { DataTableColumn } from "../../components";

/** Columns of the inscriptions list; the sortable ones sort on the server (`sort_by`). */
export function inscriptionColumns(t: TFunction): DataTableColumn<Inscription>[] {
  return [
    {
      accessor: "student.identity_document",
      sortField: "identity_document",
      title: t("inscriptions.fields.identityDocument"),
      sortable: true,
      noWrap: true,
    },
    {
      accessor: "student.first_name",
      sortField: "first_name",
      title: t("inscriptions.fields.firstName"),
      sortable: true,
    },
    {
      accessor: "student.last_name",
      sortField: "last_name",
      title: t("inscriptions.fields.lastName"),
      sortable: true,
    },
    { accessor: "specialization.title", title: t("inscriptions.fields.specialization") },
    {
      accessor: "semester.code",
      sortField: "semester",
      title: t("inscriptions.fields.semester"),
      sortable: true,
      noWrap: true,
    },
    {
      accessor: "section.code",
      sortField: "section",
      title: t("inscriptions.fields.section"),
      sortable: true,
      noWrap: true,
    },
    {
      accessor: "kind",
      title: t("inscriptions.fields.kind"),
      noWrap: true,
      render: (i) => t(`inscriptions.kinds.${i.kind}`),
    },
    {
      accessor: "courses_count",
      title: t("inscriptions.fields.courses"),
      noWrap: true,
      textAlign: "right",
    },
  ];
}
