import { Button, Group, Modal, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface ConfirmDialogProps {
  opened: boolean;
  /** Defaults to "¿Está seguro?". */
  title?: ReactNode;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** Shows a spinner on "Sí" and disables "No" while the confirmed action runs. */
  loading?: boolean;
  /** Red "Sí" button, for deletions. */
  danger?: boolean;
}

/** Sí/No question, controlled by its parent (for the imperative form see `confirmAction`). */
export function ConfirmDialog({
  opened,
  title,
  message,
  onConfirm,
  onCancel,
  loading = false,
  danger = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => {} : onCancel}
      title={title ?? t("components.confirm.title")}
    >
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {t("components.confirm.no")}
        </Button>
        <Button color={danger ? "red" : undefined} onClick={onConfirm} loading={loading}>
          {t("components.confirm.yes")}
        </Button>
      </Group>
    </Modal>
  );
}
