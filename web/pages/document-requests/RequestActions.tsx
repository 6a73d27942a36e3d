import { ActionIcon, Button, Divider, Group, Menu } from "@mantine/core";
import {
  IconBan,
  IconDots,
  IconDownload,
  IconFileCertificate,
  IconPackageExport,
  IconTrash,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { DocumentRequest } from "../../api/document-requests";

export type RequestActionHandlers = {
  download: (request: DocumentRequest) => void;
  generate: (request: DocumentRequest) => void;
  retire: (request: DocumentRequest) => void;
  cancel: (request: DocumentRequest) => void;
  remove: (request: DocumentRequest) => void;
};

/**
 * The actions cell of a request. Staff: Generar (pending) or Marcar retirado (generated) beside the
 * download; Cancelar sits apart, behind "Más acciones" (and a question naming the request), so a slip
 * beside Generar never cancels one. A student deletes their own pending request.
 */
export function RequestActions({
  request: r,
  staff,
  busy,
  on,
}: {
  request: DocumentRequest;
  staff: boolean;
  busy: boolean;
  on: RequestActionHandlers;
}) {
  const { t } = useTranslation();
  const canDownload = r.document !== null && r.document.revoked_at === null;
  const cancelable = staff && (r.status === "pending" || r.status === "generated");
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {canDownload ? (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => on.download(r)}
          aria-label={t("documentRequests.actions.downloadOf", { id: r.id })}
        >
          {t("documentRequests.actions.download")}
        </Button>
      ) : null}
      {staff && r.status === "pending" ? (
        <Button
          size="compact-sm"
          variant="subtle"
          color="teal"
          leftSection={<IconFileCertificate size={14} aria-hidden />}
          disabled={busy}
          aria-label={t("documentRequests.actions.generateOf", { id: r.id })}
          onClick={() => on.generate(r)}
        >
          {t("documentRequests.actions.generate")}
        </Button>
      ) : null}
      {staff && r.status === "generated" ? (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPackageExport size={14} aria-hidden />}
          disabled={busy}
          aria-label={t("documentRequests.actions.retireOf", { id: r.id })}
          onClick={() => on.retire(r)}
        >
          {t("documentRequests.actions.retire")}
        </Button>
      ) : null}
      {cancelable ? (
        <>
          <Divider orientation="vertical" mx={6} aria-hidden />
          {/* No focus placeholder: a role="presentation" child is not allowed inside role="menu" (axe). */}
          <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={busy}
                aria-label={t("documentRequests.actions.moreOf", { id: r.id })}
                title={t("documentRequests.actions.more")}
              >
                <IconDots size={16} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconBan size={14} color="var(--mantine-color-red-8)" aria-hidden />}
                onClick={() => on.cancel(r)}
              >
                {t("documentRequests.actions.cancelOf", { id: r.id })}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </>
      ) : null}
      {!staff && r.status === "pending" && r.document === null ? (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          disabled={busy}
          aria-label={t("documentRequests.actions.deleteOf", { id: r.id })}
          onClick={() => on.remove(r)}
        >
          {t("common.delete")}
        </Button>
      ) : null}
    </Group>
  );
}
