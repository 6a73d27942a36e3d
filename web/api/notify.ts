import { notifications } from "@mantine/notifications";
import i18n from "../i18n";
import type { Notice, NoticeTone } from "./errors";

const colors: Record<NoticeTone, string> = { warning: "yellow", error: "red", info: "blue" };

/** Shows a notice of the HTTP client as a Mantine toast; returns its id. */
export function showNotice(notice: Notice): string {
  return notifications.show({
    color: colors[notice.tone],
    message: notice.message,
    autoClose: notice.autoClose,
    // spec.md §4: only a message that stays (duration 0 or less, the 422 notice) has a close button.
    withCloseButton: notice.autoClose === false || notice.autoClose <= 0,
    closeButtonProps: { "aria-label": i18n.t("common.close") },
    ...(notice.title ? { title: notice.title } : {}),
  });
}
