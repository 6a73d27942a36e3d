import type { FastifyInstance } from "fastify";

/** Registers every module's routes under /api; each module owns its own routes.ts. */
export async function registerModules(app: FastifyInstance) {
  app.get("/health", async () => ({ data: { status: "ok" } }));
}
