-- teacher_slots is derived: one row per teacher of a course section and slot of its schedules, so that
-- its unique key refuses a teacher in two places at once. Deletes propagate through foreign keys.
CREATE FUNCTION "teacher_slots_from_schedule_slot"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "teacher_slots" ("teacher_id", "schedule_slot_id", "day", "class_hour_id", "course_section_id")
  SELECT cst."teacher_id", NEW."id", NEW."day", NEW."class_hour_id", NEW."course_section_id"
  FROM "course_section_teachers" cst
  WHERE cst."course_section_id" = NEW."course_section_id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "schedule_slots_add_teacher_slots" AFTER INSERT ON "schedule_slots"
  FOR EACH ROW EXECUTE FUNCTION "teacher_slots_from_schedule_slot"();
--> statement-breakpoint
CREATE FUNCTION "teacher_slots_from_assignment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "teacher_slots" ("teacher_id", "schedule_slot_id", "day", "class_hour_id", "course_section_id")
  SELECT NEW."teacher_id", ss."id", ss."day", ss."class_hour_id", ss."course_section_id"
  FROM "schedule_slots" ss
  WHERE ss."course_section_id" = NEW."course_section_id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "course_section_teachers_add_teacher_slots" AFTER INSERT ON "course_section_teachers"
  FOR EACH ROW EXECUTE FUNCTION "teacher_slots_from_assignment"();
