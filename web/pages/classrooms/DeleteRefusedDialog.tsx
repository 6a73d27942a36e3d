import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

type Props = {
  /** The server's Spanish description of the refusal; the dialog is open while it is set. */
  message: string | null;
  onClose: () => void;
};

/** Tells why a classroom could not be deleted (`classroom_has_schedules`). */
export function DeleteRefusedDialog({ message, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={message !== null} onClose={onClose} title={t("classrooms.delete.refusedTitle")} centered>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t("classrooms.delete.understood")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
