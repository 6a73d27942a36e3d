import { Button, Group, Modal, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

/** Whether the browser history has a step to go back to (React Router keeps an index in history.state). */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === "number" && state.idx > 0;
}

/** /access-denied: the modal of spec.md §2; "Regresar" goes back one step in history. */
export default function AccessDeniedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => {
    if (canGoBack()) void navigate(-1);
    else void navigate("/home", { replace: true });
  };
  return (
    <Modal
      opened
      onClose={back}
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      title={
        <Group gap="xs">
          <IconLock size={20} aria-hidden />
          <Text fw={600}>{t("errors.accessDenied.title")}</Text>
        </Group>
      }
    >
      <Text>{t("errors.accessDenied.text")}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={back}>{t("errors.accessDenied.back")}</Button>
      </Group>
    </Modal>
  );
}
