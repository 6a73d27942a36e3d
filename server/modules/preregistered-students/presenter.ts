import type { PreregisteredStudent } from "../../../common/schemas/preregistered-students.js";
import type { CsvColumn } from "../../http/csv.js";
import type { PreregisteredRow } from "./service.js";

/** A pre-inscription as the API shows it (snake_case, spec.md §3). */
export function presentPreregistered(row: PreregisteredRow): PreregisteredStudent {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    identity_document: row.identityDocument,
    email: row.email,
    phone: row.phone,
    birth_date: row.birthDate,
    gender: row.gender === "female" ? "female" : "male",
    address: row.address,
    social_networks: {
      instagrams: row.socialNetworks?.instagrams ?? "",
      facebook: row.socialNetworks?.facebook ?? "",
      twitter: row.socialNetworks?.twitter ?? "",
    },
    status: row.status === "approved" ? "approved" : "pending",
    period: row.period,
    specialization: row.specialization,
    student_id: row.studentId,
    approved_at: row.approvedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const statusLabels: Record<string, string> = { pending: "Pendiente", approved: "Aprobada" };

/** The list as a CSV file (`GET /preregistered-students?format=csv`), with the page's Spanish labels. */
export const preregisteredCsvColumns: CsvColumn<PreregisteredRow>[] = [
  { header: "Nombre", value: (r) => r.firstName },
  { header: "Apellido", value: (r) => r.lastName },
  { header: "Cédula", value: (r) => r.identityDocument },
  { header: "Correo electrónico", value: (r) => r.email },
  { header: "Teléfono", value: (r) => r.phone },
  { header: "Fecha de nacimiento", value: (r) => r.birthDate },
  { header: "Género", value: (r) => (r.gender === "female" ? "Femenino" : "Masculino") },
  { header: "Dirección", value: (r) => r.address },
  { header: "Especialidad deseada", value: (r) => r.specialization?.title },
  { header: "Período", value: (r) => (r.period ? `${r.period.year}-${r.period.number}` : "") },
  { header: "Instagram", value: (r) => r.socialNetworks?.instagrams },
  { header: "Facebook", value: (r) => r.socialNetworks?.facebook },
  { header: "Twitter", value: (r) => r.socialNetworks?.twitter },
  { header: "Estado", value: (r) => statusLabels[r.status] ?? r.status },
  { header: "Fecha de preinscripción", value: (r) => r.createdAt },
];
