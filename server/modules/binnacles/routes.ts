import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  binnacleSchema,
  createBinnacleSchema,
  updateBinnacleSchema,
} from "../../../common/schemas/binnacles.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { principalOf } from "../../http/auth.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { binnacleCsvColumns, presentBinnacle } from "./presenter.js";
import {
  binnacleSortable,
  createBinnacle,
  deleteBinnacle,
  getBinnacle,
  listBinnacles,
  updateBinnacle,
} from "./service.js";

const tags = ["Bitácoras"];

const binnaclesQuery = listQuery({
  sortable: binnacleSortable,
  defaultSort: { field: "incidence_date", direction: "desc" },
  filters: {
    student_id: queryFilter.int({ min: 1 }).describe("Solo las entradas sobre este estudiante."),
    period_id: queryFilter.int({ min: 1 }).describe("Solo las entradas de este período."),
    course_section_id: queryFilter.int({ min: 1 }).describe("Solo las entradas de esta materia de sección."),
  },
});

const RECORD_RULE =
  "Un estudiante ve solo las entradas sobre sí mismo; un profesor, las de los estudiantes de sus materias; " +
  "un coordinador, las de los estudiantes de su especialidad.";
const WRITE_RULE =
  "Administrador, profesor o coordinador. Un profesor escribe solo sobre estudiantes de sus materias (y, " +
  "con `course_section_id`, de una materia que dicta); un coordinador, sobre los de su especialidad.";
const CHANGE_RULE =
  " Una bitácora ligada a una materia la editan o eliminan solo un administrador o quien dicta esa materia " +
  "(`teacher_not_has_course_section_assigned`); ser su autor no basta.";

/** Binnacles (spec.md §7): entries about students. List and detail: everyone (scoped); writes: §6. */
export async function binnaclesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/binnacles",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Listar bitácoras",
        description: `${RECORD_RULE} Busca en asunto, categoría, descripción y estudiante; \`format=csv\`: archivo CSV.`,
        querystring: binnaclesQuery,
        response: { 200: listResponse(binnacleSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listBinnacles({ db, caller: principalOf(request), list }),
        present: presentBinnacle,
        csv: { filename: "bitacoras", columns: binnacleCsvColumns },
      }),
  );

  r.get(
    "/binnacles/:id",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Ver una bitácora",
        description: RECORD_RULE,
        params: idParamsSchema,
        response: { 200: itemResponse(binnacleSchema) },
      },
    },
    async (request) => ({
      data: presentBinnacle(await getBinnacle({ db, caller: principalOf(request), id: request.params.id })),
    }),
  );

  r.post(
    "/binnacles",
    {
      onRequest: app.allow("binnaclesWrite"),
      schema: {
        tags,
        summary: "Crear una bitácora",
        description: WRITE_RULE,
        body: createBinnacleSchema,
        response: { 201: itemResponse(binnacleSchema) },
      },
    },
    async (request, reply) => {
      const row = await createBinnacle({ db, caller: principalOf(request), input: request.body });
      return reply.status(201).send({ data: presentBinnacle(row) });
    },
  );

  r.patch(
    "/binnacles/:id",
    {
      onRequest: app.allow("binnaclesWrite"),
      schema: {
        tags,
        summary: "Actualizar una bitácora",
        description: WRITE_RULE + CHANGE_RULE,
        params: idParamsSchema,
        body: updateBinnacleSchema,
        response: { 200: itemResponse(binnacleSchema) },
      },
    },
    async (request) => ({
      data: presentBinnacle(
        await updateBinnacle({
          db,
          caller: principalOf(request),
          id: request.params.id,
          input: request.body,
        }),
      ),
    }),
  );

  r.delete(
    "/binnacles/:id",
    {
      onRequest: app.allow("binnaclesWrite"),
      schema: {
        tags,
        summary: "Eliminar una bitácora",
        description: WRITE_RULE + CHANGE_RULE,
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deleteBinnacle({ db, caller: principalOf(request), id: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
