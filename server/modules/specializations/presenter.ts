import type { Specialization, SpecializationCoordinator } from "../../../common/schemas/specializations.js";
import type { CoordinatorRow, SpecializationRow } from "./service.js";

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
