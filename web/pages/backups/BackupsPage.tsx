import { Alert, Button, Card, Group, Progress, Stack, Table, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconDatabaseExport } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useBackups, useCreateBackup } from "../../api/backups";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { backupPercent, formatBackupTime, formatBytes } from "./backup-format";

/**
 * /backups (administrators): the last backup's time and size, the archives kept in BACKUP_DIR, the
 * schedule, and "Crear copia ahora" with the progress of the copy while it runs.
 */
export function BackupsPage() {
  const { t, i18n } = useTranslation();
  useBreadcrumbs([{ label: t("backups.title") }]);
  const status = useBackups();
  const create = useCreateBackup();
  const data = status.data;
  const running = Boolean(data?.running) || create.isPending;
  const size = (bytes: number) => formatBytes(bytes, i18n.language);

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("backups.title")}
      </Title>
      <Text size="sm">{t("backups.intro")}</Text>
      {status.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={16} aria-hidden />}>
          {t("backups.loadError")}{" "}
          <Button variant="subtle" size="compact-sm" onClick={() => void status.refetch()}>
            {t("backups.retry")}
          </Button>
        </Alert>
      )}
      {data && (
        <Card withBorder padding="md">
          <Stack gap="xs">
            <Text fw={600}>{t("backups.last")}</Text>
            <Text data-testid="backup-last">
              {data.last
                ? t("backups.lastValue", {
                    time: formatBackupTime(data.last.created_at),
                    size: size(data.last.size),
                  })
                : t("backups.none")}
            </Text>
            <Text size="sm" c="dimmed">
              {data.every_hours > 0
                ? t("backups.schedule", { count: data.every_hours, keep: data.keep })
                : t("backups.noSchedule", { keep: data.keep })}
            </Text>
            {data.last_error && (
              <Alert
                color="red"
                icon={<IconAlertTriangle size={16} aria-hidden />}
                title={t("backups.failed")}
              >
                {data.last_error}
              </Alert>
            )}
            {running && (
              <Stack gap={4}>
                <Text size="sm">{t("backups.running")}</Text>
                <Progress
                  value={backupPercent(data.progress)}
                  animated
                  aria-label={t("backups.progress")}
                  aria-valuenow={backupPercent(data.progress)}
                />
              </Stack>
            )}
            <Group>
              <Button
                leftSection={<IconDatabaseExport size={16} aria-hidden />}
                onClick={() => create.mutate()}
                loading={create.isPending}
                disabled={running}
              >
                {t("backups.create")}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {data && (
        <Table striped withTableBorder aria-label={t("backups.list")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("backups.fields.name")}</Table.Th>
              <Table.Th>{t("backups.fields.createdAt")}</Table.Th>
              <Table.Th>{t("backups.fields.size")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.archives.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>{t("backups.empty")}</Table.Td>
              </Table.Tr>
            ) : (
              data.archives.map((a) => (
                <Table.Tr key={a.name}>
                  <Table.Td>{a.name}</Table.Td>
                  <Table.Td>{formatBackupTime(a.created_at)}</Table.Td>
                  <Table.Td>{size(a.size)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
