import type {
  NextSemesterPreview,
  ReinscriptionDetail,
  ReinscriptionItem,
} from "../../../common/schemas/reinscriptions.js";
import type { CsvColumn } from "../../http/csv.js";
import type { ReinscriptionDetailRow, ReinscriptionRow } from "./queries.js";
import { type InscriptionRow, periodName, presentStudent } from "./records.js";
import type { Plan } from "./service.js";

const presentPeriod = (p: { id: number; year: number; number: number }) => ({
  id: p.id,
  year: p.year,
  number: p.number,
  name: periodName(p),
});

const presentSpecialization = (s: { id: number; code: string; title: string; isBasic: boolean }) => ({
  id: s.id,
  code: s.code,
  title: s.title,
  is_basic: s.isBasic,
});

const presentSemester = (s: { id: number; number: number; code: string }) => ({
  id: s.id,
  number: s.number,
  code: s.code,
});

const presentInscriptionParts = (i: InscriptionRow) => ({
  period: presentPeriod(i.period),
  specialization: presentSpecialization(i.specialization),
  semester: presentSemester(i.semester),
  section: { id: i.section.id, code: i.section.code },
});

export function presentPlan(plan: Plan): NextSemesterPreview {
  return {
    student: presentStudent(plan.student),
    current: {
      inscription_id: plan.current.id,
      status: plan.current.status,
      ...presentInscriptionParts(plan.current),
    },
    courses: plan.results.map((c) => ({
      course: { id: c.courseId, code: c.code, title: c.title },
      course_section_id: c.courseSectionId,
      note: c.note,
      evaluated_percent: c.evaluatedPercent,
      absences: c.absencesWithDelays,
      max_absences_to_fail: c.maxAbsencesToFail,
      failed_by_absences: c.failedByAbsences,
      withdrawn: c.withdrawn,
      standing: c.standing,
      passed: c.passed,
    })),
    average: plan.verdict.average,
    approval_minimum_avg: plan.current.period.approvalMinimumAvg,
    approval_minimum_note: plan.current.period.approvalMinimumNote,
    approved: plan.verdict.approved,
    reasons: plan.reasons,
    basic_average: plan.basicAverage,
    outcome: plan.outcome,
    message: plan.message,
    target_period: plan.target
      ? { ...presentPeriod(plan.target), enabled_inscriptions: plan.target.enabledInscriptions }
      : null,
    already_inscribed: plan.alreadyInscribed,
    options: plan.options.map((o) => ({
      specialization: presentSpecialization(o.specialization),
      semester: presentSemester(o.semester),
      courses: o.courses.map((c) => ({
        id: c.id,
        code: c.code,
        title: c.title,
        missing_prelations: c.missingPrelations,
      })),
    })),
  };
}

export function presentReinscription(row: ReinscriptionRow): ReinscriptionItem {
  return {
    id: row.id,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    student: presentStudent(row.student),
    ...presentInscriptionParts(row),
    courses_count: row.coursesCount,
  };
}

export function presentReinscriptionDetail(row: ReinscriptionDetailRow): ReinscriptionDetail {
  return {
    ...presentReinscription(row),
    courses: row.courses.map((c) => ({
      course_section_id: c.courseSectionId,
      course: c.course,
      status: c.status === "withdrawn" ? "withdrawn" : "enrolled",
    })),
  };
}

/** `GET /reinscriptions?format=csv`, with the list page's Spanish labels. */
export const reinscriptionCsvColumns: CsvColumn<ReinscriptionRow>[] = [
  { header: "Apellidos", value: (r) => r.student.lastName },
  { header: "Nombres", value: (r) => r.student.firstName },
  { header: "Cédula", value: (r) => r.student.identityDocument },
  { header: "Período", value: (r) => periodName(r.period) },
  { header: "Especialidad", value: (r) => r.specialization.title },
  { header: "Semestre", value: (r) => r.semester.code },
  { header: "Sección", value: (r) => r.section.code },
  { header: "Materias", value: (r) => r.coursesCount },
  { header: "Estado", value: (r) => (r.status === "retired" ? "Retirada" : "Activa") },
  { header: "Fecha", value: (r) => r.createdAt },
];
