import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Tells why a course could not be deleted (a pensum includes it, or a section teaches it). */
export function DeleteRefusedDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={message !== null} onClose={onClose} title={t("courses.delete.refusedTitle")} centered>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t("courses.delete.understood")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
