CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"title" varchar(150) NOT NULL,
	"description" text,
	"credits" smallint DEFAULT 0 NOT NULL,
	"hours" smallint DEFAULT 0 NOT NULL,
	"max_absences_to_fail" smallint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"supports_final_delivery" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_code_unique" UNIQUE("code"),
	CONSTRAINT "courses_credits_range" CHECK ("courses"."credits" >= 0),
	CONSTRAINT "courses_hours_range" CHECK ("courses"."hours" >= 0),
	CONSTRAINT "courses_max_absences_range" CHECK ("courses"."max_absences_to_fail" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pensums" (
	"id" serial PRIMARY KEY NOT NULL,
	"specialization_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"previous_pensum_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pensums_specialization_name_version_unique" UNIQUE("specialization_id","name","version"),
	CONSTRAINT "pensums_id_specialization_unique" UNIQUE("id","specialization_id"),
	CONSTRAINT "pensums_version_positive" CHECK ("pensums"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "prelations" (
	"id" serial PRIMARY KEY NOT NULL,
	"pensum_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"required_course_id" integer NOT NULL,
	"type" varchar(10) DEFAULT 'total' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prelations_pensum_course_required_unique" UNIQUE("pensum_id","course_id","required_course_id"),
	CONSTRAINT "prelations_type_valid" CHECK ("prelations"."type" in ('total', 'partial')),
	CONSTRAINT "prelations_not_self" CHECK ("prelations"."course_id" <> "prelations"."required_course_id")
);
--> statement-breakpoint
CREATE TABLE "semester_courses" (
	"semester_id" integer NOT NULL,
	"pensum_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	CONSTRAINT "semester_courses_pk" PRIMARY KEY("semester_id","course_id"),
	CONSTRAINT "semester_courses_pensum_course_unique" UNIQUE("pensum_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "semesters" (
	"id" serial PRIMARY KEY NOT NULL,
	"pensum_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"code" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "semesters_pensum_number_unique" UNIQUE("pensum_id","number"),
	CONSTRAINT "semesters_pensum_code_unique" UNIQUE("pensum_id","code"),
	CONSTRAINT "semesters_id_pensum_unique" UNIQUE("id","pensum_id"),
	CONSTRAINT "semesters_number_positive" CHECK ("semesters"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "specializations" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(150) NOT NULL,
	"code" varchar(20) NOT NULL,
	"description" text,
	"is_basic" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "specializations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "class_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_hours_start_end_unique" UNIQUE("start_time","end_time"),
	CONSTRAINT "class_hours_end_after_start" CHECK ("class_hours"."end_time" > "class_hours"."start_time")
);
--> statement-breakpoint
CREATE TABLE "classrooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"description" text,
	"max_capacity" integer NOT NULL,
	"multiple_sections" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classrooms_code_unique" UNIQUE("code"),
	CONSTRAINT "classrooms_id_multiple_sections_unique" UNIQUE("id","multiple_sections"),
	CONSTRAINT "classrooms_max_capacity_positive" CHECK ("classrooms"."max_capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "coordinator_supervisions" (
	"coordinator_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coordinator_supervisions_pk" PRIMARY KEY("coordinator_id","teacher_id"),
	CONSTRAINT "coordinator_supervisions_not_self" CHECK ("coordinator_supervisions"."coordinator_id" <> "coordinator_supervisions"."teacher_id")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"identity_document" varchar(20) NOT NULL,
	"gender" varchar(6) NOT NULL,
	"birth_date" date,
	"phone" varchar(30),
	"address" text,
	"status" varchar(12) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_user_unique" UNIQUE("user_id"),
	CONSTRAINT "students_identity_document_unique" UNIQUE("identity_document"),
	CONSTRAINT "students_gender_valid" CHECK ("students"."gender" in ('female', 'male')),
	CONSTRAINT "students_status_valid" CHECK ("students"."status" in ('active', 'retired', 'graduated'))
);
--> statement-breakpoint
CREATE TABLE "teacher_specializations" (
	"teacher_id" integer NOT NULL,
	"specialization_id" integer NOT NULL,
	CONSTRAINT "teacher_specializations_pk" PRIMARY KEY("teacher_id","specialization_id")
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"identity_document" varchar(20) NOT NULL,
	"gender" varchar(6) NOT NULL,
	"birth_date" date,
	"phone" varchar(30),
	"address" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_coordinator" boolean DEFAULT false NOT NULL,
	"specialization_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teachers_user_unique" UNIQUE("user_id"),
	CONSTRAINT "teachers_identity_document_unique" UNIQUE("identity_document"),
	CONSTRAINT "teachers_gender_valid" CHECK ("teachers"."gender" in ('female', 'male')),
	CONSTRAINT "teachers_specialization_only_coordinators" CHECK ("teachers"."specialization_id" is null or "teachers"."is_coordinator")
);
--> statement-breakpoint
CREATE TABLE "period_pensums" (
	"period_id" integer NOT NULL,
	"specialization_id" integer NOT NULL,
	"pensum_id" integer NOT NULL,
	CONSTRAINT "period_pensums_pk" PRIMARY KEY("period_id","specialization_id")
);
--> statement-breakpoint
CREATE TABLE "period_responsibles" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"role" varchar(20) NOT NULL,
	"name" varchar(200) NOT NULL,
	"identity_document" varchar(20),
	"title" varchar(150),
	CONSTRAINT "period_responsibles_period_role_unique" UNIQUE("period_id","role"),
	CONSTRAINT "period_responsibles_role_valid" CHECK ("period_responsibles"."role" in ('principal', 'vice_principal', 'study_control', 'manager', 'signer'))
);
--> statement-breakpoint
CREATE TABLE "periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" smallint NOT NULL,
	"number" smallint NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"weeks_length" smallint DEFAULT 16 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"first_cut_start_date" date,
	"first_cut_end_date" date,
	"second_cut_start_date" date,
	"second_cut_end_date" date,
	"first_half_end_date" date,
	"second_half_end_date" date,
	"pending_evaluations_fc_reminder_date" date,
	"pending_evaluations_sc_reminder_date" date,
	"approval_minimum_avg" smallint DEFAULT 10 NOT NULL,
	"approval_minimum_note" smallint DEFAULT 10 NOT NULL,
	"low_performance_note" smallint DEFAULT 12 NOT NULL,
	"high_performance_note" smallint DEFAULT 16 NOT NULL,
	"enabled_inscriptions" boolean DEFAULT false NOT NULL,
	"enabled_preregisters" boolean DEFAULT false NOT NULL,
	"semester_price_e_2" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "periods_year_number_unique" UNIQUE("year","number"),
	CONSTRAINT "periods_number_positive" CHECK ("periods"."number" >= 1),
	CONSTRAINT "periods_weeks_positive" CHECK ("periods"."weeks_length" >= 1),
	CONSTRAINT "periods_date_order" CHECK ("periods"."start_date" <= "periods"."end_date"
        and "periods"."first_cut_start_date" >= "periods"."start_date" and "periods"."first_cut_start_date" <= "periods"."first_cut_end_date"
        and "periods"."first_cut_end_date" <= "periods"."end_date" and "periods"."second_cut_start_date" >= "periods"."start_date"
        and "periods"."second_cut_start_date" <= "periods"."second_cut_end_date" and "periods"."second_cut_end_date" <= "periods"."end_date"
        and "periods"."first_cut_end_date" <= "periods"."second_cut_start_date"),
	CONSTRAINT "periods_notes_range" CHECK ("periods"."approval_minimum_avg" between 0 and 20 and "periods"."approval_minimum_note" between 0 and 20
        and "periods"."low_performance_note" between 0 and 20 and "periods"."high_performance_note" between 0 and 20),
	CONSTRAINT "periods_semester_price_range" CHECK ("periods"."semester_price_e_2" >= 0)
);
--> statement-breakpoint
CREATE TABLE "schedule_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"class_hour_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"course_section_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"classroom_id" integer NOT NULL,
	"classroom_shared" boolean NOT NULL,
	CONSTRAINT "schedule_slots_day_course_section_class_hour_unique" UNIQUE("day","class_hour_id","course_section_id"),
	CONSTRAINT "schedule_slots_day_section_class_hour_unique" UNIQUE("day","class_hour_id","section_id"),
	CONSTRAINT "schedule_slots_teacher_key_unique" UNIQUE("id","day","class_hour_id","course_section_id"),
	CONSTRAINT "schedule_slots_day_range" CHECK ("schedule_slots"."day" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_section_id" integer NOT NULL,
	"classroom_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_slot_key_unique" UNIQUE("id","course_section_id","classroom_id","day"),
	CONSTRAINT "schedules_day_range" CHECK ("schedules"."day" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "teacher_slots" (
	"teacher_id" integer NOT NULL,
	"schedule_slot_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"class_hour_id" integer NOT NULL,
	"course_section_id" integer NOT NULL,
	CONSTRAINT "teacher_slots_pk" PRIMARY KEY("teacher_id","schedule_slot_id"),
	CONSTRAINT "teacher_slots_day_teacher_class_hour_unique" UNIQUE("day","class_hour_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "course_section_teachers" (
	"course_section_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_section_teachers_pk" PRIMARY KEY("course_section_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "course_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_sections_section_course_unique" UNIQUE("section_id","course_id"),
	CONSTRAINT "course_sections_id_section_unique" UNIQUE("id","section_id")
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"letter_code" varchar(3) NOT NULL,
	"code" varchar(30) NOT NULL,
	"title" varchar(150),
	"shift" varchar(10) DEFAULT 'morning' NOT NULL,
	"males_limit" smallint DEFAULT 0 NOT NULL,
	"females_limit" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sections_period_semester_letter_unique" UNIQUE("period_id","semester_id","letter_code"),
	CONSTRAINT "sections_id_period_unique" UNIQUE("id","period_id"),
	CONSTRAINT "sections_shift_valid" CHECK ("sections"."shift" in ('morning', 'afternoon', 'mixed')),
	CONSTRAINT "sections_limits_range" CHECK ("sections"."males_limit" >= 0 and "sections"."females_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pensums" ADD CONSTRAINT "pensums_specialization_id_specializations_id_fk" FOREIGN KEY ("specialization_id") REFERENCES "public"."specializations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pensums" ADD CONSTRAINT "pensums_previous_pensum_id_pensums_id_fk" FOREIGN KEY ("previous_pensum_id") REFERENCES "public"."pensums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prelations" ADD CONSTRAINT "prelations_course_in_pensum_fk" FOREIGN KEY ("pensum_id","course_id") REFERENCES "public"."semester_courses"("pensum_id","course_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prelations" ADD CONSTRAINT "prelations_required_in_pensum_fk" FOREIGN KEY ("pensum_id","required_course_id") REFERENCES "public"."semester_courses"("pensum_id","course_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semester_courses" ADD CONSTRAINT "semester_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semester_courses" ADD CONSTRAINT "semester_courses_semester_fk" FOREIGN KEY ("semester_id","pensum_id") REFERENCES "public"."semesters"("id","pensum_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semesters" ADD CONSTRAINT "semesters_pensum_id_pensums_id_fk" FOREIGN KEY ("pensum_id") REFERENCES "public"."pensums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coordinator_supervisions" ADD CONSTRAINT "coordinator_supervisions_coordinator_id_teachers_id_fk" FOREIGN KEY ("coordinator_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coordinator_supervisions" ADD CONSTRAINT "coordinator_supervisions_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_specializations" ADD CONSTRAINT "teacher_specializations_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_specializations" ADD CONSTRAINT "teacher_specializations_specialization_id_specializations_id_fk" FOREIGN KEY ("specialization_id") REFERENCES "public"."specializations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_specialization_id_specializations_id_fk" FOREIGN KEY ("specialization_id") REFERENCES "public"."specializations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_pensums" ADD CONSTRAINT "period_pensums_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_pensums" ADD CONSTRAINT "period_pensums_specialization_id_specializations_id_fk" FOREIGN KEY ("specialization_id") REFERENCES "public"."specializations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_pensums" ADD CONSTRAINT "period_pensums_pensum_fk" FOREIGN KEY ("pensum_id","specialization_id") REFERENCES "public"."pensums"("id","specialization_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_responsibles" ADD CONSTRAINT "period_responsibles_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_class_hour_id_class_hours_id_fk" FOREIGN KEY ("class_hour_id") REFERENCES "public"."class_hours"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_schedule_fk" FOREIGN KEY ("schedule_id","course_section_id","classroom_id","day") REFERENCES "public"."schedules"("id","course_section_id","classroom_id","day") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_course_section_fk" FOREIGN KEY ("course_section_id","section_id") REFERENCES "public"."course_sections"("id","section_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_classroom_fk" FOREIGN KEY ("classroom_id","classroom_shared") REFERENCES "public"."classrooms"("id","multiple_sections") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_course_section_id_course_sections_id_fk" FOREIGN KEY ("course_section_id") REFERENCES "public"."course_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_slots" ADD CONSTRAINT "teacher_slots_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_slots" ADD CONSTRAINT "teacher_slots_slot_fk" FOREIGN KEY ("schedule_slot_id","day","class_hour_id","course_section_id") REFERENCES "public"."schedule_slots"("id","day","class_hour_id","course_section_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "teacher_slots" ADD CONSTRAINT "teacher_slots_assignment_fk" FOREIGN KEY ("course_section_id","teacher_id") REFERENCES "public"."course_section_teachers"("course_section_id","teacher_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_section_teachers" ADD CONSTRAINT "course_section_teachers_course_section_id_course_sections_id_fk" FOREIGN KEY ("course_section_id") REFERENCES "public"."course_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_section_teachers" ADD CONSTRAINT "course_section_teachers_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sections" ADD CONSTRAINT "course_sections_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sections" ADD CONSTRAINT "course_sections_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prelations_course_idx" ON "prelations" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "prelations_required_course_idx" ON "prelations" USING btree ("required_course_id");--> statement-breakpoint
CREATE INDEX "semester_courses_course_idx" ON "semester_courses" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "specializations_single_basic" ON "specializations" USING btree ("is_basic") WHERE "specializations"."is_basic";--> statement-breakpoint
CREATE INDEX "coordinator_supervisions_teacher_idx" ON "coordinator_supervisions" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "teacher_specializations_specialization_idx" ON "teacher_specializations" USING btree ("specialization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_one_coordinator_per_specialization" ON "teachers" USING btree ("specialization_id") WHERE "teachers"."is_coordinator" and "teachers"."specialization_id" is not null;--> statement-breakpoint
CREATE INDEX "period_pensums_pensum_idx" ON "period_pensums" USING btree ("pensum_id");--> statement-breakpoint
CREATE UNIQUE INDEX "periods_single_enabled" ON "periods" USING btree ("enabled") WHERE "periods"."enabled";--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_slots_day_classroom_class_hour_unique" ON "schedule_slots" USING btree ("day","class_hour_id","classroom_id") WHERE not "schedule_slots"."classroom_shared";--> statement-breakpoint
CREATE INDEX "schedule_slots_schedule_idx" ON "schedule_slots" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "schedule_slots_course_section_idx" ON "schedule_slots" USING btree ("course_section_id");--> statement-breakpoint
CREATE INDEX "schedule_slots_classroom_idx" ON "schedule_slots" USING btree ("classroom_id");--> statement-breakpoint
CREATE INDEX "schedules_course_section_idx" ON "schedules" USING btree ("course_section_id");--> statement-breakpoint
CREATE INDEX "schedules_classroom_idx" ON "schedules" USING btree ("classroom_id");--> statement-breakpoint
CREATE INDEX "teacher_slots_schedule_slot_idx" ON "teacher_slots" USING btree ("schedule_slot_id");--> statement-breakpoint
CREATE INDEX "course_section_teachers_teacher_idx" ON "course_section_teachers" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "course_sections_course_idx" ON "course_sections" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "sections_semester_idx" ON "sections" USING btree ("semester_id");