import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  activitySchema,
  createActivitySchema,
  updateActivitySchema,
} from "../../../common/schemas/activities.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { activityCsvColumns, presentActivity } from "./presenter.js";
import {
  activitySortable,
  createActivity,
  deleteActivity,
  getActivity,
  listActivities,
  updateActivity,
} from "./service.js";

const tags = ["Cronograma de actividades"];
const activitiesQuery = listQuery({
  sortable: activitySortable,
  filters: {
    from: queryFilter.date().describe("Solo actividades que terminan este día o después (AAAA-MM-DD)."),
    to: queryFilter.date().describe("Solo actividades que empiezan este día o antes (AAAA-MM-DD)."),
    period_id: queryFilter.int({ min: 1 }).describe("Solo actividades de este período."),
  },
});

/** Activities (spec.md §7): everyone reads (spec.md §6 "Cronograma de actividades (all)"), administrators write. */
export async function activitiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/activities",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Listar actividades",
        description:
          "Busca en título, descripción y observación; filtros `period_id` y `from`/`to` (las que tocan esos días).",
        querystring: activitiesQuery,
        response: { 200: listResponse(activitySchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listActivities({ db, list }),
        present: presentActivity,
        csv: { filename: "cronograma-de-actividades", columns: activityCsvColumns },
      }),
  );

  r.get(
    "/activities/:id",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Ver una actividad",
        params: idParamsSchema,
        response: { 200: itemResponse(activitySchema) },
      },
    },
    async (request) => ({ data: presentActivity(await getActivity({ db, id: request.params.id })) }),
  );

  r.post(
    "/activities",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Crear una actividad",
        description: "`end_date` igual o posterior a `start_date`; textos vacíos se guardan como ausentes.",
        body: createActivitySchema,
        response: { 201: itemResponse(activitySchema) },
      },
    },
    async (request, reply) => {
      const row = await createActivity({ db, input: request.body });
      return reply.status(201).send({ data: presentActivity(row) });
    },
  );

  r.patch(
    "/activities/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Actualizar una actividad",
        params: idParamsSchema,
        body: updateActivitySchema,
        response: { 200: itemResponse(activitySchema) },
      },
    },
    async (request) => ({
      data: presentActivity(await updateActivity({ db, id: request.params.id, input: request.body })),
    }),
  );

  r.delete(
    "/activities/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar una actividad",
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deleteActivity({ db, id: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
