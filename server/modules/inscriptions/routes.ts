import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isAdminGroup } from "../../../common/roles.js";
import {
  createInscriptionSchemaAt,
  generatePeriodFeeSchema,
  inscriptionKinds,
  inscriptionResultSchema,
  inscriptionSchema,
  inscriptionStatuses,
  periodFeeSchema,
  rollbackInscriptionSchema,
  studentInscriptionSchema,
  updateInscriptionSchema,
} from "../../../common/schemas/inscriptions.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import type { DbOrTx } from "../../db/client.js";
import { principalOf } from "../../http/auth.js";
import { sendList } from "../../http/csv.js";
import { forbidden } from "../../http/errors.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { type Caller, callerStudentId } from "../../http/ownership.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { sendRemembered } from "../../http/snapshot-memo.js";
import { sendAccountConfirmation } from "../auth/service.js";
import { forgetFullSections } from "./full-sections.js";
import {
  inscriptionCsvColumns,
  presentInscription,
  presentInscriptionResult,
  presentPeriodFee,
  presentStudentInscription,
} from "./presenter.js";
import {
  createInscription,
  generatePeriodFee,
  getInscription,
  getPeriodFee,
  inscriptionSortable,
  listInscriptions,
  listStudentInscriptions,
  rollbackInscription,
  updateInscription,
} from "./service.js";

const tags = ["Inscripciones"];

const inscriptionsQuery = listQuery({
  sortable: inscriptionSortable,
  filters: {
    period_id: queryFilter.int({ min: 1 }).describe("Período."),
    section_id: queryFilter.int({ min: 1 }).describe("Sección."),
    semester_id: queryFilter.int({ min: 1 }).describe("Semestre."),
    specialization_id: queryFilter.int({ min: 1 }).describe("Especialización."),
    student_id: queryFilter.int({ min: 1 }).describe("Estudiante."),
    kind: queryFilter.enum(inscriptionKinds).describe("inscription o reinscription."),
    status: queryFilter.enum(inscriptionStatuses).describe("active o retired."),
  },
});

const periodFeeQuery = z.object({
  period_id: queryFilter.int({ min: 1 }).describe("Período; por omisión el de la última inscripción."),
});

/** The administration sees every student's records; a student only their own; nobody else. */
async function assertStudentOrAdmin(db: DbOrTx, caller: Caller, studentId: number) {
  if (isAdminGroup(caller.type)) return;
  if ((await callerStudentId(db, caller)) !== studentId) throw forbidden();
}

/**
 * Inscriptions (spec.md §7 "Inscriptions", DOMAIN.md "Enrolment"): list for the administration,
 * inscribe, roll back and update for administrators; a student's inscriptions and period fee for the
 * student themselves and the administration.
 */
