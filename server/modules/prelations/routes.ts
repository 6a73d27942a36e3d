import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  bulkDeletePrelationsSchema,
  createPrelationSchema,
  prelationSchema,
  prelationTypes,
  updatePrelationSchema,
} from "../../../common/schemas/prelations.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { prelationCsvColumns, presentPrelation } from "./presenter.js";
import {
  bulkDeletePrelations,
  createPrelation,
  deletePrelation,
  getPrelation,
  listCoursePrelations,
  listPrelations,
  prelationSortable,
  updatePrelation,
} from "./service.js";

const tags = ["Prelaciones"];

const prelationsQuery = listQuery({
  sortable: prelationSortable,
  defaultSort: { field: "id", direction: "asc" },
  filters: {
    pensum_id: queryFilter.int({ min: 1 }).describe("Prelaciones del pensum."),
    specialization_id: queryFilter
      .int({ min: 1 })
      .describe("Prelaciones de los pensums de la especialización."),
    course_id: queryFilter.int({ min: 1 }).describe("Prelaciones de la materia (lo que ella requiere)."),
    required_course_id: queryFilter.int({ min: 1 }).describe("Prelaciones que requieren esta materia."),
    type: queryFilter.enum(prelationTypes).describe("total o partial."),
  },
});

const coursePrelationsQuery = z.object({
  pensum_id: queryFilter.int({ min: 1 }).describe("Solo en este pensum."),
});

/**
 * Prelations (spec.md §7): everyone may read them (the curriculum is public to the school), administrators
 * write. Rules in service.ts: prelation_already_exists, target_must_be_related_to_next_semesters, no cycles.
 */
export async function prelationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/prelations",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Listar prelaciones",
        description:
          "Busca en código y título de ambas materias; filtros `pensum_id`, `specialization_id`, `course_id`, " +
          "`required_course_id` y `type`.",
        querystring: prelationsQuery,
        response: { 200: listResponse(prelationSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listPrelations({ db, list }),
        present: presentPrelation,
        csv: { filename: "prelaciones", columns: prelationCsvColumns },
      }),
  );

  r.get(
    "/prelations/:id",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Ver una prelación",
        params: idParamsSchema,
        response: { 200: itemResponse(prelationSchema) },
      },
    },
    async (request) => ({ data: presentPrelation(await getPrelation({ db, id: request.params.id })) }),
  );

  r.get(
    "/courses/:id/prelations",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Prelaciones de una materia",
        description: "Las materias que la materia requiere, en todos sus pensums o en `pensum_id`.",
        params: idParamsSchema,
        querystring: coursePrelationsQuery,
        response: { 200: z.object({ data: z.array(prelationSchema) }) },
      },
    },
    async (request) => {
      const rows = await listCoursePrelations({
        db,
        courseId: request.params.id,
        pensumId: request.query.pensum_id,
      });
      return { data: rows.map(presentPrelation) };
    },
  );

  r.post(
    "/prelations",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Crear una prelación",
        description:
          "En el pensum, `course_id` requiere `required_course_id`. Rechazos 400: `prelation_already_exists`, " +
          "`prelation_creates_cycle`, `target_must_be_related_to_next_semesters` (la materia debe estar en un " +
          "semestre posterior), `disabled_course_detected`.",
        body: createPrelationSchema,
        response: { 201: itemResponse(prelationSchema) },
      },
    },
    async (request, reply) => {
      const row = await createPrelation({ db, input: request.body, today: app.clock.today() });
      return reply.status(201).send({ data: presentPrelation(row) });
    },
  );

  r.patch(
    "/prelations/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Actualizar una prelación",
        description: "Cambia el tipo o la materia requerida (con las mismas reglas que al crear).",
        params: idParamsSchema,
        body: updatePrelationSchema,
        response: { 200: itemResponse(prelationSchema) },
      },
    },
    async (request) => ({
      data: presentPrelation(
        await updatePrelation({ db, id: request.params.id, input: request.body, today: app.clock.today() }),
      ),
    }),
  );

  r.delete(
    "/prelations",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar prelaciones parciales en lote",
        description:
          "Cuerpo `{ ids: [...] }`. Todo o nada: si alguna no existe, 404; si alguna es total, 400 " +
          "`only_partial_prelations_can_be_bulk_deleted` y no se elimina ninguna.",
        body: bulkDeletePrelationsSchema,
        response: { 200: z.object({ data: z.object({ deleted: z.number().int() }) }) },
      },
    },
    async (request) => ({
      data: { deleted: await bulkDeletePrelations({ db, input: request.body, today: app.clock.today() }) },
    }),
  );

  r.delete(
    "/prelations/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar una prelación",
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deletePrelation({ db, id: request.params.id, today: app.clock.today() });
      return reply.status(204).send(null);
    },
  );
}
