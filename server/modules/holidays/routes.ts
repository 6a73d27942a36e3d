import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createHolidaySchema, holidaySchema, updateHolidaySchema } from "../../../common/schemas/holidays.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { holidayCsvColumns, presentHoliday } from "./presenter.js";
import {
  createHoliday,
  deleteHoliday,
  getHoliday,
  holidaySortable,
  listHolidays,
  updateHoliday,
} from "./service.js";

const tags = ["Días feriados"];
const holidaysQuery = listQuery({
  sortable: holidaySortable,
  filters: {
    from: queryFilter.date().describe("Solo feriados que terminan este día o después (AAAA-MM-DD)."),
    to: queryFilter.date().describe("Solo feriados que empiezan este día o antes (AAAA-MM-DD)."),
    year: queryFilter.int({ min: 1900, max: 9999 }).describe("Solo feriados que tocan este año."),
  },
});

/** Holidays (spec.md §7): everyone reads (spec.md §2 common route /holidays), administrators write. */
export async function holidaysRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/holidays",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Listar días feriados",
        description:
          "Busca en la descripción; `from`/`to` devuelven los que tocan esos días (un mes del calendario).",
        querystring: holidaysQuery,
        response: { 200: listResponse(holidaySchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listHolidays({ db, list }),
        present: presentHoliday,
        csv: { filename: "dias-feriados", columns: holidayCsvColumns },
      }),
  );

  r.get(
    "/holidays/:id",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Ver un día feriado",
        params: idParamsSchema,
        response: { 200: itemResponse(holidaySchema) },
      },
    },
    async (request) => ({ data: presentHoliday(await getHoliday({ db, id: request.params.id })) }),
  );

  r.post(
    "/holidays",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Crear un día feriado",
        description: "Un día (`start_date`) o un rango (`end_date` igual o posterior).",
        body: createHolidaySchema,
        response: { 201: itemResponse(holidaySchema) },
      },
    },
    async (request, reply) => {
      const row = await createHoliday({ db, input: request.body });
      return reply.status(201).send({ data: presentHoliday(row) });
    },
  );

  r.patch(
    "/holidays/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Actualizar un día feriado",
        params: idParamsSchema,
        body: updateHolidaySchema,
        response: { 200: itemResponse(holidaySchema) },
      },
    },
    async (request) => ({
      data: presentHoliday(await updateHoliday({ db, id: request.params.id, input: request.body })),
    }),
  );

  r.delete(
    "/holidays/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar un día feriado",
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deleteHoliday({ db, id: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
