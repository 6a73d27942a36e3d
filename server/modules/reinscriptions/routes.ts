import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  approvalSchema,
  nextSemesterPreviewSchema,
  reinscriptionDetailSchema,
  reinscriptionItemSchema,
  reinscriptionResultSchema,
  reinscriptionSchema,
  updateReinscriptionSchema,
} from "../../../common/schemas/reinscriptions.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { principalOf } from "../../http/auth.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { forgetFullSections } from "../inscriptions/full-sections.js";
import { assertMaySeeStudent } from "./policy.js";
import {
  presentPlan,
  presentReinscription,
  presentReinscriptionDetail,
  reinscriptionCsvColumns,
} from "./presenter.js";
import { getReinscription, listReinscriptions, reinscriptionSortable } from "./queries.js";
import {
  approveCurrentSemester,
  previewNextSemester,
  type ReinscriptionOutcome,
  reinscribe,
  updateReinscription,
} from "./service.js";

const tags = ["Reinscripciones"];

const reinscriptionsQuery = listQuery({
  sortable: reinscriptionSortable,
  defaultSort: { field: "created_at", direction: "desc" },
  filters: {
    period_id: queryFilter.int({ min: 1 }).describe("Período de la reinscripción."),
    semester_id: queryFilter.int({ min: 1 }),
    section_id: queryFilter.int({ min: 1 }),
    status: queryFilter.enum(["active", "retired"]).describe("active o retired."),
  },
});

const previewQuery = z.object({
  period_id: queryFilter.int({ min: 1 }).describe("Período destino; por omisión el siguiente al activo."),
});

/**
 * Re-inscriptions (issue 8): the preview of what a student's next semester would be, the approval of the
 * current one, the re-inscription itself and the list and detail of re-inscriptions.
 */
export async function reinscriptionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const presentResult = async (result: ReinscriptionOutcome) => ({
    ...presentReinscriptionDetail(await getReinscription({ db, id: result.inscriptionId })),
    outcome: result.outcome,
    skipped_courses: result.skipped,
    message: result.message,
  });

  r.get(
    "/students/:id/courses/next-semester",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Vista previa del siguiente semestre",
        description:
          "Cómo le fue al estudiante en su semestre más reciente (nota de cada materia, inasistencias, promedio) " +
          "y qué le daría una reinscripción: el siguiente semestre si lo aprobó, si no las materias a repetir; al " +
          "terminar el ciclo básico, una opción por especialidad. Cada «no» trae el motivo en español con sus " +
          "cifras. Un estudiante ve solo lo suyo; un profesor, sus estudiantes; un coordinador, los de su especialidad.",
        params: idParamsSchema,
        querystring: previewQuery,
        response: { 200: itemResponse(nextSemesterPreviewSchema) },
      },
    },
    async (request) => {
      await assertMaySeeStudent(db, principalOf(request), request.params.id);
      const plan = await previewNextSemester({
        db,
        studentId: request.params.id,
        periodId: request.query.period_id,
        today: app.clock.today(),
      });
      return { data: presentPlan(plan) };
    },
  );

  r.post(
    "/students/:id/approves-current-semester",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Aprobar el semestre actual",
        description:
          "Marca aprobado el semestre de la inscripción más reciente cuando el promedio alcanza el mínimo " +
          "aprobatorio del período y no reprobó ninguna materia; si no, 400 `student_cant_move_to_next_semester` " +
          "con la materia reprobada y cuánto le falta al promedio.",
        params: idParamsSchema,
        response: { 200: itemResponse(approvalSchema) },
      },
    },
    async (request) => {
      const result = await approveCurrentSemester({
        db,
        studentId: request.params.id,
        now: app.clock.now(),
        today: app.clock.today(),
      });
      return {
        data: {
          inscription_id: result.inscriptionId,
          approved: true as const,
          average: result.average,
          approved_at: result.approvedAt.toISOString(),
          message: result.message,
        },
      };
    },
  );

  r.post(
    "/students/:id/reinscription-v2",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Reinscribir en el período siguiente",
        description:
          "Inscribe al estudiante en el período siguiente (o `period_id`, con inscripciones abiertas): el " +
          "siguiente semestre si aprobó el actual, si no las materias a repetir; al terminar el ciclo básico, el " +
          "primer semestre de `specialization_id` (`specialization_not_present`; `basic_avg_lt_approval_minimum_avg` " +
          "con el promedio y lo que falta). Sección elegida con cupo para su género o la más vacía con cupo " +
          "(`section_is_filled_or_gender_is_filled`, `no_available_sections_for_inscription`). Responde 201 con " +
          "las materias inscritas y las omitidas con su motivo.",
        params: idParamsSchema,
        body: reinscriptionSchema,
        response: { 201: itemResponse(reinscriptionResultSchema) },
      },
    },
    async (request, reply) => {
      const result = await reinscribe({
        db,
        studentId: request.params.id,
        input: request.body,
        now: app.clock.now(),
        today: app.clock.today(),
      });
      return reply.status(201).send({ data: await presentResult(result) });
    },
  );

  r.post(
    "/inscriptions/update/reinscription",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Modificar una reinscripción",
        description:
          "Rehace la reinscripción `inscription_id` con otra sección (`section_id`, con cupo para su género) u, " +
          "al salir del ciclo básico, otra especialidad (`specialization_id`), juzgada de nuevo con las notas " +
          "actuales. Con clases ya registradas para el estudiante: 400 `inscription_has_lessons`.",
        body: updateReinscriptionSchema,
        response: { 200: itemResponse(reinscriptionResultSchema) },
      },
    },
    async (request) => ({
      data: await presentResult(
        await updateReinscription({ db, input: request.body, today: app.clock.today() }).finally(() =>
          forgetFullSections(db),
        ),
      ),
    }),
  );

  r.get(
    "/reinscriptions",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Listar reinscripciones",
        description:
          "Busca por nombre, apellido, cédula o correo del estudiante; filtros `period_id`, `semester_id`, " +
          "`section_id`, `status`. `format=csv`: todas como archivo CSV.",
        querystring: reinscriptionsQuery,
        response: { 200: listResponse(reinscriptionItemSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listReinscriptions({ db, list }),
        present: presentReinscription,
        csv: { filename: "reinscripciones", columns: reinscriptionCsvColumns },
      }),
  );

  r.get(
    "/reinscriptions/:id",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Ver una reinscripción",
        params: idParamsSchema,
        response: { 200: itemResponse(reinscriptionDetailSchema) },
      },
    },
    async (request) => ({
      data: presentReinscriptionDetail(await getReinscription({ db, id: request.params.id })),
    }),
  );
}
