import { z } from "zod";

export { type Semester, type SemesterCourse, semesterCourseSchema, semesterSchema } from "./pensums.js";

const code = z.string().trim().min(1).max(20);
const courseIds = z.array(z.number().int().min(1)).max(30);

/** POST /semesters: appended after the pensum's last semester unless `number` is given. */
export const createSemesterSchema = z.object({
  pensum_id: z.number().int().min(1),
  code,
  number: z.number().int().min(1).max(50).optional(),
  courses_ids: courseIds.default([]),
});
export type CreateSemesterInput = z.output<typeof createSemesterSchema>;

/** PATCH /semesters/{id}. */
export const updateSemesterSchema = z.object({
  code: code.optional(),
  number: z.number().int().min(1).max(50).optional(),
});
export type UpdateSemesterInput = z.output<typeof updateSemesterSchema>;

/** PUT /semesters/{id}/courses: the semester's whole course list. */
export const putSemesterCoursesSchema = z.object({ courses_ids: courseIds });
export type PutSemesterCoursesInput = z.output<typeof putSemesterCoursesSchema>;

/** PATCH /semesters/{id}/courses/{course_id}: moves the course to another semester of the same pensum. */
export const moveSemesterCourseSchema = z.object({ semester_id: z.number().int().min(1) });
export type MoveSemesterCourseInput = z.output<typeof moveSemesterCourseSchema>;
