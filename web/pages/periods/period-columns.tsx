import { Anchor, Badge } from "@mantine/core";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import { formatDate } from "../../../common/dates/format";
import type { Period } from "../../api/periods";
import type { DataTableColumn } from "../../components";
import { formatMoney, stateColor, stateLabel } from "./period-labels";

const openBadge = (t: TFunction, open: boolean) => (
  <Badge color={open ? "green" : "gray"} variant="dot" miw="max-content" style={{ overflow: "visible" }}>
    {open ? t("periods.list.open") : t("periods.list.closed")}
  </Badge>
);

/** Columns of the periods list; the name sorts by year (then number) on the server. */
export function periodColumns(t: TFunction): DataTableColumn<Period>[] {
  return [
    {
      accessor: "name",
      sortField: "year",
      title: t("periods.fields.name"),
      sortable: true,
      noWrap: true,
      // The name opens the detail page (data, pensums, switches).
      render: (p) => (
        <Anchor component={Link} to={`/periods/${p.id}`}>
          {p.name}
        </Anchor>
      ),
    },
    {
      accessor: "start_date",
      title: t("periods.fields.startDate"),
      sortable: true,
      noWrap: true,
      render: (p) => formatDate(p.start_date),
    },
    {
      accessor: "end_date",
      title: t("periods.fields.endDate"),
      sortable: true,
      noWrap: true,
      render: (p) => formatDate(p.end_date),
    },
    {
      accessor: "state",
      sortField: "enabled",
      title: t("periods.fields.state"),
      sortable: true,
      noWrap: true,
      render: (p) => (
        <Badge color={stateColor[p.state]} variant="dot" miw="max-content" style={{ overflow: "visible" }}>
          {stateLabel(t, p.state)}
        </Badge>
      ),
    },
    {
      accessor: "enabled_inscriptions",
      title: t("periods.fields.inscriptions"),
      noWrap: true,
      render: (p) => openBadge(t, p.enabled_inscriptions),
    },
    {
      accessor: "enabled_preregisters",
      title: t("periods.fields.preregisters"),
      noWrap: true,
      render: (p) => openBadge(t, p.enabled_preregisters),
    },
    {
      accessor: "semester_price_e2",
      title: t("periods.fields.price"),
      noWrap: true,
      textAlign: "right",
      render: (p) => formatMoney(p.semester_price_e2),
    },
  ];
}
