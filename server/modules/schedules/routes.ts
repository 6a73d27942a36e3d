import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  bulkStoreSchedulesSchema,
  courseSectionSchedulesSchema,
  createScheduleSchema,
  scheduleSchema,
  updateScheduleSchema,
  weeklyGridSchema,
} from "../../../common/schemas/schedules.js";
import { idParamsSchema, recordIdParam } from "../../../common/validation/ids.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { sendRemembered } from "../../http/snapshot-memo.js";
import {
  presentCourseSectionSchedules,
  presentGrid,
  presentSchedule,
  scheduleCsvColumns,
} from "./presenter.js";
import {
  bulkStoreSchedules,
  courseSectionSchedules,
  createSchedule,
  deleteSchedule,
  getSchedule,
  listSchedules,
  listSectionSchedules,
  scheduleSortable,
  updateSchedule,
  weeklyGrid,
} from "./service.js";

const tags = ["Horarios"];

const filters = {
  period_id: queryFilter.int({ min: 1 }).describe("Período; por omisión el activo (o el de la sección)."),
  section_id: queryFilter.int({ min: 1 }).describe("Solo los horarios de esta sección."),
  classroom_id: queryFilter.int({ min: 1 }).describe("Solo los horarios de esta aula."),
  teacher_id: queryFilter.int({ min: 1 }).describe("Solo los horarios de las materias de este profesor."),
};

const schedulesQuery = listQuery({
  sortable: scheduleSortable,
  filters: {
    ...filters,
    course_section_id: queryFilter.int({ min: 1 }).describe("Solo los horarios de esta materia de sección."),
    day: queryFilter.int({ min: 1, max: 6 }).describe("Día (1 lunes … 6 sábado)."),
  },
});

const gridQuery = z.object(filters);

/** Schedules (spec.md §7): the standard calls, bulk store, the weekly grid and a section's schedules. */
export async function schedulesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/schedules",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Listar horarios",
        description:
          "Horarios del período (por omisión el activo); busca por sección, materia o aula; filtros " +
          "`section_id`, `course_section_id`, `classroom_id`, `teacher_id`, `day`.",
        querystring: schedulesQuery,
        response: { 200: listResponse(scheduleSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const filters = {
        periodId: q.period_id,
        sectionId: q.section_id,
        courseSectionId: q.course_section_id,
        classroomId: q.classroom_id,
        teacherId: q.teacher_id,
        day: q.day,
      };
      return sendList(reply, {
        list: q,
        fetchPage: (list) => listSchedules({ db, list, filters }),
        present: presentSchedule,
        csv: { filename: "horarios", columns: scheduleCsvColumns },
      });
    },
  );

  r.get(
    "/schedules/grid",
    {
      // spec.md §6 "schedule show, disponibilities and edit: admin only": only /schedules/show and the
      // set-schedule editor draw it. (A section's or a teacher's week: /sections/{id}/schedules,
      // /teachers/{id}/schedules.)
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Horario semanal (cuadrícula)",
        description:
          "Las horas de clase y los bloques ocupados (día × hora) de un período, de una sección, un aula o un " +
          "profesor; sin filtro, toda la ocupación del período (lo que el editor de horarios usa para marcar " +
          "choques antes de guardar). Siempre el mismo número de consultas.",
        querystring: gridQuery,
        response: { 200: itemResponse(weeklyGridSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      // A period's whole occupancy is many rows: answered again while nothing was written since.
      return sendRemembered(reply, db, `schedules-grid ${JSON.stringify(q)}`, async () => {
        const grid = await weeklyGrid({
          db,
          periodId: q.period_id,
          sectionId: q.section_id,
          classroomId: q.classroom_id,
          teacherId: q.teacher_id,
        });
        return { data: presentGrid(grid) };
      });
    },
  );

  r.post(
    "/schedules/bulk-store",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Guardar el horario semanal de una materia de sección",
        description:
          "Reemplaza, en una sola transacción, todos los horarios de la materia de sección. Las entradas sin " +
          "`class_hours_ids` se descartan. Un choque rechaza todo con 400 `combination_of_day_…_exists`.",
        body: bulkStoreSchedulesSchema,
        response: { 200: z.object({ data: z.array(scheduleSchema) }) },
      },
    },
    async (request) => {
      const rows = await bulkStoreSchedules({ db, input: request.body });
      return { data: rows.map(presentSchedule) };
    },
  );

  r.get(
    "/schedules/:id",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Ver un horario",
        params: idParamsSchema,
        response: { 200: itemResponse(scheduleSchema) },
      },
    },
    async (request) => ({ data: presentSchedule(await getSchedule({ db, id: request.params.id })) }),
  );

  r.post(
    "/schedules",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Crear un horario",
        body: createScheduleSchema,
        response: { 201: itemResponse(scheduleSchema) },
      },
    },
    async (request, reply) => {
      const row = await createSchedule({ db, input: request.body });
      return reply.status(201).send({ data: presentSchedule(row) });
    },
  );

  r.patch(
    "/schedules/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Actualizar un horario",
        params: idParamsSchema,
        body: updateScheduleSchema,
        response: { 200: itemResponse(scheduleSchema) },
      },
    },
    async (request) => ({
      data: presentSchedule(await updateSchedule({ db, id: request.params.id, input: request.body })),
    }),
  );

  r.delete(
    "/schedules/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar un horario",
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deleteSchedule({ db, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/sections/:id/schedules",
    {
      onRequest: app.allow("sectionDetail"),
      schema: {
        tags,
        summary: "Horarios de una sección",
        description: "Toda la semana de la sección, por día y hora.",
        params: idParamsSchema,
        response: { 200: z.object({ data: z.array(scheduleSchema) }) },
      },
    },
    async (request) => {
      const rows = await listSectionSchedules({ db, sectionId: request.params.id });
      return { data: rows.map(presentSchedule) };
    },
  );

  r.get(
    "/sections/:id/courses/:course_id/schedules",
    {
      onRequest: app.allow("sectionDetail"),
      schema: {
        tags,
        summary: "Horario de una materia de sección",
        description: "La materia (`course_id`) de la sección, con sus profesores y su horario semanal.",
        params: z.object({ id: recordIdParam(), course_id: recordIdParam() }),
        response: { 200: itemResponse(courseSectionSchedulesSchema) },
      },
    },
    async (request) => {
      const result = await courseSectionSchedules({
        db,
        sectionId: request.params.id,
        courseId: request.params.course_id,
      });
      return { data: presentCourseSectionSchedules(result) };
    },
  );
}
