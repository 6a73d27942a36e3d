import {
  type Debtor,
  type Payment,
  type PaymentDetail,
  paymentMethodNames,
  paymentReceiptPath,
  paymentStatus,
  paymentStatusNames,
} from "../../../common/schemas/payments.js";
import { periodName } from "../../../common/schemas/periods.js";
import { type CsvColumn, money } from "../../http/csv.js";
import type { DebtorRow, PaymentDetailRow, PaymentRow } from "./service.js";

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** A payment as the API shows it (spec.md §3 names, amounts in hundredths). */
export function presentPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    status_name: paymentStatusNames[row.status] ?? String(row.status),
    from_report: row.fromReport,
    type: row.type,
    type_name: paymentMethodNames[row.type] ?? String(row.type),
    date: row.date,
    amount_e2: row.amountE2,
    amount: row.amountE2,
    receipt_number: row.receiptNumber,
    observation: row.observation,
    student_id: row.studentId,
    period_id: row.periodId,
    fee_id: row.feeId,
    student: {
      id: row.student.id,
      first_name: row.student.firstName,
      last_name: row.student.lastName,
      identity_document: row.student.identityDocument,
      email: row.student.email,
    },
    period: { id: row.period.id, name: periodName(row.period) },
    created_by_user_id: row.createdByUserId,
    reviewed_by_user_id: row.reviewedByUserId,
    reviewed_at: iso(row.reviewedAt),
    created_at: row.createdAt.toISOString(),
  };
}

/** What an approved payment paid beyond its allocations (kept as the fee's credit). */
export function creditOf(row: PaymentDetailRow): number {
  if (row.status !== paymentStatus.approved) return 0;
  return row.amountE2 - row.allocations.reduce((sum, a) => sum + a.amountE2, 0);
}

export function presentPaymentDetail(row: PaymentDetailRow): PaymentDetail {
  return {
    ...presentPayment(row),
    allocations: row.allocations.map((a) => ({
      fee_installment_id: a.feeInstallmentId,
      installment_date: a.installmentDate,
      amount_e2: a.amountE2,
    })),
    credit_e2: creditOf(row),
    audit: row.audit.map((a) => ({
      id: a.id,
      created_at: a.createdAt.toISOString(),
      action: a.action,
      actor_id: a.actorId,
      actor_name: a.actorName,
      actor_email: a.actorEmail,
      old_status: a.oldStatus,
      new_status: a.newStatus,
    })),
    receipt_url: row.status === paymentStatus.approved ? paymentReceiptPath(row.id) : null,
  };
}

/** The payments list as CSV (`GET /payments?format=csv`), with the list page's Spanish labels. */
export const paymentCsvColumns: CsvColumn<PaymentRow>[] = [
  { header: "Id", value: (r) => r.id },
  { header: "Fecha", value: (r) => r.date },
  { header: "Cédula", value: (r) => r.student.identityDocument },
  { header: "Apellidos", value: (r) => r.student.lastName },
  { header: "Nombres", value: (r) => r.student.firstName },
  { header: "Período", value: (r) => periodName(r.period) },
  { header: "Método de pago", value: (r) => paymentMethodNames[r.type] ?? r.type },
  { header: "Número de recibo", value: (r) => r.receiptNumber },
  { header: "Monto", value: (r) => money(r.amountE2) },
  { header: "Estado", value: (r) => paymentStatusNames[r.status] ?? r.status },
  { header: "Reportado por el estudiante", value: (r) => r.fromReport },
  { header: "Título", value: (r) => r.title },
];

export function presentDebtor(row: DebtorRow): Debtor {
  return {
    student_id: row.studentId,
    first_name: row.firstName,
    last_name: row.lastName,
    identity_document: row.identityDocument,
    email: row.email,
    fee_id: row.feeId,
    period_id: row.periodId,
    section: row.section,
    specialization: row.specialization,
    overdue_count: row.overdueCount,
    overdue_e2: row.overdueE2,
    late_extra_e2: row.lateExtraE2,
    pending_e2: row.pendingE2,
    oldest_due_date: row.oldestDueDate,
  };
}

/** A debtors CSV row: a student, or the closing total line. */
export type DebtorCsvRow = { debtor: DebtorRow } | { totalOwedE2: number };

/** The debtors report as CSV, one row per student and a last row with the total owed. */
export const debtorCsvColumns: CsvColumn<DebtorCsvRow>[] = [
  { header: "Cédula", value: (r) => ("debtor" in r ? r.debtor.identityDocument : "Total") },
  { header: "Apellidos", value: (r) => ("debtor" in r ? r.debtor.lastName : null) },
  { header: "Nombres", value: (r) => ("debtor" in r ? r.debtor.firstName : null) },
  { header: "Sección", value: (r) => ("debtor" in r ? (r.debtor.section?.code ?? null) : null) },
  {
    header: "Especialización",
    value: (r) => ("debtor" in r ? (r.debtor.specialization?.title ?? null) : null),
  },
  { header: "Cuotas vencidas", value: (r) => ("debtor" in r ? r.debtor.overdueCount : null) },
  { header: "Vencida desde", value: (r) => ("debtor" in r ? r.debtor.oldestDueDate : null) },
  { header: "Recargos por mora", value: (r) => ("debtor" in r ? money(r.debtor.lateExtraE2) : null) },
  {
    header: "Monto adeudado",
    value: (r) => money("debtor" in r ? r.debtor.overdueE2 : r.totalOwedE2),
  },
  { header: "Pendiente total", value: (r) => ("debtor" in r ? money(r.debtor.pendingE2) : null) },
];
