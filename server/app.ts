import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { sessionNotifyPlugin } from "./auth/session-notify.js";
import { backupPlugin } from "./backup/routes.js";
import { type Clock, systemClock } from "./clock.js";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import { authPlugin } from "./http/auth.js";
import { earlyErrorOptions, registerErrorHandling } from "./http/error-handler.js";
import { openapiPlugin } from "./http/openapi.js";
import { registerSecurity } from "./http/security.js";
import { validatorCompiler } from "./http/validation.js";
import { evaluationRemindersJobPlugin } from "./jobs/evaluation-reminders.js";
import { expiryJobPlugin } from "./jobs/expiry.js";
import { jobsPlugin } from "./jobs/index.js";
import { orphanFilesJobPlugin } from "./jobs/orphan-files.js";
import { type LogStream, loggerOptions } from "./lifecycle/logger.js";
import { createMailer, type Mailer } from "./mail/index.js";
import { registerModules } from "./modules/index.js";
import { storagePlugin } from "./storage/plugin.js";
import type { FileStorage } from "./storage/types.js";

/**
 * `mailer` defaults to one built from config (SMTP, or the outbox folder); `storage` to the one config and
 * database call for (server/storage); `clock` to the machine's clock in the school's time zone (tests set one).
 */
export type AppDeps = {
  config: Config;
  db: Db;
  mailer?: Mailer;
  storage?: FileStorage;
  clock?: Clock;
  /** Where log lines go instead of stdout (a test reads them; logging is otherwise off in tests). */
  logStream?: LogStream;
};

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** "Now" and "today" for every rule (server/clock.ts). */
    clock: Clock;
  }
}

/** Builds the whole API (every plugin and module) without listening; tests call it with `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.config, deps.logStream),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Bad URLs and requests Node refuses (oversized headers) answer in the error shape too.
    ...earlyErrorOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate("config", deps.config);
  app.decorate("db", deps.db);
  app.decorate("clock", deps.clock ?? systemClock(deps.config.timeZone));
  app.decorate("mailer", deps.mailer ?? createMailer(deps.config, app.log));
  app.addHook("onClose", () => app.mailer.idle());
  // Uploads and generated files: the data folder, the PostgreSQL database or STORAGE_URL's object store.
  await app.register(storagePlugin, { storage: deps.storage });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerSecurity(app, deps.config);
  // Uploads: each route sets its own size limit (profile pictures 2 MB); this is the ceiling.
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 5, fields: 50 } });
  await app.register(authPlugin);
  // On PostgreSQL: logouts and session changes made by any server apply here at once.
  await app.register(sessionNotifyPlugin);
  // Timed jobs (once across all servers); nothing runs until app.jobs.start().
  await app.register(jobsPlugin);
  await app.register(expiryJobPlugin);
  await app.register(evaluationRemindersJobPlugin);
  await app.register(orphanFilesJobPlugin);
  await app.register(openapiPlugin);
  await app.register(registerModules, { prefix: "/api" });
  // Backups: the /backups page's calls, the schedule (BACKUP_EVERY_HOURS) and `npm run backup`'s endpoint.
  await app.register(backupPlugin);
  return app;
}
