-- An inscription of an existing student into a chosen section in two statements, each planned once per
-- connection (server/modules/inscriptions/service.ts): `inscription_check` reads every check at once, and
-- `inscribe_into_section` writes everything and holds the seat last.
--
-- `plan_cache_mode = force_generic_plan` on these functions: their statements look rows up by key, so one
-- generic plan per connection serves every call. By default PostgreSQL plans each of the first five calls
-- anew, and may go on doing so, which cost more than the work itself (on the embedded database, 2-10 ms of
-- an inscription's 12).
ALTER FUNCTION "lock_section_seats"(integer[], integer) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION "hold_section_seat"(integer, boolean) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
-- The pre-inscription of a student, looked up by every inscription.
CREATE INDEX "pre_inscriptions_student_idx" ON "pre_inscriptions" USING btree ("student_id");
--> statement-breakpoint
-- Everything an inscription of an existing student into a chosen section checks, in one read (JSON): the
-- period (the one asked, else the latest with inscriptions open), the semester, its specialization and
-- whether the period follows its pensum, the student with their e-mail and pre-inscription, their
-- inscription in the period if any, the section with its seats (an unlocked snapshot), the section's
-- course sections by course code, and the prelations of those courses in the pensum. Missing rows come
-- as nulls: the application decides (service.ts, `checkExisting`).
CREATE FUNCTION "inscription_check"(p_student integer, p_semester integer, p_section integer, p_period integer)
  RETURNS text
  LANGUAGE plpgsql STABLE
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  found_row text;
BEGIN
  SELECT row_to_json(c)::text INTO found_row FROM (
    SELECT pe."id" AS period_id, pe."year" AS period_year, pe."number" AS period_number,
      pe."enabled_inscriptions",
      se."id" AS semester_id, se."number" AS semester_number, se."code" AS semester_code, se."pensum_id",
      sp."id" AS specialization_id, sp."code" AS specialization_code, sp."title" AS specialization_title,
      pp."period_id" AS followed,
      st."id" AS student_id, st."gender", st."user_id", st."first_name", st."last_name",
      st."identity_document", u."email",
      (SELECT pi."id" FROM "pre_inscriptions" pi WHERE pi."student_id" = st."id" ORDER BY pi."id" LIMIT 1)
        AS pre_inscription_id,
      (SELECT es."code" FROM "inscriptions" ex JOIN "sections" es ON es."id" = ex."section_id"
        WHERE ex."student_id" = st."id" AND ex."period_id" = pe."id") AS existing_code,
      cs."id" AS section_id, cs."code" AS section_code, cs."period_id" AS section_period_id,
      cs."semester_id" AS section_semester_id, cs."males_limit", cs."females_limit",
      (SELECT count(*) FILTER (WHERE ss."gender" <> 'female') FROM "inscriptions" si
        JOIN "students" ss ON ss."id" = si."student_id"
        WHERE si."section_id" = cs."id" AND si."status" = 'active') AS males,
      (SELECT count(*) FILTER (WHERE ss."gender" = 'female') FROM "inscriptions" si
        JOIN "students" ss ON ss."id" = si."student_id"
        WHERE si."section_id" = cs."id" AND si."status" = 'active') AS females,
      (SELECT coalesce(json_agg(json_build_object('courseSectionId', k."id",
          'course', json_build_object('id', co."id", 'code', co."code", 'title', co."title"))
          ORDER BY co."code"), '[]')
        FROM "course_sections" k JOIN "courses" co ON co."id" = k."course_id"
        WHERE k."section_id" = cs."id") AS section_courses,
      (SELECT coalesce(json_agg(json_build_object('courseId', pr."course_id", 'type', pr."type",
          'required', json_build_object('id', rc."id", 'code', rc."code", 'title', rc."title"))), '[]')
        FROM "prelations" pr JOIN "courses" rc ON rc."id" = pr."required_course_id"
        WHERE pr."pensum_id" = se."pensum_id"
          AND pr."course_id" IN (SELECT k."course_id" FROM "course_sections" k WHERE k."section_id" = cs."id"))
        AS rules
    FROM "periods" pe
    LEFT JOIN "semesters" se ON se."id" = p_semester
    LEFT JOIN "pensums" pn ON pn."id" = se."pensum_id"
    LEFT JOIN "specializations" sp ON sp."id" = pn."specialization_id"
    LEFT JOIN "period_pensums" pp ON pp."pensum_id" = se."pensum_id" AND pp."period_id" = pe."id"
    LEFT JOIN "students" st ON st."id" = p_student
    LEFT JOIN "users" u ON u."id" = st."user_id"
    LEFT JOIN "sections" cs ON cs."id" = p_section
    WHERE pe."id" = coalesce(p_period, (SELECT op."id" FROM "periods" op WHERE op."enabled_inscriptions"
      ORDER BY op."start_date" DESC, op."id" DESC LIMIT 1))
  ) c;
  RETURN found_row;
END;
$$;
--> statement-breakpoint
-- The writes of an inscription into a chosen section in one statement (service.ts, `writeInscription`): the
-- inscription, its enrolments (the course sections the application chose under the prelation rules), the
-- period fee copied from the period's price setting (unless the student has one), and last the seat, counted
-- under the section's lock by `hold_section_seat`, which raises and so undoes everything when the gender's
-- seats pass the limit. Run as one statement, it is one transaction that commits as soon as it ends: the
-- section's lock, the queue of an enrolment morning, is held for the database's own work only.
CREATE FUNCTION "inscribe_into_section"(
  p_student integer,
  p_period integer,
  p_semester integer,
  p_specialization integer,
  p_section integer,
  p_pre_inscription integer,
  p_course_sections integer[],
  p_female boolean,
  OUT new_inscription_id integer,
  OUT new_created_at timestamp with time zone,
  OUT fee_generated boolean,
  OUT seats json
)
  LANGUAGE plpgsql VOLATILE
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  INSERT INTO "inscriptions" ("student_id", "period_id", "section_id", "semester_id", "specialization_id",
    "kind", "pre_inscription_id")
  VALUES (p_student, p_period, p_section, p_semester, p_specialization, 'inscription', p_pre_inscription)
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
