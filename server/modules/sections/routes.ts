import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  assignTeachersSchema,
  courseSectionSchema,
  createSectionSchema,
  sectionDetailSchema,
  sectionSchema,
  sectionStudentSchema,
  shifts,
  studentsCoursesNotesSchema,
  teacherBriefSchema,
  updateSectionSchema,
} from "../../../common/schemas/sections.js";
import { idParamsSchema, recordIdParam } from "../../../common/validation/ids.js";
import { principalOf } from "../../http/auth.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { forgetFullSections } from "../inscriptions/full-sections.js";
import {
  courseSectionCsvColumns,
  presentCourseSection,
  presentSection,
  presentSectionDetail,
  presentSectionStudent,
  presentStudentsCoursesNotes,
  presentTeacher,
  sectionCsvColumns,
  sectionStudentCsvColumns,
} from "./presenter.js";
import {
  assignTeachers,
  courseSectionSortable,
  createSection,
  deleteSection,
  getCourseSection,
  getSectionDetail,
  listCourseSections,
  listSectionStudents,
  listSections,
  listSectionTeachers,
  sectionSortable,
  sectionStudentSortable,
  sectionStudentsCoursesNotes,
  updateSection,
} from "./service.js";

const tags = ["Secciones"];
const idParams = idParamsSchema;
const courseParams = z.object({ id: recordIdParam(), course_id: recordIdParam() });

const sectionsQuery = listQuery({
  sortable: sectionSortable,
  filters: {
    period_id: queryFilter.int({ min: 1 }).describe("Período de las secciones."),
    semester_id: queryFilter.int({ min: 1 }),
    specialization_id: queryFilter.int({ min: 1 }),
    shift: queryFilter.enum(shifts).describe("morning (Mañana), afternoon (Tarde), mixed (Mixto)."),
  },
});

const courseSectionsQuery = listQuery({
  sortable: courseSectionSortable,
  filters: {
    period_id: queryFilter.int({ min: 1 }),
    section_id: queryFilter.int({ min: 1 }),
    course_id: queryFilter.int({ min: 1 }),
    teacher_id: queryFilter.int({ min: 1 }),
    without_teacher: queryFilter.boolean().describe("1: solo las que no tienen profesor asignado."),
    manageable: queryFilter
      .boolean()
      .describe(
        "1: solo aquellas cuya entrega final puede gestionar quien consulta (un coordinador: las que dicta él o " +
          "un profesor que supervisa, o aún sin profesor).",
      ),
  },
});

const studentsQuery = listQuery({
  sortable: sectionStudentSortable,
  filters: { gender: queryFilter.enum(["female", "male"] as const) },
});

/**
 * Sections and course sections (spec.md §7 "Sections", "Course sections"). Reads: administration and
 * coordinators (a coordinator only the sections of the specialization they coordinate); writes and teacher
 * assignment: administrators.
 */
