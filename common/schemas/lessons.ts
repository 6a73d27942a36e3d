import { z } from "zod";
import { recordId } from "../validation/ids.js";
import { ruleIssue } from "../validation/zod.js";

/** Attendance of a student in a lesson (DOMAIN.md "Attendance"). */
export const attendanceValues = ["present", "absent", "delayed"] as const;
export type Attendance = (typeof attendanceValues)[number];

/** A note of the 0–20 scale (stored with two decimals). */
export const noteValue = () => z.number().min(0).max(20);

const title = z
  .string()
  .trim()
  .max(200)
  .nullable()
  .transform((v) => v || null);
const description = z
  .string()
  .trim()
  .max(5000)
  .nullable()
  .transform((v) => v || null);

/**
 * The version of the lesson's attendance and notes the screen read (`version` of the lesson's detail; issue
 * 27). When it is no longer the current one, someone saved in between: 409 `stale_record`, nothing written.
 * Left out, the save is not checked.
 */
const readVersion = () =>
  z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      "Versión leída (`version` del detalle de la clase); si ya no es la actual: 409 `stale_record`.",
    );

/** POST /lessons: one lesson of a course section on a date. */
export const createLessonSchema = z.object({
  course_section_id: recordId(),
  date: z.iso.date(),
  title: title.optional().transform((v) => v ?? null),
  description: description.optional().transform((v) => v ?? null),
});
export type CreateLessonInput = z.output<typeof createLessonSchema>;

/** POST /lessons/generate: every week of the period, from the course section's schedule. */
export const generateLessonsSchema = z.object({ course_section_id: recordId() });

/** PATCH /lessons/{id}: only the fields sent change. */
export const updateLessonSchema = z.object({
  date: z.iso.date().optional(),
  title: title.optional(),
  description: description.optional(),
});
export type UpdateLessonInput = z.output<typeof updateLessonSchema>;

/**
 * PATCH /lessons/{id}/register: the attendance of the whole course section in one request. Students not
 * listed are present.
 */
export const registerLessonSchema = z.object({
  students: z
    .array(z.object({ student_id: recordId(), attendance: z.enum(attendanceValues) }))
    .max(500)
    .default([]),
  version: readVersion(),
});
export type RegisterLessonInput = z.output<typeof registerLessonSchema>;

/** PATCH /lessons/{id}/evaluate: the lesson's weight (percent); 0 makes it an ordinary lesson again. */
export const evaluateLessonSchema = z.object({ weight: z.number().int().min(0).max(100) });

/** PATCH /lessons/{id}/students/bulk-update: notes of several students (null clears a note). */
export const bulkNotesSchema = z.object({
  students: z
    .array(z.object({ student_id: recordId(), note: noteValue().nullable() }))
    .min(1)
    .max(500),
  version: readVersion(),
});
export type BulkNotesInput = z.output<typeof bulkNotesSchema>;

/** PATCH /lessons/{id}/students/{student}: one student's attendance and/or note. */
export const updateLessonStudentSchema = z
  .object({
    attendance: z.enum(attendanceValues).optional(),
    note: noteValue().nullable().optional(),
    version: readVersion(),
  })
  .refine((v) => v.attendance !== undefined || v.note !== undefined, {
    path: ["attendance"],
    params: ruleIssue("required").params,
  });
export type UpdateLessonStudentInput = z.output<typeof updateLessonStudentSchema>;

const courseSectionBrief = z.object({
  id: z.number().int(),
  course: z.object({
    id: z.number().int(),
    code: z.string(),
    title: z.string(),
    max_absences_to_fail: z.number().int(),
  }),
  section: z.object({ id: z.number().int(), code: z.string(), period_id: z.number().int() }),
  teachers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** A lesson in lists. */
export const lessonSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  evaluated: z.boolean(),
  weight: z.number().int(),
  registered_at: z.string().nullable(),
  absences: z.number().int().describe("Estudiantes ausentes en la clase."),
  delays: z.number().int().describe("Estudiantes con retraso en la clase."),
  notes: z.number().int().describe("Estudiantes con nota en la clase."),
  course_section: courseSectionBrief,
});
export type Lesson = z.infer<typeof lessonSchema>;

/** One student of the course section in a lesson. */
export const lessonStudentSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  identity_document: z.string(),
  attendance: z.enum(attendanceValues),
  delayed: z.boolean(),
  note: z.number().nullable(),
  pivot: z.object({ note: z.number().nullable() }),
  absences: z.number().int().describe("Inasistencias en la materia (todas sus clases)."),
  delays: z.number().int().describe("Retrasos en la materia (todas sus clases)."),
  absences_with_delays: z.number().int().describe("Inasistencias más una por cada tres retrasos."),
  failed_by_delay: z.boolean().describe("Materia aplazada por inasistencias."),
});
export type LessonStudent = z.infer<typeof lessonStudentSchema>;

/** GET /lessons/{id} and the answer of every lesson write. */
export const lessonDetailSchema = lessonSchema.extend({
  version: z
    .number()
    .int()
    .describe("Versión de la asistencia y las notas de la clase: se envía al guardarlas (issue 27)."),
  students: z.array(lessonStudentSchema),
  absences_by_attendance: z.array(z.object({ student_id: z.number().int() })),
  absences_by_delay: z.array(z.object({ student_id: z.number().int() })),
  students_with_failed_course_by_delay: z.array(z.object({ student_id: z.number().int() })),
  available_weight: z
    .number()
    .int()
    .describe("Porcentaje aún disponible para esta clase (100 − otras clases − entrega final)."),
  message: z.string().optional().describe("Aviso para el usuario (p. ej. estudiantes no editados)."),
  skipped_student_ids: z.array(z.number().int()).optional(),
});
export type LessonDetail = z.infer<typeof lessonDetailSchema>;

/** POST /lessons/generate's answer. */
export const generateResultSchema = z.object({
  created: z.number().int(),
  skipped_holidays: z.number().int(),
  existing: z.number().int(),
  message: z.string(),
});
export type GenerateResult = z.infer<typeof generateResultSchema>;

/** One change of a student's attendance or note (the append-only audit trail). */
export const lessonStudentChangeSchema = z.object({
  id: z.number().int(),
  lesson_id: z.number().int(),
  lesson_date: z.string(),
  lesson_title: z.string().nullable(),
  field: z.enum(["attendance", "note"]),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  changed_at: z.string(),
  changed_by: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
});
export type LessonStudentChange = z.infer<typeof lessonStudentChangeSchema>;
