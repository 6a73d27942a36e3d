import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { weeklyGridSchema } from "../../../common/schemas/schedules.js";
import { courseEnrolments } from "../../db/schema/index.js";
import { principalOf } from "../../http/auth.js";
import { queryFilter } from "../../http/list-query.js";
import { callerStudentId, callerTeacherId } from "../../http/ownership.js";
import { itemResponse } from "../../http/pagination.js";
import { presentGrid } from "../schedules/presenter.js";
import { weeklyGrid } from "../schedules/service.js";

const periodQuery = z.object({
  period_id: queryFilter.int({ min: 1 }).describe("Período; por omisión el período activo."),
});

/** `GET /profile/schedules`: the caller's own weekly grid (/profile/schedule). */
export async function myScheduleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  r.get(
    "/profile/schedules",
    {
      onRequest: app.allow("mySchedule"),
      schema: {
        tags: ["Horarios"],
        summary: "Mi horario semanal",
        description:
          "La cuadrícula semanal de quien llama: para un profesor o coordinador, sus materias de sección; " +
          "para un estudiante, las materias que cursa. Del período indicado o del activo.",
        querystring: periodQuery,
        response: { 200: itemResponse(weeklyGridSchema) },
      },
    },
    async (request) => {
      const caller = principalOf(request);
      const periodId = request.query.period_id;
      const teacherId = await callerTeacherId(db, caller);
      if (teacherId !== null) return { data: presentGrid(await weeklyGrid({ db, periodId, teacherId })) };
      const studentId = await callerStudentId(db, caller);
      const courseSectionIds =
        studentId === null
          ? []
          : (
              await db
                .select({ id: courseEnrolments.courseSectionId })
                .from(courseEnrolments)
                .where(
                  and(eq(courseEnrolments.studentId, studentId), eq(courseEnrolments.status, "enrolled")),
                )
            ).map((x) => x.id);
      return { data: presentGrid(await weeklyGrid({ db, periodId, courseSectionIds })) };
    },
  );
}
