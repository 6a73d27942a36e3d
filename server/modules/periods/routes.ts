import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  coursesBySpecializationSchema,
  createPeriodSchema,
  openInscriptionsSchema,
  periodDetailSchema,
  periodPensumSchema,
  periodSchema,
  publicPeriodDetailSchema,
  updatePeriodSchema,
} from "../../../common/schemas/periods.js";
import { idParamsSchema, recordIdParam } from "../../../common/validation/ids.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import {
  periodCsvColumns,
  presentCoursesBySpecialization,
  presentPeriod,
  presentPeriodDetail,
  presentPeriodPensum,
  presentPublicPeriodDetail,
} from "./presenter.js";
import {
  attachPensum,
  coursesBySpecialization,
  createPeriod,
  deletePeriod,
  enabledInscriptionPeriod,
  enabledPeriod,
  enabledPeriodPensums,
  enabledPreregistersPeriod,
  getPeriod,
  listPeriods,
  openInscriptions,
  periodSortable,
  updatePeriod,
} from "./service.js";

const tags = ["Períodos"];
const idParams = idParamsSchema;
const pensumParams = z.object({ id: recordIdParam(), pensum_id: recordIdParam() });

const periodsQuery = listQuery({
  sortable: periodSortable,
  defaultSort: { field: "id", direction: "desc" },
  filters: {
    enabled: queryFilter.boolean().describe("1: solo el período activo; 0: los demás."),
    year: queryFilter.int({ min: 1900, max: 9999 }).describe("Solo los períodos de ese año."),
    enabled_inscriptions: queryFilter.boolean().describe("1: solo los períodos con inscripciones abiertas."),
  },
});

/**
 * Periods (spec.md §7): the list for the admin group and the coordinators (their period selector on the
 * section pages), the detail for the admin group, writes for admins.
 */
