import type { TFunction } from "i18next";
import type { Section } from "../../api/sections";
import type { DataTableColumn } from "../../components";

/** Columns of the sections list; each sorts on the server (`sort_by`). */
export function sectionColumns(t: TFunction): DataTableColumn<Section>[] {
  return [
    { accessor: "code", title: t("sections.fields.code"), sortable: true, noWrap: true },
    { accessor: "title", title: t("sections.fields.title"), sortable: true, noWrap: true },
    {
      accessor: "specialization.title",
      sortField: "specialization",
      title: t("sections.fields.specialization"),
      sortable: true,
    },
    {
      accessor: "semester.code",
      sortField: "semester",
      title: t("sections.fields.semester"),
      sortable: true,
      noWrap: true,
    },
    {
      accessor: "shift",
      title: t("sections.fields.shift"),
      sortable: true,
      noWrap: true,
      render: (s) => t(`sections.shifts.${s.shift}`),
    },
    {
      accessor: "males_limit",
      title: t("sections.fields.malesShort"),
      sortable: true,
      noWrap: true,
      textAlign: "right",
      render: (s) => `${s.males_count} / ${s.males_limit}`,
    },
    {
      accessor: "females_limit",
      title: t("sections.fields.femalesShort"),
      sortable: true,
      noWrap: true,
      textAlign: "right",
      render: (s) => `${s.females_count} / ${s.females_limit}`,
    },
  ];
}
