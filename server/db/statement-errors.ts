import pg from "pg";
import { isDatabaseUnavailable, markDatabaseError } from "./connection-errors.js";

/**
 * node-postgres's `pool.query` takes a connection out of the pool after any error, even a statement that
 * PostgreSQL refused (a unique key, a raised exception) on a connection that is as good as before. Every
 * refusal then cost the next query a new connection: a backend to start, functions to compile and plans
 * to make again, 20-40 ms, which on an enrolment morning (a section's seats refused by the statement that
 * takes them) was most of an inscription's time. Here such a connection goes back to the pool; one that
 * failed otherwise (dropped, broken, or told by the server that it is being ended: 57P01 from a restart or
 * `pg_terminate_backend`, which arrives as a DatabaseError too) is still taken out.
 */
export function keepConnectionsOnStatementErrors(pool: pg.Pool): void {
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const [text, values] = args;
    // Callbacks and submittables (cursors, streams) the way node-postgres does them.
    const submittable = typeof text === "object" && text !== null && "submit" in text;
    if (args.length > 2 || typeof values === "function" || submittable) return poolQuery(...args);
    return (async () => {
      const client = await pool.connect();
      let broken: unknown;
      // A connection that fails while the statement runs (the query rejects too).
      const onError = (err: Error) => {
        broken ??= err;
      };
      client.once("error", onError);
      try {
        return await client.query(text as string, values as unknown[]);
      } catch (err) {
        markDatabaseError(err);
        if (!(err instanceof pg.DatabaseError) || isDatabaseUnavailable(err)) broken ??= err;
        throw err;
      } finally {
        client.removeListener("error", onError);
        client.release(broken as Error | undefined);
      }
    })();
  }) as typeof pool.query;
}
