import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LiveNotification } from "../api/notification-stream";
import { notificationKeys } from "../api/notifications";
import { sessionStore } from "../session/store";

/**
 * Keeps the live notification stream open while `userId` is logged in: each new notification refreshes
 * the bell's query and is handed to `onNotification` (the toast).
 */
export function useNotificationStream(userId: number | null, onNotification: (n: LiveNotification) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    let close: (() => void) | null = null;
    let cancelled = false;
    // Loaded on demand, out of the shell's bundle.
    void import("../api/notification-stream").then(({ openNotificationStream }) => {
      if (cancelled) return;
      close = openNotificationStream("/api/notifications/stream", sessionStore.token, (n) => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        onNotification(n);
      });
    });
    return () => {
      cancelled = true;
      close?.();
    };
  }, [userId, queryClient, onNotification]);
}
