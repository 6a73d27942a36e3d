import { Modal, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { AuditEntry } from "../../api/audit";
import { actionLabel, actorLabel, entityLabel, formatAuditTime, formatAuditValue } from "./audit-format";

/** The changed fields, old beside new; an event without values says so. */
function ChangesTable({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const oldValues = entry.old_values ?? {};
  const newValues = entry.new_values ?? {};
  const keys = [...new Set([...Object.keys(oldValues), ...Object.keys(newValues)])];
  if (keys.length === 0) return <Text size="sm">{t("audit.details.noValues")}</Text>;
  return (
    <Table withTableBorder withColumnBorders aria-label={t("audit.details.changes")}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("audit.details.field")}</Table.Th>
          <Table.Th>{t("audit.details.oldValue")}</Table.Th>
          <Table.Th>{t("audit.details.newValue")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keys.map((key) => (
          <Table.Tr key={key}>
            <Table.Td>{t(`audit.valueFields.${key}`, { defaultValue: key })}</Table.Td>
            <Table.Td>{formatAuditValue(t, entry, key, oldValues[key])}</Table.Td>
            <Table.Td>{formatAuditValue(t, entry, key, newValues[key])}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Everything one audit row holds: when, who, from where, what, and the old and new values. */
export function AuditDetailsModal({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={entry !== null} onClose={onClose} title={t("audit.details.title")} size="lg">
      {entry && (
        <Stack gap="sm">
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={160}>{t("audit.fields.createdAt")}</Table.Th>
                <Table.Td>{formatAuditTime(entry.created_at)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t("audit.fields.actor")}</Table.Th>
                <Table.Td>{actorLabel(t, entry)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t("audit.fields.action")}</Table.Th>
                <Table.Td>{actionLabel(t, entry.action)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t("audit.fields.entity")}</Table.Th>
                <Table.Td>
                  {entityLabel(t, entry.entity_type)}
                  {entry.entity_id === null ? "" : ` #${entry.entity_id}`}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t("audit.fields.ipAddress")}</Table.Th>
                <Table.Td>{entry.ip_address ?? "—"}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text fw={600} size="sm">
            {t("audit.details.changes")}
          </Text>
          <ChangesTable entry={entry} />
        </Stack>
      )}
    </Modal>
  );
}
