import { Badge, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import type { Prelation } from "../../api/prelations";
import type { DataTableColumn } from "../../components";

const courseText = (c: Prelation["course"]) => `${c.code} — ${c.title}`;

/** The type as a word; partial and total differ in colour and in the word. */
export function PrelationTypeBadge({ type, t }: { type: Prelation["type"]; t: TFunction }) {
  return (
    <Badge variant="dot" color={type === "total" ? "blue" : "orange"} miw="max-content">
      {t(`prelations.types.${type}`)}
    </Badge>
  );
}

export function prelationColumns(t: TFunction): DataTableColumn<Prelation>[] {
  return [
    {
      accessor: "course",
      sortField: "course_code",
      title: t("prelations.fields.course"),
      sortable: true,
      minWidth: 200,
      render: (p) => courseText(p.course),
    },
    {
      accessor: "course.semester_number",
      sortField: "semester",
      title: t("prelations.fields.semester"),
      sortable: true,
      noWrap: true,
      textAlign: "right",
      render: (p) => p.course.semester_number,
    },
    {
      accessor: "required_course",
      sortField: "required_course_code",
      title: t("prelations.fields.requiredCourse"),
      sortable: true,
      minWidth: 200,
      render: (p) => (
        <>
          {courseText(p.required_course)}{" "}
          <Text span c="dimmed" size="sm">
            ({t("prelations.semesterNumber", { number: p.required_course.semester_number })})
          </Text>
        </>
      ),
    },
    {
      accessor: "type",
      title: t("prelations.fields.type"),
      sortable: true,
      noWrap: true,
      render: (p) => <PrelationTypeBadge type={p.type} t={t} />,
    },
    {
      accessor: "pensum",
      title: t("prelations.fields.pensum"),
      sortable: true,
      minWidth: 160,
      render: (p) =>
        `${p.pensum.specialization_title} · ${t("prelations.pensumOption", { name: p.pensum.name, version: p.pensum.version })}`,
    },
  ];
}
