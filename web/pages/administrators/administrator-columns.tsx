import { Badge, Group, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import type { Administrator } from "../../api/administrators";
import type { DataTableColumn } from "../../components";
import { AccountAvatar } from "./AccountAvatar";

/** "Activo" / "Inactivo" as a dot badge (the word in the body colour: AA contrast). */
export function StateBadge({ account, t }: { account: Administrator; t: TFunction }) {
  return (
    <Badge
      color={account.disabled ? "gray" : "green"}
      variant="dot"
      miw="max-content"
      style={{ overflow: "visible" }}
    >
      {account.disabled ? t("administrators.state.inactive") : t("administrators.state.active")}
    </Badge>
  );
}

/** The role's name: Asistente, Administrador or Administrador general. */
export const roleLabel = (t: TFunction, type: number) => t(`administrators.roles.${type}`);

/** Columns of the administrators list; sorting happens on the server (`sort_by`). */
export function administratorColumns(t: TFunction): DataTableColumn<Administrator>[] {
  return [
    {
      accessor: "name",
      title: t("administrators.fields.name"),
      sortable: true,
      minWidth: 200,
      render: (a) => (
        <Group gap="sm" wrap="nowrap">
          <AccountAvatar name={a.name} picture={a.profile_picture} />
          <Text size="sm">{a.name}</Text>
        </Group>
      ),
    },
    { accessor: "email", title: t("administrators.fields.email"), sortable: true },
    {
      accessor: "type",
      title: t("administrators.fields.role"),
      sortable: true,
      noWrap: true,
      render: (a) => roleLabel(t, a.type),
    },
    {
      accessor: "disabled",
      sortField: "enabled",
      title: t("administrators.fields.state"),
      sortable: true,
      noWrap: true,
      render: (a) => <StateBadge account={a} t={t} />,
    },
    {
      accessor: "confirmed",
      title: t("administrators.fields.account"),
      noWrap: true,
      render: (a) =>
        a.confirmed ? t("administrators.account.confirmed") : t("administrators.account.pending"),
    },
  ];
}
