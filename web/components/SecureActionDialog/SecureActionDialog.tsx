import { Button, Code, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { randomAlphanumeric } from "../../../common/random";

/** Length of the string the user must type (spec.md §9). */
export const SECURE_ACTION_LENGTH = 12;

export interface SecureActionDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Called when the user typed the string exactly and pressed "Confirmar". */
  onConfirm: () => void;
  /** Defaults to "Confirmar acción". */
  title?: ReactNode;
  /** Optional text above the prompt, e.g. what is about to happen. */
  description?: ReactNode;
  /** Spinner on "Confirmar" while the action runs. */
  loading?: boolean;
}

/**
 * Confirmation that makes the user type a random 12-character string shown on screen; "Confirmar"
 * enables only on an exact (case-sensitive) match. A new string is drawn every time it opens.
 */
export function SecureActionDialog({ opened, onClose, title, ...formProps }: SecureActionDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title ?? t("components.secureAction.title")}>
      {opened && <SecureActionForm onCancel={onClose} {...formProps} />}
    </Modal>
  );
}

interface SecureActionFormProps {
  onCancel: () => void;
  onConfirm: () => void;
  description?: ReactNode;
  loading?: boolean;
}

/** The body of the dialog; mounted on each opening so the string is new each time. */
export function SecureActionForm({
  onCancel,
  onConfirm,
  description,
  loading = false,
}: SecureActionFormProps) {
  const { t } = useTranslation();
  const [code] = useState(() => randomAlphanumeric(SECURE_ACTION_LENGTH));
  const [typed, setTyped] = useState("");
  const matches = typed === code;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (matches && !loading) onConfirm();
      }}
    >
      <Stack gap="sm">
        {description && <Text size="sm">{description}</Text>}
        <Text size="sm">{t("components.secureAction.prompt")}</Text>
        <Code block data-testid="secure-action-code" style={{ userSelect: "none" }} fz="lg" ta="center">
          {code}
        </Code>
        <TextInput
          aria-label={t("components.secureAction.inputLabel")}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            {t("components.secureAction.cancel")}
          </Button>
          <Button type="submit" color="red" disabled={!matches} loading={loading}>
            {t("components.secureAction.confirm")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
