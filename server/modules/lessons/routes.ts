import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  bulkNotesSchema,
  createLessonSchema,
  evaluateLessonSchema,
  generateLessonsSchema,
  generateResultSchema,
  lessonDetailSchema,
  lessonSchema,
  lessonStudentChangeSchema,
  registerLessonSchema,
  updateLessonSchema,
  updateLessonStudentSchema,
} from "../../../common/schemas/lessons.js";
import { idParamsSchema, recordIdParam } from "../../../common/validation/ids.js";
import { principalOf } from "../../http/auth.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { assertLessonAccess, teacherScope } from "./policy.js";
import {
  courseSectionCsvColumns,
  lessonCsvColumns,
  presentChange,
  presentGenerate,
  presentLesson,
  presentLessonDetail,
  presentMyCourseSection,
} from "./presenter.js";
import {
  courseSectionOf,
  courseSectionSortable,
  getLessonRow,
  lessonDetail,
  lessonSortable,
  listLessons,
  listMyCourseSections,
  studentHistory,
} from "./reads.js";
import {
  bulkUpdateNotes,
  createLesson,
  deleteLesson,
  evaluateLesson,
  generateLessons,
  registerAttendance,
  updateLesson,
  updateLessonStudent,
} from "./service.js";

const tags = ["Clases"];
const idParams = idParamsSchema;
const studentParams = z.object({ id: recordIdParam(), student_id: recordIdParam() });
const historyParams = z.object({
  id: recordIdParam(),
  course_id: recordIdParam(),
  student_id: recordIdParam(),
});

const lessonsQuery = listQuery({
  sortable: lessonSortable,
  defaultSort: { field: "date", direction: "asc" },
  maxLimit: 500,
  filters: {
    period_id: queryFilter.int({ min: 1 }).describe("Período de la sección."),
    course_section_id: queryFilter.int({ min: 1 }).describe("Materia de una sección."),
    section_id: queryFilter.int({ min: 1 }),
    course_id: queryFilter.int({ min: 1 }),
    teacher_id: queryFilter.int({ min: 1 }).describe("Clases de las materias de este profesor."),
    evaluated: queryFilter.boolean().describe("1: solo evaluadas; 0: solo no evaluadas."),
    from: z.iso.date().optional().describe("Desde esta fecha."),
    to: z.iso.date().optional().describe("Hasta esta fecha."),
  },
});

const courseSectionsQuery = listQuery({
  sortable: courseSectionSortable,
  filters: {
    period_id: queryFilter
      .int({ min: 1 })
      .describe("Período; por omisión el activo (salvo con `section_id`)."),
    section_id: queryFilter.int({ min: 1 }),
    course_id: queryFilter.int({ min: 1 }),
  },
});

const myCourseSectionSchema = lessonSchema.shape.course_section.extend({
  students_count: z.number().int(),
  lessons_count: z.number().int(),
  evaluated_weight: z.number().int(),
  has_schedule: z.boolean(),
});

const detail = z.object({ data: lessonDetailSchema });
/** spec.md §6 "Lessons list: teacher, coordinator, admin": the list, the course sections, creating lessons. */
const LESSON_RULE = "lessonsList" as const;
/**
 * spec.md §6 "Lesson absences and detail: teacher, coordinator": one lesson and everything done on it
 * (attendance, evaluation, notes, edit, delete). Attendance is taken by whoever teaches the course section,
 * or the coordinator supervising them (DOMAIN.md "Teaching" gives administrators no part in it); the
 * administration reads a course section's lessons, notes and reports through
 * /sections/{id}/courses/{course_id}/… and never opens a lesson, as the web app's lesson pages say.
 */
const LESSON_DETAIL_RULE = "lessonDetail" as const;

/**
 * Lessons, attendance and notes (spec.md §7 "Lessons"; DOMAIN.md "Teaching"). The list for teachers,
 * coordinators and administrators, one lesson for teachers and coordinators (spec.md §6); each course
 * section's record rule in ./policy.ts.
 */
