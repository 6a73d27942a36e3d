import type { FastifyBaseLogger } from "fastify";
import { isDatabaseUnavailable, unavailableReason } from "../db/connection-errors.js";

/**
 * pg-boss 10 starts some database calls without waiting for them (it completes or fails a job right after
 * its handler returns): when the database is away at that instant, the rejection is unhandled, and Node ends
 * the process on an unhandled rejection — a PostgreSQL restart stopped the server. While the queue runs, such
 * rejections are logged as warnings; any other one still ends the process, as Node would have. Answers the
 * function that removes the listener.
 */
export function tolerateDatabaseRejections(log: FastifyBaseLogger): () => void {
  const listener = (reason: unknown) => {
    if (isDatabaseUnavailable(reason)) {
      log.warn({ reason: unavailableReason(reason) }, "job queue: database unavailable");
      return;
    }
    // Someone else listens too (a test runner): theirs to report. Alone, end the process as Node would.
    if (process.listenerCount("unhandledRejection") > 1) return;
    throw reason;
  };
  process.on("unhandledRejection", listener);
  return () => process.removeListener("unhandledRejection", listener);
}
