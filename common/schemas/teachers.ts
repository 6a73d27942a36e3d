import { z } from "zod";
import { recordId } from "../validation/ids.js";
import { ruleIssue } from "../validation/zod.js";
import type { SchoolToday } from "./students.js";

/**
 * Teachers and coordinators (spec.md §2 "Teachers and coordinators", §3 "Teacher or coordinator", §7
 * Teachers). Creation and update arrive as multipart forms (booleans as 1/0, a `profile_picture` file) or
 * JSON; the same schemas validate both.
 */

/** A boolean as forms send it: multipart `1`/`0`, JSON `true`/`false`. */
const formBoolean = z.preprocess((v) => {
  if (v === "1" || v === 1 || v === "true") return true;
  if (v === "0" || v === 0 || v === "false") return false;
  return v;
}, z.boolean());

/** A record id that may arrive as text from a multipart form; empty text means none. */
const formNullableId = z.preprocess((v) => {
  if (v === "" || v === "null") return null;
  return typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
}, recordId().nullable());

/** Optional text: blank becomes null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

export const teacherGenders = ["female", "male"] as const;

/**
 * A birth date or none (blank is none): a day of the calendar, not after the school's today (as a
 * student's; without `today`: only the format).
 */
const birthDate = (today?: SchoolToday) =>
  z
    .preprocess(
      (v) => (v === "" ? null : v),
      z.iso
        .date()
        .refine((v) => !today || v <= today(), ruleIssue("before_or_equal", { date: "hoy" }))
        .nullish(),
    )
    .transform((v) => v ?? null);

const fields = {
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  /** Cédula: a letter (V, E) and 6 to 9 digits, stored as `V-12345678`. */
  identity_document: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase().replace(/\s+/g, ""))
    .pipe(z.string().regex(/^[VEJP]-?\d{6,9}$/))
    .transform((v) => (v.includes("-") ? v : `${v[0]}-${v.slice(1)}`)),
  email: z.string().trim().pipe(z.email().max(255)),
  gender: z.enum(teacherGenders),
  phone: optionalText(30),
  address: optionalText(500),
  enabled: formBoolean,
  is_coordinator: formBoolean,
  specialization_id: formNullableId,
};

/**
 * POST /teachers (multipart with an optional `profile_picture`, or JSON), checked against the school's
 * today; `createTeacherSchema` is the same payload without the date bound (types, docs).
 */
export const createTeacherSchemaAt = (today?: SchoolToday) =>
  z.object({
    first_name: fields.first_name,
    last_name: fields.last_name,
    identity_document: fields.identity_document,
    email: fields.email,
    gender: fields.gender,
    birth_date: birthDate(today)
      .optional()
      .transform((v) => v ?? null),
    phone: fields.phone.optional().transform((v) => v ?? null),
    address: fields.address.optional().transform((v) => v ?? null),
    enabled: fields.enabled.default(true),
    is_coordinator: fields.is_coordinator.default(false),
    /** Kept only for a coordinator (dropped otherwise); a coordinator without one is refused. */
    specialization_id: fields.specialization_id.optional().transform((v) => v ?? null),
  });
export const createTeacherSchema = createTeacherSchemaAt();
export type CreateTeacherInput = z.output<typeof createTeacherSchema>;

/**
 * PATCH /teachers/{id} (or POST with `_method=PATCH`): only the fields sent change; the birth date is
 * checked against the school's today (`updateTeacherSchema`: without that bound).
 */
export const updateTeacherSchemaAt = (today?: SchoolToday) =>
  z.object({
    first_name: fields.first_name.optional(),
    last_name: fields.last_name.optional(),
    identity_document: fields.identity_document.optional(),
    email: fields.email.optional(),
    gender: fields.gender.optional(),
    birth_date: birthDate(today).optional(),
    phone: fields.phone.optional(),
    address: fields.address.optional(),
    enabled: fields.enabled.optional(),
    is_coordinator: fields.is_coordinator.optional(),
    specialization_id: fields.specialization_id.optional(),
    /** `1` removes the current picture ("Remover foto") when no new one is sent. */
    remove_profile_picture: formBoolean.optional(),
  });
