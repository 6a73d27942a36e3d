import { EventStreamContentType, fetchEventSource } from "@microsoft/fetch-event-source";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { sessionStore } from "../session/store";
import { API_BASE } from "./client";
import { notificationKeys } from "./notifications";

/** What the server sends for each new notification (server/modules/notifications/live.ts). */
export type LiveNotification = { id: number; content: string; back: string | null };

class StreamClosed extends Error {}

/**
 * Keeps the live notification stream open while someone is logged in (GET /api/notifications/stream,
 * server-sent events read with fetch so the bearer token goes in `Authorization`). Each new notification
 * refreshes the bell's query and is handed to `onNotification` (the toast). Reconnects after a drop,
 * waiting a little longer each time; a refused session (401/403) stops it until the user changes.
 */
export function useNotificationStream(userId: number | null, onNotification: (n: LiveNotification) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    const controller = new AbortController();
    let retryMs = 1000;
    void fetchEventSource(`${API_BASE}/notifications/stream`, {
      signal: controller.signal,
      openWhenHidden: true,
      // Each (re)connection carries the session's current token (it is renewed while the app runs).
      fetch: (input, init) => {
        const token = sessionStore.token();
        const headers = new Headers(init?.headers);
        if (token) headers.set("Authorization", `Bearer ${token}`);
        return fetch(input, { ...init, headers });
      },
      onopen: async (response) => {
        if (response.ok && response.headers.get("content-type")?.startsWith(EventStreamContentType)) {
          retryMs = 1000;
          return;
        }
        if (response.status === 401 || response.status === 403) throw new Error("refused");
        throw new StreamClosed();
      },
      onmessage: (event) => {
        if (event.event !== "notification") return;
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        try {
          onNotification(JSON.parse(event.data) as LiveNotification);
        } catch {
          // A malformed event only refreshes the bell.
        }
      },
      onclose: () => {
        throw new StreamClosed();
      },
      onerror: (error) => {
        if (!(error instanceof StreamClosed) && !(error instanceof TypeError)) throw error;
        retryMs = Math.min(retryMs * 2, 30_000);
        return retryMs;
      },
    }).catch(() => {});
    return () => controller.abort();
  }, [userId, queryClient, onNotification]);
}
