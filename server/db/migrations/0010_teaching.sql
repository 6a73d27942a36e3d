-- Teaching (issue 9): lessons, attendance, evaluations, final deliveries, binnacles.
SELECT 1;
--> statement-breakpoint
-- Lessons and attendance (9A): the append-only audit trail of attendance and notes.
CREATE TABLE "lesson_student_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"lesson_date" date NOT NULL,
	"course_section_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"field" varchar(10) NOT NULL,
	"old_value" varchar(10),
	"new_value" varchar(10),
	"changed_by_user_id" integer,
	"changed_by_name" varchar(200),
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_student_changes_field_valid" CHECK ("lesson_student_changes"."field" in ('attendance', 'note'))
);
--> statement-breakpoint
ALTER TABLE "lesson_student_changes" ADD CONSTRAINT "lesson_student_changes_course_section_id_course_sections_id_fk" FOREIGN KEY ("course_section_id") REFERENCES "public"."course_sections"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lesson_student_changes" ADD CONSTRAINT "lesson_student_changes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "lesson_student_changes_student_idx" ON "lesson_student_changes" USING btree ("course_section_id","student_id","changed_at");
--> statement-breakpoint
CREATE INDEX "lesson_student_changes_lesson_idx" ON "lesson_student_changes" USING btree ("lesson_id");
--> statement-breakpoint
CREATE FUNCTION "lesson_student_changes_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'lesson_student_changes is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lesson_student_changes_no_update" BEFORE UPDATE ON "lesson_student_changes"
  FOR EACH ROW EXECUTE FUNCTION "lesson_student_changes_append_only"();
--> statement-breakpoint
-- The students list's period and specialization filters (issue 8's speed goal).
CREATE INDEX "inscriptions_period_specialization_student_idx" ON "inscriptions" USING btree ("period_id","specialization_id","student_id");
