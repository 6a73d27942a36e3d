import { z } from "zod";
import { STANDINGS } from "../grades/standing.js";
import { recordId } from "../validation/ids.js";

const int = () => z.number().int();
const brief = z.object({ id: int(), code: z.string(), title: z.string() });
const periodBrief = z.object({ id: int(), year: int(), number: int(), name: z.string() });
const semesterBrief = z.object({ id: int(), number: int(), code: z.string() });
const specializationBrief = z.object({
  id: int(),
  code: z.string(),
  title: z.string(),
  is_basic: z.boolean(),
});
const studentBrief = z.object({
  id: int(),
  first_name: z.string(),
  last_name: z.string(),
  identity_document: z.string(),
  email: z.string(),
  gender: z.string(),
  status: z.string().describe("active, retired o graduated."),
});

/** How a course of the student's current semester went (the note so far and the absences). */
export const courseOutcomeSchema = z.object({
  course: brief,
  course_section_id: int(),
  note: z
    .number()
    .nullable()
    .describe(
      "Nota de la materia: Σ nota × peso / 100. Final (entera) cuando lo evaluado llega al 100 % o el período terminó; si no, la nota hasta ahora (dos decimales). null: sin evaluaciones.",
    ),
  evaluated_percent: int().describe("Porcentaje de la materia ya evaluado."),
  absences: int().describe("Inasistencias, más una por cada tres retrasos."),
  max_absences_to_fail: int(),
  failed_by_absences: z.boolean(),
  withdrawn: z.boolean(),
  standing: z
    .enum(STANDINGS)
    .describe("in_progress (En curso: sin el 100 % evaluado y el período sin terminar), passed o failed."),
  passed: z.boolean(),
});
export type CourseOutcome = z.infer<typeof courseOutcomeSchema>;

export const nextSemesterOutcomes = [
  "next_semester",
  "repeat",
  "choose_specialization",
  "finished",
  "in_progress",
] as const;
export type NextSemesterOutcome = (typeof nextSemesterOutcomes)[number];

/** A semester the student may be re-inscribed into, with the courses they would take. */
export const nextSemesterOptionSchema = z.object({
  specialization: specializationBrief,
  semester: semesterBrief,
  courses: z.array(brief.extend({ missing_prelations: z.array(z.string()) })),
});
export type NextSemesterOption = z.infer<typeof nextSemesterOptionSchema>;

/**
 * GET /students/{id}/courses/next-semester: how the student's latest semester went and what a
 * re-inscription would give them, each "no" explained in Spanish with its numbers.
 */
export const nextSemesterPreviewSchema = z.object({
  student: studentBrief,
  current: z.object({
    inscription_id: int(),
    status: z.string(),
    period: periodBrief,
    specialization: specializationBrief,
    semester: semesterBrief,
    section: z.object({ id: int(), code: z.string() }),
  }),
  courses: z.array(courseOutcomeSchema),
  average: z.number().nullable().describe("Promedio (dos decimales) de las materias cursadas."),
  approval_minimum_avg: int(),
  approval_minimum_note: int(),
  approved: z.boolean(),
  reasons: z.array(z.string()).describe("Por qué no aprueba el semestre, en español y con las cifras."),
  basic_average: z.number().nullable().describe("Promedio del ciclo básico, cuando se sale de él."),
  outcome: z.enum(nextSemesterOutcomes),
  message: z.string().describe("Resumen en español de lo que daría la reinscripción."),
  target_period: periodBrief.extend({ enabled_inscriptions: z.boolean() }).nullable(),
  already_inscribed: z.boolean().describe("Ya tiene inscripción en el período siguiente."),
  options: z
    .array(nextSemesterOptionSchema)
    .describe(
      "El semestre al que iría (o que repetiría, con solo las materias a repetir); al salir del ciclo básico, una opción por especialidad.",
    ),
});
export type NextSemesterPreview = z.infer<typeof nextSemesterPreviewSchema>;

/** POST /students/{id}/reinscription-v2. */
export const reinscriptionSchema = z.object({
  period_id: recordId().optional(),
  section_id: recordId()
    .nullish()
    .transform((v) => v ?? null),
  specialization_id: recordId()
    .nullish()
    .transform((v) => v ?? null),
});
export type ReinscriptionInput = z.output<typeof reinscriptionSchema>;

/** POST /inscriptions/update/reinscription: the re-inscription redone with another section or specialization. */
export const updateReinscriptionSchema = z.object({
  inscription_id: recordId(),
  section_id: recordId()
    .nullish()
    .transform((v) => v ?? null),
  specialization_id: recordId()
    .nullish()
    .transform((v) => v ?? null),
});
export type UpdateReinscriptionInput = z.output<typeof updateReinscriptionSchema>;

/** A re-inscription (an inscription of kind `reinscription`) as lists and the detail show it. */
export const reinscriptionItemSchema = z.object({
  id: int(),
  status: z.string(),
  created_at: z.string(),
  student: studentBrief,
  period: periodBrief,
  specialization: specializationBrief,
  semester: semesterBrief,
  section: z.object({ id: int(), code: z.string() }),
  courses_count: int(),
});
export type ReinscriptionItem = z.infer<typeof reinscriptionItemSchema>;

export const reinscriptionDetailSchema = reinscriptionItemSchema.extend({
  courses: z.array(
    z.object({ course_section_id: int(), course: brief, status: z.enum(["enrolled", "withdrawn"]) }),
  ),
});
export type ReinscriptionDetail = z.infer<typeof reinscriptionDetailSchema>;

/** The answer of a re-inscription: what was written and which courses were left out, and why. */
export const reinscriptionResultSchema = reinscriptionDetailSchema.extend({
  outcome: z.enum(["next_semester", "repeat", "choose_specialization"]),
  skipped_courses: z.array(z.object({ course: brief, reason: z.string() })),
  message: z.string(),
});
export type ReinscriptionResult = z.infer<typeof reinscriptionResultSchema>;

/** POST /students/{id}/approves-current-semester: the semester approved, with its average. */
export const approvalSchema = z.object({
  inscription_id: int(),
  approved: z.literal(true),
  average: z.number().nullable(),
  approved_at: z.string(),
  message: z.string(),
});
export type Approval = z.infer<typeof approvalSchema>;
