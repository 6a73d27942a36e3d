-- Academic structure (issue 7): each area appends its statements below its own comment line.
--> statement-breakpoint
-- Schedules (7E): a classroom or a teacher is busy in a slot only within one period. The slot tables carry
-- the period (filled from the section by a trigger, kept right by a foreign key) and their unique keys
-- include it, so schedules of another period never block this one's.
ALTER TABLE "schedule_slots" ADD COLUMN "period_id" integer;
--> statement-breakpoint
UPDATE "schedule_slots" ss SET "period_id" = s."period_id" FROM "sections" s WHERE s."id" = ss."section_id";
--> statement-breakpoint
ALTER TABLE "schedule_slots" ALTER COLUMN "period_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_section_period_fk" FOREIGN KEY ("section_id","period_id") REFERENCES "public"."sections"("id","period_id") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
DROP INDEX "schedule_slots_day_classroom_class_hour_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_slots_day_classroom_class_hour_unique" ON "schedule_slots" USING btree ("period_id","day","class_hour_id","classroom_id") WHERE not "schedule_slots"."classroom_shared";
--> statement-breakpoint
CREATE INDEX "schedule_slots_period_idx" ON "schedule_slots" USING btree ("period_id");
--> statement-breakpoint
CREATE FUNCTION "schedule_slots_set_period"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."period_id" := (SELECT s."period_id" FROM "sections" s WHERE s."id" = NEW."section_id");
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "schedule_slots_period" BEFORE INSERT OR UPDATE OF "section_id" ON "schedule_slots"
  FOR EACH ROW EXECUTE FUNCTION "schedule_slots_set_period"();
--> statement-breakpoint
ALTER TABLE "teacher_slots" ADD COLUMN "period_id" integer;
--> statement-breakpoint
UPDATE "teacher_slots" ts SET "period_id" = ss."period_id" FROM "schedule_slots" ss WHERE ss."id" = ts."schedule_slot_id";
--> statement-breakpoint
ALTER TABLE "teacher_slots" ALTER COLUMN "period_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "teacher_slots" DROP CONSTRAINT "teacher_slots_day_teacher_class_hour_unique";
--> statement-breakpoint
ALTER TABLE "teacher_slots" ADD CONSTRAINT "teacher_slots_day_teacher_class_hour_unique" UNIQUE("period_id","day","class_hour_id","teacher_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "teacher_slots_from_schedule_slot"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "teacher_slots" ("teacher_id", "schedule_slot_id", "day", "class_hour_id", "course_section_id", "period_id")
  SELECT cst."teacher_id", NEW."id", NEW."day", NEW."class_hour_id", NEW."course_section_id", NEW."period_id"
  FROM "course_section_teachers" cst
  WHERE cst."course_section_id" = NEW."course_section_id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "teacher_slots_from_assignment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "teacher_slots" ("teacher_id", "schedule_slot_id", "day", "class_hour_id", "course_section_id", "period_id")
  SELECT NEW."teacher_id", ss."id", ss."day", ss."class_hour_id", ss."course_section_id", ss."period_id"
  FROM "schedule_slots" ss
  WHERE ss."course_section_id" = NEW."course_section_id";
  RETURN NULL;
END;
$$;