export async function sectionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/sections",
    {
      onRequest: app.allow("sectionsMenu"),
      schema: {
        tags,
        summary: "Listar secciones",
        description:
          "Busca en código, título y especialización; filtros `period_id`, `semester_id`, `specialization_id`, `shift`.",
        querystring: sectionsQuery,
        response: { 200: listResponse(sectionSchema) },
      },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      return sendList(reply, {
        list: request.query,
        fetchPage: (list) => listSections({ db, caller, list }),
        present: presentSection,
        csv: { filename: "secciones", columns: sectionCsvColumns },
      });
    },
  );

  r.get(
    "/sections/:id",
    {
      onRequest: app.allow("sectionDetail"),
      schema: {
        tags,
        summary: "Ver una sección",
        description:
          "La sección con sus materias (profesores, varones y hembras inscritos) y sus profesores.",
        params: idParams,
        response: { 200: itemResponse(sectionDetailSchema) },
      },
    },
    async (request) => ({
      data: presentSectionDetail(
        await getSectionDetail({ db, caller: principalOf(request), id: request.params.id }),
      ),
    }),
  );

  r.post(
    "/sections",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Crear una sección",
        description:
          "Crea la sección y una materia de sección por cada materia de su semestre, en una transacción. " +
          "Letra repetida en el período y semestre: 400 `letter_code_already_exists`.",
        body: createSectionSchema,
        response: { 201: itemResponse(sectionDetailSchema) },
      },
    },
    async (request, reply) => {
      const row = await createSection({ db, caller: principalOf(request), input: request.body });
      return reply.status(201).send({ data: presentSectionDetail(row) });
    },
  );

  r.patch(
    "/sections/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Actualizar una sección",
        params: idParams,
        body: updateSectionSchema,
        response: { 200: itemResponse(sectionDetailSchema) },
      },
    },
    async (request) => ({
      data: presentSectionDetail(
        await updateSection({
          db,
          caller: principalOf(request),
          id: request.params.id,
          input: request.body,
        }).finally(() => forgetFullSections(db)),
      ),
    }),
  );

  r.delete(
    "/sections/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar una sección",
        description:
          "Rechazado con 400 `section_has_students`, `section_has_schedules` o `section_has_lessons` cuando algo depende de ella.",
        params: idParams,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deleteSection({ db, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/sections/:id/teachers",
    {
      onRequest: app.allow("sectionDetail"),
      schema: {
        tags,
        summary: "Profesores de una sección",
        params: idParams,
        response: { 200: z.object({ data: z.array(teacherBriefSchema) }) },
      },
    },
    async (request) => {
      const rows = await listSectionTeachers({ db, caller: principalOf(request), id: request.params.id });
      return { data: rows.map(presentTeacher) };
    },
  );

  r.get(
    "/sections/:id/students",
    {
      onRequest: app.allow("sectionDetail"),
      schema: {
        tags,
        summary: "Estudiantes de una sección",
        description: "Los estudiantes inscritos en la sección; busca en nombre, apellido, cédula y correo.",
        params: idParams,
        querystring: studentsQuery,
        response: { 200: listResponse(sectionStudentSchema) },
      },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      const id = request.params.id;
      return sendList(reply, {
        list: request.query,
        fetchPage: (list) => listSectionStudents({ db, caller, id, list }),
        present: presentSectionStudent,
        csv: { filename: "estudiantes-seccion", columns: sectionStudentCsvColumns },
      });
    },
  );

  r.get(
    "/sections/:id/students-courses-notes",
    {
      onRequest: app.allow("sectionDetail"),
      schema: {
        tags,
        summary: "Notas de los estudiantes de una sección por materia",
        params: idParams,
        response: { 200: itemResponse(studentsCoursesNotesSchema) },
      },
    },
    async (request) => ({
      data: presentStudentsCoursesNotes(
        await sectionStudentsCoursesNotes({
          db,
          caller: principalOf(request),
          id: request.params.id,
          today: app.clock.today(),
        }),
      ),
    }),
  );

  r.get(
    "/sections/:id/courses/:course_id",
    {
      onRequest: app.allow("sectionDetail"),
      schema: {
        tags,
        summary: "Ver una materia de la sección",
        description:
          "`course_id` es el id de la materia. Sin ella en la sección: 404 `course_section_not_found`.",
        params: courseParams,
        response: { 200: itemResponse(courseSectionSchema) },
      },
    },
    async (request) => ({
      data: presentCourseSection(
        await getCourseSection({
          db,
          caller: principalOf(request),
          sectionId: request.params.id,
          courseId: request.params.course_id,
        }),
      ),
    }),
  );

  const assign = {
    onRequest: app.allow("adminOnly"),
    schema: {
      tags,
      summary: "Asignar profesores a una materia de la sección",
      description:
        "Reemplaza los profesores por `teacher_ids` (lista vacía: ninguno). Profesor deshabilitado: 400 " +
        "`teacher_not_enabled`; profesor con otra clase a la misma hora: 400 `combination_of_day_teacher_class_hour_exists`.",
      params: courseParams,
      body: assignTeachersSchema,
      response: { 200: itemResponse(courseSectionSchema) },
    },
  };
  for (const method of ["PATCH", "POST"] as const) {
    r.route({
      method,
      url: "/sections/:id/courses/:course_id/assign-teacher",
      ...assign,
      handler: async (request) => ({
        data: presentCourseSection(
          await assignTeachers({
            db,
            caller: principalOf(request),
            sectionId: request.params.id,
            courseId: request.params.course_id,
            input: request.body,
          }),
        ),
      }),
    });
  }

  r.patch(
    "/sections/:id/courses/:course_id",
    {
      onRequest: app.allow("adminOnly"),
      schema: { ...assign.schema, summary: "Actualizar una materia de la sección (sus profesores)" },
    },
    async (request) => ({
      data: presentCourseSection(
        await assignTeachers({
          db,
          caller: principalOf(request),
          sectionId: request.params.id,
          courseId: request.params.course_id,
          input: request.body,
        }),
      ),
    }),
  );

  r.get(
    "/course-sections",
    {
      onRequest: app.allow("sectionDetail"),
      schema: {
        tags,
        summary: "Listar materias de sección",
        description:
          "Busca en código y título de la materia y código de la sección; filtros `period_id`, `section_id`, " +
          "`course_id`, `teacher_id`, `without_teacher`, `manageable`.",
        querystring: courseSectionsQuery,
        response: { 200: listResponse(courseSectionSchema) },
      },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      return sendList(reply, {
        list: request.query,
        fetchPage: (list) => listCourseSections({ db, caller, list }),
        present: presentCourseSection,
        csv: { filename: "materias-de-seccion", columns: courseSectionCsvColumns },
      });
    },
  );
}
