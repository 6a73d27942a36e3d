import type { Specialization, SpecializationCoordinator } from "../../../common/schemas/specializations.js";
import type { CsvColumn } from "../../http/csv.js";
import type { CoordinatorRow, SpecializationRow } from "./service.js";

/** Columns of the specializations CSV, with the list's Spanish labels. */
export const specializationCsvColumns: CsvColumn<SpecializationRow>[] = [
  { header: "Código", value: (r) => r.code },
  { header: "Título", value: (r) => r.title },
  { header: "Descripción", value: (r) => r.description },
  { header: "Ciclo básico", value: (r) => r.isBasic },
  { header: "Pensums", value: (r) => r.pensumsCount },
  { header: "Habilitada", value: (r) => r.enabled },
];

export function presentSpecialization(row: SpecializationRow): Specialization {
  return {
    id: row.id,
    title: row.title,
    code: row.code,
    description: row.description,
    is_basic: row.isBasic,
    enabled: row.enabled,
    pensums_count: row.pensumsCount,
  };
}

export function presentCoordinator(row: CoordinatorRow | null): SpecializationCoordinator {
  if (!row) return null;
  return {
    id: row.id,
    user_id: row.userId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    is_coordinator: row.isCoordinator,
    specialization_id: row.specializationId,
  };
}
