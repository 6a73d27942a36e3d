import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { postgresPoolOf } from "../cluster/pool.js";
import { createStorage } from "./index.js";
import type { FileStorage } from "./types.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Where every upload and generated file is kept (server/storage). */
    storage: FileStorage;
  }
}

/** Decorates `app.storage`: `storage` when given (tests), else the one the configuration and database call for. */
export const storagePlugin = fp(
  async (app: FastifyInstance, opts: { storage?: FileStorage }) => {
    const storage =
      opts.storage ??
      createStorage({ config: app.config, db: app.db, kind: postgresPoolOf(app.db) ? "postgres" : "pglite" });
    app.decorate("storage", storage);
    // A storage handed in belongs to the caller, which closes it.
    if (!opts.storage) app.addHook("onClose", async () => storage.close?.());
  },
  { name: "storage" },
);