export async function periodsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const today = () => app.clock.today();

  r.get(
    "/periods",
    {
      onRequest: app.allow("periodChoice"),
      schema: {
        tags,
        summary: "Listar períodos",
        description:
          "Por omisión del más reciente al más antiguo (id descendente); `sort_by=year,desc` ordena por año y " +
          "número. Busca por `año-número`; filtros `enabled`, `year` y `enabled_inscriptions`. `format=csv` descarga todas las filas.",
        querystring: periodsQuery,
        response: { 200: listResponse(periodSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listPeriods({ db, list }),
        present: presentPeriod,
        csv: { filename: "periodos", columns: periodCsvColumns },
      }),
  );

  r.get(
    "/periods/:id",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Ver un período",
        description: "Con sus responsables y el pensum de cada especialidad (null: sin asignar).",
        params: idParams,
        response: { 200: itemResponse(periodDetailSchema) },
      },
    },
    async (request) => ({ data: presentPeriodDetail(await getPeriod({ db, id: request.params.id })) }),
  );

  r.get(
    "/periods/:id/courses-by-specialization",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Materias del período por especialidad",
        description:
          "Para cada especialidad con pensum en el período: sus semestres en orden con sus materias.",
        params: idParams,
        response: { 200: z.object({ data: z.array(coursesBySpecializationSchema) }) },
      },
    },
    async (request) => ({
      data: (await coursesBySpecialization({ db, id: request.params.id })).map(
        presentCoursesBySpecialization,
      ),
    }),
  );

  r.post(
    "/periods",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Crear un período",
        description:
          "Fechas en orden (inicio ≤ primer corte ≤ segundo corte ≤ cierre; mitades y recordatorios dentro del " +
          "período), si no 400 `invalid_date_range`; año y número repetidos: 400 " +
          "`year_number_combination_already_exists`. `semester_price_e2` en centésimas. Se crea sin activar.",
        body: createPeriodSchema,
        response: { 201: itemResponse(periodDetailSchema) },
      },
    },
    async (request, reply) => {
      const period = await createPeriod({ db, input: request.body });
      return reply.status(201).send({ data: presentPeriodDetail(period) });
    },
  );

  r.patch(
    "/periods/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Actualizar un período",
        description:
          "Solo cambian los campos enviados. `enabled: true` lo vuelve el período activo y desactiva el anterior " +
          "en la misma transacción, y cierra inscripciones y preinscripciones de los períodos que dejan de ser " +
          "el actual o el próximo; solo el próximo período puede activarse (400 `period_not_equals_next_period`; " +
          "400 `all_specializations_must_have_one_pensum` si falta algún pensum). Los " +
          "períodos anteriores al actual son de solo lectura (400 `unable_to_update_older_periods`).",
        params: idParams,
        body: updatePeriodSchema,
        response: { 200: itemResponse(periodDetailSchema) },
      },
    },
    async (request) => ({
      data: presentPeriodDetail(await updatePeriod({ db, id: request.params.id, input: request.body })),
    }),
  );

  r.patch(
    "/periods/:id/open-inscriptions",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Abrir o cerrar inscripciones y preinscripciones",
        description:
          "Abrir solo en el período actual o en el siguiente (400 `period_not_equals_next_period`); cerrar, en " +
          "cualquier período.",
        params: idParams,
        body: openInscriptionsSchema,
        response: { 200: itemResponse(periodDetailSchema) },
      },
    },
    async (request) => ({
      data: presentPeriodDetail(await openInscriptions({ db, id: request.params.id, input: request.body })),
    }),
  );

  r.put(
    "/periods/:id/pensums/:pensum_id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Asignar un pensum al período",
        description:
          "Un pensum por especialidad: reemplaza el de la especialidad del pensum. Rechazado con 400 " +
          "`cant_attach_a_pensum_to_an_active_period` si el período está activo o ya comenzó.",
        params: pensumParams,
        response: { 200: itemResponse(periodDetailSchema) },
      },
    },
    async (request) => ({
      data: presentPeriodDetail(
        await attachPensum({ db, id: request.params.id, pensumId: request.params.pensum_id, today: today() }),
      ),
    }),
  );

  r.delete(
    "/periods/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar un período",
        description:
          "Rechazado con 400 `period_is_enabled` (el activo), `unable_to_update_older_periods` (anteriores) o " +
          "`period_has_dependents` (con secciones, inscripciones, cuotas o pagos).",
        params: idParams,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deletePeriod({ db, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/enabled-period",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Período activo",
        description: "404 `unable_to_find_enabled_period` si ninguno está activo.",
        response: { 200: itemResponse(publicPeriodDetailSchema) },
      },
    },
    async () => ({ data: presentPublicPeriodDetail(await enabledPeriod({ db })) }),
  );

  r.get(
    "/enabled-period/pensums",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Pensums del período activo",
        description: "Uno por especialidad, con sus semestres. 404 `unable_to_find_enabled_period`.",
        response: { 200: z.object({ data: z.array(periodPensumSchema) }) },
      },
    },
    async () => ({ data: (await enabledPeriodPensums({ db })).map(presentPeriodPensum) }),
  );

  r.get(
    "/enabled-preregisters-period",
    {
      schema: {
        tags,
        summary: "Período con preinscripciones abiertas (público)",
        description:
          "Sin sesión: lo usa el formulario público de preinscripción. 400 " +
          "`unable_to_find_enabled_preregisters_period` si ninguno las tiene abiertas.",
        response: { 200: itemResponse(publicPeriodDetailSchema) },
      },
    },
    async () => ({ data: presentPublicPeriodDetail(await enabledPreregistersPeriod({ db })) }),
  );

  r.get(
    "/enabled-inscription-period",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Período con inscripciones abiertas",
        description: "400 `period_inscriptions_are_disabled` si ninguno las tiene abiertas.",
        response: { 200: itemResponse(publicPeriodDetailSchema) },
      },
    },
    async () => ({ data: presentPublicPeriodDetail(await enabledInscriptionPeriod({ db })) }),
  );
}