export async function lessonsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/lessons",
    {
      onRequest: app.allow(LESSON_RULE),
      schema: {
        tags,
        summary: "Listar clases",
        description:
          "Las clases de las materias del profesor (un coordinador: también las de los profesores que " +
          "supervisa; la administración: todas). Filtros de período, materia, sección, profesor, fechas.",
        querystring: lessonsQuery,
        response: { 200: listResponse(lessonSchema) },
      },
    },
    async (request, reply) => {
      const scope = await teacherScope(db, principalOf(request));
      return sendList(reply, {
        list: request.query,
        fetchPage: (list) => listLessons({ db, scope, list }),
        present: presentLesson,
        csv: { filename: "clases", columns: lessonCsvColumns },
      });
    },
  );

  r.get(
    "/lessons/course-sections",
    {
      onRequest: app.allow(LESSON_RULE),
      schema: {
        tags,
        summary: "Mis materias",
        description:
          "Las materias de sección del período (por omisión el activo) en las que trabaja quien llama, " +
          "con estudiantes, clases y ponderación evaluada.",
        querystring: courseSectionsQuery,
        response: { 200: listResponse(myCourseSectionSchema) },
      },
    },
    async (request, reply) => {
      const scope = await teacherScope(db, principalOf(request));
      return sendList(reply, {
        list: request.query,
        fetchPage: (list) => listMyCourseSections({ db, scope, list }),
        present: presentMyCourseSection,
        csv: { filename: "materias", columns: courseSectionCsvColumns },
      });
    },
  );

  r.get(
    "/lessons/:id",
    {
      onRequest: app.allow(LESSON_DETAIL_RULE),
      schema: {
        tags,
        summary: "Ver una clase",
        description: "La clase con cada estudiante inscrito: asistencia, nota e inasistencias en la materia.",
        params: idParams,
        response: { 200: detail },
      },
    },
    async (request) => {
      const lesson = await getLessonRow(db, request.params.id);
      await assertLessonAccess(db, principalOf(request), lesson.courseSection.id);
      return { data: presentLessonDetail(await lessonDetail(db, request.params.id)) };
    },
  );

  r.post(
    "/lessons",
    {
      onRequest: app.allow(LESSON_RULE),
      schema: {
        tags,
        summary: "Crear una clase",
        description: "Una clase por materia y fecha (`course_section_lesson_date_exists`).",
        body: createLessonSchema,
        response: { 201: detail },
      },
    },
    async (request, reply) => {
      const row = await createLesson({ db, caller: principalOf(request), input: request.body });
      return reply.status(201).send({ data: presentLessonDetail(row) });
    },
  );

  r.post(
    "/lessons/generate",
    {
      onRequest: app.allow(LESSON_RULE),
      schema: {
        tags,
        summary: "Generar las clases del período",
        description:
          "Una clase por cada día del horario de la materia en cada semana del período, sin los feriados. " +
          "Generar dos veces no agrega nada. Rechazos: `course_section_must_have_a_teacher`, " +
          "`course_section_missing_schedules`.",
        body: generateLessonsSchema,
        response: { 200: itemResponse(generateResultSchema) },
      },
    },
    async (request) => ({
      data: presentGenerate(
        await generateLessons({
          db,
          caller: principalOf(request),
          courseSectionId: request.body.course_section_id,
        }),
      ),
    }),
  );

  r.patch(
    "/lessons/:id",
    {
      onRequest: app.allow(LESSON_DETAIL_RULE),
      schema: {
        tags,
        summary: "Actualizar una clase",
        params: idParams,
        body: updateLessonSchema,
        response: { 200: detail },
      },
    },
    async (request) => ({
      data: presentLessonDetail(
        await updateLesson({ db, caller: principalOf(request), id: request.params.id, input: request.body }),
      ),
    }),
  );

  r.delete(
    "/lessons/:id",
    {
      onRequest: app.allow(LESSON_DETAIL_RULE),
      schema: {
        tags,
        summary: "Eliminar una clase",
        description: "Rechazado con `lesson_student_has_note` o `lesson_has_absences`.",
        params: idParams,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deleteLesson({ db, caller: principalOf(request), id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  r.patch(
    "/lessons/:id/register",
    {
      onRequest: app.allow(LESSON_DETAIL_RULE),
      schema: {
        tags,
        summary: "Registrar la asistencia",
        description:
          "La asistencia de todos los estudiantes de la materia en una sola petición: los que no se envían " +
          "quedan presentes. Cada cambio queda en el historial.",
        params: idParams,
        body: registerLessonSchema,
        response: { 200: detail },
      },
    },
    async (request) => ({
      data: presentLessonDetail(
        await registerAttendance({
          db,
          caller: principalOf(request),
          id: request.params.id,
          input: request.body,
        }),
      ),
    }),
  );

  r.patch(
    "/lessons/:id/evaluate",
    {
      onRequest: app.allow(LESSON_DETAIL_RULE),
      schema: {
        tags,
        summary: "Evaluar una clase",
        description:
          "Asigna la ponderación (porcentaje). Las ponderaciones de la materia más la entrega final no pasan " +
          "de 100 (`invalid_weighting`, con el porcentaje disponible en el mensaje).",
        params: idParams,
        body: evaluateLessonSchema,
        response: { 200: detail },
      },
    },
    async (request) => ({
      data: presentLessonDetail(
        await evaluateLesson({
          db,
          caller: principalOf(request),
          id: request.params.id,
          weight: request.body.weight,
        }),
      ),
    }),
  );

  r.patch(
    "/lessons/:id/students/bulk-update",
    {
      onRequest: app.allow(LESSON_DETAIL_RULE),
      schema: {
        tags,
        summary: "Cargar notas",
        description:
          "Notas (0–20) de varios estudiantes de una clase evaluada. Los estudiantes con la materia aplazada " +
          "por inasistencias no se editan y la respuesta lo indica en `message`.",
        params: idParams,
        body: bulkNotesSchema,
        response: { 200: detail },
      },
    },
    async (request) => ({
      data: presentLessonDetail(
        await bulkUpdateNotes({
          db,
          caller: principalOf(request),
          id: request.params.id,
          input: request.body,
        }),
      ),
    }),
  );

  r.patch(
    "/lessons/:id/students/:student_id",
    {
      onRequest: app.allow(LESSON_DETAIL_RULE),
      schema: {
        tags,
        summary: "Asistencia o nota de un estudiante",
        params: studentParams,
        body: updateLessonStudentSchema,
        response: { 200: detail },
      },
    },
    async (request) => ({
      data: presentLessonDetail(
        await updateLessonStudent({
          db,
          caller: principalOf(request),
          id: request.params.id,
          studentId: request.params.student_id,
          input: request.body,
        }),
      ),
    }),
  );

  r.get(
    "/sections/:id/courses/:course_id/students/:student_id/history",
    {
      onRequest: app.allow("studentsList"),
      schema: {
        tags,
        summary: "Historial de asistencia y notas",
        description:
          "Cada cambio de asistencia o nota del estudiante en la materia de la sección (quién, cuándo, " +
          "valor anterior y nuevo), del más reciente al más antiguo. Solo lectura.",
        params: historyParams,
        response: { 200: z.object({ data: z.array(lessonStudentChangeSchema) }) },
      },
    },
    async (request) => {
      const { id, course_id, student_id } = request.params;
      const courseSectionId = await courseSectionOf(db, id, course_id);
      await assertLessonAccess(db, principalOf(request), courseSectionId);
      const rows = await studentHistory(db, courseSectionId, student_id);
      return { data: rows.map(presentChange) };
    },
  );
}
