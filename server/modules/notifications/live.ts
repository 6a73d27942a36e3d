import type { ServerResponse } from "node:http";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import pg from "pg";
import type { NotificationParams } from "../../../common/schemas/notifications.js";
import { connectionConfigOf, postgresPoolOf } from "../../cluster/pool.js";
import type { Db } from "../../db/client.js";
import { openEventStream } from "../../http/event-stream.js";
import { notificationChannel } from "./send.js";

/** The listening connection's application_name (as pg_stat_activity shows it). */
export const notificationListenerName = "aula-notifications";

/** A comment line every this often keeps proxies from closing an idle stream. */
export const KEEP_ALIVE_MS = 25_000;
/** How often an open stream checks that its session still holds (logout, disabled user). */
export const SESSION_CHECK_MS = 5_000;

type Connection = { userId: number; res: ServerResponse; close: () => void };

/**
 * This server's open notification streams and their fan-out. Every committed notification is announced
 * on `notificationChannel` (server/modules/notifications/send.ts); for each announcement this server asks
 * once which of its connected users receive it and writes the event to their streams. The sender's
 * request has long answered by then.
 */
export class NotificationHub {
  private readonly byUser = new Map<number, Set<Connection>>();
  /** Announcements handled (tests wait on this instead of on time). */
  delivered = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(conn: Connection): () => void {
    const set = this.byUser.get(conn.userId) ?? new Set<Connection>();
    this.byUser.set(conn.userId, set);
    set.add(conn);
    return () => {
      set.delete(conn);
      if (set.size === 0 && this.byUser.get(conn.userId) === set) this.byUser.delete(conn.userId);
    };
  }

  get connections(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  closeAll(): void {
    for (const set of this.byUser.values()) for (const c of set) c.close();
    this.byUser.clear();
  }

  /** Sends notification `id` to the connected users who receive it (one query). */
  async announce(id: number): Promise<void> {
    const connected = [...this.byUser.keys()];
    if (connected.length === 0) return;
    const result = (await this.db.execute(sql`
      select nr.user_id, n.content, n.code, n.back, n.params from notification_receivers nr
      join notifications n on n.id = nr.notification_id
      where nr.notification_id = ${id}
        and nr.user_id = any(string_to_array(${connected.join(",")}, ',')::int[])`)) as {
      rows?: {
        user_id: number;
        content: string;
        code: string | null;
        back: string | null;
        params: NotificationParams | null;
      }[];
    };
    for (const row of result.rows ?? []) {
      const data = JSON.stringify({
        id,
        content: row.content.slice(0, 200),
        code: row.code,
        params: row.code ? (row.params ?? null) : null,
        back: row.back,
      });
      for (const conn of this.byUser.get(Number(row.user_id)) ?? []) {
        conn.res.write(`event: notification\ndata: ${data}\n\n`);
      }
    }
    this.delivered++;
  }

  handle(payload: string | undefined): void {
    const id = Number(payload);
    if (!Number.isInteger(id) || id <= 0) return;
    this.announce(id).catch((err) => this.log.error({ err }, "notification fan-out failed"));
  }
}

/**
 * Listens for committed notifications: on PostgreSQL one dedicated connection per server LISTENs (and
 * reconnects, doubling its wait up to 30 s, when it drops); on the embedded database PGlite's own
 * LISTEN, in this process. Answers the function that stops listening.
 */
export async function listenForNotifications(
  db: Db,
  log: FastifyBaseLogger,
  onPayload: (payload: string | undefined) => void,
): Promise<() => Promise<void>> {
  const pool = postgresPoolOf(db);
  if (!pool) {
    const client = (db as { $client?: unknown }).$client;
    if (!(client instanceof PGlite)) return async () => {};
    const unlisten = await client.listen(notificationChannel, onPayload);
    return async () => {
      if (!client.closed) await unlisten().catch(() => {});
    };
  }
  const connection = connectionConfigOf(pool, notificationListenerName);
  let closed = false;
  let client: pg.Client | null = null;
  let retryMs = 1000;
  let timer: NodeJS.Timeout | undefined;
  const dropped = (current: pg.Client, err?: unknown) => {
    if (client !== current) return;
    client = null;
    current.removeAllListeners("notification");
    current.end().catch(() => {});
    if (closed) return;
    log.warn({ err }, "notification announcements: connection lost, reconnecting");
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  };
  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = new pg.Client(connection);
    client = next;
    next.on("error", (err) => dropped(next, err));
    next.on("end", () => dropped(next));
    next.on("notification", (msg) => {
      if (msg.channel === notificationChannel) onPayload(msg.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${notificationChannel}`);
      retryMs = 1000;
    } catch (err) {
      dropped(next, err);
    }
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(timer);
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners("end");
      current.removeAllListeners("notification");
      current.on("error", () => {});
      await current.end().catch(() => {});
    }
  };
}

/**
 * GET /api/notifications/stream: the caller's live notifications as server-sent events (`event:
 * notification`, data `{ id, content, code, params, back }`). Authenticated like every call (the web app sends the
 * bearer token with fetch); a comment every 25 s keeps it open; it closes when the session ends (logout,
 * disabled user, expired token) or the server stops.
 */
export async function notificationStreamRoute(app: FastifyInstance) {
  const hub = new NotificationHub(app.db, app.log);
  const stop = await listenForNotifications(app.db, app.log, (payload) => hub.handle(payload));
  app.addHook("preClose", async () => {
    hub.closeAll();
    await stop();
  });

  app.get(
    "/notifications/stream",
    {
      onRequest: app.authenticate,
      schema: {
        tags: ["Notificaciones"],
        summary: "Notificaciones en vivo (server-sent events)",
        description:
          "Flujo `text/event-stream`: un evento `notification` (datos `{ id, content, code, params, back }`) por cada " +
          "notificación nueva de la sesión, en el momento en que se guarda. Se cierra al cerrar sesión.",
      },
    },
    async (request, reply) => {
      const p = request.principal!;
      reply.hijack();
      const res = reply.raw;
      openEventStream(res);
      res.write("retry: 3000\n: connected\n\n");
      let ended = false;
      let remove = () => {};
      const close = () => {
        if (ended) return;
        ended = true;
        clearInterval(keepAlive);
        clearInterval(sessionCheck);
        remove();
        res.end();
      };
      remove = hub.add({ userId: p.id, res, close });
      const keepAlive = setInterval(() => res.write(": keep-alive\n\n"), KEEP_ALIVE_MS);
      const sessionCheck = setInterval(() => {
        if (p.expiresAt.getTime() <= Date.now()) return close();
        app.sessions
          .lookup(p.id, p.jti)
          .then(({ user, revoked }) => {
            if (revoked || !user || user.disabled || user.sessionVersion !== p.sessionVersion) close();
          })
          .catch(() => close());
      }, SESSION_CHECK_MS);
      keepAlive.unref();
      sessionCheck.unref();
      request.raw.on("close", close);
      res.on("close", close);
    },
  );
}
