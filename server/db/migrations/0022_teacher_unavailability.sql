-- Issue 28. A teacher's weekly unavailability: the timetable generator never places their course sections
-- there; the schedule editor warns. Deleting the teacher or the class hour deletes the marks.
CREATE TABLE "teacher_unavailabilities" (
	"teacher_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"class_hour_id" integer NOT NULL,
	CONSTRAINT "teacher_unavailabilities_pk" PRIMARY KEY("teacher_id","day","class_hour_id"),
	CONSTRAINT "teacher_unavailabilities_day_range" CHECK ("teacher_unavailabilities"."day" between 1 and 6)
);
--> statement-breakpoint
ALTER TABLE "teacher_unavailabilities" ADD CONSTRAINT "teacher_unavailabilities_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_unavailabilities" ADD CONSTRAINT "teacher_unavailabilities_class_hour_id_class_hours_id_fk" FOREIGN KEY ("class_hour_id") REFERENCES "public"."class_hours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teacher_unavailabilities_class_hour_idx" ON "teacher_unavailabilities" USING btree ("class_hour_id");