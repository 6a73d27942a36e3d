import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  courseSchema,
  courseSectionBriefSchema,
  createCourseSchema,
  pensumCourseSchema,
  updateCourseSchema,
} from "../../../common/schemas/courses.js";
import { idParamsSchema, recordIdParam } from "../../../common/validation/ids.js";
import { validationMessage } from "../../../common/validation/messages.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { validationError } from "../../http/validation.js";
import { courseCsvColumns, presentCourse, presentCourseSection, presentPensumCourse } from "./presenter.js";
import {
  courseSortable,
  createCourse,
  deleteCourse,
  getCourse,
  listCourseSectionsOfCourse,
  listCourses,
  listPensumCourses,
  updateCourse,
} from "./service.js";

const tags = ["Materias"];

const coursesQuery = listQuery({
  sortable: courseSortable,
  filters: {
    specialization_id: queryFilter
      .int({ min: 1 })
      .describe("Materias de algún pensum de la especialización."),
    pensum_id: queryFilter.int({ min: 1 }).describe("Materias del pensum."),
    semester_id: queryFilter.int({ min: 1 }).describe("Materias del semestre."),
    enabled: queryFilter.boolean().describe("1: solo habilitadas; 0: solo deshabilitadas."),
    unassigned: queryFilter.boolean().describe("1: materias que no están en ningún pensum (`/courses/all`)."),
  },
});

const periodQuery = z.object({
  period_id: queryFilter.int({ min: 1 }).describe("Período; por omisión el período activo."),
});

const pensumCoursesParams = z.object({
  period: recordIdParam(),
  specialization: recordIdParam(),
  pensum: recordIdParam(),
});

const MULTIPART_FIELDS = Object.keys(createCourseSchema.shape);

/**
 * spec.md §7: course creation is a multipart form (booleans as 1/0). The form's text fields become the body
 * the route's schema validates, exactly like a JSON body; a file or an unknown field is a 422 naming it.
 */
async function multipartFieldsAsBody(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const body: Record<string, string> = {};
  const unexpected: string[] = [];
  for await (const part of request.parts({ limits: { files: 1, fields: 20, parts: 21, fileSize: 1 } })) {
    if (part.type === "file") {
      part.file.resume();
      unexpected.push(part.fieldname || "file");
    } else if (MULTIPART_FIELDS.includes(part.fieldname)) body[part.fieldname] = String(part.value);
    else unexpected.push(part.fieldname);
  }
  if (unexpected.length > 0)
    throw validationError(
      Object.fromEntries(unexpected.map((f) => [f, [validationMessage("prohibited", f)]])),
    );
  request.body = body;
}

/** Courses (spec.md §7 "standard calls"): reads by the admin group, writes by administrators. */
export async function coursesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/courses",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Listar materias",
        description:
          "Busca en código y título; filtros `specialization_id`, `pensum_id`, `semester_id`, `enabled` y " +
          "`unassigned` (materias que no están en ningún pensum). Cada materia trae los pensums que la incluyen.",
        querystring: coursesQuery,
        response: { 200: listResponse(courseSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listCourses({ db, list }),
        present: presentCourse,
        csv: { filename: "materias", columns: courseCsvColumns },
      }),
  );

  r.get(
    "/courses/periods/:period/specializations/:specialization/pensum/:pensum",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Materias de un pensum en un período",
        description:
          "Las materias del pensum (de la especialización) por semestre, cada una con sus secciones en el " +
          "período: profesores y cantidad de varones y hembras inscritos.",
        params: pensumCoursesParams,
        response: { 200: z.object({ data: z.array(pensumCourseSchema) }) },
      },
    },
    async (request) => {
      const p = request.params;
      const rows = await listPensumCourses({
        db,
        periodId: p.period,
        specializationId: p.specialization,
        pensumId: p.pensum,
      });
      return { data: rows.map(presentPensumCourse) };
    },
  );

  r.get(
    "/courses/:id",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Ver una materia",
        params: idParamsSchema,
        response: { 200: itemResponse(courseSchema) },
      },
    },
    async (request) => ({ data: presentCourse(await getCourse({ db, id: request.params.id })) }),
  );

  r.get(
    "/courses/:id/course-sections",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Secciones de una materia en un período",
        description:
          "Cada sección que dicta la materia en el período (por omisión el activo), con sus profesores.",
        params: idParamsSchema,
        querystring: periodQuery,
        response: {
          200: z.object({
            data: z.array(courseSectionBriefSchema),
            meta: z.object({ period_id: z.number().int() }),
          }),
        },
      },
    },
    async (request) => {
      const result = await listCourseSectionsOfCourse({
        db,
        courseId: request.params.id,
        periodId: request.query.period_id,
      });
      return { data: result.rows.map(presentCourseSection), meta: { period_id: result.periodId } };
    },
  );

  r.post(
    "/courses",
    {
      onRequest: app.allow("adminOnly"),
      preValidation: multipartFieldsAsBody,
      schema: {
        tags,
        summary: "Crear una materia",
        description:
          "Formulario multipart (booleanos como 1/0) o JSON. Un código repetido es un 422 en `code`.",
        body: createCourseSchema,
        response: { 201: itemResponse(courseSchema) },
      },
    },
    async (request, reply) => {
      const row = await createCourse({ db, input: request.body });
      return reply.status(201).send({ data: presentCourse(row) });
    },
  );

  r.patch(
    "/courses/:id",
    {
      onRequest: app.allow("adminOnly"),
      preValidation: multipartFieldsAsBody,
      schema: {
        tags,
        summary: "Actualizar una materia",
        params: idParamsSchema,
        body: updateCourseSchema,
        response: { 200: itemResponse(courseSchema) },
      },
    },
    async (request) => ({
      data: presentCourse(await updateCourse({ db, id: request.params.id, input: request.body })),
    }),
  );

  r.delete(
    "/courses/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar una materia",
        description:
          "Rechazado con 400 `course_has_pensums` si un pensum la incluye, o `course_has_sections` si una sección la dicta.",
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deleteCourse({ db, id: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
