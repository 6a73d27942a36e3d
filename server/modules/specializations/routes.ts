import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createSpecializationSchema,
  nestedSpecializationSchema,
  specializationCoordinatorSchema,
  specializationSchema,
  updateSpecializationSchema,
} from "../../../common/schemas/specializations.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { presentCoordinator, presentSpecialization, specializationCsvColumns } from "./presenter.js";
import {
  createNested,
  createSpecialization,
  deleteSpecialization,
  getSpecialization,
  getSpecializationCoordinator,
  listSpecializations,
  specializationSortable,
  updateSpecialization,
} from "./service.js";

const tags = ["Especialidades"];

const specializationsQuery = listQuery({
  sortable: specializationSortable,
  filters: {
    is_basic: queryFilter.boolean().describe("1: solo el ciclo básico; 0: las demás."),
    enabled: queryFilter.boolean().describe("1: solo habilitadas; 0: solo deshabilitadas."),
  },
});

/** Specializations (spec.md §7). Reads: admin group; writes: admin. */
export async function specializationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/specializations",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Listar especialidades",
        description:
          "Busca en título y código; filtros `is_basic`, `enabled`. `format=csv`: todas como archivo CSV.",
        querystring: specializationsQuery,
        response: { 200: listResponse(specializationSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listSpecializations({ db, list }),
        present: presentSpecialization,
        csv: { filename: "especialidades", columns: specializationCsvColumns },
      }),
  );

  r.get(
    "/specializations/:id",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Ver una especialidad",
        params: idParamsSchema,
        response: { 200: itemResponse(specializationSchema) },
      },
    },
    async (request) => ({
      data: presentSpecialization(await getSpecialization({ db, id: request.params.id })),
    }),
  );

  r.get(
    "/specializations/:id/coordinator",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Coordinador de una especialidad",
        description: "El coordinador de la especialidad, o `null` si no tiene.",
        params: idParamsSchema,
        response: { 200: itemResponse(specializationCoordinatorSchema) },
      },
    },
    async (request) => ({
      data: presentCoordinator(await getSpecializationCoordinator({ db, id: request.params.id })),
    }),
  );

  r.post(
    "/specializations",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Crear una especialidad",
        body: createSpecializationSchema,
        response: { 201: itemResponse(specializationSchema) },
      },
    },
    async (request, reply) => {
      const row = await createSpecialization({ db, input: request.body });
      return reply.status(201).send({ data: presentSpecialization(row) });
    },
  );

  r.post(
    "/specializations/periods/pensums/semesters/courses",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Crear especialidad con pensum, semestres y materias",
        description:
          "Crea en una sola transacción la especialidad, la versión 1 de su pensum, sus semestres en orden y " +
          "sus materias (nuevas, o existentes por `id`), y si se indica `period_id` asigna el pensum a ese " +
          "período (400 `cant_attach_a_pensum_to_an_active_period` si ya comenzó). Si algo falla no se " +
          "escribe nada.",
        body: nestedSpecializationSchema,
        response: {
          201: z.object({
            data: specializationSchema.extend({
              pensum_id: z.number().int(),
              period_id: z.number().int().nullable(),
            }),
          }),
        },
      },
    },
    async (request, reply) => {
      const result = await createNested({ db, input: request.body, today: app.clock.today() });
      const row = await getSpecialization({ db, id: result.specializationId });
      return reply.status(201).send({
        data: { ...presentSpecialization(row), pensum_id: result.pensumId, period_id: result.periodId },
      });
    },
  );

  r.patch(
    "/specializations/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Actualizar una especialidad",
        params: idParamsSchema,
        body: updateSpecializationSchema,
        response: { 200: itemResponse(specializationSchema) },
      },
    },
    async (request) => ({
      data: presentSpecialization(
        await updateSpecialization({ db, id: request.params.id, input: request.body }),
      ),
    }),
  );

  r.delete(
    "/specializations/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar una especialidad",
        description:
          "Rechazado con 400 `specialization_has_pensums` si tiene pensums y `specialization_has_coordinator` " +
          "si tiene coordinador.",
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deleteSpecialization({ db, id: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
