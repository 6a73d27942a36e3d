import { weekdayNames } from "../../../common/schemas/classrooms.js";
import type {
  InscriptionState,
  PeriodAverageNote,
  Student,
  StudentBinnacle,
  StudentCourse,
  StudentInscription,
  StudentLesson,
  StudentNotification,
  StudentSchedule,
} from "../../../common/schemas/students.js";
import type { CsvColumn } from "../../http/csv.js";
import { profilePictureUrl } from "../users/presenter.js";
import type {
  InscriptionRow,
  inscriptionState,
  listStudentNotifications,
  periodAverageNote,
  StudentBinnacleRow,
  StudentCourseRow,
  StudentLessonRow,
  StudentRow,
  StudentScheduleRow,
} from "./service.js";

const periodName = (p: { year: number; number: number }) => `${p.year}-${p.number}`;
const presentPeriod = (p: { id: number; year: number; number: number }) => ({
  id: p.id,
  name: periodName(p),
});

export function presentInscription(row: InscriptionRow): StudentInscription {
  return {
    id: row.id,
    period: presentPeriod(row.period),
    specialization: row.specialization,
    semester: row.semester,
    section: row.section,
    kind: row.kind,
    status: row.status,
    approved_at: row.approvedAt?.toISOString() ?? null,
    retired_at: row.retiredAt?.toISOString() ?? null,
  };
}

export function presentStudent(row: StudentRow): Student {
  return {
    id: row.id,
    user_id: row.userId,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    identity_document: row.identityDocument,
    gender: row.gender,
    birth_date: row.birthDate,
    phone: row.phone,
    address: row.address,
    status: row.status,
    profile_picture: profilePictureUrl({ id: row.userId, profilePicture: row.profilePicture }),
    confirmed: row.confirmed,
    latest_inscription: row.latestInscription ? presentInscription(row.latestInscription) : null,
    version: row.version,
  };
}

const statusLabels: Record<string, string> = { active: "Activo", retired: "Retirado", graduated: "Egresado" };
const genderLabels: Record<string, string> = { female: "Femenino", male: "Masculino" };

/** The students list as a CSV file (`GET /students?format=csv`), with the list page's Spanish labels. */
export const studentCsvColumns: CsvColumn<StudentRow>[] = [
  { header: "Cédula", value: (r) => r.identityDocument },
  { header: "Apellido", value: (r) => r.lastName },
  { header: "Nombre", value: (r) => r.firstName },
  { header: "Correo electrónico", value: (r) => r.email },
  { header: "Género", value: (r) => genderLabels[r.gender] ?? r.gender },
  { header: "Teléfono", value: (r) => r.phone },
  { header: "Estado", value: (r) => statusLabels[r.status] ?? r.status },
  { header: "Período", value: (r) => (r.latestInscription ? periodName(r.latestInscription.period) : null) },
  { header: "Especialidad", value: (r) => r.latestInscription?.specialization.title },
  { header: "Semestre", value: (r) => r.latestInscription?.semester.code },
  { header: "Sección", value: (r) => r.latestInscription?.section.code },
];

const hhmm = (time: string) => time.slice(0, 5);

export function presentSchedule(row: StudentScheduleRow): StudentSchedule {
  return {
    id: row.id,
    day: row.day,
    day_name: weekdayNames[row.day] ?? String(row.day),
    class_hours: row.classHours.map((h) => ({
      id: h.id,
      start_time: hhmm(h.startTime),
      end_time: hhmm(h.endTime),
    })),
    classroom: row.classroom,
    course_section_id: row.courseSectionId,
    course: row.course,
    section: row.section,
  };
}

export function presentCourse(row: StudentCourseRow): StudentCourse {
  return {
    id: row.id,
    course_section_id: row.courseSectionId,
    course: {
      id: row.course.id,
      code: row.course.code,
      title: row.course.title,
      credits: row.course.credits,
      max_absences_to_fail: row.course.maxAbsencesToFail,
    },
    section: row.section,
    period: presentPeriod(row.period),
    status: row.status,
    teachers: row.teachers,
    note: row.note,
    evaluated_percent: row.evaluatedPercent,
    failed_by_absences: row.failedByAbsences,
    standing: row.standing,
    passed: row.standing === "in_progress" ? null : row.passed,
    absences: row.absences,
    delays: row.delays,
    lessons: row.lessons,
  };
}

export function presentAverage(result: Awaited<ReturnType<typeof periodAverageNote>>): PeriodAverageNote {
  return {
    period: result.period ? presentPeriod(result.period) : null,
    average: result.average,
    courses: result.courses,
    approval_minimum_avg: result.approvalMinimumAvg,
  };
}

export function presentInscriptionState(
  result: Awaited<ReturnType<typeof inscriptionState>>,
): InscriptionState {
  return {
    student_status: result.studentStatus,
    current_period: result.currentPeriod ? presentPeriod(result.currentPeriod) : null,
    inscribed_in_current_period: result.currentInscription !== null,
    current_inscription: result.currentInscription ? presentInscription(result.currentInscription) : null,
    latest_inscription: result.latestInscription ? presentInscription(result.latestInscription) : null,
    inscriptions_count: result.inscriptionsCount,
  };
}

export function presentBinnacle(row: StudentBinnacleRow): StudentBinnacle {
  return {
    id: row.id,
    incidence_date: row.incidenceDate,
    subject: row.subject,
    description: row.description,
    category: row.category,
    author: row.author,
    course: row.course,
  };
}

export function presentNotification(
  row: Awaited<ReturnType<typeof listStudentNotifications>>[number],
): StudentNotification {
  return {
    id: row.id,
    content: row.content,
    type: row.type,
    code: row.code,
    created_at: row.createdAt,
    read_at: row.readAt,
    sender: row.sender,
  };
}

export function presentLesson(row: StudentLessonRow): StudentLesson {
  return {
    lesson_id: row.lessonId,
    date: row.date,
    title: row.title,
    evaluated: row.evaluated,
    weight: row.weight,
    attendance: row.attendance,
    note: row.note,
    course_section_id: row.courseSectionId,
    course: row.course,
    section: row.section,
  };
}
