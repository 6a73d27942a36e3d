import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  teacherUnavailabilitySchema,
  updateTeacherUnavailabilitySchema,
} from "../../../common/schemas/teacher-unavailability.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { principalOf } from "../../http/auth.js";
import { itemResponse } from "../../http/pagination.js";
import {
  assertCanReadUnavailability,
  replaceTeacherUnavailability,
  teacherUnavailability,
} from "./unavailability.js";

const tags = ["Profesores"];

/** A teacher's weekly unavailability (issue 28): read by the administration, the teacher and their coordinator. */
export async function teacherUnavailabilityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/teachers/:id/unavailability",
    {
      onRequest: app.allow("teacherUnavailability"),
      schema: {
        tags,
        summary: "Disponibilidad semanal del profesor",
        description:
          "Las franjas (día 1 lunes … 6 sábado × hora de clase) en que el profesor no puede dar clase. " +
          "La consultan la administración, el propio profesor y el coordinador que lo supervisa.",
        params: idParamsSchema,
        response: { 200: itemResponse(teacherUnavailabilitySchema) },
      },
    },
    async (request) => {
      await assertCanReadUnavailability(db, principalOf(request), request.params.id);
      return { data: await teacherUnavailability(db, request.params.id) };
    },
  );

  r.put(
    "/teachers/:id/unavailability",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Reemplazar la disponibilidad semanal del profesor",
        description:
          "`slots` reemplaza todas las franjas no disponibles del profesor (lista vacía: siempre disponible). " +
          "Un día fuera de 1–6, una hora de clase que no existe o una franja repetida: 422. El generador de " +
          "horarios nunca lo coloca en esas franjas; el editor de horarios lo advierte.",
        params: idParamsSchema,
        body: updateTeacherUnavailabilitySchema,
        response: { 200: itemResponse(teacherUnavailabilitySchema) },
      },
    },
    async (request) => ({
      data: await replaceTeacherUnavailability({ db, teacherId: request.params.id, input: request.body }),
    }),
  );
}
