import type { FastifyInstance } from "fastify";
import { authRoutes } from "./auth/routes.js";
import { classroomsRoutes } from "./classrooms/routes.js";
import { usersRoutes } from "./users/routes.js";

/** Registers every module's routes under /api; each module owns its own routes.ts. */
export async function registerModules(app: FastifyInstance) {
  app.get("/health", async () => ({ data: { status: "ok" } }));
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(classroomsRoutes);
}
