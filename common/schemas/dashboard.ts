import { z } from "zod";
import { STANDINGS } from "../grades/standing.js";

/**
 * The dashboards of /home (spec.md §7 "Dashboards"): `GET /dashboard/index` (administration: the school's
 * numbers; a student: their own), `GET /dashboard/coordinator`, `GET /dashboard/teacher`. Each number is
 * a count the web links to the list it counts.
 */
const int = () => z.number().int();
const periodBrief = z.object({ id: int(), year: int(), number: int() }).nullable();
const counted = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, count: int() });

export const adminDashboardSchema = z.object({
  kind: z.literal("admin"),
  period: periodBrief.describe("El período activo; null si no hay."),
  today: z.string().describe("Hoy (AAAA-MM-DD) en la zona horaria de la escuela."),
  students: z.object({
    total: int(),
    by_status: z.array(counted({ status: z.string() })),
    by_gender: z.array(counted({ gender: z.string() })),
    by_specialization: z
      .array(counted({ id: int(), title: z.string() }))
      .describe("Inscritos del período activo por especialidad."),
    by_semester: z
      .array(counted({ id: int(), code: z.string(), number: int() }))
      .describe("Inscritos del período activo por semestre."),
  }),
  inscriptions: z.object({
    count: int().describe("Inscripciones activas del período activo."),
    seats: int().describe("Cupos de sus secciones (varones + hembras)."),
  }),
  preregistered_pending: int().describe("Preinscripciones por aprobar del período activo."),
  payments: z.object({
    pending_review: int().describe("Pagos reportados por revisar."),
    overdue_e2: int().describe("Monto vencido hoy (centésimas), recargos incluidos."),
    debtors: int().describe("Estudiantes con cuotas vencidas."),
  }),
  document_requests_pending: int(),
  activities_today: z.array(
    z.object({ id: int(), title: z.string(), start_date: z.string(), end_date: z.string() }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const studentDashboardSchema = z.object({
  kind: z.literal("student"),
  period: periodBrief,
  today: z.string(),
  courses: z.array(
    z.object({
      course_section_id: int(),
      course: z.object({ id: int(), code: z.string(), title: z.string() }),
      section: z.object({ id: int(), code: z.string() }),
      note: z
        .number()
        .nullable()
        .describe(
          "Σ nota × peso / 100 hasta hoy (0–20; final al 100 % o terminado el período), null si nada evaluado.",
        ),
      evaluated_percent: int(),
      standing: z.enum(STANDINGS).describe("in_progress (En curso), passed o failed."),
      absences: int(),
      delays: int(),
      failed_by_absences: z.boolean(),
    }),
  ),
  next_installment: z
    .object({
      date: z.string(),
      pending_e2: int(),
      is_late: z.boolean(),
    })
    .nullable()
    .describe("La próxima cuota sin pagar (la más antigua), null si no debe nada."),
  today_schedule: z
    .array(
      z.object({
        start_time: z.string(),
        end_time: z.string(),
        course: z.object({ id: int(), code: z.string(), title: z.string() }),
        section: z.object({ id: int(), code: z.string() }),
        classroom: z.string(),
      }),
    )
    .describe("Las clases de hoy en orden; las horas seguidas de una materia en un aula, juntas."),
  unread_notifications: int(),
});
export type StudentDashboard = z.infer<typeof studentDashboardSchema>;

export const dashboardIndexSchema = z.discriminatedUnion("kind", [
  adminDashboardSchema,
  studentDashboardSchema,
]);
export type DashboardIndex = z.infer<typeof dashboardIndexSchema>;

const lessonBrief = z.object({
  id: int(),
  date: z.string(),
  title: z.string().nullable(),
  course_section_id: int(),
  course: z.object({ id: int(), title: z.string() }),
  section: z.object({ id: int(), code: z.string() }),
});

export const teacherDashboardSchema = z.object({
  period: periodBrief,
  today: z.string(),
  today_lessons: z.array(lessonBrief.extend({ registered: z.boolean() })),
  pending_attendance: int().describe("Clases de hoy con la asistencia aún sin tomar."),
  evaluations_without_notes: z
    .array(lessonBrief.extend({ missing: int().describe("Estudiantes inscritos sin nota.") }))
    .describe("Clases evaluadas hasta hoy con algún estudiante sin nota."),
  sections: z.array(
    z.object({
      course_section_id: int(),
      course: z.object({ id: int(), title: z.string() }),
      section: z.object({ id: int(), code: z.string() }),
      students: int(),
    }),
  ),
});
export type TeacherDashboard = z.infer<typeof teacherDashboardSchema>;

const studentBrief = z.object({
  id: int(),
  first_name: z.string(),
  last_name: z.string(),
  average: z.number(),
});

export const coordinatorDashboardSchema = z.object({
  period: periodBrief,
  today: z.string(),
  specializations: z.array(z.object({ id: int(), title: z.string() })),
  sections: z.array(z.object({ id: int(), code: z.string(), semester_number: int(), students: int() })),
  teachers: z
    .array(
      z.object({
        id: int(),
        first_name: z.string(),
        last_name: z.string(),
        pending_attendance: int().describe("Clases hasta hoy sin asistencia."),
        pending_evaluations: int().describe("Clases evaluadas hasta hoy con algún estudiante sin nota."),
      }),
    )
    .describe("Profesores que supervisa."),
  performance: z.object({
    low_note: int(),
    high_note: int(),
    low: z.array(studentBrief).describe("Promedio hasta hoy por debajo de la nota de bajo rendimiento."),
    high: z.array(studentBrief).describe("Promedio hasta hoy igual o superior a la de alto rendimiento."),
    evaluated: int().describe("Estudiantes con alguna nota en el período."),
  }),
});
export type CoordinatorDashboard = z.infer<typeof coordinatorDashboardSchema>;

/**
 * The order a new school is set up in (`GET /dashboard/setup`): each step needs the ones before it
 * (a pensum belongs to a specialization, a section to a period and a pensum's semester, a schedule to a
 * course section, a classroom and class hours; a price setting to a period).
 */
export const SETUP_STEPS = [
  "period",
  "specializations",
  "pensums",
  "sections",
  "class_hours",
  "classrooms",
  "schedules",
  "price_settings",
] as const;
export type SetupStepKey = (typeof SETUP_STEPS)[number];

export const schoolSetupSchema = z.object({
  period: z
    .object({ id: int(), year: int(), number: int(), enabled: z.boolean() })
    .nullable()
    .describe("El período que se prepara: el activo o, si no hay, el último creado; null si no hay ninguno."),
  complete: z.boolean().describe("Todos los pasos listos."),
  steps: z.array(
    z.object({
      key: z.enum(SETUP_STEPS),
      done: z.boolean(),
      count: int().describe("Cuántos hay (del período en pensums, secciones, horarios y precios)."),
      needed: int()
        .nullable()
        .describe(
          "Cuántos lo necesitan: especialidades (pensums del período) y materias de sección del período " +
            "(horarios); null en los pasos que piden al menos uno.",
        ),
      missing: int().describe(
        "Cuántos faltan: especialidades sin pensum en el período, materias de sección sin horario; 1 si " +
          "aún no hay ninguno; 0 si el paso está listo.",
      ),
    }),
  ),
});
export type SchoolSetup = z.infer<typeof schoolSetupSchema>;
export type SetupStep = SchoolSetup["steps"][number];
