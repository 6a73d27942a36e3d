import { z } from "zod";
import { recordId } from "../validation/ids.js";
import { ruleIssue } from "../validation/zod.js";

/**
 * Payments (issue 10, spec.md §3, §4, §5, §7). The API contract shared by the server
 * (`server/modules/payments`) and the web app (`web/api/payments.ts`). Amounts are integer hundredths
 * (`…_e2`; the report's `amount` too, as spec.md §7 sends it), dates `YYYY-MM-DD` in the school's time zone.
 *
 * Routes (access rules of common/access.ts):
 * | Method | Path | Who |
 * |---|---|---|
 * | GET | /payments | adminGroup (list; filters below; `format=csv`) |
 * | GET | /payments/debtors | adminGroup (debtors report; `format=csv`; `meta.total_owed_e2`) |
 * | GET | /payments/{id} | staff (adminGroup) or the student it belongs to; with allocations and audit trail |
 * | GET | /payments/{id}/receipt | staff or the student it belongs to; PDF of an approved payment (`payment_not_approved`) |
 * | POST | /payments | paymentReport (student: a report for themself only; admin: a report for a student (`from_report` true) or a payment taken at the desk (`from_report` false, approved at once)) |
 * | POST | /inscriptions/{id}/payments | paymentReport (same service; student and period come from the inscription) |
 * | PATCH | /payments/{id} | adminGroup; status only (2 approve, 3 reject); any other field: 422 |
 * | DELETE | /payments/{id} | adminOnly; not an approved payment (`payment_is_approved`) |
 */

/** Payment method codes (spec.md §3). */
export const paymentMethods = { cash: 1, bank: 2, transfer: 3, courseTransfer: 4, zelle: 5 } as const;
export const paymentMethodCodes = [1, 2, 3, 4, 5] as const;
export const paymentMethodNames: Record<number, string> = {
  1: "Efectivo",
  2: "100% Banco",
  3: "Transferencia Bancaria",
  4: "Transferencia de Curso",
  5: "Zelle",
};

/** Payment status codes: 1 pending review, 2 approved, 3 rejected (DOMAIN.md "Money"). */
export const paymentStatus = { pending: 1, approved: 2, rejected: 3 } as const;
export const paymentStatusCodes = [1, 2, 3] as const;
export const paymentStatusNames: Record<number, string> = {
  1: "Pendiente",
  2: "Aprobado",
  3: "Rechazado",
};

/** How a report pays: some amount over the installments in order, or every unpaid installment in full. */
export const paymentModes = ["installment", "fully"] as const;
export type PaymentMode = (typeof paymentModes)[number];

/** The largest amount a payment may carry (hundredths): the database's integer. */
export const MAX_AMOUNT_E2 = 2_147_483_647;

const method = z.number().int().min(1).max(5);

const receiptNumber = z
  .string()
  .trim()
  .max(60)
  .nullish()
  .transform((v) => v || null);

/**
 * The receipt number is required unless the method is cash (1), and refused on cash (spec.md §5:
 * disabled and sent as null). Checked on the parsed body.
 */
function receiptRule(value: { type: number; receipt_number: string | null }, ctx: z.RefinementCtx) {
  if (value.type === paymentMethods.cash && value.receipt_number !== null) {
    ctx.addIssue({ code: "custom", path: ["receipt_number"], ...ruleIssue("prohibited") });
  }
  if (value.type !== paymentMethods.cash && value.receipt_number === null) {
    ctx.addIssue({ code: "custom", path: ["receipt_number"], ...ruleIssue("required") });
  }
}

const reportFields = {
  /** Payment method code (1 Efectivo … 5 Zelle), one the fee allows for the mode. */
  type: method,
  /** When it was paid; not in the future (school's time zone, checked by the server). */
  date: z.iso.date(),
  /** Hundredths, a positive integer ("12,50" is 1250); in `fully` mode the total pending. */
  amount: z.number().int().min(1).max(MAX_AMOUNT_E2),
  /** Bank reference; null for cash. One receipt number per method (rejected reports aside). */
  receipt_number: receiptNumber,
  /** `installment` (default) or `fully`: decides the allowed methods and, for `fully`, the exact amount. */
  mode: z.enum(paymentModes).default("installment"),
};

/**
 * POST /payments. A report (`from_report` true; a student only for themself) or, by an admin, a payment
 * taken at the desk (`from_report` false: recorded approved and allocated at once).
 */