export const updateTeacherSchema = updateTeacherSchemaAt();
export type UpdateTeacherInput = z.output<typeof updateTeacherSchema>;

/** The text fields a multipart create or update may carry (a file only under `profile_picture`). */
export const teacherFormFields = [...Object.keys(updateTeacherSchema.shape), "_method"] as readonly string[];

/** PATCH /teachers/{id}/is-coordinator. */
export const isCoordinatorSchema = z.object({
  is_coordinator: formBoolean,
  specialization_id: fields.specialization_id.optional().transform((v) => v ?? null),
});
export type IsCoordinatorInput = z.output<typeof isCoordinatorSchema>;

/** POST /teachers/{id}/assign-specializations and remove-specializations. */
export const specializationIdsSchema = z.object({
  specialization_ids: z.array(recordId()).min(1).max(100),
});
export type SpecializationIdsInput = z.output<typeof specializationIdsSchema>;

/** POST /teachers/{id}/assign-teachers: the full set of teachers the coordinator supervises. */
export const assignTeachersSchema = z.object({
  teacher_ids: z.array(recordId()).max(1000),
});
export type AssignTeachersInput = z.output<typeof assignTeachersSchema>;

const specializationBriefSchema = z.object({ id: z.number().int(), code: z.string(), title: z.string() });
export type TeacherSpecialization = z.infer<typeof specializationBriefSchema>;

const personBriefSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});
export type TeacherPersonBrief = z.infer<typeof personBriefSchema>;

/** A teacher in lists (the fields the course and section pages' selects read, plus the list's columns). */
export const teacherListItemSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  identity_document: z.string(),
  email: z.string(),
  enabled: z.boolean(),
  is_coordinator: z.boolean(),
  specialization_id: z
    .number()
    .int()
    .nullable()
    .describe("Solo coordinadores: la especialización que coordinan."),
  profile_picture: z.string().nullable(),
  courses_count: z.number().int().describe("Materias de sección asignadas en el período activo."),
});
export type TeacherListItem = z.infer<typeof teacherListItemSchema>;

/** One teacher or coordinator (spec.md §3). */
export const teacherSchema = teacherListItemSchema.extend({
  gender: z.enum(teacherGenders),
  birth_date: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  confirmed: z.boolean().describe("Si la persona ya confirmó su cuenta."),
  specialization: specializationBriefSchema.nullable(),
  specializations: z.array(specializationBriefSchema),
  supervised_teachers: z.array(personBriefSchema),
  supervisors: z.array(personBriefSchema),
  lessons_count: z.number().int(),
});
export type Teacher = z.infer<typeof teacherSchema>;

/** A course section a teacher teaches (`/teachers/{id}`, `courses`, `historic`). */
export const teacherCourseSectionSchema = z.object({
  course_section_id: z.number().int(),
  course: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  section: z.object({
    id: z.number().int(),
    code: z.string(),
    letter_code: z.string(),
    shift: z.string(),
  }),
  semester: z.object({ id: z.number().int(), number: z.number().int(), code: z.string() }),
  specialization: specializationBriefSchema,
  period: z.object({ id: z.number().int(), year: z.number().int(), number: z.number().int() }),
  students_count: z.number().int(),
  lessons_count: z.number().int(),
});
export type TeacherCourseSection = z.infer<typeof teacherCourseSectionSchema>;

/** A lesson of one of the teacher's course sections (`/teachers/{id}/lessons`). */
export const teacherLessonSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  title: z.string().nullable(),
  evaluated: z.boolean(),
  weight: z.number().int(),
  registered: z.boolean(),
  course_section_id: z.number().int(),
  course: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  section: z.object({ id: z.number().int(), code: z.string() }),
});
export type TeacherLesson = z.infer<typeof teacherLessonSchema>;

export {
  personBriefSchema as teacherBriefPersonSchema,
  specializationBriefSchema as teacherSpecializationSchema,
};
