import { z } from "zod";
import { STANDINGS } from "../grades/standing.js";
import { recordId } from "../validation/ids.js";

/** Shifts of a section (DOMAIN.md "Section"), with the labels of spec.md §2. */
export const shifts = ["morning", "afternoon", "mixed"] as const;
export type Shift = (typeof shifts)[number];
export const shiftNames: Record<Shift, string> = { morning: "Mañana", afternoon: "Tarde", mixed: "Mixto" };

const fields = {
  /** One to three letters or digits, kept upper-case ("a" → "A"). */
  letter_code: z
    .string()
    .trim()
    .min(1)
    .max(3)
    .regex(/^[A-Za-z0-9]+$/)
    .transform((v) => v.toUpperCase()),
  title: z
    .string()
    .trim()
    .max(150)
    .nullable()
    .transform((v) => v || null),
  shift: z.enum(shifts),
  males_limit: z.number().int().min(0).max(1000),
  females_limit: z.number().int().min(0).max(1000),
};

/** POST /sections: its course sections (one per course of the semester) are created with it. */
export const createSectionSchema = z.object({
  period_id: recordId(),
  semester_id: recordId(),
  letter_code: fields.letter_code,
  title: fields.title.optional().transform((v) => v ?? null),
  shift: fields.shift.default("morning"),
  males_limit: fields.males_limit,
  females_limit: fields.females_limit,
});
export type CreateSectionInput = z.output<typeof createSectionSchema>;

/** PATCH /sections/{id}: only the fields sent change (period and semester are fixed). */
export const updateSectionSchema = z.object({
  letter_code: fields.letter_code.optional(),
  title: fields.title.optional(),
  shift: fields.shift.optional(),
  males_limit: fields.males_limit.optional(),
  females_limit: fields.females_limit.optional(),
});
export type UpdateSectionInput = z.output<typeof updateSectionSchema>;

/** PATCH or POST /sections/{id}/courses/{course}/assign-teacher: the new set of teachers (replaces the old). */
export const assignTeachersSchema = z.object({
  teacher_ids: z.array(recordId()).max(20),
});
export type AssignTeachersInput = z.output<typeof assignTeachersSchema>;

export const teacherBriefSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  enabled: z.boolean(),
});
export type TeacherBrief = z.infer<typeof teacherBriefSchema>;

const courseBriefSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  credits: z.number().int(),
  supports_final_delivery: z.boolean(),
});

const sectionBriefSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  letter_code: z.string(),
  period_id: z.number().int(),
});

/** A course taught to a section (spec.md §2 course table). */
export const courseSectionSchema = z.object({
  id: z.number().int(),
  section_id: z.number().int(),
  course_id: z.number().int(),
  course: courseBriefSchema,
  section: sectionBriefSchema,
  teachers: z.array(teacherBriefSchema).describe("Vacío: sin profesor asignado."),
  males_count: z.number().int().describe("Varones inscritos en la materia."),
  females_count: z.number().int().describe("Hembras inscritas en la materia."),
  schedules_count: z.number().int().describe("Bloques semanales (día × aula) de su horario."),
});
export type CourseSection = z.infer<typeof courseSectionSchema>;

/** A section as the API shows it (spec.md §3 "Section"). */
export const sectionSchema = z.object({
  id: z.number().int(),
  period_id: z.number().int(),
  period: z.object({ id: z.number().int(), year: z.number().int(), number: z.number().int() }),
  semester_id: z.number().int(),
  semester: z.object({ id: z.number().int(), number: z.number().int(), code: z.string() }),
  specialization: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  letter_code: z.string(),
  code: z.string().describe("Código del semestre + letra."),
  title: z.string().nullable(),
  shift: z.enum(shifts),
  shift_name: z.string().describe("Mañana, Tarde o Mixto."),
  males_limit: z.number().int(),
  females_limit: z.number().int(),
  males_count: z.number().int().describe("Varones inscritos."),
  females_count: z.number().int().describe("Hembras inscritas."),
  courses_count: z.number().int(),
});
export type Section = z.infer<typeof sectionSchema>;

/** GET /sections/{id}: the section with its course sections and teachers. */
export const sectionDetailSchema = sectionSchema.extend({
  courses: z.array(courseSectionSchema),
  teachers: z.array(teacherBriefSchema),
});
export type SectionDetail = z.infer<typeof sectionDetailSchema>;

/** A student inscribed in a section (GET /sections/{id}/students). */
export const sectionStudentSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  identity_document: z.string(),
  gender: z.string(),
  email: z.string(),
  status: z.string().describe("active o retired (inscripción)."),
});
export type SectionStudent = z.infer<typeof sectionStudentSchema>;

/** GET /sections/{id}/students-courses-notes: each student with the note accumulated in each course. */
export const studentsCoursesNotesSchema = z.object({
  courses: z.array(courseBriefSchema),
  students: z.array(
    sectionStudentSchema.extend({
      notes: z
        .array(
          z.object({
            course_id: z.number().int(),
            note: z
              .number()
              .nullable()
              .describe(
                "Σ nota × peso / 100 con la entrega final: final (entera) al 100 % o terminado el período; en " +
                  "curso, la nota hasta ahora (dos decimales). Null sin clases evaluadas.",
              ),
            evaluated_percent: z.number().int().describe("Porcentaje de la materia evaluado hasta ahora."),
            absences: z.number().int(),
            delays: z.number().int(),
            absences_with_delays: z.number().int().describe("Inasistencias más una por cada tres retrasos."),
            failed_by_absences: z.boolean(),
            withdrawn: z.boolean(),
            standing: z.enum(STANDINGS).describe("in_progress (En curso), passed o failed."),
            passed: z.boolean().nullable().describe("Null mientras la materia está en curso."),
          }),
        )
        .describe("Una por materia, en el orden de `courses`."),
      average: z.number().nullable().describe("Promedio de las notas de sus materias (dos decimales)."),
    }),
  ),
});
export type StudentsCoursesNotes = z.infer<typeof studentsCoursesNotesSchema>;
