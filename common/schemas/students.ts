import { z } from "zod";
import { STANDINGS } from "../grades/standing.js";
import { ruleIssue } from "../validation/zod.js";

export const studentStatuses = ["active", "retired", "graduated"] as const;
export type StudentStatus = (typeof studentStatuses)[number];
export const genders = ["female", "male"] as const;

/** Profile pictures of new students: JPEG, PNG or WebP up to 2 MB (as the users resource takes them). */
export const studentPictureMaxBytes = 2 * 1024 * 1024;

/**
 * The school's today as `YYYY-MM-DD`, read when a payload is checked: the server's injected clock
 * (`app.clock.today`), the web app's school date. A birth date after it is refused.
 */
export type SchoolToday = () => string;

/** Absent, null and "" all mean "not given" (multipart forms send every field as text). */
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

/**
 * Cédula: a letter (V venezolano, E extranjero, …), an optional dash and 5 to 10 digits; kept as
 * `V-12345678` so "v12345678" and "V-12345678" are the same person.
 */
export const identityDocumentSchema = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .refine((v) => /^[VEJPG]-?\d{5,10}$/i.test(v), ruleIssue("regex"))
  .transform((v) => `${v[0]!.toUpperCase()}-${v.replace(/^[A-Za-z]-?/, "")}`);

const fields = {
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  identity_document: identityDocumentSchema,
  email: z.string().trim().max(255).pipe(z.email()),
  gender: z.enum(genders),
  phone: optionalText(30),
  address: optionalText(500),
};

/** A birth date: a day of the calendar, not after the school's today (without `today`: only the format). */
const birthDate = (today?: SchoolToday) =>
  z.preprocess(
    blankToUndefined,
    z.iso
      .date()
      .refine((v) => !today || v <= today(), ruleIssue("before_or_equal", { date: "hoy" }))
      .optional(),
  );

/**
 * POST /students (multipart: these text fields plus an optional `profile_picture` file), checked against
 * the school's today; `createStudentSchema` is the same payload without the date bound (types, docs).
 */
export const createStudentSchemaAt = (today?: SchoolToday) =>
  z.object({
    first_name: fields.first_name,
    last_name: fields.last_name,
    identity_document: fields.identity_document,
    email: fields.email,
    gender: fields.gender,
    birth_date: birthDate(today),
    phone: fields.phone,
    address: fields.address,
  });
export const createStudentSchema = createStudentSchemaAt();
export type CreateStudentInput = z.output<typeof createStudentSchema>;

/** PATCH /students/{id}: only the fields sent change; empty and falsy values are dropped (spec.md §5). */
export const updateStudentSchemaAt = (today?: SchoolToday) =>
  z.object({
    first_name: z.preprocess(blankToUndefined, fields.first_name.optional()),
    last_name: z.preprocess(blankToUndefined, fields.last_name.optional()),
    identity_document: z.preprocess(blankToUndefined, fields.identity_document.optional()),
    email: z.preprocess(blankToUndefined, fields.email.optional()),
    gender: z.preprocess(blankToUndefined, fields.gender.optional()),
    birth_date: birthDate(today),
    phone: fields.phone,
    address: fields.address,
    /** The record's version the form read (issue 27): a newer one answers 409 `stale_record`. */
    version: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe("Versión leída del registro (`version`); si ya no es la actual: 409 `stale_record`."),
  });
export const updateStudentSchema = updateStudentSchemaAt();
export type UpdateStudentInput = z.output<typeof updateStudentSchema>;

const brief = {
  period: z.object({ id: z.number().int(), name: z.string().describe("`año-número`, p. ej. 2026-1.") }),
  specialization: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  semester: z.object({ id: z.number().int(), number: z.number().int(), code: z.string() }),
  section: z.object({ id: z.number().int(), code: z.string() }),
  course: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
};
export const studentBriefSchemas = brief;

/** A student's place in one period. */
export const studentInscriptionSchema = z.object({
  id: z.number().int(),
  period: brief.period,
  specialization: brief.specialization,
  semester: brief.semester,
  section: brief.section,
  kind: z.string().describe("inscription (primera vez) o reinscription."),
  status: z.string().describe("active o retired."),
  approved_at: z.string().nullable(),
  retired_at: z.string().nullable(),
});
export type StudentInscription = z.infer<typeof studentInscriptionSchema>;

