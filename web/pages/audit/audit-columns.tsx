import { Badge, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import type { AuditEntry } from "../../api/audit";
import type { DataTableColumn } from "../../components";
import { actionLabel, actorLabel, entityLabel, formatAuditTime } from "./audit-format";

/** Columns of the audit log; sorting happens on the server (`sort_by`). */
export function auditColumns(t: TFunction): DataTableColumn<AuditEntry>[] {
  return [
    {
      accessor: "created_at",
      title: t("audit.fields.createdAt"),
      sortable: true,
      render: (e) => <span style={{ whiteSpace: "nowrap" }}>{formatAuditTime(e.created_at)}</span>,
    },
    {
      accessor: "actor_email",
      title: t("audit.fields.actor"),
      sortable: true,
      render: (e) => actorLabel(t, e),
    },
    {
      accessor: "action",
      title: t("audit.fields.action"),
      sortable: true,
      render: (e) => (
        <Badge variant="light" tt="none">
          {actionLabel(t, e.action)}
        </Badge>
      ),
    },
    {
      accessor: "entity_type",
      title: t("audit.fields.entity"),
      sortable: true,
      render: (e) => `${entityLabel(t, e.entity_type)}${e.entity_id === null ? "" : ` #${e.entity_id}`}`,
    },
    {
      accessor: "ip_address",
      title: t("audit.fields.ipAddress"),
      render: (e) => (
        <Text size="sm" ff="monospace">
          {e.ip_address ?? "—"}
        </Text>
      ),
    },
  ];
}