export const createPaymentSchema = z
  .object({
    ...reportFields,
    student_id: recordId(),
    period_id: recordId(),
    from_report: z.boolean().default(true),
    title: z
      .string()
      .trim()
      .max(200)
      .nullish()
      .transform((v) => v || null),
    observation: z
      .string()
      .trim()
      .max(2000)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine(receiptRule);
export type CreatePaymentInput = z.output<typeof createPaymentSchema>;

/**
 * POST /inscriptions/{id}/payments: the report of spec.md §7 for that inscription's student and period.
 * `student_id` and `period_id` may be sent; they must then be the inscription's.
 */
export const inscriptionPaymentSchema = z
  .object({
    ...reportFields,
    student_id: recordId().optional(),
    period_id: recordId().optional(),
    from_report: z.literal(true).default(true),
  })
  .superRefine(receiptRule);
export type InscriptionPaymentInput = z.output<typeof inscriptionPaymentSchema>;

/** PATCH /payments/{id}: the status only (2 approve, 3 reject). Any other field is refused (422). */
export const updatePaymentStatusSchema = z.strictObject({
  status: z.union([z.literal(2), z.literal(3)]),
});
export type UpdatePaymentStatusInput = z.output<typeof updatePaymentStatusSchema>;

/** Columns the payments list may be sorted by (`sort_by=-date`: newest first, the default). */
export const paymentSortable = [
  "id",
  "date",
  "amount_e2",
  "status",
  "type",
  "created_at",
  "student_name",
] as const;

/** The list's own filters (besides page, limit, search, sort_by and format), as the web app sends them. */
export type PaymentFilters = {
  period_id?: number;
  status?: number;
  /** Method code. */
  type?: number;
  student_id?: number;
  /** Payment date from (inclusive), `YYYY-MM-DD`. */
  date_from?: string;
  /** Payment date to (inclusive), `YYYY-MM-DD`. */
  date_to?: string;
  from_report?: boolean;
};
/** `search`: student's name, cédula, receipt number or title. */

const studentBriefSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  identity_document: z.string().nullable(),
  email: z.string().nullable(),
});

/** A payment as lists show it. */
export const paymentSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  status: z.number().int().describe("1 pendiente, 2 aprobado, 3 rechazado."),
  status_name: z.string(),
  from_report: z.boolean(),
  type: z
    .number()
    .int()
    .describe(
      "Método: 1 Efectivo, 2 100% Banco, 3 Transferencia Bancaria, 4 Transferencia de Curso, 5 Zelle.",
    ),
  type_name: z.string(),
  date: z.string(),
  amount_e2: z.number().int(),
  /** Same as `amount_e2` (spec.md §3 names it `amount`; hundredths). */
  amount: z.number().int(),
  receipt_number: z.string().nullable(),
  observation: z.string().nullable(),
  student_id: z.number().int(),
  period_id: z.number().int(),
  fee_id: z.number().int().nullable(),
  student: studentBriefSchema,
  period: z.object({ id: z.number().int(), name: z.string() }),
  created_by_user_id: z.number().int().nullable(),
  reviewed_by_user_id: z.number().int().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** One status change of a payment (from the append-only audit log). */
export const paymentAuditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  action: z.string().describe("payment.reported, payment.created, payment.approved, payment.rejected."),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  old_status: z.number().int().nullable(),
  new_status: z.number().int().nullable(),
});
export type PaymentAuditEntry = z.infer<typeof paymentAuditEntrySchema>;

/** GET /payments/{id}: the payment with where its money went and its status history. */
export const paymentDetailSchema = paymentSchema.extend({
  allocations: z.array(
    z.object({
      fee_installment_id: z.number().int(),
      installment_date: z.string(),
      amount_e2: z.number().int(),
    }),
  ),
  /** Credit left by this payment beyond the installments (hundredths). */
  credit_e2: z.number().int(),
  audit: z.array(paymentAuditEntrySchema),
  /** Path of the receipt PDF when approved, else null. */
  receipt_url: z.string().nullable(),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

/** The path of an approved payment's receipt PDF. */
export const paymentReceiptPath = (id: number) => `/payments/${id}/receipt`;
/** The debtors report's path. */
export const debtorsPath = "/payments/debtors";

/** One student of the debtors report (GET /payments/debtors). */
export const debtorSchema = z.object({
  student_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  identity_document: z.string().nullable(),
  email: z.string().nullable(),
  fee_id: z.number().int(),
  period_id: z.number().int(),
  section: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  specialization: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  overdue_count: z.number().int().describe("Cuotas vencidas (pasados los días de gracia) sin pagar."),
  /** What the overdue installments owe now, late extras included (hundredths). */
  overdue_e2: z.number().int(),
  /** Late extras inside `overdue_e2`. */
  late_extra_e2: z.number().int(),
  /** Everything the fee still owes (overdue or not). */
  pending_e2: z.number().int(),
  oldest_due_date: z.string(),
});
export type Debtor = z.infer<typeof debtorSchema>;

/** Filters of the debtors report. `period_id` defaults to the current (enabled) period. */
export type DebtorFilters = {
  period_id?: number;
  section_id?: number;
  specialization_id?: number;
};
/** Columns the debtors report may be sorted by. */
export const debtorSortable = [
  "last_name",
  "overdue_e2",
  "oldest_due_date",
  "section",
  "specialization",
] as const;

/** `meta` of the debtors report: the list meta plus the total owed by every matching debtor. */
export const debtorsMetaExtraSchema = z.object({ total_owed_e2: z.number().int() });
