/**
 * Timed jobs that run exactly once per period across every server sharing the database.
 *
 * On PostgreSQL the schedule lives in the database (pg-boss), so with several servers each
 * period's run is picked up by exactly one of them. On the embedded database (one process per
 * data folder) an in-process scheduler runs the same handlers.
 */
export interface Jobs {
  /** Runs `handler` every `everyMs` ms, once per period across all servers sharing the database. */
  every(name: string, everyMs: number, handler: () => Promise<void>): void;
  /** Starts the schedule (main.ts calls it after listen); tests may call it or `runNow`. */
  start(): Promise<void>;
  /** Runs one job now, once, on one server (for tests and admin actions). */
  runNow(name: string): Promise<void>;
  /** Stops timers and workers, waiting for running handlers (part of graceful stop). */
  stop(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    jobs: Jobs;
  }
}
