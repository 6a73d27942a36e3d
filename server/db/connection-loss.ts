import type pg from "pg";
import { markDatabaseError } from "./connection-errors.js";

/**
 * Makes the pool survive connections that the database ends (a restart, a failover, `pg_terminate_backend`,
 * a network cut) whatever they are doing at that moment.
 *
 * - node-postgres emits `error` on a connection that drops, and an `error` event nobody listens to ends the
 *   process. The pool listens only while a connection is idle in it; one checked out (a transaction between
 *   two statements, a COPY) had no listener: the restart killed the server. Every connection now has one
 *   for as long as it lives.
 * - A checked-out connection that drops is given back to the pool at once, marked broken (the pool closes
 *   it and opens another when needed). Drizzle's transactions never give back a connection whose `begin`
 *   failed: each one lost that way would have shrunk the pool until the server answered nothing. Whatever
 *   holds the connection sees its next statement fail; its own release afterwards does nothing.
 */
export function releaseConnectionsOnLoss(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    // The request or job using it sees the failure in the statement it runs (or its next one).
    client.on("error", () => {});
  });
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    // The callback form is node-postgres's own `pool.query`, which handles errors itself.
    if (args.length > 0) return connect(...args);
    const connecting = (connect() as Promise<pg.PoolClient>).catch((err: unknown) => {
      markDatabaseError(err);
      throw err;
    });
    return connecting.then((client) => {
      const release = client.release;
      let released = false;
      const giveBack = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener("error", onLoss);
        release(err);
      };
      const onLoss = (err: Error) => giveBack(err);
      client.once("error", onLoss);
      client.release = giveBack;
      return client;
    });
  }) as typeof pool.connect;
}
