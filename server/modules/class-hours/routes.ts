import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { classHourInputSchema, classHourSchema } from "../../../common/schemas/class-hours.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { sendList } from "../../http/csv.js";
import { listQuery } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { classHourCsvColumns, presentClassHour } from "./presenter.js";
import {
  classHourSortable,
  createClassHour,
  deleteClassHour,
  getClassHour,
  listClassHours,
  updateClassHour,
} from "./service.js";

const tags = ["Horas de clase"];
const classHoursQuery = listQuery({ sortable: classHourSortable });

/** Class hours (spec.md §7): reads admin group, writes admin (spec.md §6). */
export async function classHoursRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/class-hours",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Listar horas de clase",
        description: "Ordenadas por hora de inicio; `search` busca en los textos `HH:MM` de inicio y fin.",
        querystring: classHoursQuery,
        response: { 200: listResponse(classHourSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listClassHours({ db, list }),
        present: presentClassHour,
        csv: { filename: "horas-de-clase", columns: classHourCsvColumns },
      }),
  );

  r.get(
    "/class-hours/:id",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Ver una hora de clase",
        params: idParamsSchema,
        response: { 200: itemResponse(classHourSchema) },
      },
    },
    async (request) => ({ data: presentClassHour(await getClassHour({ db, id: request.params.id })) }),
  );

  r.post(
    "/class-hours",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Crear una hora de clase",
        description: "La hora de fin debe ser posterior a la de inicio (422 en `end_hour`).",
        body: classHourInputSchema,
        response: { 201: itemResponse(classHourSchema) },
      },
    },
    async (request, reply) => {
      const row = await createClassHour({ db, input: request.body });
      return reply.status(201).send({ data: presentClassHour(row) });
    },
  );

  r.patch(
    "/class-hours/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Actualizar una hora de clase",
        params: idParamsSchema,
        body: classHourInputSchema,
        response: { 200: itemResponse(classHourSchema) },
      },
    },
    async (request) => ({
      data: presentClassHour(await updateClassHour({ db, id: request.params.id, input: request.body })),
    }),
  );

  r.delete(
    "/class-hours/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar una hora de clase",
        description: "Rechazado con 400 `class_hour_has_schedules` si algún horario la usa.",
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deleteClassHour({ db, id: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
