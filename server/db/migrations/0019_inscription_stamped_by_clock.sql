-- An inscription is stamped with the application's clock (server/clock.ts), not the database's now(): its
-- day is when the student's installments fall due (DOMAIN.md "Fees"), and the database's clock is neither
-- the school's nor the one tests set. `inscribe_into_section` takes the instant as its last argument.
DROP FUNCTION "inscribe_into_section"(integer, integer, integer, integer, integer, integer, integer[], boolean);
--> statement-breakpoint
CREATE FUNCTION "inscribe_into_section"(
  p_student integer,
  p_period integer,
  p_semester integer,
  p_specialization integer,
  p_section integer,
  p_pre_inscription integer,
  p_course_sections integer[],
  p_female boolean,
  p_created_at timestamp with time zone,
  OUT new_inscription_id integer,
  OUT new_created_at timestamp with time zone,
  OUT fee_generated boolean,
  OUT seats json
)
  LANGUAGE plpgsql VOLATILE
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO "inscriptions" ("student_id", "period_id", "section_id", "semester_id", "specialization_id",
    "kind", "pre_inscription_id", "created_at")
  VALUES (p_student, p_period, p_section, p_semester, p_specialization, 'inscription', p_pre_inscription,
    p_created_at)
  RETURNING "id", "created_at" INTO new_inscription_id, new_created_at;

  INSERT INTO "course_enrolments" ("inscription_id", "student_id", "course_section_id")
  SELECT new_inscription_id, p_student, cs FROM unnest(p_course_sections) AS cs;

  -- The fee as `copyFee` makes it: the setting under a shared lock (a price change being applied finishes
  -- first), the fee unless the student has one for the period, its installments in date order.
  WITH setting AS (
    SELECT * FROM "period_price_settings" WHERE "period_id" = p_period FOR SHARE
  ), fee AS (
    INSERT INTO "student_period_fees" ("student_id", "period_id", "inscription_id", "price_setting_id",
      "installment_payment_methods", "full_payment_methods", "installment_grace_period_days",
      "late_installment_extra_e2")
    SELECT p_student, p_period, new_inscription_id, setting."id", setting."installment_payment_methods",
      setting."full_payment_methods", setting."installment_grace_period_days", setting."late_installment_extra_e2"
    FROM setting
    ON CONFLICT ("student_id", "period_id") DO NOTHING
    RETURNING "id", "price_setting_id"
  ), copied AS (
    INSERT INTO "fee_installments" ("fee_id", "date", "amount_e2")
    SELECT fee."id", i."date", i."amount_e2" FROM fee
      JOIN "period_price_installments" i ON i."price_setting_id" = fee."price_setting_id"
      ORDER BY i."date"
    RETURNING 1
  )
  SELECT EXISTS (SELECT 1 FROM fee) INTO fee_generated;

  SELECT row_to_json(h) INTO seats FROM hold_section_seat(p_section, p_female) h;
END;
$$;
