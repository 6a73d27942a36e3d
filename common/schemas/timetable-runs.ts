import { z } from "zod";

const id = z.number().int().min(1).max(2_147_483_647);

/** Time budget of a search: 5 s to 5 min, one minute unless chosen. */
export const timetableSeconds = { min: 5, max: 300, default: 60 } as const;

/** POST /periods/{id}/timetable-runs: which sections (all of the period when absent) and how. */
export const startTimetableRunSchema = z.object({
  section_ids: z
    .array(id)
    .min(1)
    .max(1000)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  rebuild: z.boolean().default(false),
  seconds: z
    .number()
    .int()
    .min(timetableSeconds.min)
    .max(timetableSeconds.max)
    .default(timetableSeconds.default),
});
export type StartTimetableRunInput = z.output<typeof startTimetableRunSchema>;

export const timetableRunStatusSchema = z.enum(["running", "done", "stopped", "failed", "applied"]);
export type TimetableRunStatus = z.infer<typeof timetableRunStatusSchema>;

const evaluationSchema = z.object({
  hard: z.object({
    unplaced: z.number(),
    conflicts: z.number(),
    room_occupancy: z.number(),
    availability: z.number(),
    total: z.number(),
  }),
  soft: z.object({
    room_capacity: z.number(),
    min_working_days: z.number(),
    curriculum_compactness: z.number(),
    room_stability: z.number(),
    pairs: z.number(),
    holes: z.number(),
    total: z.number(),
  }),
});
export type TimetableEvaluation = z.infer<typeof evaluationSchema>;

export const proposalLectureSchema = z.object({
  course_section_id: z.number().int(),
  classroom_id: z.number().int(),
  day: z.number().int().describe("1 lunes … 6 sábado."),
  class_hour_id: z.number().int(),
  fixed: z
    .boolean()
    .describe("Ya estaba en los horarios (no se reconstruyen): Aplicar no lo vuelve a escribir."),
});
export type ProposalLecture = z.infer<typeof proposalLectureSchema>;

/** Names of what the proposal's ids stand for, as they were when the run started (the screen's grids). */
export const proposalContextSchema = z.object({
  class_hours: z.array(z.object({ id: z.number().int(), start_time: z.string(), end_time: z.string() })),
  classrooms: z.array(z.object({ id: z.number().int(), code: z.string(), max_capacity: z.number().int() })),
  sections: z.array(z.object({ id: z.number().int(), code: z.string() })),
  course_sections: z.array(
    z.object({
      id: z.number().int(),
      section_id: z.number().int(),
      title: z.string(),
      teacher_ids: z.array(z.number().int()),
      students: z.number().int().describe("Inscritos, o los cupos de la sección antes de inscribir."),
    }),
  ),
  teachers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ProposalContext = z.infer<typeof proposalContextSchema>;

export const timetableProposalSchema = z.object({
  lectures: z.array(proposalLectureSchema),
  evaluation: evaluationSchema,
  unplaced: z.array(z.object({ course_section_id: z.number().int(), missing: z.number().int() })),
  context: proposalContextSchema,
});
export type TimetableProposal = z.infer<typeof timetableProposalSchema>;

export const timetableProgressSchema = z.object({
  elapsed_ms: z.number(),
  hard: z.number(),
  soft: z.number(),
  phase: z.string(),
});

/** A "Generar horario" run as the API shows it (issue 28). */
export const timetableRunSchema = z.object({
  id: z.number().int(),
  period_id: z.number().int(),
  status: timetableRunStatusSchema,
  section_ids: z.array(z.number().int()),
  rebuild: z.boolean(),
  seconds: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  applied_at: z.string().nullable(),
  progress: timetableProgressSchema,
  proposal: timetableProposalSchema.nullable(),
  warnings: z.array(z.string()),
  error: z.string().nullable(),
});
export type TimetableRun = z.infer<typeof timetableRunSchema>;
