import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { ReactNode } from "react";
import i18n from "../../i18n";

export interface ConfirmActionOptions {
  /** Defaults to "¿Está seguro?". */
  title?: ReactNode;
  message: ReactNode;
  /** Red "Sí" button, for deletions. */
  danger?: boolean;
}

/**
 * Opens a Sí/No dialog (needs `<ModalsProvider>` above the app) and resolves `true` for "Sí",
 * `false` for "No" or closing it: `if (await confirmAction({ message })) remove(id)`.
 */
export function confirmAction({ title, message, danger = false }: ConfirmActionOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: boolean) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    modals.openConfirmModal({
      title: title ?? i18n.t("components.confirm.title"),
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: i18n.t("components.confirm.yes"), cancel: i18n.t("components.confirm.no") },
      confirmProps: danger ? { color: "red" } : {},
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}
