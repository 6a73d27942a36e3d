import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

type Props = {
  /** The server's Spanish description of the refusal; the dialog is open while it is set. */
  message: string | null;
  title: string;
  onClose: () => void;
};

/** Tells why the server refused a period write (§8 code, Spanish description). */
export function RefusalDialog({ message, title, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={message !== null} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t("periods.refused.understood")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
