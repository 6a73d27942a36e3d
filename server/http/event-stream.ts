import type { ServerResponse } from "node:http";

/**
 * Starts a server-sent events answer on a hijacked reply: no caching, no buffering by a proxy (nginx's
 * X-Accel-Buffering), kept open. The caller writes the events and ends it.
 */
export function openEventStream(res: ServerResponse): void {
  res.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache, no-store",
    Connection: "keep-alive",
    "X-Accel-Buffering": "no",
    "X-Content-Type-Options": "nosniff",
  });
}
