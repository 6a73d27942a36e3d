import type {
  CoursesBySpecialization,
  Period,
  PeriodDetail,
  PeriodPensum,
} from "../../../common/schemas/periods.js";
import { periodName } from "../../../common/schemas/periods.js";
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
