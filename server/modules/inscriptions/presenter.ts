import {
  type FeeTerms,
  feeSummary,
  formatAmount,
  type InstallmentState,
  isLate,
  isPaid,
  lastOnTimeDay,
  lateExtraDueE2,
  pendingE2,
} from "../../../common/money/fees.js";
import type {
  Inscription,
  InscriptionResult,
  PeriodFee,
  StudentInscription,
} from "../../../common/schemas/inscriptions.js";
import { periodName } from "../../../common/schemas/periods.js";
import type { CsvColumn } from "../../http/csv.js";
import type { EnrolmentOutcome, InscriptionRow, PeriodFeeRow, StudentInscriptionRow } from "./service.js";

const kindNames: Record<string, string> = { inscription: "Inscripción", reinscription: "Reinscripción" };
const statusNames: Record<string, string> = { active: "Activa", retired: "Retirado" };
const genderNames: Record<string, string> = { female: "Femenino", male: "Masculino" };

/** An inscription as the API shows it (snake_case). */
export function presentInscription(row: InscriptionRow): Inscription {
  return {
    id: row.id,
    kind: row.kind as Inscription["kind"],
    status: row.status as Inscription["status"],
    created_at: row.createdAt.toISOString(),
    student: {
      id: row.student.id,
      first_name: row.student.firstName,
      last_name: row.student.lastName,
      identity_document: row.student.identityDocument,
      email: row.student.email,
      gender: row.student.gender,
    },
    period: { ...row.period, name: periodName(row.period) },
    semester: row.semester,
    section: row.section,
    specialization: row.specialization,
    courses_count: row.coursesCount,
  };
}

/** The answer of an inscription or its update: the inscription, the courses taken and those skipped, why. */
export function presentInscriptionResult(
  row: InscriptionRow,
  outcome: EnrolmentOutcome & { feeGenerated?: boolean },
): InscriptionResult {
  return {
    ...presentInscription(row),
    enrolled_courses: outcome.enrolled.map((c) => ({
      course_section_id: c.courseSectionId,
      course: c.course,
    })),
    skipped_courses: outcome.skipped,
    fee_generated: outcome.feeGenerated ?? false,
  };
}

export function presentStudentInscription(row: StudentInscriptionRow): StudentInscription {
  return {
    ...presentInscription(row),
    courses: row.courses.map((c) => ({
      course_section_id: c.courseSectionId,
      course: c.course,
      status: c.status as "enrolled" | "withdrawn",
    })),
  };
}

export function presentPeriodFee(row: PeriodFeeRow, today: string): PeriodFee {
  const terms: FeeTerms = {
    graceDays: row.installmentGracePeriodDays,
    lateExtraE2: row.lateInstallmentExtraE2,
  };
  const states: InstallmentState[] = row.installments.map((i) => ({
    id: i.id,
    date: i.date,
    amountE2: i.amountE2,
    paidE2: i.paidAmountE2,
    lateExtraE2: i.lateExtraE2,
  }));
  const summary = feeSummary(states, terms, today);
  return {
    id: row.id,
    student_id: row.studentId,
    period_id: row.periodId,
    inscription_id: row.inscriptionId,
    installment_payment_methods: row.installmentPaymentMethods,
    full_payment_methods: row.fullPaymentMethods,
    installment_grace_period_days: row.installmentGracePeriodDays,
    late_installment_extra_e2: row.lateInstallmentExtraE2,
    credit_e2: row.creditE2,
    completed_at: row.completedAt?.toISOString() ?? null,
    total_e2: row.installments.reduce((sum, i) => sum + i.amountE2, 0),
    paid_e2: row.installments.reduce((sum, i) => sum + i.paidAmountE2, 0),
    installments: states.map((i) => {
      const extra = lateExtraDueE2(i, terms, today);
      const pending = pendingE2(i, terms, today);
      return {
        id: i.id,
        date: i.date,
        amount_e2: i.amountE2,
        paid_amount_e2: i.paidE2,
        late_extra_e2: i.lateExtraE2,
        amount_string: formatAmount(i.amountE2),
        last_on_time_date: lastOnTimeDay(i, terms),
        paid: isPaid(i),
        is_late: isLate(i, terms, today),
        late_extra_amount_e2: extra,
        late_extra_amount_string: formatAmount(extra),
        pending_e2: pending,
        pending_string: formatAmount(pending),
      };
    }),
    today,
    pending_e2: summary.pendingE2,
    overdue_e2: summary.overdueE2,
    pending_installments: summary.unpaidCount,
    late_installments: summary.lateCount,
    next_due_date: summary.nextDue?.date ?? null,
    completed: summary.completed,
  };
}

/** The inscriptions list as a CSV file (`GET /inscriptions?format=csv`), with the page's Spanish labels. */
export const inscriptionCsvColumns: CsvColumn<InscriptionRow>[] = [
  { header: "Cédula", value: (r) => r.student.identityDocument },
  { header: "Nombre", value: (r) => r.student.firstName },
  { header: "Apellido", value: (r) => r.student.lastName },
  { header: "Correo electrónico", value: (r) => r.student.email },
  { header: "Género", value: (r) => genderNames[r.student.gender] ?? r.student.gender },
  { header: "Período", value: (r) => periodName(r.period) },
  { header: "Especialización", value: (r) => r.specialization.title },
  { header: "Semestre", value: (r) => r.semester.code },
  { header: "Sección", value: (r) => r.section.code },
  { header: "Tipo", value: (r) => kindNames[r.kind] ?? r.kind },
  { header: "Estado", value: (r) => statusNames[r.status] ?? r.status },
  { header: "Materias", value: (r) => r.coursesCount },
  { header: "Fecha de inscripción", value: (r) => r.createdAt },
];
