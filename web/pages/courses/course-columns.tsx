import { Badge } from "@mantine/core";
import type { TFunction } from "i18next";
import type { Course } from "../../api/courses";
import type { DataTableColumn } from "../../components";

export function CourseStateBadge({ enabled, t }: { enabled: boolean; t: TFunction }) {
  return (
    <Badge color={enabled ? "green" : "gray"} variant="dot" miw="max-content" style={{ overflow: "visible" }}>
      {enabled ? t("courses.state.enabled") : t("courses.state.disabled")}
    </Badge>
  );
}

/** Columns of the course lists (`/courses`, `/courses/all`); every one sorts on the server. */
export function courseColumns(t: TFunction, opts: { pensums: boolean }): DataTableColumn<Course>[] {
  const columns: DataTableColumn<Course>[] = [
    { accessor: "code", title: t("courses.fields.code"), sortable: true, noWrap: true },
    { accessor: "title", title: t("courses.fields.title"), sortable: true, minWidth: 200 },
    {
      accessor: "credits",
      title: t("courses.fields.credits"),
      sortable: true,
      noWrap: true,
      textAlign: "right",
    },
    { accessor: "hours", title: t("courses.fields.hours"), sortable: true, noWrap: true, textAlign: "right" },
    {
      accessor: "max_absences_to_fail",
      title: t("courses.fields.maxAbsences"),
      sortable: true,
      noWrap: true,
      textAlign: "right",
    },
    {
      accessor: "enabled",
      title: t("courses.fields.state"),
      sortable: true,
      noWrap: true,
      render: (c) => <CourseStateBadge enabled={c.enabled} t={t} />,
    },
  ];
  if (opts.pensums)
    columns.push({
      accessor: "pensums",
      title: t("courses.fields.pensums"),
      minWidth: 200,
      render: (c) =>
        c.pensums
          .map((p) =>
            t("courses.placement", {
              specialization: p.specialization_title,
              pensum: p.pensum_name,
              version: p.pensum_version,
              semester: p.semester_number,
            }),
          )
          .join("; "),
    });
  return columns;
}
