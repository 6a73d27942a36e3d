import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createSemesterSchema,
  moveSemesterCourseSchema,
  putSemesterCoursesSchema,
  semesterCourseSchema,
  semesterSchema,
  updateSemesterSchema,
} from "../../../common/schemas/semesters.js";
import { idParamsSchema, recordIdParam } from "../../../common/validation/ids.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { presentSemester, presentSemesterCourse, semesterCsvColumns } from "./presenter.js";
import {
  createSemester,
  deleteSemester,
  getSemester,
  getSemesterCourses,
  listSemesters,
  moveSemesterCourse,
  putSemesterCourses,
  semesterSortable,
  updateSemester,
} from "./service.js";

const tags = ["Semestres"];

const semestersQuery = listQuery({
  sortable: semesterSortable,
  filters: {
    pensum_id: queryFilter.int({ min: 1 }).describe("Solo los semestres de este pensum."),
    specialization_id: queryFilter.int({ min: 1 }).describe("Solo los de pensums de esta especialidad."),
  },
});

const courseParams = z.object({ id: recordIdParam(), course_id: recordIdParam() });
const coursesResponse = z.object({ data: z.array(semesterCourseSchema) });

/** Semesters of a pensum and their courses (spec.md §7). Reads: admin group; writes: admin. */
export async function semestersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/semesters",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Listar semestres",
        description: "Filtros `pensum_id`, `specialization_id`; busca en el código.",
        querystring: semestersQuery,
        response: { 200: listResponse(semesterSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listSemesters({ db, list }),
        present: presentSemester,
        csv: { filename: "semestres", columns: semesterCsvColumns },
      }),
  );

  r.get(
    "/semesters/:id",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Ver un semestre",
        params: idParamsSchema,
        response: { 200: itemResponse(semesterSchema) },
      },
    },
    async (request) => ({ data: presentSemester(await getSemester({ db, id: request.params.id })) }),
  );

  r.post(
    "/semesters",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Crear un semestre",
        description:
          "Se agrega tras el último semestre del pensum salvo que se indique `number`. 400 " +
          "`pensum_is_not_versioned` si el pensum lo usa un período que ya comenzó (cree una nueva versión).",
        body: createSemesterSchema,
        response: { 201: itemResponse(semesterSchema) },
      },
    },
    async (request, reply) => {
      const row = await createSemester({ db, input: request.body, today: app.clock.today() });
      return reply.status(201).send({ data: presentSemester(row) });
    },
  );

  r.patch(
    "/semesters/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Actualizar un semestre",
        params: idParamsSchema,
        body: updateSemesterSchema,
        response: { 200: itemResponse(semesterSchema) },
      },
    },
    async (request) => ({
      data: presentSemester(
        await updateSemester({ db, id: request.params.id, input: request.body, today: app.clock.today() }),
      ),
    }),
  );

  r.delete(
    "/semesters/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar un semestre",
        description: "400 `semester_has_sections` si alguna sección lo usa. Los siguientes se renumeran.",
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deleteSemester({ db, id: request.params.id, today: app.clock.today() });
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/semesters/:id/courses",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Materias de un semestre",
        params: idParamsSchema,
        response: { 200: coursesResponse },
      },
    },
    async (request) => ({
      data: (await getSemesterCourses({ db, id: request.params.id })).map(presentSemesterCourse),
    }),
  );

  r.put(
    "/semesters/:id/courses",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Reemplazar las materias de un semestre",
        description:
          "`courses_ids` es la lista completa. 400 `semester_has_sections` si quitaría materias a un semestre " +
          "con secciones; `disabled_course_detected` si agrega una materia deshabilitada; 422 si una materia " +
          "ya está en otro semestre del pensum.",
        params: idParamsSchema,
        body: putSemesterCoursesSchema,
        response: { 200: coursesResponse },
      },
    },
    async (request) => ({
      data: (
        await putSemesterCourses({
          db,
          id: request.params.id,
          coursesIds: request.body.courses_ids,
          today: app.clock.today(),
        })
      ).map(presentSemesterCourse),
    }),
  );

  r.patch(
    "/semesters/:id/courses/:course_id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Mover una materia a otro semestre",
        description:
          "Mueve la materia a `semester_id` (del mismo pensum). 400 `semester_has_sections` si el semestre de " +
          "origen tiene secciones; `target_must_be_related_to_next_semesters` si una prelación quedaría al revés. " +
          "Responde las materias del semestre de destino.",
        params: courseParams,
        body: moveSemesterCourseSchema,
        response: { 200: coursesResponse },
      },
    },
    async (request) => ({
      data: (
        await moveSemesterCourse({
          db,
          id: request.params.id,
          courseId: request.params.course_id,
          input: request.body,
          today: app.clock.today(),
        })
      ).map(presentSemesterCourse),
    }),
  );
}
