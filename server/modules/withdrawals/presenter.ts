import type { WithdrawalState as WithdrawalStateBody } from "../../../common/schemas/withdrawals.js";
import { periodName } from "../reinscriptions/records.js";
import type { WithdrawalState } from "./service.js";

export function presentWithdrawalState(state: WithdrawalState): WithdrawalStateBody {
  const { student, inscription } = state;
  return {
    student: {
      id: student.id,
      first_name: student.firstName,
      last_name: student.lastName,
      identity_document: student.identityDocument,
      gender: student.gender,
      status: student.status,
    },
    inscription: inscription
      ? {
          id: inscription.id,
          status: inscription.status,
          period: { id: inscription.period.id, name: periodName(inscription.period) },
          specialization: {
            id: inscription.specialization.id,
            title: inscription.specialization.title,
            is_basic: inscription.specialization.isBasic,
          },
          semester: { id: inscription.semester.id, code: inscription.semester.code },
          section: inscription.section,
          courses: inscription.courses.map((c) => ({
            course_section_id: c.courseSectionId,
            course: c.course,
            status: c.status === "withdrawn" ? "withdrawn" : "enrolled",
          })),
        }
      : null,
    message: state.message,
  };
}
