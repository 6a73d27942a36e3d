import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createPreregisteredStudentSchemaAt,
  honeypotField,
  preregisteredStatuses,
  preregisteredStudentSchema,
  preregistrationFormSchema,
  preregistrationReceivedSchema,
  updatePreregisteredStudentSchemaAt,
} from "../../../common/schemas/preregistered-students.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { principalOf } from "../../http/auth.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { preregisteredCsvColumns, presentPreregistered } from "./presenter.js";
import {
  approvePreregistered,
  createPreregistration,
  deletePreregistered,
  getPreregistered,
  listPreregistered,
  preregisteredSortable,
  preregistrationForm,
  preregistrationReceived,
  updatePreregistered,
} from "./service.js";
import { createPreregistrationThrottle, preregistrationLimit } from "./throttle.js";

const tags = ["Preinscripciones"];

const preregisteredQuery = listQuery({
  sortable: preregisteredSortable,
  defaultSort: { field: "created_at", direction: "desc" },
  filters: {
    period_id: queryFilter.int({ min: 1 }).describe("Período de la preinscripción."),
    specialization_id: queryFilter.int({ min: 1 }).describe("Especialidad deseada."),
    status: queryFilter.enum(preregisteredStatuses).describe("pending (por aprobar) o approved (aprobadas)."),
  },
});

/**
 * Pre-registered students (spec.md §7): the public form's calls (no session; a rate limit per address and
 * a honeypot field keep robots out) and the administrators' list, detail, delete and approval.
 */
export async function preregisteredStudentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const throttle = createPreregistrationThrottle(db);

  r.get(
    "/preregistered-students/form",
    {
      schema: {
        tags,
        summary: "Datos del formulario público de preinscripción",
        description:
          "Sin sesión. El período con preinscripciones abiertas y las especialidades habilitadas para elegir. " +
          "400 `unable_to_find_enabled_preregisters_period` cuando las preinscripciones están cerradas.",
        response: { 200: itemResponse(preregistrationFormSchema) },
      },
    },
    async () => ({ data: await preregistrationForm({ db }) }),
  );

  /** Every request counts against its address, whether it is valid, a duplicate or a robot's. */
  async function countAttempt(request: FastifyRequest, reply: FastifyReply) {
    await throttle.take(request.ip, reply);
  }

  /** A filled honeypot: the same answer as a real pre-inscription, and nothing is written. */
  async function honeypot(request: FastifyRequest, reply: FastifyReply) {
    const body = request.body as Record<string, unknown> | null | undefined;
    const bait = body && typeof body === "object" ? body[honeypotField] : undefined;
    if (typeof bait === "string" && bait.trim() !== "") {
      request.log.info("pre-inscription honeypot filled: ignored");
      return reply.status(201).send(preregistrationReceived);
    }
  }

  r.post(
    "/preregistered-students",
    {
      onRequest: countAttempt,
      preValidation: honeypot,
      schema: {
        tags,
        summary: "Enviar una preinscripción (formulario público)",
        description:
          "Sin sesión, mientras un período tenga las preinscripciones abiertas (si no, 400 " +
          "`unable_to_find_enabled_preregisters_period`). La misma respuesta (201) para personas nuevas y " +
          "conocidas: una cédula o un correo ya registrados no se revelan; se revisan al aprobar y el dueño " +
          "del correo recibe un aviso. Limitado a " +
          `${preregistrationLimit.points} envíos por dirección cada ${preregistrationLimit.durationSec / 60} minutos ` +
          "(429 `too_many_requests` con `Retry-After`). `social_networks` vale cadenas vacías por omisión.",
        body: createPreregisteredStudentSchemaAt(() => app.clock.today()),
        response: { 201: preregistrationReceivedSchema },
      },
    },
    async (request, reply) => {
      const { notice } = await createPreregistration({ db, input: request.body, appUrl: app.config.appUrl });
      if (notice) app.mailer.sendInBackground(notice);
      return reply.status(201).send(preregistrationReceived);
    },
  );

  r.get(
    "/preregistered-students",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Listar preinscripciones",
        description:
          "Busca en nombre, apellido, cédula y correo; filtros `period_id`, `specialization_id`, `status`. " +
          "Las más recientes primero. `format=csv`: todas como archivo CSV.",
        querystring: preregisteredQuery,
        response: { 200: listResponse(preregisteredStudentSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listPreregistered({ db, list }),
        present: presentPreregistered,
        csv: { filename: "preinscripciones", columns: preregisteredCsvColumns },
      }),
  );

  r.get(
    "/preregistered-students/:id",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Ver una preinscripción",
        params: idParamsSchema,
        response: { 200: itemResponse(preregisteredStudentSchema) },
      },
    },
    async (request) => ({
      data: presentPreregistered(await getPreregistered({ db, id: request.params.id })),
    }),
  );

  r.patch(
    "/preregistered-students/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Corregir una preinscripción",
        description:
          "Solo los campos enviados, mientras esté por aprobar (una aprobada: 400 " +
          "`preregistration_already_approved`). Duplicados: 422 en el campo, como en el formulario público.",
        params: idParamsSchema,
        body: updatePreregisteredStudentSchemaAt(() => app.clock.today()),
        response: { 200: itemResponse(preregisteredStudentSchema) },
      },
    },
    async (request) => ({
      data: presentPreregistered(
        await updatePreregistered({ db, id: request.params.id, input: request.body }),
      ),
    }),
  );

  r.post(
    "/preregistered-students/:id/confirm",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Aprobar una preinscripción",
        description:
          "En una transacción crea la cuenta (sin confirmar) y el estudiante, y marca la preinscripción " +
          "aprobada; después envía el correo de confirmación de la cuenta. Rechazos: " +
          "`preregistration_already_approved` (400); 409 `preregistration_email_in_use` (correo de una " +
          "cuenta) o `preregistration_person_exists` (cédula de un estudiante o profesor), con quién la tiene.",
        params: idParamsSchema,
        response: { 200: itemResponse(preregisteredStudentSchema) },
      },
    },
    async (request) => {
      const { row, mail } = await approvePreregistered({
        db,
        config: app.config,
        id: request.params.id,
        audit: { actorId: principalOf(request).id, ip: request.ip },
      });
      app.mailer.sendInBackground(mail);
      return { data: presentPreregistered(row) };
    },
  );

  r.delete(
    "/preregistered-students/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar una preinscripción",
        description: "Solo una por aprobar: una aprobada responde 400 `preregistration_already_approved`.",
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deletePreregistered({ db, id: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
