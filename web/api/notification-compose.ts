import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  cleanNotificationFields,
  type NotificationAudiences,
  type NotificationReceiverOption,
} from "../../common/schemas/notifications";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import { downloadFile } from "./download";
import type { AppNotification } from "./notifications";
import type { ListResponse } from "./types";

/** The same keys as web/api/notifications.ts (`["notifications", …]`), not imported: that module stays in the shell. */
const notificationKeys = { all: ["notifications"] as const };

export type {
  NotificationAudiences,
  NotificationReceiverOption,
} from "../../common/schemas/notifications";

export type NotificationComposeInput = {
  type: number;
  content: string;
  receiver_user_id?: number | null;
  section_id?: number | null;
  course_section_id?: number | null;
  attachment?: File | null;
};

/** The caller's notifications for /notifications (read and unread), one page. */
export function useNotificationList(params: ListParams & { unread?: boolean }) {
  const { unread, ...list } = params;
  return useQuery({
    queryKey: [...notificationKeys.all, "list", params] as const,
    queryFn: ({ signal }) =>
      api.get<ListResponse<AppNotification>>("/notifications", {
        query: { ...toListQuery(list), with: "sender", ...(unread === undefined ? {} : { unread }) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** What the compose page may offer: audiences, sections and course sections (GET /notifications/audiences). */
export function useNotificationAudiences() {
  return useQuery({
    queryKey: [...notificationKeys.all, "audiences"] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: NotificationAudiences }>("/notifications/audiences", { signal }).then((r) => r.data),
  });
}

/** People a type-7 notification may go to, matching `search`. */
export function useNotificationReceivers(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...notificationKeys.all, "receivers", search] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ data: NotificationReceiverOption[] }>("/notifications/receivers", {
          query: { search: search || undefined },
          signal,
        })
        .then((r) => r.data),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/**
 * The fields the server receives (spec.md §5): null and empty ones dropped, `receiver_user_id` only for
 * type 7 (and the section for 8, the course section for 9). JSON, or multipart with an attachment.
 */
export function composeBody(input: NotificationComposeInput): Record<string, unknown> | FormData {
  const fields = cleanNotificationFields({
    type: input.type,
    content: input.content,
    receiver_user_id: input.receiver_user_id,
    section_id: input.section_id,
    course_section_id: input.course_section_id,
  });
  if (!input.attachment) return fields;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  form.append("attachment", input.attachment);
  return form;
}

export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationComposeInput) =>
      api
        .post<{ data: { id: number; receivers: number } }>("/notifications", composeBody(input))
        .then((r) => r.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Marks one read from the /notifications page (the bell has its own, web/api/notifications.ts). */
export function useMarkAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.patch<void>(`/notifications/${id}/mark-as-read`, undefined, { cancellable: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Downloads a notification's attachment with the session; other URLs open as links. */
export function downloadAttachment(url: string, id: number) {
  if (!url.startsWith("/api/")) {
    window.open(url, "_blank", "noopener");
    return;
  }
  void downloadFile(url.slice(4), { filename: `adjunto-${id}`, accept: "*/*" }).catch(() => {});
}
