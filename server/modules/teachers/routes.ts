import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { weeklyGridSchema } from "../../../common/schemas/schedules.js";
import {
  assignTeachersSchema,
  createTeacherSchemaAt,
  isCoordinatorSchema,
  specializationIdsSchema,
  teacherCourseSectionSchema,
  teacherFormFields,
  teacherLessonSchema,
  teacherListItemSchema,
  teacherSchema,
  teacherSpecializationSchema,
  type UpdateTeacherInput,
  updateTeacherSchemaAt,
} from "../../../common/schemas/teachers.js";
import { profilePictureMaxBytes } from "../../../common/schemas/users.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { validationMessage } from "../../../common/validation/messages.js";
import { principalOf } from "../../http/auth.js";
import { allRows, sendCsv, sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { validationError } from "../../http/validation.js";
import { presentGrid } from "../schedules/presenter.js";
import { weeklyGrid } from "../schedules/service.js";
import {
  courseSectionCsvColumns,
  lessonCsvColumns,
  presentCourseSection,
  presentLesson,
  presentTeacher,
  presentTeacherListItem,
  teacherCsvColumns,
} from "./presenter.js";
import {
  assertCanSeeTeacher,
  assertCanUpdateTeacher,
  assertOwnSupervision,
  assignSpecializations,
  assignSupervisedTeachers,
  coordinatedSpecializations,
  createTeacher,
  deleteTeacher,
  getTeacher,
  listTeachers,
  removeSpecializations,
  setCoordinator,
  teacherSortable,
  type Upload,
  updateTeacher,
} from "./service.js";
import { teacherUnavailabilityRoutes } from "./unavailability-routes.js";
import {
  courseSectionSortable,
  lessonSortable,
  listTeacherCourseSections,
  listTeacherHistoric,
  listTeacherLessons,
} from "./views.js";

const tags = ["Profesores"];
const idParams = idParamsSchema;
const teacherResponse = { 200: itemResponse(teacherSchema) };

const teachersQuery = listQuery({
  sortable: teacherSortable,
  filters: {
    enabled: queryFilter.boolean().describe("1: activos; 0: inactivos."),
    is_coordinator: queryFilter.boolean().describe("1: solo coordinadores; 0: solo profesores."),
    specialization_id: queryFilter
      .int({ min: 1 })
      .describe("Profesores de la especialización (o su coordinador)."),
  },
});

const courseSectionsQuery = listQuery({
  sortable: courseSectionSortable,
  defaultSort: { field: "period", direction: "desc" },
  filters: { period_id: queryFilter.int({ min: 1 }).describe("Período; por omisión el período activo.") },
});

const historicQuery = listQuery({
  sortable: courseSectionSortable,
  defaultSort: { field: "period", direction: "desc" },
  filters: { period_id: queryFilter.int({ min: 1 }).describe("Solo este período pasado.") },
});

const lessonsQuery = listQuery({
  sortable: lessonSortable,
  defaultSort: { field: "date", direction: "desc" },
  filters: {
    period_id: queryFilter.int({ min: 1 }).describe("Período; por omisión el período activo."),
    course_section_id: queryFilter.int({ min: 1 }).describe("Solo esta materia de sección."),
  },
});

const periodQuery = z.object({
  period_id: queryFilter.int({ min: 1 }).describe("Período; por omisión el período activo."),
});

const PICTURE_FIELD = "profile_picture";

/** The photo a multipart create or update sent, kept for the handler (the body holds only text fields). */
const uploads = new WeakMap<FastifyRequest, Upload | null>();

/**
 * spec.md §7: teacher creation and update are multipart forms (booleans as 1/0). The text fields become the
 * body the route's schema validates (like JSON); the optional `profile_picture` file is kept aside, cut at
 * 2 MB (then a 422). Any other part is a 422 naming it.
 */
async function readTeacherForm(app: FastifyInstance, request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const body: Record<string, string> = {};
  const unexpected: string[] = [];
  let upload: Upload | null = null;
  const parts = request.parts({
    limits: { fileSize: profilePictureMaxBytes, files: 2, fields: 20, parts: 22 },
  });
  try {
    for await (const part of parts) {
      if (part.type === "file") {
        if (part.fieldname === PICTURE_FIELD && !upload) {
          upload = { data: await part.toBuffer(), mimetype: part.mimetype, truncated: false };
          continue;
        }
        part.file.resume();
        unexpected.push(part.fieldname || "file");
      } else if (teacherFormFields.includes(part.fieldname)) body[part.fieldname] = String(part.value);
      else unexpected.push(part.fieldname);
    }
  } catch (err) {
    if (!(err instanceof app.multipartErrors.RequestFileTooLargeError)) throw err;
    upload = { data: Buffer.alloc(0), mimetype: "", truncated: true };
  }
  if (unexpected.length > 0)
    throw validationError(
      Object.fromEntries(unexpected.map((f) => [f, [validationMessage("prohibited", f)]])),
    );
  uploads.set(request, upload);
  request.body = body;
}

/** POST /teachers/{id} is an update only with a PATCH override (`_method` field or header). */
function assertPatchOverride(request: FastifyRequest, body: { _method?: string }) {
  const header = request.headers["x-http-method-override"];
  const method = (body._method ?? (typeof header === "string" ? header : "")).toUpperCase();
  if (method !== "PATCH")
    throw validationError({ _method: ["El campo _method debe ser PATCH para actualizar un profesor."] });
}

/**
 * Teachers and coordinators (spec.md §7 Teachers, §6 "Teachers list: admin, coordinator, low admin;
 * supervising and schedule: admin, coordinator"; create and edit: admin). A coordinator reaches only the
 * teachers they supervise, on every call (`coordinator_not_owner_or_not_supervising`).
 */
export async function teachersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  await teacherUnavailabilityRoutes(app);
  // A birth date is bounded by the school's today, read on each request (DOMAIN.md "Dates and times").
  const schoolToday = () => app.clock.today();

  r.get(
    "/teachers",
    {
      onRequest: app.allow("teachersList"),
      schema: {
        tags,
        summary: "Listar profesores y coordinadores",
        description:
          "Busca en nombre, apellido, cédula y correo (sin distinguir mayúsculas ni acentos); filtros `enabled` " +
          "(Activos/Inactivos), `is_coordinator` y `specialization_id`. Un coordinador ve solo a los profesores " +
          "que supervisa. `format=csv`: todos como archivo CSV.",
        querystring: teachersQuery,
        response: { 200: listResponse(teacherListItemSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listTeachers({ db, caller: principalOf(request), list }),
        present: presentTeacherListItem,
        csv: { filename: "profesores", columns: teacherCsvColumns },
      }),
  );

  r.get(
    "/teachers/coordinators",
    {
      onRequest: app.allow("teachersList"),
      schema: {
        tags,
        summary: "Listar coordinadores",
        description:
          "Los profesores que son coordinadores (`/coordinators`), con la misma búsqueda y filtros.",
        querystring: teachersQuery,
        response: { 200: listResponse(teacherListItemSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: { ...request.query, is_coordinator: true },
        fetchPage: (list) => listTeachers({ db, caller: principalOf(request), list }),
        present: presentTeacherListItem,
        csv: { filename: "coordinadores", columns: teacherCsvColumns },
      }),
  );

  r.get(
    "/teachers/:id",
    {
      onRequest: app.allow("teachersList"),
      schema: { tags, summary: "Ver un profesor", params: idParams, response: teacherResponse },
    },
    async (request) => ({
      data: presentTeacher(await getTeacher({ db, caller: principalOf(request), id: request.params.id })),
    }),
  );

  r.post(
    "/teachers",
    {
      onRequest: app.allow("adminOnly"),
      preValidation: (request) => readTeacherForm(app, request),
      schema: {
        tags,
        summary: "Crear un profesor (multipart con foto opcional `profile_picture`)",
        description:
          "Crea la cuenta (sin confirmar) y el perfil, y envía el correo de confirmación. `specialization_id` " +
          "solo se guarda para un coordinador; un coordinador sin ella se rechaza con " +
          "`coordinator_missing_specialization`. Correo o cédula repetidos o una fecha de nacimiento " +
          "posterior a hoy (el día del colegio): 422.",
        body: createTeacherSchemaAt(schoolToday),
        response: { 201: itemResponse(teacherSchema) },
      },
    },
    async (request, reply) => {
      const row = await createTeacher({
        db,
        storage: app.storage,
        config: app.config,
        mailer: app.mailer,
        input: request.body,
        upload: uploads.get(request) ?? null,
      });
      return reply.status(201).send({ data: presentTeacher(row) });
    },
  );

  const update = async (request: FastifyRequest, id: number, body: UpdateTeacherInput) => {
    await assertCanUpdateTeacher(db, principalOf(request), id, body);
    return presentTeacher(
      await updateTeacher({
        db,
        storage: app.storage,
        sessions: app.sessions,
        id,
        input: body,
        upload: uploads.get(request) ?? null,
      }),
    );
  };

  r.patch(
    "/teachers/:id",
    {
      onRequest: app.allow("teacherProfileUpdate"),
      preValidation: (request) => readTeacherForm(app, request),
      schema: {
        tags,
        summary: "Actualizar un profesor (JSON o multipart)",
        description:
          "Un administrador cambia cualquier campo. Un profesor o coordinador actualiza solo su propio perfil " +
          "(nombre, apellido, fecha de nacimiento, teléfono, dirección y foto); otro campo es un 422, y " +
          "también una fecha de nacimiento posterior a hoy.",
        params: idParams,
        body: updateTeacherSchemaAt(schoolToday),
        response: teacherResponse,
      },
    },
    async (request) => ({ data: await update(request, request.params.id, request.body) }),
  );

  r.post(
    "/teachers/:id",
    {
      onRequest: app.allow("teacherProfileUpdate"),
      preValidation: (request) => readTeacherForm(app, request),
      schema: {
        tags,
        summary: "Actualizar un profesor (POST multipart con `_method=PATCH`)",
        description:
          "Igual que PATCH: el formulario multipart llega como POST con el campo `_method=PATCH` (o la cabecera " +
          "`X-HTTP-Method-Override: PATCH`).",
        params: idParams,
        body: updateTeacherSchemaAt(schoolToday).extend({ _method: z.string().max(10).optional() }),
        response: teacherResponse,
      },
    },
    async (request) => {
      assertPatchOverride(request, request.body);
      const { _method, ...body } = request.body;
      return { data: await update(request, request.params.id, body) };
    },
  );

  r.delete(
    "/teachers/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar un profesor",
        description: "Rechazado con 400 `teacher_has_course_sections` si tiene materias o jurados asignados.",
        params: idParams,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deleteTeacher({ db, storage: app.storage, sessions: app.sessions, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  r.patch(
    "/teachers/:id/is-coordinator",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Hacer coordinador (o profesor de nuevo)",
        description:
          "`is_coordinator: true` con `specialization_id` (obligatoria: `coordinator_missing_specialization`; " +
          "una por especialización: `specialization_has_coordinator`; el profesor debe estar activo: " +
          "`teacher_not_enabled`). `false` quita la especialización y la supervisión.",
        params: idParams,
        body: isCoordinatorSchema,
        response: teacherResponse,
      },
    },
    async (request) => ({
      data: presentTeacher(
        await setCoordinator({ db, sessions: app.sessions, id: request.params.id, input: request.body }),
      ),
    }),
  );

  r.post(
    "/teachers/:id/assign-specializations",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Asignar especialidades al profesor",
        params: idParams,
        body: specializationIdsSchema,
        response: teacherResponse,
      },
    },
    async (request) => ({
      data: presentTeacher(await assignSpecializations({ db, id: request.params.id, input: request.body })),
    }),
  );

  r.post(
    "/teachers/:id/remove-specializations",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Quitar especialidades al profesor",
        params: idParams,
        body: specializationIdsSchema,
        response: teacherResponse,
      },
    },
    async (request) => ({
      data: presentTeacher(await removeSpecializations({ db, id: request.params.id, input: request.body })),
    }),
  );

  r.post(
    "/teachers/:id/assign-teachers",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Asignar los profesores supervisados por un coordinador",
        description:
          "Reemplaza el conjunto de profesores que supervisa el coordinador por `teacher_ids` (lista vacía: " +
          "ninguno). Todos deben estar activos (`teacher_not_enabled`).",
        params: idParams,
        body: assignTeachersSchema,
        response: teacherResponse,
      },
    },
    async (request) => ({
      data: presentTeacher(
        await assignSupervisedTeachers({ db, id: request.params.id, input: request.body }),
      ),
    }),
  );

  r.get(
    "/teachers/:id/supervised-teachers",
    {
      onRequest: app.allow("teacherSupervision"),
      schema: {
        tags,
        summary: "Profesores supervisados por un coordinador",
        description: "Un coordinador solo consulta los suyos. `format=csv`: todos como archivo CSV.",
        params: idParams,
        querystring: teachersQuery,
        response: { 200: listResponse(teacherListItemSchema) },
      },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      await assertOwnSupervision(db, caller, request.params.id);
      return sendList(reply, {
        list: request.query,
        fetchPage: (list) => listTeachers({ db, caller, list, supervisedBy: request.params.id }),
        present: presentTeacherListItem,
        csv: { filename: "profesores-supervisados", columns: teacherCsvColumns },
      });
    },
  );

  r.get(
    "/teachers/:id/coordinated-specializations",
    {
      onRequest: app.allow("teachersList"),
      schema: {
        tags,
        summary: "Especialidades que coordina",
        params: idParams,
        response: { 200: z.object({ data: z.array(teacherSpecializationSchema) }) },
      },
    },
    async (request) => {
      await assertCanSeeTeacher(db, principalOf(request), request.params.id);
      return { data: await coordinatedSpecializations(db, request.params.id) };
    },
  );

  r.get(
    "/teachers/:id/schedules",
    {
      onRequest: app.allow("teacherSupervision"),
      schema: {
        tags,
        summary: "Horario semanal del profesor",
        description: "La cuadrícula de `/schedules/grid?teacher_id=` del período (por omisión el activo).",
        params: idParams,
        querystring: periodQuery,
        response: { 200: itemResponse(weeklyGridSchema) },
      },
    },
    async (request) => {
      await assertCanSeeTeacher(db, principalOf(request), request.params.id);
      const grid = await weeklyGrid({ db, periodId: request.query.period_id, teacherId: request.params.id });
      return { data: presentGrid(grid) };
    },
  );

  r.get(
    "/teachers/:id/courses",
    {
      onRequest: app.allow("teachersList"),
      schema: {
        tags,
        summary: "Materias de sección del profesor",
        description: "Del período indicado o del activo. `format=csv`: todas como archivo CSV.",
        params: idParams,
        querystring: courseSectionsQuery,
        response: { 200: listResponse(teacherCourseSectionSchema) },
      },
    },
    async (request, reply) => {
      await assertCanSeeTeacher(db, principalOf(request), request.params.id);
      return sendList(reply, {
        list: request.query,
        fetchPage: (list) => listTeacherCourseSections({ db, teacherId: request.params.id, list }),
        present: presentCourseSection,
        csv: { filename: "materias-profesor", columns: courseSectionCsvColumns },
      });
    },
  );

  r.get(
    "/teachers/:id/historic",
    {
      onRequest: app.allow("teachersList"),
      schema: {
        tags,
        summary: "Histórico de materias del profesor",
        description:
          "Materias de sección de los períodos anteriores al activo. `format=csv`: como archivo CSV.",
        params: idParams,
        querystring: historicQuery,
        response: { 200: listResponse(teacherCourseSectionSchema) },
      },
    },
    async (request, reply) => {
      await assertCanSeeTeacher(db, principalOf(request), request.params.id);
      return sendList(reply, {
        list: request.query,
        fetchPage: (list) =>
          listTeacherHistoric({ db, teacherId: request.params.id, list, today: app.clock.today() }),
        present: presentCourseSection,
        csv: { filename: "historico-profesor", columns: courseSectionCsvColumns },
      });
    },
  );

  r.get(
    "/teachers/:id/lessons",
    {
      onRequest: app.allow("teachersList"),
      schema: {
        tags,
        summary: "Clases del profesor",
        description: "Clases de sus materias de sección del período (por omisión el activo). `format=csv`.",
        params: idParams,
        querystring: lessonsQuery,
        response: { 200: listResponse(teacherLessonSchema) },
      },
    },
    async (request, reply) => {
      await assertCanSeeTeacher(db, principalOf(request), request.params.id);
      return sendList(reply, {
        list: request.query,
        fetchPage: (list) => listTeacherLessons({ db, teacherId: request.params.id, list }),
        present: presentLesson,
        csv: { filename: "clases-profesor", columns: lessonCsvColumns },
      });
    },
  );

  r.get(
    "/teachers/:id/reports/courses",
    {
      onRequest: app.allow("teachersList"),
      schema: {
        tags,
        summary: "Reporte de materias del profesor (CSV)",
        description: "Sus materias de sección del período (por omisión el activo) con estudiantes y clases.",
        params: idParams,
        querystring: periodQuery,
      },
    },
    async (request, reply) => {
      await assertCanSeeTeacher(db, principalOf(request), request.params.id);
      const list = {
        page: 1,
        limit: 500,
        sort_by: { field: "course" as const, direction: "asc" as const },
        period_id: request.query.period_id,
      };
      return sendCsv(reply, {
        filename: "reporte-materias-profesor",
        columns: courseSectionCsvColumns,
        rows: allRows(list, (l) => listTeacherCourseSections({ db, teacherId: request.params.id, list: l })),
      });
    },
  );
}
