import { AppError } from "../http/errors.js";

/**
 * Database constraints that stand for a business rule, mapped to the error code of spec.md §8 that a
 * service answers when a write breaks them (PostgreSQL reports the name in the error's `constraint`).
 */
export const constraintErrors: Record<string, string> = {
  // Schedules (DOMAIN.md "Schedule")
  schedule_slots_day_course_section_class_hour_unique: "combination_of_day_course_section_class_hour_exists",
  schedule_slots_day_section_class_hour_unique: "combination_of_day_section_class_hour_exists",
  schedule_slots_day_classroom_class_hour_unique: "combination_of_day_classroom_class_hour_exists",
  teacher_slots_day_teacher_class_hour_unique: "combination_of_day_teacher_class_hour_exists",
  schedule_slots_day_range: "invalid_day",
  schedules_day_range: "invalid_day",
  // Academic structure
  periods_year_number_unique: "year_number_combination_already_exists",
  periods_date_order: "invalid_date_range",
  sections_period_semester_letter_unique: "letter_code_already_exists",
  prelations_pensum_course_required_unique: "prelation_already_exists",
  teachers_one_coordinator_per_specialization: "specialization_has_coordinator",
  classrooms_code_lower_unique: "classroom_code_already_exists",
  courses_code_lower_unique: "course_code_already_exists",
  specializations_code_lower_unique: "specialization_code_already_exists",
  class_hours_end_after_start: "invalid_time_range",
  lessons_course_section_date_unique: "course_section_lesson_date_exists",
  final_deliveries_course_section_unique: "course_section_already_has_one",
  // Enrolment and money
  inscriptions_student_period_unique: "period_and_student_latest_period_are_equals",
  student_period_fees_student_period_unique: "student_period_fee_already_exists",
  fee_installments_paid_range: "installment_overpaid",
  payments_type_receipt_number_unique: "receipt_number_already_reported",
  // People
  users_email_lower_unique: "email_already_taken",
  students_identity_document_unique: "identity_document_already_taken",
  teachers_identity_document_unique: "identity_document_already_taken",
};

/** SQLSTATE codes of integrity violations. */
export const PgErrorCode = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  checkViolation: "23514",
  notNullViolation: "23502",
} as const;

export type PgErrorInfo = { code: string; message: string; constraint?: string; detail?: string };

/**
 * The PostgreSQL error behind `err`, whichever driver raised it. PGlite and node-postgres errors both
 * carry `code` (SQLSTATE) and `constraint`; Drizzle wraps them in a DrizzleQueryError as `cause`.
 */
export function pgErrorOf(err: unknown): PgErrorInfo | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const e = current as {
      code?: unknown;
      message?: unknown;
      constraint?: unknown;
      detail?: unknown;
      cause?: unknown;
    };
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
      return {
        code: e.code,
        message: typeof e.message === "string" ? e.message : "",
        constraint: typeof e.constraint === "string" ? e.constraint : undefined,
        detail: typeof e.detail === "string" ? e.detail : undefined,
      };
    }
    current = e.cause;
  }
  return null;
}

/**
 * Translates an integrity violation into the error the client should see: a constraint of
 * `constraintErrors` gives a 400 with its code, any other foreign key violation a 409
 * `foreign_key_violation`. Anything else gives null (the caller rethrows it).
 */
export function translateDbError(err: unknown): AppError | null {
  const pg = pgErrorOf(err);
  if (!pg) return null;
  const integrity: string[] = [
    PgErrorCode.uniqueViolation,
    PgErrorCode.checkViolation,
    PgErrorCode.foreignKeyViolation,
  ];
  if (!integrity.includes(pg.code)) return null;
  const mapped = pg.constraint ? constraintErrors[pg.constraint] : undefined;
  if (mapped) return new AppError(400, mapped);
  if (pg.code === PgErrorCode.foreignKeyViolation) return new AppError(409, "foreign_key_violation");
  return null;
}

/** Runs `fn`, turning a mapped integrity violation into its AppError. */
export async function withDbErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw translateDbError(err) ?? err;
  }
}
