import type { FinalDelivery, FinalDeliveryStudent } from "../../../common/schemas/final-deliveries.js";
import type { CsvColumn } from "../../http/csv.js";
import {
  deliveryClosed,
  type FinalDeliveryRow,
  type FinalDeliveryStudentRow,
  juryCanModify,
} from "./service.js";

const person = (p: { id: number; firstName: string; lastName: string }) => ({
  id: p.id,
  first_name: p.firstName,
  last_name: p.lastName,
});

export function presentFinalDelivery(row: FinalDeliveryRow, now: Date): FinalDelivery {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    description: row.description,
    delivery_at: row.deliveryAt ? row.deliveryAt.toISOString() : null,
    delivery_at_local: row.deliveryAtLocal,
    final_delivery_value_percent: row.finalDeliveryValuePercent,
    scheduled_content: row.scheduledContent,
    scheduled_content_resource: row.scheduledContentResource
      ? `contenido-programado.${row.scheduledContentResource.split(".").pop()}`
      : null,
    course_section_id: row.courseSectionId,
    course: row.course,
    section: { id: row.section.id, code: row.section.code, period_id: row.section.periodId },
    jury: row.jury.map(person),
    students_count: row.studentsCount,
    jury_can_modify: juryCanModify(row.deliveryAt, now),
    closed: deliveryClosed(row.deliveryAt, now),
  };
}

export function presentFinalDeliveryStudent(row: FinalDeliveryStudentRow): FinalDeliveryStudent {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    identity_document: row.identityDocument,
    notes: row.notes.map((n) => ({ teacher_id: n.teacherId, note: n.note })),
    average: row.average,
  };
}

/** The final deliveries list as a CSV file, with the list page's Spanish labels. */
export const finalDeliveryCsvColumns: CsvColumn<FinalDeliveryRow>[] = [
  { header: "Código", value: (r) => r.code },
  { header: "Título", value: (r) => r.title },
  { header: "Materia", value: (r) => `${r.course.code} ${r.course.title}` },
  { header: "Sección", value: (r) => r.section.code },
  { header: "Fecha de entrega", value: (r) => r.deliveryAtLocal?.replace("T", " ") ?? null },
  { header: "Porcentaje", value: (r) => r.finalDeliveryValuePercent },
  { header: "Jurado", value: (r) => r.jury.map((j) => `${j.firstName} ${j.lastName}`).join("; ") },
  { header: "Estudiantes", value: (r) => r.studentsCount },
];
