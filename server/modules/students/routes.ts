import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isAdminGroup } from "../../../common/roles.js";
import {
  attendances,
  createStudentSchema,
  createStudentSchemaAt,
  inscriptionStateSchema,
  periodAverageNoteSchema,
  studentBinnacleSchema,
  studentCourseSchema,
  studentInscriptionSchema,
  studentLessonSchema,
  studentNotificationSchema,
  studentPictureMaxBytes,
  studentScheduleSchema,
  studentSchema,
  studentStatuses,
  updateStudentSchemaAt,
} from "../../../common/schemas/students.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { validationMessage } from "../../../common/validation/messages.js";
import { auditContextOf } from "../../audit/http.js";
import { principalOf } from "../../http/auth.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { validationError } from "../../http/validation.js";
import {
  presentAverage,
  presentBinnacle,
  presentCourse,
  presentInscription,
  presentInscriptionState,
  presentLesson,
  presentNotification,
  presentSchedule,
  presentStudent,
  studentCsvColumns,
} from "./presenter.js";
import {
  createStudent,
  deleteStudent,
  getStudent,
  inscriptionState,
  listStudentBinnacles,
  listStudentCourses,
  listStudentInscriptions,
  listStudentLessons,
  listStudentNotifications,
  listStudentSchedules,
  listStudents,
  periodAverageNote,
  studentSortable,
  type Upload,
  updateStudent,
} from "./service.js";

const tags = ["Estudiantes"];

const studentsQuery = listQuery({
  sortable: studentSortable,
  filters: {
    period_id: queryFilter.int({ min: 1 }).describe("Inscritos en el período."),
    specialization_id: queryFilter.int({ min: 1 }).describe("Inscritos en la especialidad."),
    semester_id: queryFilter.int({ min: 1 }).describe("Inscritos en el semestre."),
    section_id: queryFilter.int({ min: 1 }).describe("Inscritos en la sección."),
    status: queryFilter.enum(studentStatuses).describe("active (activos), retired (retirados) o graduated."),
    gender: queryFilter.enum(["female", "male"]),
  },
});

const courseFilterQuery = z.object({
  period_id: queryFilter.int({ min: 1 }).describe("Solo el período."),
  section_id: queryFilter.int({ min: 1 }).describe("Solo la sección."),
  course_id: queryFilter.int({ min: 1 }).describe("Solo la materia."),
});
const lessonsQuery = courseFilterQuery.extend({
  attendance: queryFilter.enum(attendances).describe("absent: inasistencias; delayed: retrasos."),
});
const periodQuery = z.object({
  period_id: queryFilter
    .int({ min: 1 })
    .describe("Período; por omisión el de su última inscripción (o el habilitado)."),
});

const RECORD_RULE =
  "Un estudiante solo ve su propio registro; un profesor, los estudiantes de sus materias; un coordinador, " +
  "los de su especialidad (403 en otro caso).";

const FORM_FIELDS = Object.keys(createStudentSchema.shape);
const uploads = new WeakMap<FastifyRequest, Upload>();

/**
 * spec.md §7: student creation is a multipart form. Its text fields become the body the route's schema
 * validates (as a JSON body would be); the `profile_picture` file is kept for the service. Any other part
 * is a 422 naming it.
 */
async function readStudentForm(this: FastifyInstance, request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const body: Record<string, string> = {};
  const unexpected = new Set<string>();
  const parts = request.parts({
    limits: { fileSize: studentPictureMaxBytes, files: 2, fields: 20, parts: 22 },
  });
  try {
    for await (const part of parts) {
      if (part.type === "file") {
        if (part.fieldname === "profile_picture" && !uploads.has(request)) {
          uploads.set(request, { data: await part.toBuffer(), mimetype: part.mimetype, truncated: false });
        } else {
          part.file.resume();
          unexpected.add(part.fieldname || "file");
        }
      } else if (FORM_FIELDS.includes(part.fieldname)) body[part.fieldname] = String(part.value);
      else unexpected.add(part.fieldname);
    }
  } catch (err) {
    if (!(err instanceof this.multipartErrors.RequestFileTooLargeError)) throw err;
    uploads.set(request, { data: Buffer.alloc(0), mimetype: "", truncated: true });
  }
  if (unexpected.size > 0)
    throw validationError(
      Object.fromEntries([...unexpected].map((f) => [f, [validationMessage("prohibited", f)]])),
    );
  request.body = body;
}

