import { z } from "zod";
import { recordId } from "../validation/ids.js";

const int = () => z.number().int();

/** POST /students/{id}/withdraw-courses: course sections of the student's current inscription. */
export const withdrawCoursesSchema = z.object({
  course_section_ids: z.array(recordId()).min(1).max(30),
});
export type WithdrawCoursesInput = z.output<typeof withdrawCoursesSchema>;

/** POST /students/{id}/change-section. */
export const changeSectionSchema = z.object({ new_section_id: recordId() });
export type ChangeSectionInput = z.output<typeof changeSectionSchema>;

/** A student's current inscription as the withdrawals screen shows it. */
export const withdrawalStateSchema = z.object({
  student: z.object({
    id: int(),
    first_name: z.string(),
    last_name: z.string(),
    identity_document: z.string(),
    gender: z.string(),
    status: z.string(),
  }),
  inscription: z
    .object({
      id: int(),
      status: z.string(),
      period: z.object({ id: int(), name: z.string() }),
      specialization: z.object({ id: int(), title: z.string(), is_basic: z.boolean() }),
      semester: z.object({ id: int(), code: z.string() }),
      section: z.object({ id: int(), code: z.string() }),
      courses: z.array(
        z.object({
          course_section_id: int(),
          course: z.object({ id: int(), code: z.string(), title: z.string() }),
          status: z.enum(["enrolled", "withdrawn"]),
        }),
      ),
    })
    .nullable()
    .describe("La inscripción más reciente; null si nunca se inscribió."),
  message: z.string().describe("Qué se hizo, en español."),
});
export type WithdrawalState = z.infer<typeof withdrawalStateSchema>;
