import type {
  Inscription,
  InscriptionResult,
  StudentInscription,
} from "../../../common/schemas/inscriptions.js";
import { periodName } from "../../../common/schemas/periods.js";
import type { CsvColumn } from "../../http/csv.js";
import type { EnrolmentOutcome, InscriptionRow, StudentInscriptionRow } from "./service.js";

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

/** GET /students/{id}/period-fee's answer, written beside the rest of the money (payments module). */
export { presentPeriodFee } from "../payments/period-fee.js";

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
