import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import pg from "pg";
import { connectionConfigOf, postgresPoolOf } from "../cluster/pool.js";

/**
 * The channel on which the database announces, as each change commits, what a session cache must forget
 * (migration 0007's triggers): `u:<user id>` when a user's role, disabled flag or password changed (or the
 * user was deleted), `t:<jti>` when a token was revoked (logout).
 */
export const sessionChannel = "aula_sessions";

/** The listening connection's application_name (as pg_stat_activity shows it). */
export const sessionListenerName = "aula-sessions";

export type SessionChange = { userId: number } | { jti: string };

export function parseSessionChange(payload: string | undefined): SessionChange | null {
  if (!payload) return null;
  if (payload.startsWith("t:") && payload.length > 2) return { jti: payload.slice(2) };
  if (payload.startsWith("u:")) {
    const id = Number(payload.slice(2));
    if (Number.isInteger(id) && id > 0) return { userId: id };
  }
  return null;
}

export type SessionListener = {
  /** Settles after the first attempt to connect and LISTEN (it keeps retrying if that failed). */
  ready: Promise<void>;
  close(): Promise<void>;
};

/**
 * A dedicated connection that LISTENs on `sessionChannel` and hands every change to `onChange`. When the
 * connection drops it reconnects (waiting `retryMs`, doubling up to 30 s); announcements sent meanwhile
 * are lost, so `onGap` is called when it drops and again once listening anew (the cache forgets everything).
 */
export function listenForSessionChanges(opts: {
  connection: pg.ClientConfig;
  onChange: (change: SessionChange) => void;
  onGap: () => void;
  log: FastifyBaseLogger;
  retryMs?: number;
}): SessionListener {
  const firstRetryMs = opts.retryMs ?? 1000;
  let retryMs = firstRetryMs;
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const dropped = (current: pg.Client, err?: unknown) => {
    if (client !== current) return;
    client = null;
    current.removeAllListeners("notification");
    current.end().catch(() => {});
    opts.onGap();
    if (closed) return;
    opts.log.warn({ err }, "session announcements: connection lost, reconnecting");
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = new pg.Client(opts.connection);
    client = next;
    next.on("error", (err) => dropped(next, err));
    next.on("end", () => dropped(next));
    next.on("notification", (msg) => {
      if (msg.channel !== sessionChannel) return;
      const change = parseSessionChange(msg.payload);
      if (change) opts.onChange(change);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${sessionChannel}`);
    } catch (err) {
      dropped(next, err);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    // Whatever was announced before this LISTEN is unknown: start from what the database says.
    if (retryMs !== firstRetryMs) opts.onGap();
    retryMs = firstRetryMs;
  };

  return {
    ready: connect(),
    async close() {
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
    },
  };
}

/**
 * On PostgreSQL, applies every session change announced by the database to this server's cache at once,
 * whichever server made it: a logout on one server is refused by all the others without waiting for their
 * cached answer to expire. Nothing happens on the embedded database (one server only).
 */
export const sessionNotifyPlugin = fp(
  async (app: FastifyInstance) => {
    const pool = postgresPoolOf(app.db);
    if (!pool) return;
    const listener = listenForSessionChanges({
      connection: connectionConfigOf(pool, sessionListenerName),
      log: app.log,
      // `app.sessions` is read each time: tests may put another cache in its place.
      onChange: (change) =>
        "jti" in change ? app.sessions.revoke(change.jti) : app.sessions.forgetUser(change.userId),
      onGap: () => app.sessions.clear(),
    });
    await listener.ready;
    app.addHook("onClose", () => listener.close());
  },
  { name: "session-notify", dependencies: ["auth"] },
);
