import { z } from "zod";
import { STANDINGS } from "../grades/standing.js";
import { recordId } from "../validation/ids.js";
import { noteValue } from "./lessons.js";

/**
 * The notes of a course section (spec.md §7 "Sections": `sections/{id}/courses/{id}/students-notes`,
 * `/students/{id}`, `/reports/students`, `/grade-sheet`). Every number comes from the one maths of
 * common/enrolment/progression.ts.
 */

const cut = z.object({
  start: z.iso.date().nullable(),
  end: z.iso.date().nullable(),
});

const cutNote = z.object({
  note: z.number().int().nullable().describe("Nota del corte (0–20, redondeada); null sin evaluaciones."),
  evaluated_percent: z.number().int(),
});

export const courseSectionInfoSchema = z.object({
  id: z.number().int(),
  section: z.object({ id: z.number().int(), code: z.string() }),
  course: z.object({
    id: z.number().int(),
    code: z.string(),
    title: z.string(),
    credits: z.number().int(),
    max_absences_to_fail: z.number().int(),
  }),
  period: z.object({
    id: z.number().int(),
    name: z.string(),
    first_cut: cut,
    second_cut: cut,
    approval_minimum_note: z.number().int(),
  }),
  teachers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  final_delivery_percent: z
    .number()
    .int()
    .nullable()
    .describe("Porcentaje de la entrega final, si la tiene."),
});

export const evaluatedLessonSchema = z.object({
  id: z.number().int(),
  date: z.iso.date(),
  title: z.string().nullable(),
  weight: z.number().int(),
  version: z
    .number()
    .int()
    .describe("Versión de la asistencia y las notas de la clase: se envía al guardar notas (issue 27)."),
});

export const studentCourseNotesSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  identity_document: z.string(),
  notes: z
    .array(z.object({ lesson_id: z.number().int(), note: z.number().nullable() }))
    .describe("Una por clase evaluada, en el orden de `lessons`; null: sin nota (cuenta 0)."),
  final_delivery_note: z.number().nullable().describe("Promedio del jurado, si lo hay."),
  note: z
    .number()
    .nullable()
    .describe(
      "Σ nota × peso / 100. Final (peso al 100 % o período terminado): entera, redondeada hacia arriba en ,5; " +
        "en curso: la nota hasta ahora, con dos decimales.",
    ),
  evaluated_percent: z.number().int(),
  first_cut: cutNote,
  second_cut: cutNote,
  absences: z.number().int(),
  delays: z.number().int(),
  absences_with_delays: z.number().int(),
  failed_by_absences: z.boolean(),
  withdrawn: z.boolean(),
  standing: z.enum(STANDINGS).describe("in_progress: En curso (ni aprobada ni reprobada); passed; failed."),
  passed: z.boolean().nullable().describe("Null mientras la materia está en curso."),
});
export type StudentCourseNotes = z.infer<typeof studentCourseNotesSchema>;

export const courseSectionNotesSchema = z.object({
  course_section: courseSectionInfoSchema,
  lessons: z.array(evaluatedLessonSchema),
  students: z.array(studentCourseNotesSchema),
});
export type CourseSectionNotes = z.infer<typeof courseSectionNotesSchema>;

export const studentCourseNoteSchema = z.object({
  course_section: courseSectionInfoSchema,
  lessons: z.array(evaluatedLessonSchema),
  student: studentCourseNotesSchema,
});
export type StudentCourseNote = z.infer<typeof studentCourseNoteSchema>;

export const courseSectionReportSchema = z.object({
  students: z.number().int(),
  with_note: z.number().int(),
  average: z.number().nullable().describe("Promedio de las notas (dos decimales)."),
  highest: z.number().nullable(),
  lowest: z.number().nullable(),
  passed: z.number().int(),
  failed: z.number().int(),
  in_progress: z
    .number()
    .int()
    .describe("Estudiantes cuya materia sigue en curso (ni aprobada ni reprobada)."),
  failed_by_absences: z.number().int(),
  withdrawn: z.number().int(),
});
export type CourseSectionReport = z.infer<typeof courseSectionReportSchema>;

export const sectionReportSchema = z.object({
  courses: z.array(
    courseSectionReportSchema.extend({
      course: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
    }),
  ),
  average: z.number().nullable().describe("Promedio de los promedios de los estudiantes (dos decimales)."),
});
export type SectionReport = z.infer<typeof sectionReportSchema>;

export const gradeSheetFormats = ["pdf", "csv"] as const;
export const gradeSheetQuerySchema = z.object({
  format: z.enum(gradeSheetFormats).default("pdf").describe("pdf (por omisión) o csv."),
});

export const courseSectionStudentSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  identity_document: z.string(),
});

export const attendanceMarks = ["absent", "delayed"] as const;

/** GET /sections/{id}/courses/{course}/students/{student}/absences. */
export const studentAbsencesSchema = z.object({
  course_section: courseSectionInfoSchema,
  student: courseSectionStudentSchema,
  absences: z
    .array(
      z.object({
        lesson_id: z.number().int(),
        date: z.iso.date(),
        title: z.string().nullable(),
        attendance: z.enum(attendanceMarks).describe("absent: inasistencia; delayed: retraso."),
      }),
    )
    .describe("Una fila por clase en que no estuvo presente, por fecha."),
  totals: z.object({
    absences: z.number().int(),
    delays: z.number().int(),
    absences_with_delays: z.number().int().describe("Inasistencias más un tercio de los retrasos."),
    max_absences_to_fail: z.number().int(),
    failed_by_absences: z.boolean().describe("true cuando pasa del máximo de la materia."),
  }),
});
export type StudentAbsences = z.infer<typeof studentAbsencesSchema>;

/** GET /sections/{id}/courses/{course}/students/{student}/lessons. */
export const studentCourseLessonsSchema = z.object({
  course_section: courseSectionInfoSchema,
  student: courseSectionStudentSchema,
  lessons: z.array(
    z.object({
      id: z.number().int(),
      date: z.iso.date(),
      title: z.string().nullable(),
      registered: z.boolean().describe("true cuando ya se pasó la asistencia."),
      attendance: z
        .enum(["present", "absent", "delayed"])
        .nullable()
        .describe("null: la asistencia aún no se ha pasado."),
      evaluated: z.boolean(),
      weight: z.number().int(),
      note: z.number().nullable().describe("Solo en clases evaluadas."),
    }),
  ),
});
export type StudentCourseLessons = z.infer<typeof studentCourseLessonsSchema>;

/** `format` of the reads that answer a record or its rows as a CSV file or an Excel workbook. */
export const jsonOrCsvQuerySchema = z.object({
  format: z.enum(["json", "csv", "xlsx"]).default("json").describe("json (por omisión), csv o xlsx."),
});

/**
 * PATCH /sections/{id}/courses/{course}/students/{student}: that student's notes (0–20, null clears) of
 * several evaluations of the course section, in one request.
 */
export const updateStudentNotesSchema = z.object({
  notes: z
    .array(
      z.object({
        lesson_id: recordId(),
        note: noteValue().nullable(),
        version: z
          .number()
          .int()
          .min(1)
          .optional()
          .describe(
            "Versión leída de la clase (`lessons[].version`); si ya no es la actual: 409 `stale_record`.",
          ),
      }),
    )
    .min(1)
    .max(200)
    .refine((notes) => new Set(notes.map((n) => n.lesson_id)).size === notes.length, {
      message: "Cada evaluación puede aparecer una sola vez.",
    }),
});
export type UpdateStudentNotesInput = z.output<typeof updateStudentNotesSchema>;
