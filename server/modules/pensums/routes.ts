import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createPensumSchema,
  createPensumVersionSchema,
  pensumDetailSchema,
  pensumSchema,
  updatePensumSchema,
} from "../../../common/schemas/pensums.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { pensumCsvColumns, presentPensum, presentPensumDetail } from "./presenter.js";
import {
  createPensum,
  createPensumVersion,
  deletePensum,
  getPensum,
  listPensums,
  pensumSortable,
  updatePensum,
} from "./service.js";

const tags = ["Pensums"];

const pensumsQuery = listQuery({
  sortable: pensumSortable,
  filters: {
    specialization_id: queryFilter.int({ min: 1 }).describe("Solo los pensums de esta especialidad."),
    enabled: queryFilter.boolean().describe("1: solo habilitados; 0: solo deshabilitados."),
  },
});

/** Pensums (spec.md §7): versioned curricula. Reads: admin group; writes: admin. */
export async function pensumsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/pensums",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Listar pensums",
        description:
          "Busca en el nombre y la especialidad; filtros `specialization_id`, `enabled`. `format=csv`: todos como archivo CSV.",
        querystring: pensumsQuery,
        response: { 200: listResponse(pensumSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listPensums({ db, list }),
        present: presentPensum,
        csv: { filename: "pensums", columns: pensumCsvColumns },
      }),
  );

  r.get(
    "/pensums/:id",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Ver un pensum",
        description:
          "Con sus semestres en orden, sus materias, las prelaciones entre ellas, períodos y versiones.",
        params: idParamsSchema,
        response: { 200: itemResponse(pensumDetailSchema) },
      },
    },
    async (request) => ({ data: presentPensumDetail(await getPensum({ db, id: request.params.id })) }),
  );

  r.post(
    "/pensums",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Crear un pensum",
        description: "Versión 1, opcionalmente con sus semestres (en orden) y sus materias.",
        body: createPensumSchema,
        response: { 201: itemResponse(pensumDetailSchema) },
      },
    },
    async (request, reply) => {
      const row = await createPensum({ db, input: request.body });
      return reply.status(201).send({ data: presentPensumDetail(row) });
    },
  );

  r.post(
    "/pensums/:id/versions",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Crear una nueva versión de un pensum",
        description:
          "Copia semestres, materias y prelaciones en la versión siguiente; el original no cambia (los " +
          "períodos que lo usan lo conservan).",
        params: idParamsSchema,
        body: z.preprocess((v) => v ?? {}, createPensumVersionSchema),
        response: { 201: itemResponse(pensumDetailSchema) },
      },
    },
    async (request, reply) => {
      const row = await createPensumVersion({ db, id: request.params.id, input: request.body });
      return reply.status(201).send({ data: presentPensumDetail(row) });
    },
  );

  r.patch(
    "/pensums/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Actualizar un pensum",
        params: idParamsSchema,
        body: updatePensumSchema,
        response: { 200: itemResponse(pensumDetailSchema) },
      },
    },
    async (request) => ({
      data: presentPensumDetail(
        await updatePensum({ db, id: request.params.id, input: request.body, today: app.clock.today() }),
      ),
    }),
  );

  r.delete(
    "/pensums/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar un pensum",
        description:
          "400 `pensum_has_periods` si un período lo usa; `pensum_semesters_has_sections` si sus semestres " +
          "tienen secciones.",
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deletePensum({ db, id: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
