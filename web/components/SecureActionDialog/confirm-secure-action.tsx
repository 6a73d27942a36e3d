import { modals } from "@mantine/modals";
import type { ReactNode } from "react";
import i18n from "../../i18n";
import { SecureActionForm } from "./SecureActionDialog";

export interface ConfirmSecureActionOptions {
  /** Defaults to "Confirmar acción". */
  title?: ReactNode;
  /** Optional text above the prompt, e.g. what is about to happen. */
  description?: ReactNode;
}

/**
 * Opens the secure-action dialog (needs `<ModalsProvider>`) and resolves `true` once the user typed
 * the string and pressed "Confirmar", `false` on "Cancelar" or closing.
 */
export function confirmSecureAction({
  title,
  description,
}: ConfirmSecureActionOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: boolean) => {
      if (settled) return;
      settled = true;
      resolve(answer);
      modals.close(id);
    };
    const id = modals.open({
      title: title ?? i18n.t("components.secureAction.title"),
      onClose: () => settle(false),
      children: (
        <SecureActionForm
          description={description}
          onCancel={() => settle(false)}
          onConfirm={() => settle(true)}
        />
      ),
    });
  });
}