/** A student as the API shows it (spec.md §3 plus the profile of DOMAIN.md). */
export const studentSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  identity_document: z.string(),
  gender: z.string(),
  birth_date: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  status: z.string(),
  profile_picture: z.string().nullable(),
  confirmed: z.boolean().describe("La persona ya confirmó su cuenta."),
  latest_inscription: studentInscriptionSchema.nullable(),
  version: z.number().int().describe("Versión del registro: se envía al actualizarlo (issue 27)."),
});
export type Student = z.infer<typeof studentSchema>;

const classHour = z.object({ id: z.number().int(), start_time: z.string(), end_time: z.string() });

/** One weekly meeting of a course the student takes. */
export const studentScheduleSchema = z.object({
  id: z.number().int(),
  day: z.number().int(),
  day_name: z.string(),
  class_hours: z.array(classHour),
  classroom: z.object({ id: z.number().int(), code: z.string() }),
  course_section_id: z.number().int(),
  course: brief.course,
  section: brief.section,
});
export type StudentSchedule = z.infer<typeof studentScheduleSchema>;

/** A course the student takes (or took) in a period, with its accumulated note and attendance. */
export const studentCourseSchema = z.object({
  id: z.number().int(),
  course_section_id: z.number().int(),
  course: brief.course.extend({ credits: z.number().int(), max_absences_to_fail: z.number().int() }),
  section: brief.section,
  period: brief.period,
  status: z.string().describe("enrolled o withdrawn."),
  teachers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  note: z
    .number()
    .nullable()
    .describe(
      "Σ nota × peso / 100 con la entrega final: final (entera) al 100 % o terminado el período; en curso, " +
        "la nota hasta ahora (dos decimales). Null sin evaluaciones.",
    ),
  evaluated_percent: z.number().int().describe("Porcentaje de la materia evaluado hasta ahora."),
  failed_by_absences: z.boolean(),
  standing: z.enum(STANDINGS).describe("in_progress (En curso: ni aprobada ni reprobada), passed o failed."),
  passed: z
    .boolean()
    .nullable()
    .describe(
      "Aprobada: nota final mínima alcanzada, sin reprobar por inasistencias ni retirar. Null en curso.",
    ),
  absences: z.number().int(),
  delays: z.number().int(),
  lessons: z.number().int(),
});
export type StudentCourse = z.infer<typeof studentCourseSchema>;

export const periodAverageNoteSchema = z.object({
  period: brief.period.nullable(),
  average: z.number().nullable().describe("Promedio de las notas de sus materias del período (0–20)."),
  courses: z.number().int().describe("Materias con nota que entran en el promedio."),
  approval_minimum_avg: z.number().int().nullable(),
});
export type PeriodAverageNote = z.infer<typeof periodAverageNoteSchema>;

export const inscriptionStateSchema = z.object({
  student_status: z.string(),
  current_period: brief.period.nullable().describe("El período habilitado (actual)."),
  inscribed_in_current_period: z.boolean(),
  current_inscription: studentInscriptionSchema.nullable(),
  latest_inscription: studentInscriptionSchema.nullable(),
  inscriptions_count: z.number().int(),
});
export type InscriptionState = z.infer<typeof inscriptionStateSchema>;

export const studentBinnacleSchema = z.object({
  id: z.number().int(),
  incidence_date: z.string(),
  subject: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  author: z.string().nullable(),
  course: brief.course.nullable(),
});
export type StudentBinnacle = z.infer<typeof studentBinnacleSchema>;

export const studentNotificationSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  type: z.number().int(),
  code: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  sender: z.object({ name: z.string() }).nullable(),
});
export type StudentNotification = z.infer<typeof studentNotificationSchema>;

export const attendances = ["present", "absent", "delayed"] as const;

/** One lesson of the student: date, attendance, note. */
export const studentLessonSchema = z.object({
  lesson_id: z.number().int(),
  date: z.string(),
  title: z.string().nullable(),
  evaluated: z.boolean(),
  weight: z.number().int(),
  attendance: z.string(),
  note: z.number().nullable(),
  course_section_id: z.number().int(),
  course: brief.course,
  section: brief.section,
});
export type StudentLesson = z.infer<typeof studentLessonSchema>;
