import type { NextSemesterPreview, ReinscriptionItem } from "../../api/reinscriptions";

export const studentOption = {
  id: 7,
  first_name: "José",
  last_name: "Rondón",
  identity_document: "V-20111222",
};

export function reinscription(id: number, overrides: Partial<ReinscriptionItem> = {}): ReinscriptionItem {
  return {
    id,
    status: "active",
    created_at: "2026-11-20T15:00:00.000Z",
    student: {
      id: 7,
      first_name: "José",
      last_name: `Rondón ${id}`,
      identity_document: `V-2011122${id}`,
      email: `jose${id}@demo.edu.ve`,
      gender: "male",
      status: "active",
    },
    period: { id: 3, year: 2027, number: 1, name: "2027-1" },
    specialization: { id: 2, code: "INF", title: "Informática", is_basic: false },
    semester: { id: 5, number: 2, code: "INF-S2" },
    section: { id: 40, code: "INF-S2A" },
    courses_count: 4,
    ...overrides,
  };
}

export const failingPreview: NextSemesterPreview = {
  student: { ...reinscription(1).student, id: 7 },
  current: {
    inscription_id: 11,
    status: "active",
    period: { id: 2, year: 2026, number: 2, name: "2026-2" },
    specialization: { id: 2, code: "INF", title: "Informática", is_basic: false },
    semester: { id: 4, number: 1, code: "INF-S1" },
    section: { id: 30, code: "INF-S1A" },
  },
  courses: [
    {
      course: { id: 1, code: "PRO-201", title: "Programación I" },
      course_section_id: 100,
      note: 7,
      evaluated_percent: 100,
      absences: 1,
      max_absences_to_fail: 8,
      failed_by_absences: false,
      withdrawn: false,
      standing: "failed",
      passed: false,
    },
    {
      course: { id: 2, code: "BDD-201", title: "Bases de Datos I" },
      course_section_id: 101,
      note: 15,
      evaluated_percent: 100,
      absences: 0,
      max_absences_to_fail: 8,
      failed_by_absences: false,
      withdrawn: false,
      standing: "passed",
      passed: true,
    },
  ],
  average: 11,
  approval_minimum_avg: 10,
  approval_minimum_note: 10,
  approved: false,
  reasons: ["Reprobó Programación I (PRO-201) con 7; la nota mínima aprobatoria es 10."],
  basic_average: null,
  outcome: "repeat",
  message: "No aprobó INF-S1 (promedio 11): repite 1 materia de INF-S1.",
  target_period: { id: 3, year: 2027, number: 1, name: "2027-1", enabled_inscriptions: true },
  already_inscribed: false,
  options: [
    {
      specialization: { id: 2, code: "INF", title: "Informática", is_basic: false },
      semester: { id: 4, number: 1, code: "INF-S1" },
      courses: [{ id: 1, code: "PRO-201", title: "Programación I", missing_prelations: [] }],
    },
  ],
};
