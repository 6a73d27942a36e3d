import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { startTimetableRunSchema, timetableRunSchema } from "../../../common/schemas/timetable-runs.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { itemResponse } from "../../http/pagination.js";
import { presentTimetableRun } from "./presenter.js";
import { stopAll } from "./runner.js";
import {
  applyRun,
  failOrphanRuns,
  getRun,
  listRuns,
  startRun,
  stopRun,
  TimetableInfeasible,
} from "./service.js";

const tags = ["Generar horario"];

/** "Generar horario" (issue 28): the engine builds a period's timetable in the background; admin only. */
export async function timetableRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app;

  // Runs left running by a process that is gone fail (one server per folder on the embedded database).
  app.addHook("onReady", async () => {
    await failOrphanRuns({ db, clock, allRunning: !app.config.databaseUrl });
  });
  // A graceful stop asks this server's searches to stop; what they found is kept as "stopped" (preClose:
  // the database is still open).
  app.addHook("preClose", async () => {
    await stopAll(db);
  });

  r.post(
    "/periods/:id/timetable-runs",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Generar horario",
        description:
          "Empieza a buscar un horario sin choques para las secciones elegidas del período (`section_ids`; " +
          "por omisión todas) en segundo plano, durante `seconds` segundos (5–300, 60 por omisión). Sin " +
          "`rebuild` los horarios existentes de esas secciones se conservan. 409 `timetable_run_active` si ya " +
          "hay una búsqueda en curso para el período; 422 `timetable_infeasible` con `reasons` cuando se " +
          "demuestra que no existe. No escribe ningún horario: eso lo hace Aplicar.",
        params: idParamsSchema,
        body: startTimetableRunSchema,
        response: {
          202: itemResponse(timetableRunSchema),
          422: z.object({
            message: z.string(),
            description: z.string().optional(),
            code: z.string().optional(),
            errors: z.record(z.string(), z.array(z.string())).optional(),
            reasons: z.array(z.string()).optional().describe("Por qué no existe un horario sin choques."),
          }),
        },
      },
    },
    async (request, reply) => {
      try {
        const run = await startRun({
          db,
          clock,
          periodId: request.params.id,
          input: request.body,
          userId: request.principal!.id,
        });
        return reply.status(202).send({ data: presentTimetableRun(run) });
      } catch (err) {
        if (err instanceof TimetableInfeasible) {
          return reply
            .status(422)
            .send({ message: err.message, description: err.description, reasons: err.reasons });
        }
        throw err;
      }
    },
  );

  r.get(
    "/periods/:id/timetable-runs",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Generaciones de horario del período",
        description: "Las generaciones de horario del período, la más reciente primero.",
        params: idParamsSchema,
        response: { 200: z.object({ data: z.array(timetableRunSchema) }) },
      },
    },
    async (request) => ({
      data: (await listRuns({ db, periodId: request.params.id })).map(presentTimetableRun),
    }),
  );

  r.get(
    "/timetable-runs/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Ver una generación de horario",
        description:
          "Su estado, su progreso (tiempo, reglas incumplidas, costo) y, al terminar, la propuesta.",
        params: idParamsSchema,
        response: { 200: itemResponse(timetableRunSchema) },
      },
    },
    async (request) => ({ data: presentTimetableRun(await getRun({ db, clock, id: request.params.id })) }),
  );

  r.post(
    "/timetable-runs/:id/stop",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Detener una generación de horario",
        description: "Detiene la búsqueda; queda con estado `stopped` y la mejor propuesta encontrada.",
        params: idParamsSchema,
        response: { 200: itemResponse(timetableRunSchema) },
      },
    },
    async (request) => ({ data: presentTimetableRun(await stopRun({ db, clock, id: request.params.id })) }),
  );

  r.post(
    "/timetable-runs/:id/apply",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Aplicar una propuesta de horario",
        description:
          "Escribe la propuesta en los horarios en una transacción (con `rebuild`, reemplaza los de las " +
          "secciones elegidas). 409 `timetable_run_not_ready` si no terminó con una propuesta; 409 " +
          "`timetable_schedules_changed`, diciendo qué cambió, si los horarios, los profesores, las aulas o " +
          "las horas de clase cambiaron desde que empezó.",
        params: idParamsSchema,
        response: { 200: itemResponse(timetableRunSchema) },
      },
    },
    async (request) => ({ data: presentTimetableRun(await applyRun({ db, clock, id: request.params.id })) }),
  );
}
