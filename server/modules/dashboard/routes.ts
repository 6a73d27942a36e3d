import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { isStudent } from "../../../common/roles.js";
import {
  coordinatorDashboardSchema,
  dashboardIndexSchema,
  schoolSetupSchema,
  teacherDashboardSchema,
} from "../../../common/schemas/dashboard.js";
import { principalOf } from "../../http/auth.js";

import { forbidden } from "../../http/errors.js";
import { callerStudentId, callerTeacherId } from "../../http/ownership.js";
import { itemResponse } from "../../http/pagination.js";
import { adminDashboard, coordinatorDashboard, studentDashboard, teacherDashboard } from "./service.js";
import { schoolSetup } from "./setup.js";

const tags = ["Tableros"];

/** The dashboards of /home (spec.md §7 "Dashboards"), one per kind of user; read-only numbers. */
export async function dashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const ctx = () => ({ db, timeZone: app.config.timeZone, today: app.clock.today() });

  r.get(
    "/dashboard/index",
    {
      onRequest: app.allow("dashboardIndex"),
      schema: {
        tags,
        summary: "Tablero de inicio",
        description:
          "Para administradores y asistentes (`kind: admin`): estudiantes por estado, sexo, especialidad y " +
          "semestre, inscripciones del período activo contra cupos, preinscripciones por aprobar, pagos por " +
          "revisar, monto vencido y deudores, solicitudes de documentos pendientes y actividades de hoy. " +
          "Para un estudiante (`kind: student`), lo suyo: materias con nota e inasistencias, la próxima cuota, " +
          "las clases de hoy y las notificaciones sin leer.",
        response: { 200: itemResponse(dashboardIndexSchema) },
      },
    },
    async (request) => {
      const caller = principalOf(request);
      const studentId = await callerStudentId(db, caller);
      if (studentId !== null) return { data: await studentDashboard({ ...ctx(), caller, studentId }) };
      if (isStudent(caller.type)) throw forbidden();
      return { data: await adminDashboard(ctx()) };
    },
  );

  r.get(
    "/dashboard/setup",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Puesta en marcha de la escuela",
        description:
          "Los pasos para preparar la escuela, en orden (período, especialidades, pensums del período, " +
          "secciones, horas de clase, aulas, horarios, configuración de precios), cada uno con cuántos hay " +
          "y cuántos faltan, según los datos: el inicio de una escuela nueva los muestra con sus enlaces.",
        response: { 200: itemResponse(schoolSetupSchema) },
      },
    },
    async () => ({ data: await schoolSetup({ db }) }),
  );

  r.get(
    "/dashboard/coordinator",
    {
      onRequest: app.allow("dashboardCoordinator"),
      schema: {
        tags,
        summary: "Tablero del coordinador",
        description:
          "Las secciones de su especialidad en el período activo, los profesores que supervisa con clases " +
          "sin asistencia y evaluaciones sin notas hasta hoy, y los estudiantes de bajo y alto rendimiento " +
          "según las notas del período.",
        response: { 200: itemResponse(coordinatorDashboardSchema) },
      },
    },
    async (request) => {
      const teacherId = await callerTeacherId(db, principalOf(request));
      if (teacherId === null) throw forbidden();
      return { data: await coordinatorDashboard({ ...ctx(), teacherId }) };
    },
  );

  r.get(
    "/dashboard/teacher",
    {
      onRequest: app.allow("dashboardTeacher"),
      schema: {
        tags,
        summary: "Tablero del profesor",
        description:
          "Las clases de hoy y si falta tomar la asistencia, las evaluaciones hasta hoy con estudiantes sin " +
          "nota y sus materias de sección del período activo.",
        response: { 200: itemResponse(teacherDashboardSchema) },
      },
    },
    async (request) => {
      const teacherId = await callerTeacherId(db, principalOf(request));
      if (teacherId === null) throw forbidden();
      return { data: await teacherDashboard({ ...ctx(), teacherId }) };
    },
  );
}
