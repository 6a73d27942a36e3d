import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { describeApiError, isApiError } from "../../api/errors";

type Props = {
  title: string;
  /** The server's Spanish description of the refusal; the dialog is open while it is set. */
  message: string | null;
  onClose: () => void;
};

/** Tells why the server refused an action (a §8 code with its Spanish description). */
export function RefusalDialog({ title, message, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={message !== null} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t("pensums.refusal.understood")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Runs an action whose 400 refusals the HTTP client left quiet, keeping the refusal's description for
 * a `RefusalDialog`. Answers whether the action succeeded; other errors were already shown by the client.
 */
export function useRefusal() {
  const [message, setMessage] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    try {
      await action();
      return true;
    } catch (error) {
      if (isApiError(error) && error.status === 400) setMessage(error.description ?? describeApiError(error));
      return false;
    }
  };
  return { message, run, close: () => setMessage(null) };
}
