import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { connectionConfigOf, postgresPoolOf } from "../cluster/pool.js";
import { InProcessJobs } from "./in-process.js";
import { PgBossJobs } from "./pg-boss.js";
import type { Jobs } from "./types.js";

export type { Jobs } from "./types.js";

/**
 * Decorates `app.jobs`: the pg-boss queue on PostgreSQL, the in-process scheduler on the embedded database.
 * Nothing runs until `app.jobs.start()` (main.ts calls it after listen; test apps only when a test does).
 * Stopping the app stops the jobs first (preClose), waiting for running handlers while the database is open.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const pool = postgresPoolOf(app.db);
    const jobs: Jobs = pool ? new PgBossJobs(connectionConfigOf(pool), app.log) : new InProcessJobs(app.log);
    app.decorate("jobs", jobs);
    app.addHook("preClose", async () => {
      await app.jobs.stop();
    });
  },
  { name: "jobs" },
);
