import type { TFunction } from "i18next";
import { formatDate, schoolDateOf } from "../../../common/dates/format";
import type { LibraryDocument } from "../../api/documents";
import type { DataTableColumn } from "../../components";

/** Columns of the library list; sorted on the server (`sort_by`). */
export function documentColumns(t: TFunction): DataTableColumn<LibraryDocument>[] {
  return [
    { accessor: "title", title: t("library.fields.title"), sortable: true, minWidth: 200 },
    {
      accessor: "file_extension",
      title: t("library.fields.type"),
      noWrap: true,
      render: (d) => d.file_extension.toUpperCase(),
    },
    {
      accessor: "specialization",
      title: t("library.fields.specialization"),
      sortable: true,
      render: (d) => d.specialization?.title ?? t("library.list.general"),
    },
    {
      accessor: "semester",
      title: t("library.fields.semester"),
      sortable: true,
      noWrap: true,
      render: (d) => (d.semester ? t("library.list.semester", { number: d.semester.number }) : "—"),
    },
    {
      accessor: "course",
      title: t("library.fields.course"),
      sortable: true,
      render: (d) => (d.course ? `${d.course.code} ${d.course.title}` : "—"),
    },
    {
      accessor: "created_at",
      title: t("library.fields.createdAt"),
      sortable: true,
      noWrap: true,
      render: (d) => formatDate(schoolDateOf(d.created_at)),
    },
  ];
}
