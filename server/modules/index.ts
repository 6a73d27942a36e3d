import type { FastifyInstance } from "fastify";
import { activitiesRoutes } from "./activities/routes.js";
import { auditRoutes } from "./audit/routes.js";
import { authRoutes } from "./auth/routes.js";
import { classHoursRoutes } from "./class-hours/routes.js";
import { classroomsRoutes } from "./classrooms/routes.js";
import { coursesRoutes } from "./courses/routes.js";
import { holidaysRoutes } from "./holidays/routes.js";
import { inscriptionsRoutes } from "./inscriptions/routes.js";
import { notificationsRoutes } from "./notifications/routes.js";
import { pensumsRoutes } from "./pensums/routes.js";
import { periodsRoutes } from "./periods/routes.js";
import { prelationsRoutes } from "./prelations/routes.js";
import { preregisteredStudentsRoutes } from "./preregistered-students/routes.js";
import { reinscriptionsRoutes } from "./reinscriptions/routes.js";
import { schedulesRoutes } from "./schedules/routes.js";
import { sectionsRoutes } from "./sections/routes.js";
import { semestersRoutes } from "./semesters/routes.js";
import { specializationsRoutes } from "./specializations/routes.js";
import { administratorsRoutes } from "./users/admins-routes.js";
import { usersRoutes } from "./users/routes.js";
import { withdrawalsRoutes } from "./withdrawals/routes.js";

/** Registers every module's routes under /api; each module owns its own routes.ts. */
export async function registerModules(app: FastifyInstance) {
  app.get("/health", async () => ({ data: { status: "ok" } }));
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(administratorsRoutes);
  await app.register(classroomsRoutes);
  await app.register(notificationsRoutes);
  await app.register(auditRoutes);
  await app.register(periodsRoutes);
  await app.register(classHoursRoutes);
  await app.register(holidaysRoutes);
  await app.register(activitiesRoutes);
  await app.register(schedulesRoutes);
  await app.register(coursesRoutes);
  await app.register(prelationsRoutes);
  await app.register(sectionsRoutes);
  await app.register(specializationsRoutes);
  await app.register(pensumsRoutes);
  await app.register(semestersRoutes);
  await app.register(preregisteredStudentsRoutes);
  await app.register(inscriptionsRoutes);
  await app.register(reinscriptionsRoutes);
  await app.register(withdrawalsRoutes);
}
