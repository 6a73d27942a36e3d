// No imports: the bell loads this module lazily, and a module of its own keeps the shell's chunks as they are.

/** What the server sends for each new notification (server/modules/notifications/live.ts). */
export type LiveNotification = {
  id: number;
  content: string;
  code?: string | null;
  params?: Record<string, unknown> | null;
  back: string | null;
};

/** Splits server-sent events text into complete events; answers them and the unfinished rest. */
export function parseEvents(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, "\n").split("\n\n");
  const rest = blocks.pop() ?? "";
  const events = blocks.flatMap((block) => {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    return data.length ? [{ event, data: data.join("\n") }] : [];
  });
  return { events, rest };
}

/**
 * Opens the live notification stream (GET /api/notifications/stream, server-sent events read with fetch
 * so the bearer token goes in `Authorization`, which EventSource cannot send) and hands each new
 * notification to `onNotification`. Reconnects after a drop with the session's current token, waiting a
 * little longer each time (1 s doubling up to 30 s); a refused session (401/403) stops it. Answers the
 * function that closes it.
 */
export function openNotificationStream(
  url: string,
  token: () => string | null,
  onNotification: (n: LiveNotification) => void,
): () => void {
  const controller = new AbortController();
  let retryMs = 1000;
  const run = async () => {
    while (!controller.signal.aborted) {
      try {
        const bearer = token();
        const response = await fetch(url, {
          headers: { Accept: "text/event-stream", ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
          signal: controller.signal,
        });
        if (response.status === 401 || response.status === 403) return;
        if (response.ok && response.body) {
          retryMs = 1000;
          const reader = response.body.getReader();
          const decoder = new TextDecoder();
          let buffer = "";
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            const parsed = parseEvents(buffer + decoder.decode(value, { stream: true }));
            buffer = parsed.rest;
            for (const e of parsed.events) {
              if (e.event !== "notification") continue;
              try {
                onNotification(JSON.parse(e.data) as LiveNotification);
              } catch {
                // A malformed event is ignored.
              }
            }
          }
        }
      } catch {
        // A dropped connection: try again below.
      }
      if (controller.signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
      retryMs = Math.min(retryMs * 2, 30_000);
    }
  };
  void run();
  return () => controller.abort();
}

/** Downloads `url` with the bearer token under the name the server gives it (the bell's attachments). */
export async function downloadWithToken(url: string, token: string | null, id: number): Promise<void> {
  try {
    const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!response.ok) return;
    const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
    const link = document.createElement("a");
    link.href = URL.createObjectURL(await response.blob());
    link.download = name ?? `adjunto-${id}`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  } catch {
    // Nothing to save.
  }
}
