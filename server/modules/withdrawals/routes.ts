import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  changeSectionSchema,
  withdrawalStateSchema,
  withdrawCoursesSchema,
} from "../../../common/schemas/withdrawals.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { itemResponse } from "../../http/pagination.js";
import { forgetFullSections } from "../inscriptions/full-sections.js";
import { presentWithdrawalState } from "./presenter.js";
import { changeSection, retireStudent, withdrawalState, withdrawCourses } from "./service.js";

const tags = ["Retiros"];

/** Withdrawals (spec.md §2 /withdrawals, administrator only): retire, withdraw courses, change section. */
export async function withdrawalsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const forget = () => forgetFullSections(db);

  r.get(
    "/students/:id/withdrawal-state",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Inscripción actual para retiros",
        description: "El estudiante y su inscripción más reciente con sus materias (inscritas o retiradas).",
        params: idParamsSchema,
        response: { 200: itemResponse(withdrawalStateSchema) },
      },
    },
    async (request) => ({ data: presentWithdrawalState(await withdrawalState(db, request.params.id)) }),
  );

  r.patch(
    "/students/:id/retire",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Retirar a un estudiante",
        description:
          "Estado retirado; sus inscripciones de períodos no terminados quedan retiradas y sus materias " +
          "retiradas (liberan el cupo). No se borra nada: el historial se conserva. Ya retirado: 400 " +
          "`student_already_retired`.",
        params: idParamsSchema,
        response: { 200: itemResponse(withdrawalStateSchema) },
      },
    },
    async (request) => ({
      data: presentWithdrawalState(
        await retireStudent({ db, studentId: request.params.id, clock: app.clock }).finally(forget),
      ),
    }),
  );

  r.post(
    "/students/:id/withdraw-courses",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Retirar materias",
        description:
          "Retira materias (`course_section_ids`) de la inscripción activa más reciente. En el ciclo básico: 400 " +
          "`unable_to_withdraw_courses_in_basic_specialization`; una materia que no cursa o ya retiró: 400 " +
          "`student_is_not_related_to_course_section`.",
        params: idParamsSchema,
        body: withdrawCoursesSchema,
        response: { 200: itemResponse(withdrawalStateSchema) },
      },
    },
    async (request) => ({
      data: presentWithdrawalState(
        await withdrawCourses({ db, studentId: request.params.id, input: request.body, clock: app.clock }),
      ),
    }),
  );

  r.post(
    "/students/:id/change-section",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Cambiar de sección",
        description:
          "Mueve la inscripción activa y sus materias a `new_section_id`, del mismo semestre y período " +
          "(`new_section_equals_old`, `new_section_semester_must_match_old`), con cupo para su género contado " +
          "bajo el bloqueo de la sección (`section_is_filled_or_gender_is_filled`).",
        params: idParamsSchema,
        body: changeSectionSchema,
        response: { 200: itemResponse(withdrawalStateSchema) },
      },
    },
    async (request) => ({
      data: presentWithdrawalState(
        await changeSection({
          db,
          studentId: request.params.id,
          input: request.body,
          clock: app.clock,
        }).finally(forget),
      ),
    }),
  );
}
