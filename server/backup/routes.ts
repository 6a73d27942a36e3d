import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { jwtVerify } from "jose";
import { z } from "zod";
import { type BackupStatus, backupStatusSchema } from "../../common/schemas/backups.js";
import { AppError, conflict } from "../http/errors.js";
import { BackupError } from "./format.js";
import { BackupRunner, listBackups, streamBackup } from "./service.js";

declare module "fastify" {
  interface FastifyInstance {
    /** This server's backups (the /backups page, the schedule, `npm run backup`). */
    backups: BackupRunner;
  }
}

const tags = ["Copias de seguridad"];

/** The audience of the short-lived token `npm run backup` signs with the server's JWT secret. */
export const localBackupAudience = "aula-local-backup";
export const localBackupPath = "/api/backups/local";

const isLoopback = (address: string | undefined) =>
  !!address && (address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127."));

async function status(app: FastifyInstance): Promise<BackupStatus> {
  const archives = (await listBackups(app.config.backupDir)).map((a) => ({
    name: a.name,
    size: a.size,
    created_at: a.createdAt,
  }));
  const s = app.backups.state;
  return {
    archives,
    last: archives[0] ?? null,
    running: s.running,
    progress: s.progress,
    last_error: s.lastError,
    every_hours: app.config.backupEveryHours,
    keep: app.config.backupKeep,
  };
}

/**
 * GET/POST /api/backups (administrators): the archives and a new backup. POST /api/backups/local: the
 * whole archive streamed to `npm run backup` on the same machine (the embedded database can only be read
 * by the server that holds it). Also registers the scheduled backup (BACKUP_EVERY_HOURS) with app.jobs.
 */
export const backupPlugin = fp(
  async (app: FastifyInstance) => {
    const runner = new BackupRunner(
      {
        db: app.db,
        config: app.config,
        storage: app.hasDecorator("storage") ? app.storage : undefined,
      },
      app.log,
    );
    app.decorate("backups", runner);
    app.addHook("preClose", () => runner.idle());
    if (app.config.backupEveryHours > 0 && app.hasDecorator("jobs")) {
      app.jobs.every("backup", app.config.backupEveryHours * 3_600_000, () => runner.scheduled());
    }
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      "/api/backups",
      {
        onRequest: app.allow("backups"),
        schema: {
          tags,
          summary: "Copias de seguridad",
          description:
            "Las copias de BACKUP_DIR (la más reciente primero: la última copia), la programación y la copia en " +
            "curso con su avance. Solo administradores.",
          response: { 200: z.object({ data: backupStatusSchema }) },
        },
      },
      async () => ({ data: await status(app) }),
    );

    r.post(
      "/api/backups",
      {
        onRequest: app.allow("backups"),
        schema: {
          tags,
          summary: "Crear copia ahora",
          description:
            "Empieza una copia de seguridad en BACKUP_DIR y responde enseguida (202) con el estado; el avance " +
            "se consulta con GET. 409 si ya hay una en curso. Solo administradores.",
          response: { 202: z.object({ data: backupStatusSchema }) },
        },
      },
      async (_request, reply) => {
        try {
          // Failures are logged and notified to the administrators by the runner.
          runner.start().catch(() => {});
        } catch (err) {
          if (err instanceof BackupError && err.code === "backup_in_progress") {
            throw conflict("backup_in_progress", err.message);
          }
          throw err;
        }
        reply.code(202);
        return { data: await status(app) };
      },
    );

    r.post(localBackupPath, { schema: { hide: true } }, async (request, reply) => {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      const trusted =
        isLoopback(request.socket.remoteAddress) &&
        token &&
        (await jwtVerify(token, new TextEncoder().encode(app.config.jwtSecret), {
          audience: localBackupAudience,
          maxTokenAge: "2m",
        }).then(
          () => true,
          () => false,
        ));
      if (!trusted) throw new AppError(403, "this_action_is_unauthorized");
      reply.hijack();
      reply.raw.writeHead(200, { "content-type": "application/gzip" });
      try {
        await streamBackup(
          { db: app.db, config: app.config, storage: app.hasDecorator("storage") ? app.storage : undefined },
          reply.raw,
        );
      } catch (err) {
        app.log.error({ err }, "local backup failed");
        // The client sees a cut archive (no manifest) and reports it; the socket says it ended badly.
        reply.raw.destroy(err as Error);
      }
    });
  },
  { name: "backups", dependencies: ["auth"] },
);
