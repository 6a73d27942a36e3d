import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  classroomAvailabilitySchema,
  classroomScheduleSchema,
  classroomSchema,
  createClassroomSchema,
  updateClassroomSchema,
} from "../../../common/schemas/classrooms.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listMetaSchema, listResponse } from "../../http/pagination.js";
import { sendRemembered } from "../../http/snapshot-memo.js";
import {
  classroomCsvColumns,
  presentAvailability,
  presentClassroom,
  presentClassroomSchedule,
} from "./presenter.js";
import {
  availabilitySortable,
  classroomAvailability,
  classroomSortable,
  createClassroom,
  deleteClassroom,
  getClassroom,
  listClassroomSchedules,
  listClassrooms,
  updateClassroom,
} from "./service.js";

const tags = ["Aulas"];
const idParams = idParamsSchema;

const classroomsQuery = listQuery({
  sortable: classroomSortable,
  filters: {
    enabled: queryFilter.boolean().describe("1: solo habilitadas; 0: solo deshabilitadas."),
    multiple_sections: queryFilter.boolean().describe("Filtra por aulas que admiten varias secciones."),
    min_capacity: queryFilter.int({ min: 0 }).describe("Capacidad máxima de al menos este valor."),
  },
});

const availabilityQuery = listQuery({
  // A grid of slots per classroom, not a table: no CSV.
  csv: false,
  sortable: availabilitySortable,
  filters: {
    available: queryFilter
      .boolean()
      .describe("1: solo aulas libres en todos los bloques consultados; 0: solo las ocupadas en alguno."),
    period_id: queryFilter.int({ min: 1 }).describe("Período; por omisión el período activo."),
    day: queryFilter.int({ min: 1, max: 6 }).describe("Día (1 lunes … 6 sábado); sin él, toda la semana."),
    class_hours_ids: queryFilter.intList().describe("Horas de clase, `1,2` o repetido; sin él, todas."),
    min_capacity: queryFilter.int({ min: 0 }).describe("Solo aulas con al menos esta capacidad."),
    include_disabled: queryFilter.boolean().describe("1: incluye las aulas deshabilitadas."),
    exclude_schedule_id: queryFilter
      .int({ min: 1 })
      .describe("Ignora los bloques de este horario (al moverlo a otra aula u hora)."),
  },
});

const schedulesQuery = z.object({
  period_id: queryFilter.int({ min: 1 }).describe("Período; por omisión el período activo."),
});

/** Classrooms (spec.md §7): the resource every later one copies. Reads: admin group; writes: admin. */
export async function classroomsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/classrooms",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Listar aulas",
        description:
          "Busca en código y descripción; filtros `enabled`, `multiple_sections`, `min_capacity`. " +
          "`format=csv`: todas las aulas como archivo CSV.",
        querystring: classroomsQuery,
        response: { 200: listResponse(classroomSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listClassrooms({ db, list }),
        present: presentClassroom,
        csv: { filename: "aulas", columns: classroomCsvColumns },
        remember: { db, name: "classrooms" },
      }),
  );

  r.get(
    "/classrooms/schedules-availability",
    {
      // spec.md §6 "schedule show, disponibilities and edit: admin only": the /schedules/disponibilities page.
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Disponibilidad de aulas",
        description:
          "Para un día y unas horas de clase (o toda la semana y todas las horas), qué aulas están libres u " +
          "ocupadas en el período. Cada aula trae sus bloques (día × hora) con quién los ocupa; `available` " +
          "indica si está libre en todos los bloques consultados. Las aulas vienen por páginas (`page`, " +
          "`limit`, `meta`; `limit=0` todas), se buscan por código o descripción y se ordenan con `sort_by`.",
        querystring: availabilityQuery,
        response: { 200: z.object({ data: classroomAvailabilitySchema, meta: listMetaSchema }) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const compute = () =>
        classroomAvailability({
          db,
          query: {
            list: q,
            available: q.available,
            periodId: q.period_id,
            day: q.day,
            classHourIds: q.class_hours_ids,
            minCapacity: q.min_capacity,
            includeDisabled: q.include_disabled,
            excludeScheduleId: q.exclude_schedule_id,
          },
        }).then((result) => ({ data: presentAvailability(result), meta: result.meta }));
      // The whole week of a period is many rows: answered again while nothing was written since.
      return sendRemembered(reply, db, `schedules-availability ${JSON.stringify(q)}`, compute);
    },
  );

  r.get(
    "/classrooms/:id",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Ver un aula",
        params: idParams,
        response: { 200: itemResponse(classroomSchema) },
      },
    },
    async (request) => ({ data: presentClassroom(await getClassroom({ db, id: request.params.id })) }),
  );

  r.get(
    "/classrooms/:id/schedules",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Horarios de un aula",
        description: "Los horarios del aula en el período (por omisión el activo), por día y hora.",
        params: idParams,
        querystring: schedulesQuery,
        response: { 200: z.object({ data: z.array(classroomScheduleSchema) }) },
      },
    },
    async (request) => {
      const rows = await listClassroomSchedules({
        db,
        id: request.params.id,
        periodId: request.query.period_id,
      });
      return { data: rows.map(presentClassroomSchedule) };
    },
  );

  r.post(
    "/classrooms",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Crear un aula",
        body: createClassroomSchema,
        response: { 201: itemResponse(classroomSchema) },
      },
    },
    async (request, reply) => {
      const row = await createClassroom({ db, input: request.body });
      return reply.status(201).send({ data: presentClassroom(row) });
    },
  );

  r.patch(
    "/classrooms/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Actualizar un aula",
        params: idParams,
        body: updateClassroomSchema,
        response: { 200: itemResponse(classroomSchema) },
      },
    },
    async (request) => ({
      data: presentClassroom(await updateClassroom({ db, id: request.params.id, input: request.body })),
    }),
  );

  r.delete(
    "/classrooms/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar un aula",
        description: "Rechazado con 400 `classroom_has_schedules` si algún horario la usa.",
        params: idParams,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deleteClassroom({ db, id: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
