import { z } from "zod";
import { recordId } from "../validation/ids.js";
import { ruleIssue } from "../validation/zod.js";
import type { SchoolToday } from "./students.js";

export const genders = ["female", "male"] as const;
export const inscriptionKinds = ["inscription", "reinscription"] as const;
export const inscriptionStatuses = ["active", "retired"] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/**
 * A new student written on the inscription form (the user account is created unconfirmed); the birth
 * date, as any student's, is not after the school's today (`newStudentSchema`: without that bound).
 */
export const newStudentSchemaAt = (today?: SchoolToday) =>
  z.object({
    first_name: z.string().trim().min(1).max(100),
    last_name: z.string().trim().min(1).max(100),
    /** Cédula: a letter (V, E, …), an optional dash and 5 to 10 digits, or only the digits (read as "V-"). */
    identity_document: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]-?)?\d{5,10}$/)
      .transform((v) => (/^[A-Z]/.test(v) ? `${v[0]}-${v.replace(/^[A-Z]-?/, "")}` : `V-${v}`)),
    email: z.string().trim().toLowerCase().max(255).pipe(z.email()),
    gender: z.enum(genders),
    birth_date: z.iso
      .date()
      .refine((v) => !today || v <= today(), ruleIssue("before_or_equal", { date: "hoy" }))
      .nullish()
      .transform((v) => v ?? null),
    phone: optionalText(30),
    address: optionalText(500),
  });
export const newStudentSchema = newStudentSchemaAt();
export type NewStudentInput = z.output<typeof newStudentSchema>;

/**
 * POST /inscriptions/: one of `student_id` (an existing student), `student` (a new one, its birth date
 * checked against the school's today) or `preinscription_id` (an approved pre-registered student). The
 * period is the one with inscriptions open unless `period_id` says which; without `section_id` the system
 * picks the section with a free seat. `createInscriptionSchema`: the same without the date bound.
 */
export const createInscriptionSchemaAt = (today?: SchoolToday) =>
  z
    .object({
      student_id: recordId().optional(),
      student: newStudentSchemaAt(today).optional(),
      preinscription_id: recordId().optional(),
      period_id: recordId().optional(),
      semester_id: recordId(),
      section_id: recordId()
        .nullish()
        .transform((v) => v ?? null),
    })
    .superRefine((value, ctx) => {
      const given = [value.student_id, value.student, value.preinscription_id].filter((v) => v !== undefined);
      if (given.length !== 1) {
        ctx.addIssue({
          code: "custom",
          path: ["student_id"],
          input: value.student_id,
          ...ruleIssue("required"),
        });
      }
    });
export const createInscriptionSchema = createInscriptionSchemaAt();
export type CreateInscriptionInput = z.output<typeof createInscriptionSchema>;

/** POST /inscriptions/rollback: undoes an inscription with no lessons recorded. */
export const rollbackInscriptionSchema = z.object({ inscription_id: recordId() });
export type RollbackInscriptionInput = z.output<typeof rollbackInscriptionSchema>;

/** POST /inscriptions/update: another semester and/or section in the same period (seat rules again). */
export const updateInscriptionSchema = z.object({
  inscription_id: recordId(),
  semester_id: recordId().optional(),
  section_id: recordId()
    .nullish()
    .transform((v) => v ?? null),
});
export type UpdateInscriptionInput = z.output<typeof updateInscriptionSchema>;

/** POST /students/{id}/generate-period-fee: the period (by default the student's latest inscription's). */
export const generatePeriodFeeSchema = z.object({ period_id: recordId().optional() }).nullish();

const brief = z.object({ id: z.number().int(), code: z.string(), title: z.string() });

export const inscriptionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(inscriptionKinds),
  status: z.enum(inscriptionStatuses),
  created_at: z.string(),
  student: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    identity_document: z.string(),
    email: z.string(),
    gender: z.string(),
  }),
  period: z.object({
    id: z.number().int(),
    year: z.number().int(),
    number: z.number().int(),
    name: z.string(),
  }),
  semester: z.object({ id: z.number().int(), number: z.number().int(), code: z.string() }),
  section: z.object({ id: z.number().int(), code: z.string() }),
  specialization: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  courses_count: z.number().int(),
});
export type Inscription = z.infer<typeof inscriptionSchema>;

