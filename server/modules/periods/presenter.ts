import type {
  CoursesBySpecialization,
  Period,
  PeriodDetail,
  PeriodPensum,
  PublicPeriodDetail,
} from "../../../common/schemas/periods.js";
import { periodName } from "../../../common/schemas/periods.js";
import { type CsvColumn, money } from "../../http/csv.js";
import type {
  CoursesBySpecializationView,
  PeriodDetailView,
  PeriodPensumView,
  PeriodView,
  Responsible,
  SpecializationBrief,
} from "./service.js";

const person = (r: Responsible | null) =>
  r && { name: r.name, identity_document: r.identityDocument, title: r.title };

const specialization = (s: SpecializationBrief) => ({
  id: s.id,
  code: s.code,
  title: s.title,
  is_basic: s.isBasic,
});

/** A period as the API shows it (snake_case, the field names of spec.md §3). */
export function presentPeriod(row: PeriodView): Period {
  return {
    id: row.id,
    year: row.year,
    number: row.number,
    name: periodName(row),
    enabled: row.enabled,
    state: row.state,
    weeks_length: row.weeksLength,
    start_date: row.startDate,
    end_date: row.endDate,
    first_cut_start_date: row.firstCutStartDate,
    first_cut_end_date: row.firstCutEndDate,
    second_cut_start_date: row.secondCutStartDate,
    second_cut_end_date: row.secondCutEndDate,
    first_half_end_date: row.firstHalfEndDate,
    second_half_end_date: row.secondHalfEndDate,
    pending_evaluations_fc_reminder_date: row.pendingEvaluationsFcReminderDate,
    pending_evaluations_sc_reminder_date: row.pendingEvaluationsScReminderDate,
    approval_minimum_avg: row.approvalMinimumAvg,
    approval_minimum_note: row.approvalMinimumNote,
    low_performance_note: row.lowPerformanceNote,
    high_performance_note: row.highPerformanceNote,
    enabled_inscriptions: row.enabledInscriptions,
    enabled_preregisters: row.enabledPreregisters,
    semester_price_e2: row.semesterPriceE2,
    responsibles: {
      principal: person(row.responsibles.principal),
      vice_principal: person(row.responsibles.vice_principal),
      study_control: person(row.responsibles.study_control),
      manager: person(row.responsibles.manager),
      signer: person(row.responsibles.signer),
    },
  };
}

export function presentPeriodDetail(row: PeriodDetailView): PeriodDetail {
  return {
    ...presentPeriod(row),
    specializations: row.specializations.map((s) => ({ ...specialization(s), pensum: s.pensum })),
  };
}

/** The period for every role and the public form: the signers without their identity numbers. */
export function presentPublicPeriodDetail(row: PeriodDetailView): PublicPeriodDetail {
  const detail = presentPeriodDetail(row);
  const nameAndTitle = (p: { name: string; title: string | null } | null) =>
    p && { name: p.name, title: p.title };
  return {
    ...detail,
    responsibles: {
      principal: nameAndTitle(detail.responsibles.principal),
      vice_principal: nameAndTitle(detail.responsibles.vice_principal),
      study_control: nameAndTitle(detail.responsibles.study_control),
      manager: nameAndTitle(detail.responsibles.manager),
      signer: nameAndTitle(detail.responsibles.signer),
    },
  };
}

export function presentPeriodPensum(row: PeriodPensumView): PeriodPensum {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    specialization: specialization(row.specialization),
    semesters: row.semesters,
  };
}

export function presentCoursesBySpecialization(row: CoursesBySpecializationView): CoursesBySpecialization {
  return { ...specialization(row), pensum: row.pensum, semesters: row.semesters };
}

const stateNames: Record<PeriodView["state"], string> = {
  current: "Actual",
  next: "Próximo",
  older: "Anterior",
  other: "Sin activar",
};

/** Columns of the periods CSV (spec.md §3 fields, Spanish headers); money as an amount, not hundredths. */
export const periodCsvColumns: CsvColumn<PeriodView>[] = [
  { header: "Período", value: (p) => periodName(p) },
  { header: "Año", value: (p) => p.year },
  { header: "Número", value: (p) => p.number },
  { header: "Estado", value: (p) => stateNames[p.state] },
  { header: "Activo", value: (p) => p.enabled },
  { header: "Semanas", value: (p) => p.weeksLength },
  { header: "Fecha de inicio", value: (p) => p.startDate },
  { header: "Fecha de cierre", value: (p) => p.endDate },
  { header: "Inicio del primer corte", value: (p) => p.firstCutStartDate },
  { header: "Cierre del primer corte", value: (p) => p.firstCutEndDate },
  { header: "Inicio del segundo corte", value: (p) => p.secondCutStartDate },
  { header: "Cierre del segundo corte", value: (p) => p.secondCutEndDate },
  { header: "Cierre de la primera mitad", value: (p) => p.firstHalfEndDate },
  { header: "Cierre de la segunda mitad", value: (p) => p.secondHalfEndDate },
  { header: "Recordatorio del primer corte", value: (p) => p.pendingEvaluationsFcReminderDate },
  { header: "Recordatorio del segundo corte", value: (p) => p.pendingEvaluationsScReminderDate },
  { header: "Nota mínima aprobatoria", value: (p) => p.approvalMinimumNote },
  { header: "Promedio mínimo aprobatorio", value: (p) => p.approvalMinimumAvg },
  { header: "Nota de bajo rendimiento", value: (p) => p.lowPerformanceNote },
  { header: "Nota de alto rendimiento", value: (p) => p.highPerformanceNote },
  { header: "Inscripciones abiertas", value: (p) => p.enabledInscriptions },
  { header: "Preinscripciones abiertas", value: (p) => p.enabledPreregisters },
  { header: "Precio del semestre", value: (p) => money(p.semesterPriceE2) },
  { header: "Director(a)", value: (p) => p.responsibles.principal?.name },
  { header: "Subdirector(a)", value: (p) => p.responsibles.vice_principal?.name },
  { header: "Control de estudios", value: (p) => p.responsibles.study_control?.name },
  { header: "Administrador(a)", value: (p) => p.responsibles.manager?.name },
  { header: "Firmante", value: (p) => p.responsibles.signer?.name },
];
