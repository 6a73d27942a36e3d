import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import type { AppQueryMeta } from "./query-client";
import type { ListResponse } from "./types";

export type NotificationSender = { name: string | null; email: string; profile_picture: string | null };

export type AppNotification = {
  id: number;
  content: string;
  attachment: string | null;
  created_at: string;
  sender?: NotificationSender | null;
  pivot?: { read_at: string | null } | null;
  type: number;
  code?: string | null;
  /** Parameters of a system notification's text (web/layout/notification-text.ts). */
  params?: Record<string, unknown> | null;
  back?: string | null;
};

export const notificationKeys = {
  all: ["notifications"] as const,
  unread: () => [...notificationKeys.all, "unread"] as const,
};

/** Newest first. */
export function sortNewestFirst(list: readonly AppNotification[]): AppNotification[] {
  return [...list].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/**
 * The bell's unread notifications (GET /api/notifications, server/modules/notifications). Not cancellable
 * (spec.md §7) and silent: the bell is on every page, so a failure leaves it empty instead of warning.
 */
export async function fetchUnreadNotifications(signal?: AbortSignal): Promise<AppNotification[]> {
  try {
    const response = await api.get<ListResponse<AppNotification>>("/notifications", {
      query: { page: 1, limit: 0, with: "sender", unread: "true" },
      cancellable: false,
      quiet: (error) => error.status === 404 || error.kind !== "http",
      signal,
    });
    const list = Array.isArray(response?.data) ? response.data : [];
    return sortNewestFirst(list.filter((item) => !item.pivot?.read_at));
  } catch {
    return [];
  }
}

const keepOnNavigation: AppQueryMeta = { keepOnNavigation: true };

export function useUnreadNotifications(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => fetchUnreadNotifications(signal),
    enabled,
    meta: keepOnNavigation,
    // New ones arrive through the live stream (useNotificationStream); this is only a slow safety net.
    refetchInterval: 5 * 60_000,
    staleTime: 30_000,
  });
}

export function useMarkNotificationAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.patch<void>(`/notifications/${id}/mark-as-read`, undefined, { cancellable: false }),
    onMutate: (id) => {
      queryClient.setQueryData<AppNotification[]>(notificationKeys.unread(), (list) =>
        list?.filter((item) => item.id !== id),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
