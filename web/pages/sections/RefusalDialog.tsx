import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

type Props = {
  /** The server's Spanish description of the refusal; the dialog is open while it is set. */
  message: string | null;
  title: string;
  onClose: () => void;
};

/** Says why the server refused an action (a delete with dependents, a teacher clash…). */
export function RefusalDialog({ message, title, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={message !== null} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t("sections.understood")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
