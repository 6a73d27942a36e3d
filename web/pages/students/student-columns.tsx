import { Anchor } from "@mantine/core";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import type { Student } from "../../api/students";
import type { DataTableColumn } from "../../components";
import { StatusBadge } from "./StudentLayout";

/** Columns of the students list; the person's columns sort on the server, the inscription ones do not. */
export function studentColumns(t: TFunction): DataTableColumn<Student>[] {
  return [
    {
      accessor: "identity_document",
      title: t("students.fields.identityDocument"),
      sortable: true,
      noWrap: true,
    },
    {
      accessor: "last_name",
      title: t("students.fields.lastName"),
      sortable: true,
      render: (s) => (
        <Anchor component={Link} to={`/students/${s.id}`} size="sm">
          {s.last_name}
        </Anchor>
      ),
    },
    { accessor: "first_name", title: t("students.fields.firstName"), sortable: true },
    { accessor: "email", title: t("common.email"), sortable: true },
    {
      accessor: "gender",
      title: t("students.fields.gender"),
      // Shown from "Columnas": at 1280 px the row's actions must fit.
      hiddenByDefault: true,
      sortable: true,
      noWrap: true,
      render: (s) => t(`students.genders.${s.gender}`),
    },
    {
      accessor: "latest_inscription",
      title: t("students.list.latestInscription"),
      render: (s) =>
        s.latest_inscription
          ? `${s.latest_inscription.period.name} · ${s.latest_inscription.specialization.code} · ${s.latest_inscription.section.code}`
          : t("students.list.noInscription"),
    },
    {
      accessor: "status",
      title: t("students.fields.status"),
      sortable: true,
      noWrap: true,
      render: (s) => <StatusBadge status={s.status} />,
    },
  ];
}
