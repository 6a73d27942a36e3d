import { Badge } from "@mantine/core";
import type { TFunction } from "i18next";
import { formatDate, schoolDateOf } from "../../../common/dates/format";
import type { PreregisteredStudent } from "../../api/preregistered-students";
import type { DataTableColumn } from "../../components";

/** The school's day of an ISO instant, DD/MM/AAAA. */
export const dayOf = (iso: string) => formatDate(schoolDateOf(iso));

export function StatusBadge({ status, t }: { status: PreregisteredStudent["status"]; t: TFunction }) {
  return (
    <Badge color={status === "approved" ? "green" : "yellow"} variant="dot" miw="max-content">
      {t(`preregistered.status.${status}`)}
    </Badge>
  );
}

/** Columns of the pre-registered students list; each sorts on the server where the API allows it. */
export function preregisteredColumns(t: TFunction): DataTableColumn<PreregisteredStudent>[] {
  return [
    {
      accessor: "last_name",
      title: t("preregistered.fields.name"),
      sortable: true,
      minWidth: 180,
      render: (p) => `${p.first_name} ${p.last_name}`,
    },
    {
      accessor: "identity_document",
      title: t("preregistered.fields.identityDocument"),
      sortable: true,
      noWrap: true,
    },
    { accessor: "email", title: t("preregistered.fields.email"), sortable: true, noWrap: true },
    { accessor: "phone", title: t("preregistered.fields.phone"), noWrap: true, hiddenByDefault: true },
    {
      accessor: "specialization",
      title: t("preregistered.fields.specialization"),
      render: (p) => p.specialization?.title ?? "—",
    },
    {
      accessor: "period",
      title: t("preregistered.fields.period"),
      noWrap: true,
      render: (p) => (p.period ? `${p.period.year}-${p.period.number}` : "—"),
    },
    {
      accessor: "status",
      title: t("preregistered.fields.status"),
      sortable: true,
      noWrap: true,
      render: (p) => <StatusBadge status={p.status} t={t} />,
    },
    {
      accessor: "created_at",
      title: t("preregistered.fields.createdAt"),
      sortable: true,
      noWrap: true,
      render: (p) => dayOf(p.created_at),
    },
  ];
}