export async function inscriptionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/inscriptions",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Listar inscripciones",
        description:
          "Busca por nombre, apellido, cédula y correo del estudiante; filtros `period_id`, `section_id`, " +
          "`semester_id`, `specialization_id`, `student_id`, `kind`, `status`. `format=csv`: todas como archivo CSV.",
        querystring: inscriptionsQuery,
        response: { 200: listResponse(inscriptionSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listInscriptions({ db, list }),
        present: presentInscription,
        csv: { filename: "inscripciones", columns: inscriptionCsvColumns },
      }),
  );

  // spec.md §7 writes the call with its trailing slash; both spellings answer.
  for (const url of ["/inscriptions", "/inscriptions/"])
    r.post(
      url,
      {
        onRequest: app.allow("adminOnly"),
        schema: {
          tags,
          summary: "Inscribir un estudiante",
          description:
            "Un estudiante existente (`student_id`), uno nuevo (`student`) o uno preinscrito y aprobado " +
            "(`preinscription_id`), en el período con inscripciones abiertas (`period_inscriptions_are_disabled`; " +
            "con dos abiertos, `period_id` dice cuál, si falta: `inscription_period_is_ambiguous`), " +
            "un semestre y la sección elegida (`section_is_filled_or_gender_is_filled`) o la que el sistema elige " +
            "(`no_available_sections_for_inscription`). Los cupos se cuentan bajo bloqueo de la sección. Se inscribe " +
            "en cada materia cuyas prelaciones cumple; las demás vuelven en `skipped_courses` con el motivo. Dos veces " +
            "en un período: `period_and_student_latest_period_are_equals`. Genera la cuota del período si hay precios. " +
            "La fecha de nacimiento de un estudiante nuevo no puede ser posterior a hoy (el día del colegio): 422.",
          body: createInscriptionSchemaAt(() => app.clock.today()),
          response: { 201: itemResponse(inscriptionResultSchema) },
        },
      },
      async (request, reply) => {
        const outcome = await createInscription({
          db,
          input: request.body,
          now: app.clock.now(),
          today: app.clock.today(),
        });
        if (outcome.createdUserId !== null) {
          await sendAccountConfirmation({
            db,
            config: app.config,
            mailer: app.mailer,
            userId: outcome.createdUserId,
            background: true,
          });
        }
        const row = outcome.row ?? (await getInscription({ db, id: outcome.inscriptionId }));
        return reply.status(201).send({ data: presentInscriptionResult(row, outcome) });
      },
    );

  r.post(
    "/inscriptions/rollback",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Deshacer una inscripción",
        description:
          "Borra la inscripción, sus materias y la cuota que generó. Rechazado con `inscription_has_lessons` si " +
          "el estudiante tiene clases registradas, `inscription_has_payments` si la cuota tiene pagos.",
        body: rollbackInscriptionSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await rollbackInscription({ db, inscriptionId: request.body.inscription_id });
      forgetFullSections(db);
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/inscriptions/update",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Cambiar semestre o sección de una inscripción",
        description:
          "Mismo período; cupos bajo bloqueo; las materias se rehacen según las prelaciones. Rechazado con " +
          "`inscription_has_lessons` si hay clases registradas, `new_section_equals_old` si nada cambia.",
        body: updateInscriptionSchema,
        response: { 200: itemResponse(inscriptionResultSchema) },
      },
    },
    async (request) => {
      const outcome = await updateInscription({ db, input: request.body, today: app.clock.today() });
      forgetFullSections(db);
      const row = await getInscription({ db, id: outcome.inscriptionId });
      return { data: presentInscriptionResult(row, outcome) };
    },
  );

  r.get(
    "/students/:id/inscriptions",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Inscripciones de un estudiante",
        description:
          "Por período, la más reciente primero, con sus materias. El estudiante ve solo las suyas.",
        params: idParamsSchema,
        response: { 200: z.object({ data: z.array(studentInscriptionSchema) }) },
      },
    },
    async (request) => {
      await assertStudentOrAdmin(db, principalOf(request), request.params.id);
      const rows = await listStudentInscriptions({ db, studentId: request.params.id });
      return { data: rows.map(presentStudentInscription) };
    },
  );

  r.get(
    "/students/:id/period-fee",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Cuota del período de un estudiante",
        description:
          "La del período pedido o, por omisión, la del período de su última inscripción, con sus cuotas. " +
          "404 `student_period_fee_not_found` si no tiene. El estudiante ve solo la suya.",
        params: idParamsSchema,
        querystring: periodFeeQuery,
        response: { 200: itemResponse(periodFeeSchema) },
      },
    },
    async (request, reply) => {
      await assertStudentOrAdmin(db, principalOf(request), request.params.id);
      const studentId = request.params.id;
      const periodId = request.query.period_id;
      const today = app.clock.today();
      // Asked on every page load of a student: answered again while nothing was written (and the day is the same).
      return sendRemembered(
        reply,
        db,
        `period-fee ${studentId} ${periodId ?? "latest"} ${today}`,
        async () => {
          const fee = await getPeriodFee({ db, studentId, periodId });
          return { data: presentPeriodFee(fee, today, app.clock.timeZone) };
        },
      );
    },
  );

  r.post(
    "/students/:id/generate-period-fee",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Generar la cuota del período",
        description:
          "Copia la configuración de precios del período (`period_price_setting_not_found` si no hay) en la cuota " +
          "del estudiante; una por período (`student_period_fee_already_exists`); el estudiante debe estar inscrito " +
          "(`student_has_no_inscription`).",
        params: idParamsSchema,
        body: generatePeriodFeeSchema,
        response: { 201: itemResponse(periodFeeSchema) },
      },
    },
    async (request, reply) => {
      const fee = await generatePeriodFee({
        db,
        studentId: request.params.id,
        periodId: request.body?.period_id,
      });
      return reply.status(201).send({ data: presentPeriodFee(fee, app.clock.today(), app.clock.timeZone) });
    },
  );
}
