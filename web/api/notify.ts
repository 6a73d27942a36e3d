import { notifications } from "@mantine/notifications";
import type { Notice, NoticeTone } from "./errors";

const colors: Record<NoticeTone, string> = { warning: "yellow", error: "red", info: "blue" };

/** Shows a notice of the HTTP client as a Mantine toast; returns its id. */
export function showNotice(notice: Notice): string {
  return notifications.show({
    color: colors[notice.tone],
    message: notice.message,
    autoClose: notice.autoClose,
    withCloseButton: true,
    ...(notice.title ? { title: notice.title } : {}),
  });
}
