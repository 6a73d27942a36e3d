import { z } from "zod";

/**
 * A boolean as forms send it: multipart answers `1`/`0` (spec.md §7: "booleans as 1/0"), JSON `true`/`false`.
 * Anything else is a 422 on the field.
 */
const formBoolean = z.preprocess((v) => {
  if (v === "1" || v === 1 || v === "true") return true;
  if (v === "0" || v === 0 || v === "false") return false;
  return v;
}, z.boolean());

/** A whole number that may arrive as text from a multipart form. */
const formInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z.number().int().min(min).max(max),
  );

const fields = {
  code: z.string().trim().min(1).max(20),
  title: z.string().trim().min(1).max(150),
  description: z
    .string()
    .trim()
    .max(2000)
    .nullable()
    .transform((v) => v || null),
  // A course earns at least one credit and meets at least one hour a week; the absences that fail it are
  // always said (0: any absence fails), never assumed.
  credits: formInt(1, 60),
  hours: formInt(1, 100),
  max_absences_to_fail: formInt(0, 500),
  enabled: formBoolean,
  supports_final_delivery: formBoolean,
};

/** The numbers every new course states (here and in the nested create of a specialization). */
export const courseNumberFields = {
  credits: fields.credits,
  hours: fields.hours,
  max_absences_to_fail: fields.max_absences_to_fail,
};

/** POST /courses (multipart or JSON): credits, weekly hours and maximum absences are required. */
export const createCourseSchema = z.object({
  code: fields.code,
  title: fields.title,
  description: fields.description.optional().transform((v) => v ?? null),
  credits: fields.credits,
  hours: fields.hours,
  max_absences_to_fail: fields.max_absences_to_fail,
  enabled: fields.enabled.default(true),
  supports_final_delivery: fields.supports_final_delivery.default(false),
});
export type CreateCourseInput = z.output<typeof createCourseSchema>;

/** PATCH /courses/{id}: only the fields sent change. */
export const updateCourseSchema = z.object({
  code: fields.code.optional(),
  title: fields.title.optional(),
  description: fields.description.optional(),
  credits: fields.credits.optional(),
  hours: fields.hours.optional(),
  max_absences_to_fail: fields.max_absences_to_fail.optional(),
  enabled: fields.enabled.optional(),
  supports_final_delivery: fields.supports_final_delivery.optional(),
});
export type UpdateCourseInput = z.output<typeof updateCourseSchema>;

/** Where a course sits in a pensum. */
export const coursePlacementSchema = z.object({
  pensum_id: z.number().int(),
  pensum_name: z.string(),
  pensum_version: z.number().int(),
  specialization_id: z.number().int(),
  specialization_title: z.string(),
  semester_id: z.number().int(),
  semester_number: z.number().int(),
  semester_code: z.string(),
});
export type CoursePlacement = z.infer<typeof coursePlacementSchema>;

/** A course as the API shows it (spec.md §3: title, code, credits, hours, max_absences_to_fail). */
export const courseSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  credits: z.number().int(),
  hours: z.number().int().describe("Horas semanales."),
  max_absences_to_fail: z.number().int(),
  enabled: z.boolean(),
  supports_final_delivery: z.boolean(),
  pensums: z.array(coursePlacementSchema).describe("Los pensums (y semestres) que incluyen la materia."),
});
export type Course = z.infer<typeof courseSchema>;

/** A teacher in a course section. */
export const courseTeacherSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});

/** A course section of a course in a period (the `/courses/{id}/assign` and `/show` pages). */
export const courseSectionBriefSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  section: z.object({
    id: z.number().int(),
    code: z.string(),
    letter_code: z.string(),
    shift: z.string(),
    semester_id: z.number().int(),
    semester_number: z.number().int(),
  }),
  teachers: z.array(courseTeacherSchema),
  males_assigned: z.number().int(),
  females_assigned: z.number().int(),
});
export type CourseSectionBrief = z.infer<typeof courseSectionBriefSchema>;

/** A course of a pensum in a period: the course, its semester and its course sections there. */
export const pensumCourseSchema = z.object({
  course: courseSchema.omit({ pensums: true }),
  semester_id: z.number().int(),
  semester_number: z.number().int(),
  semester_code: z.string(),
  course_sections: z.array(courseSectionBriefSchema),
});
export type PensumCourse = z.infer<typeof pensumCourseSchema>;

/** A teacher as the read-only `GET /teachers` list shows it (until the people issue owns teachers). */
export const teacherBriefSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  identity_document: z.string(),
  email: z.string(),
  enabled: z.boolean(),
  is_coordinator: z.boolean(),
});
export type TeacherBrief = z.infer<typeof teacherBriefSchema>;
