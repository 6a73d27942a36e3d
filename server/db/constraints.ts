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
  classrooms_code_unique: "classroom_code_already_exists",
  courses_code_unique: "course_code_already_exists",
  specializations_code_unique: "specialization_code_already_exists",
  class_hours_end_after_start: "invalid_time_range",
  lessons_course_section_date_unique: "course_section_lesson_date_exists",
  final_deliveries_course_section_unique: "course_section_already_has_one",
  // Enrolment and money
  inscriptions_student_period_unique: "period_and_student_latest_period_are_equals",
  inscriptions_section_fk: "new_section_semester_must_match_old",
  student_period_fees_student_period_unique: "student_period_fee_already_exists",
  fee_installments_paid_range: "installment_overpaid",
  // People
  users_email_lower_unique: "email_already_taken",
  students_identity_document_unique: "identity_document_already_taken",
  teachers_identity_document_unique: "identity_document_already_taken",
};