/** A course of the section the student was not enrolled in, and why (the prelations they miss). */
export const skippedCourseSchema = z.object({
  course: brief,
  missing: z.array(z.object({ course: brief, type: z.enum(["total", "partial"]) })),
  reason: z.string(),
});
export type SkippedCourse = z.infer<typeof skippedCourseSchema>;

export const inscriptionResultSchema = inscriptionSchema.extend({
  enrolled_courses: z.array(z.object({ course_section_id: z.number().int(), course: brief })),
  skipped_courses: z.array(skippedCourseSchema),
  /** Whether a period fee was generated with it (the period has a price setting). */
  fee_generated: z.boolean(),
});
export type InscriptionResult = z.infer<typeof inscriptionResultSchema>;

/** A student's inscription with its courses (GET /students/{id}/inscriptions, the profile page). */
export const studentInscriptionSchema = inscriptionSchema.extend({
  courses: z.array(
    z.object({
      course_section_id: z.number().int(),
      course: brief,
      status: z.enum(["enrolled", "withdrawn"]),
    }),
  ),
});
export type StudentInscription = z.infer<typeof studentInscriptionSchema>;

const feeInstallmentSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  amount_e2: z.number().int(),
  paid_amount_e2: z.number().int(),
  late_extra_e2: z
    .number()
    .int()
    .describe("Recargo ya cobrado a esta cuota (0 hasta que se paga con atraso)."),
  // Today's view of the installment (common/money/fees.ts), in the school's time zone.
  amount_string: z.string().describe('Monto en cifras ("1.234,50").'),
  due_date: z
    .string()
    .describe("Vence: su fecha o, si el estudiante se inscribió después, el día de la inscripción."),
  last_on_time_date: z.string().describe("Último día sin recargo: vencimiento + días de gracia."),
  paid: z.boolean().describe("Pagada por completo."),
  is_late: z.boolean().describe("Atrasada: hoy pasa el vencimiento más los días de gracia y no está pagada."),
  late_extra_amount_e2: z.number().int().describe("Recargo que debe hoy (una sola vez), en centésimas."),
  late_extra_amount_string: z.string(),
  pending_e2: z.number().int().describe("Lo que queda por pagar: monto + recargo − pagado."),
  pending_string: z.string(),
});

/** A payment of the fee's period, with spec.md §3's names (`amount` in hundredths). */
const feePaymentSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  status: z.number().int().describe("1 pendiente, 2 aprobado, 3 rechazado."),
  from_report: z.boolean(),
  type: z.number().int(),
  date: z.string().describe("Día en que se pagó, según quien lo reportó."),
  amount: z.number().int(),
  amount_e2: z.number().int(),
  receipt_number: z.string().nullable(),
  student_id: z.number().int(),
  period_id: z.number().int(),
  created_at: z.string().describe("Cuándo se reportó o registró."),
});

export const periodFeeSchema = z.object({
  id: z.number().int(),
  student_id: z.number().int(),
  period_id: z.number().int(),
  inscription_id: z.number().int().nullable(),
  inscribed_on: z
    .string()
    .nullable()
    .describe(
      "Día de la inscripción en el período (zona del colegio); las cuotas anteriores vencen ese día.",
    ),
  installment_payment_methods: z.array(z.number().int()),
  full_payment_methods: z.array(z.number().int()),
  installment_grace_period_days: z.number().int(),
  late_installment_extra_e2: z.number().int(),
  late_installment_extra: z.number().int().describe("Igual que `late_installment_extra_e2` (centésimas)."),
  credit_e2: z.number().int(),
  completed_at: z.string().nullable(),
  total_e2: z.number().int(),
  paid_e2: z.number().int(),
  installments: z.array(feeInstallmentSchema),
  fee_installments: z.array(feeInstallmentSchema).describe("Las mismas cuotas (nombre de spec.md §3)."),
  payments: z.array(feePaymentSchema),
  today: z.string().describe("Fecha de hoy en la zona horaria del colegio, con la que se calculó lo demás."),
  pending_e2: z.number().int().describe("Total por pagar, con recargos."),
  overdue_e2: z.number().int().describe("Por pagar de las cuotas vencidas, con recargos."),
  pending_installments: z.number().int().describe("Cuotas sin pagar por completo."),
  late_installments: z.number().int(),
  next_due_date: z.string().nullable().describe("Vencimiento de la primera cuota sin pagar."),
  completed: z.boolean().describe("Todas las cuotas pagadas."),
});
export type PeriodFee = z.infer<typeof periodFeeSchema>;