/** Students (spec.md §7 "standard calls" and the Students calls), with the record rules of spec.md §6. */
export async function studentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/students",
    {
      onRequest: app.allow("studentsList"),
      schema: {
        tags,
        summary: "Listar estudiantes",
        description:
          "Busca por nombre, apellido, cédula y correo (cada palabra como inicio de palabra, sin distinguir " +
          "mayúsculas ni acentos). Filtros de inscripción (`period_id`, `specialization_id`, `semester_id`, " +
          "`section_id`, en una misma inscripción), `status` y `gender`. Un profesor ve los estudiantes de " +
          "sus materias; un coordinador, los de su especialidad. `format=csv`: todos como archivo CSV.",
        querystring: studentsQuery,
        response: { 200: listResponse(studentSchema) },
      },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      return sendList(reply, {
        list: request.query,
        fetchPage: (list) => listStudents({ db, caller, list }),
        present: presentStudent,
        csv: { filename: "estudiantes", columns: studentCsvColumns },
        // Teachers and coordinators see their own students: their pages are remembered apart.
        remember: { db, name: isAdminGroup(caller.type) ? "students" : `students of ${caller.id}` },
      });
    },
  );

  r.get(
    "/students/:id",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Ver un estudiante",
        description: RECORD_RULE,
        params: idParamsSchema,
        response: { 200: itemResponse(studentSchema) },
      },
    },
    async (request) => ({
      data: presentStudent(await getStudent({ db, caller: principalOf(request), id: request.params.id })),
    }),
  );

  r.post(
    "/students",
    {
      onRequest: app.allow("adminOnly"),
      preValidation: readStudentForm.bind(app),
      schema: {
        tags,
        summary: "Crear un estudiante (multipart, foto opcional en profile_picture)",
        description:
          "Crea la cuenta (sin confirmar) y el estudiante, y envía el correo de confirmación. Cédula y correo " +
          "repetidos, una fecha de nacimiento futura o una foto que no es una imagen JPEG, PNG o WebP: 422.",
        body: createStudentSchemaAt(() => app.clock.today()),
        response: { 201: itemResponse(studentSchema) },
      },
    },
    async (request, reply) => {
      const row = await createStudent({
        db,
        config: app.config,
        mailer: app.mailer,
        storage: app.storage,
        input: request.body,
        upload: uploads.get(request) ?? null,
      });
      return reply.status(201).send({ data: presentStudent(row) });
    },
  );

  r.patch(
    "/students/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Actualizar un estudiante",
        description: "Solo cambian los campos enviados; los vacíos se ignoran.",
        params: idParamsSchema,
        body: updateStudentSchemaAt(() => app.clock.today()),
        response: { 200: itemResponse(studentSchema) },
      },
    },
    async (request) => ({
      data: presentStudent(
        await updateStudent({
          db,
          id: request.params.id,
          input: request.body,
          audit: auditContextOf(request),
        }),
      ),
    }),
  );

  r.delete(
    "/students/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar un estudiante",
        description:
          "Solo sin inscripciones, clases, pagos, bitácoras ni solicitudes (400 con el motivo: " +
          "`student_has_inscriptions`, …). Borra también su cuenta.",
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deleteStudent({ db, storage: app.storage, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/students/:id/specialization-history",
    {
      // spec.md §6 "student history: admin, low admin, coordinator" (/students/{id}/history); a student's own
      // pages read /students/{id}/inscriptions and /students/{id}/courses.
      onRequest: app.allow("studentHistory"),
      schema: {
        tags,
        summary: "Historial de inscripciones (especialidad, semestre y sección por período)",
        description:
          "Administrador, asistente o coordinador (la pantalla «Historial» del estudiante); un coordinador solo " +
          "los estudiantes de su especialidad (403 en otro caso).",
        params: idParamsSchema,
        response: { 200: z.object({ data: z.array(studentInscriptionSchema) }) },
      },
    },
    async (request) => {
      const rows = await listStudentInscriptions({ db, caller: principalOf(request), id: request.params.id });
      return { data: rows.map(presentInscription) };
    },
  );

  r.get(
    "/students/:id/inscription-state",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Estado de inscripción",
        description: `Estado del estudiante, período habilitado y su inscripción en él. ${RECORD_RULE}`,
        params: idParamsSchema,
        response: { 200: itemResponse(inscriptionStateSchema) },
      },
    },
    async (request) => ({
      data: presentInscriptionState(
        await inscriptionState({ db, caller: principalOf(request), id: request.params.id }),
      ),
    }),
  );

  r.get(
    "/students/:id/courses",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Materias del estudiante",
        description: `Con nota acumulada, inasistencias y retrasos. ${RECORD_RULE}`,
        params: idParamsSchema,
        querystring: courseFilterQuery,
        response: { 200: z.object({ data: z.array(studentCourseSchema) }) },
      },
    },
    async (request) => {
      const q = request.query;
      const rows = await listStudentCourses({
        db,
        caller: principalOf(request),
        id: request.params.id,
        filter: { periodId: q.period_id, sectionId: q.section_id, courseId: q.course_id },
        today: app.clock.today(),
      });
      return { data: rows.map(presentCourse) };
    },
  );

  r.get(
    "/students/:id/period-average-note",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Promedio de notas del período",
        description: RECORD_RULE,
        params: idParamsSchema,
        querystring: periodQuery,
        response: { 200: itemResponse(periodAverageNoteSchema) },
      },
    },
    async (request) => ({
      data: presentAverage(
        await periodAverageNote({
          db,
          caller: principalOf(request),
          id: request.params.id,
          periodId: request.query.period_id,
          today: app.clock.today(),
        }),
      ),
    }),
  );

  r.get(
    "/students/:id/schedules",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Horario semanal del estudiante",
        description: RECORD_RULE,
        params: idParamsSchema,
        querystring: periodQuery,
        response: { 200: z.object({ data: z.array(studentScheduleSchema) }) },
      },
    },
    async (request) => {
      const rows = await listStudentSchedules({
        db,
        caller: principalOf(request),
        id: request.params.id,
        periodId: request.query.period_id,
      });
      return { data: rows.map(presentSchedule) };
    },
  );

  r.get(
    "/students/:id/binnacles",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Bitácoras del estudiante",
        description: RECORD_RULE,
        params: idParamsSchema,
        querystring: courseFilterQuery,
        response: { 200: z.object({ data: z.array(studentBinnacleSchema) }) },
      },
    },
    async (request) => {
      const q = request.query;
      const rows = await listStudentBinnacles({
        db,
        caller: principalOf(request),
        id: request.params.id,
        filter: { periodId: q.period_id, sectionId: q.section_id, courseId: q.course_id },
      });
      return { data: rows.map(presentBinnacle) };
    },
  );

  r.get(
    "/students/:id/notifications",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Notificaciones recibidas por el estudiante (las 200 más recientes)",
        description: RECORD_RULE,
        params: idParamsSchema,
        response: { 200: z.object({ data: z.array(studentNotificationSchema) }) },
      },
    },
    async (request) => {
      const rows = await listStudentNotifications({
        db,
        caller: principalOf(request),
        id: request.params.id,
      });
      return { data: rows.map(presentNotification) };
    },
  );

  r.get(
    "/students/:id/absences",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Inasistencias y retrasos del estudiante",
        description: `Clases en que faltó (\`attendance=absent\`) o llegó tarde (\`delayed\`); sin filtro, ambas. ${RECORD_RULE}`,
        params: idParamsSchema,
        querystring: lessonsQuery,
        response: { 200: z.object({ data: z.array(studentLessonSchema) }) },
      },
    },
    async (request) => {
      const q = request.query;
      const rows = await listStudentLessons({
        db,
        caller: principalOf(request),
        id: request.params.id,
        filter: {
          periodId: q.period_id,
          sectionId: q.section_id,
          courseId: q.course_id,
          attendance: q.attendance ? [q.attendance] : ["absent", "delayed"],
        },
      });
      return { data: rows.map(presentLesson) };
    },
  );

  r.get(
    "/students/:id/lessons",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Clases del estudiante (asistencia y nota)",
        description: RECORD_RULE,
        params: idParamsSchema,
        querystring: lessonsQuery,
        response: { 200: z.object({ data: z.array(studentLessonSchema) }) },
      },
    },
    async (request) => {
      const q = request.query;
      const rows = await listStudentLessons({
        db,
        caller: principalOf(request),
        id: request.params.id,
        filter: {
          periodId: q.period_id,
          sectionId: q.section_id,
          courseId: q.course_id,
          attendance: q.attendance ? [q.attendance] : undefined,
        },
      });
      return { data: rows.map(presentLesson) };
    },
  );
}
