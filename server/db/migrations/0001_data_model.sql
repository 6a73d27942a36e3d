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
CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer,
	"title" varchar(200) NOT NULL,
	"description" text,
	"observation" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"color" varchar(20),
	"text_color" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_date_order" CHECK ("activities"."end_date" >= "activities"."start_date")
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"description" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holidays_date_order" CHECK ("holidays"."end_date" >= "holidays"."start_date")
);
--> statement-breakpoint
CREATE TABLE "document_request_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"description" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"color" varchar(20),
	"text_color" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"period_id" integer,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"observation" text,
	"generated_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"handled_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_requests_status_valid" CHECK ("document_requests"."status" in ('pending', 'generated', 'retired', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text,
	"file" varchar(255) NOT NULL,
	"cover_picture" varchar(255),
	"specialization_id" integer,
	"semester_id" integer,
	"course_id" integer,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"inscription_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"course_section_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'enrolled' NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_enrolments_student_course_section_unique" UNIQUE("student_id","course_section_id"),
	CONSTRAINT "course_enrolments_status_valid" CHECK ("course_enrolments"."status" in ('enrolled', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "inscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"specialization_id" integer NOT NULL,
	"kind" varchar(14) DEFAULT 'inscription' NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"pre_inscription_id" integer,
	"approved_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inscriptions_student_period_unique" UNIQUE("student_id","period_id"),
	CONSTRAINT "inscriptions_id_student_unique" UNIQUE("id","student_id"),
	CONSTRAINT "inscriptions_kind_valid" CHECK ("inscriptions"."kind" in ('inscription', 'reinscription')),
	CONSTRAINT "inscriptions_status_valid" CHECK ("inscriptions"."status" in ('active', 'retired'))
);
--> statement-breakpoint
CREATE TABLE "pre_inscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"identity_document" varchar(20) NOT NULL,
	"email" varchar(255) NOT NULL,
	"phone" varchar(30),
	"birth_date" date,
	"gender" varchar(6) NOT NULL,
	"address" text,
	"specialization_id" integer,
	"social_networks" jsonb DEFAULT '{"instagrams":"","facebook":"","twitter":""}'::jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"approved_at" timestamp with time zone,
	"student_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pre_inscriptions_gender_valid" CHECK ("pre_inscriptions"."gender" in ('female', 'male')),
	CONSTRAINT "pre_inscriptions_status_valid" CHECK ("pre_inscriptions"."status" in ('pending', 'approved', 'rejected'))
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
CREATE TABLE "fee_installments" (
	"id" serial PRIMARY KEY NOT NULL,
	"fee_id" integer NOT NULL,
	"date" date NOT NULL,
	"amount_e2" integer NOT NULL,
	"paid_amount_e2" integer DEFAULT 0 NOT NULL,
	"late_extra_e2" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_installments_amount_positive" CHECK ("fee_installments"."amount_e2" > 0),
	CONSTRAINT "fee_installments_paid_range" CHECK ("fee_installments"."paid_amount_e2" >= 0 and "fee_installments"."late_extra_e2" >= 0 and "fee_installments"."paid_amount_e2" <= "fee_installments"."amount_e2" + "fee_installments"."late_extra_e2")
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"fee_installment_id" integer NOT NULL,
	"amount_e2" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_payment_installment_unique" UNIQUE("payment_id","fee_installment_id"),
	CONSTRAINT "payment_allocations_amount_positive" CHECK ("payment_allocations"."amount_e2" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"fee_id" integer,
	"title" varchar(200),
	"status" smallint DEFAULT 1 NOT NULL,
	"type" smallint NOT NULL,
	"from_report" boolean DEFAULT false NOT NULL,
	"date" date NOT NULL,
	"amount_e2" integer NOT NULL,
	"receipt_number" varchar(60),
	"observation" text,
	"created_by_user_id" integer,
	"reviewed_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_valid" CHECK ("payments"."status" in (1, 2, 3)),
	CONSTRAINT "payments_type_valid" CHECK ("payments"."type" between 1 and 5),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_e2" > 0)
);
--> statement-breakpoint
CREATE TABLE "period_price_installments" (
	"id" serial PRIMARY KEY NOT NULL,
	"price_setting_id" integer NOT NULL,
	"date" date NOT NULL,
	"amount_e2" integer NOT NULL,
	CONSTRAINT "period_price_installments_setting_date_unique" UNIQUE("price_setting_id","date"),
	CONSTRAINT "period_price_installments_amount_positive" CHECK ("period_price_installments"."amount_e2" > 0)
);
--> statement-breakpoint
CREATE TABLE "period_price_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"installment_payment_methods" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"full_payment_methods" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"installment_grace_period_days" smallint DEFAULT 0 NOT NULL,
	"late_installment_extra_e2" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "period_price_settings_period_unique" UNIQUE("period_id"),
	CONSTRAINT "period_price_settings_installment_methods_valid" CHECK ("period_price_settings"."installment_payment_methods" <@ array[1, 2, 3, 4, 5]),
	CONSTRAINT "period_price_settings_full_methods_valid" CHECK ("period_price_settings"."full_payment_methods" <@ array[1, 2, 3, 4, 5]),
	CONSTRAINT "period_price_settings_grace_range" CHECK ("period_price_settings"."installment_grace_period_days" >= 0),
	CONSTRAINT "period_price_settings_late_extra_range" CHECK ("period_price_settings"."late_installment_extra_e2" >= 0)
);
--> statement-breakpoint
CREATE TABLE "student_period_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"inscription_id" integer,
	"price_setting_id" integer,
	"installment_payment_methods" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"full_payment_methods" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"installment_grace_period_days" smallint DEFAULT 0 NOT NULL,
	"late_installment_extra_e2" integer DEFAULT 0 NOT NULL,
	"credit_e2" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_period_fees_student_period_unique" UNIQUE("student_id","period_id"),
	CONSTRAINT "student_period_fees_installment_methods_valid" CHECK ("student_period_fees"."installment_payment_methods" <@ array[1, 2, 3, 4, 5]),
	CONSTRAINT "student_period_fees_full_methods_valid" CHECK ("student_period_fees"."full_payment_methods" <@ array[1, 2, 3, 4, 5]),
	CONSTRAINT "student_period_fees_amounts_range" CHECK ("student_period_fees"."installment_grace_period_days" >= 0 and "student_period_fees"."late_installment_extra_e2" >= 0 and "student_period_fees"."credit_e2" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notification_receivers" (
	"notification_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notification_receivers_pk" PRIMARY KEY("notification_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"attachment" varchar(255),
	"type" smallint NOT NULL,
	"code" varchar(60),
	"back" varchar(255),
	"sender_user_id" integer,
	"receiver_user_id" integer,
	"section_id" integer,
	"course_section_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_range" CHECK ("notifications"."type" between 1 and 9),
	CONSTRAINT "notifications_receiver_only_single" CHECK ("notifications"."receiver_user_id" is null or "notifications"."type" = 7)
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
	"semester_price_e2" integer DEFAULT 0 NOT NULL,
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
	CONSTRAINT "periods_semester_price_range" CHECK ("periods"."semester_price_e2" >= 0)
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
	CONSTRAINT "sections_id_period_semester_unique" UNIQUE("id","period_id","semester_id"),
	CONSTRAINT "sections_shift_valid" CHECK ("sections"."shift" in ('morning', 'afternoon', 'mixed')),
	CONSTRAINT "sections_limits_range" CHECK ("sections"."males_limit" >= 0 and "sections"."females_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "binnacles" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"author_user_id" integer,
	"period_id" integer,
	"course_section_id" integer,
	"incidence_date" date NOT NULL,
	"subject" varchar(200) NOT NULL,
	"description" text,
	"category" varchar(50),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "final_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_section_id" integer NOT NULL,
	"code" varchar(30) NOT NULL,
	"title" varchar(200),
	"description" text,
	"delivery_at" timestamp with time zone,
	"final_delivery_value_percent" smallint DEFAULT 0 NOT NULL,
	"scheduled_content" text,
	"scheduled_content_resource" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "final_deliveries_course_section_unique" UNIQUE("course_section_id"),
	CONSTRAINT "final_deliveries_percent_range" CHECK ("final_deliveries"."final_delivery_value_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "final_delivery_jury" (
	"final_delivery_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	CONSTRAINT "final_delivery_jury_pk" PRIMARY KEY("final_delivery_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "final_delivery_notes" (
	"final_delivery_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"note" numeric(4, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "final_delivery_notes_pk" PRIMARY KEY("final_delivery_id","teacher_id","student_id"),
	CONSTRAINT "final_delivery_notes_note_range" CHECK ("final_delivery_notes"."note" between 0 and 20)
);
--> statement-breakpoint
CREATE TABLE "final_delivery_students" (
	"final_delivery_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "final_delivery_students_pk" PRIMARY KEY("final_delivery_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_students" (
	"lesson_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"attendance" varchar(8) DEFAULT 'present' NOT NULL,
	"note" numeric(4, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_students_pk" PRIMARY KEY("lesson_id","student_id"),
	CONSTRAINT "lesson_students_attendance_valid" CHECK ("lesson_students"."attendance" in ('present', 'absent', 'delayed')),
	CONSTRAINT "lesson_students_note_range" CHECK ("lesson_students"."note" between 0 and 20)
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_section_id" integer NOT NULL,
	"date" date NOT NULL,
	"title" varchar(200),
	"description" text,
	"evaluated" boolean DEFAULT false NOT NULL,
	"weight" smallint DEFAULT 0 NOT NULL,
	"registered_at" timestamp with time zone,
	"registered_by_teacher_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_course_section_date_unique" UNIQUE("course_section_id","date"),
	CONSTRAINT "lessons_weight_range" CHECK ("lessons"."weight" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "pensums" ADD CONSTRAINT "pensums_specialization_id_specializations_id_fk" FOREIGN KEY ("specialization_id") REFERENCES "public"."specializations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pensums" ADD CONSTRAINT "pensums_previous_pensum_id_pensums_id_fk" FOREIGN KEY ("previous_pensum_id") REFERENCES "public"."pensums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prelations" ADD CONSTRAINT "prelations_course_in_pensum_fk" FOREIGN KEY ("pensum_id","course_id") REFERENCES "public"."semester_courses"("pensum_id","course_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prelations" ADD CONSTRAINT "prelations_required_in_pensum_fk" FOREIGN KEY ("pensum_id","required_course_id") REFERENCES "public"."semester_courses"("pensum_id","course_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semester_courses" ADD CONSTRAINT "semester_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semester_courses" ADD CONSTRAINT "semester_courses_semester_fk" FOREIGN KEY ("semester_id","pensum_id") REFERENCES "public"."semesters"("id","pensum_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semesters" ADD CONSTRAINT "semesters_pensum_id_pensums_id_fk" FOREIGN KEY ("pensum_id") REFERENCES "public"."pensums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_type_id_document_request_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."document_request_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_handled_by_user_id_users_id_fk" FOREIGN KEY ("handled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_specialization_id_specializations_id_fk" FOREIGN KEY ("specialization_id") REFERENCES "public"."specializations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_course_section_id_course_sections_id_fk" FOREIGN KEY ("course_section_id") REFERENCES "public"."course_sections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_inscription_fk" FOREIGN KEY ("inscription_id","student_id") REFERENCES "public"."inscriptions"("id","student_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD CONSTRAINT "inscriptions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD CONSTRAINT "inscriptions_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD CONSTRAINT "inscriptions_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD CONSTRAINT "inscriptions_specialization_id_specializations_id_fk" FOREIGN KEY ("specialization_id") REFERENCES "public"."specializations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD CONSTRAINT "inscriptions_pre_inscription_id_pre_inscriptions_id_fk" FOREIGN KEY ("pre_inscription_id") REFERENCES "public"."pre_inscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD CONSTRAINT "inscriptions_section_fk" FOREIGN KEY ("section_id","period_id","semester_id") REFERENCES "public"."sections"("id","period_id","semester_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_inscriptions" ADD CONSTRAINT "pre_inscriptions_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_inscriptions" ADD CONSTRAINT "pre_inscriptions_specialization_id_specializations_id_fk" FOREIGN KEY ("specialization_id") REFERENCES "public"."specializations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_inscriptions" ADD CONSTRAINT "pre_inscriptions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_installments" ADD CONSTRAINT "fee_installments_fee_id_student_period_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."student_period_fees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_fee_installment_id_fee_installments_id_fk" FOREIGN KEY ("fee_installment_id") REFERENCES "public"."fee_installments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_fee_id_student_period_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."student_period_fees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_price_installments" ADD CONSTRAINT "period_price_installments_price_setting_id_period_price_settings_id_fk" FOREIGN KEY ("price_setting_id") REFERENCES "public"."period_price_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_price_settings" ADD CONSTRAINT "period_price_settings_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_period_fees" ADD CONSTRAINT "student_period_fees_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_period_fees" ADD CONSTRAINT "student_period_fees_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_period_fees" ADD CONSTRAINT "student_period_fees_inscription_id_inscriptions_id_fk" FOREIGN KEY ("inscription_id") REFERENCES "public"."inscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_period_fees" ADD CONSTRAINT "student_period_fees_price_setting_id_period_price_settings_id_fk" FOREIGN KEY ("price_setting_id") REFERENCES "public"."period_price_settings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receivers" ADD CONSTRAINT "notification_receivers_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receivers" ADD CONSTRAINT "notification_receivers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_receiver_user_id_users_id_fk" FOREIGN KEY ("receiver_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_course_section_id_course_sections_id_fk" FOREIGN KEY ("course_section_id") REFERENCES "public"."course_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "binnacles" ADD CONSTRAINT "binnacles_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "binnacles" ADD CONSTRAINT "binnacles_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "binnacles" ADD CONSTRAINT "binnacles_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "binnacles" ADD CONSTRAINT "binnacles_course_section_id_course_sections_id_fk" FOREIGN KEY ("course_section_id") REFERENCES "public"."course_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_deliveries" ADD CONSTRAINT "final_deliveries_course_section_id_course_sections_id_fk" FOREIGN KEY ("course_section_id") REFERENCES "public"."course_sections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_delivery_jury" ADD CONSTRAINT "final_delivery_jury_final_delivery_id_final_deliveries_id_fk" FOREIGN KEY ("final_delivery_id") REFERENCES "public"."final_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_delivery_jury" ADD CONSTRAINT "final_delivery_jury_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_delivery_notes" ADD CONSTRAINT "final_delivery_notes_jury_fk" FOREIGN KEY ("final_delivery_id","teacher_id") REFERENCES "public"."final_delivery_jury"("final_delivery_id","teacher_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_delivery_notes" ADD CONSTRAINT "final_delivery_notes_student_fk" FOREIGN KEY ("final_delivery_id","student_id") REFERENCES "public"."final_delivery_students"("final_delivery_id","student_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_delivery_students" ADD CONSTRAINT "final_delivery_students_final_delivery_id_final_deliveries_id_fk" FOREIGN KEY ("final_delivery_id") REFERENCES "public"."final_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_delivery_students" ADD CONSTRAINT "final_delivery_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_students" ADD CONSTRAINT "lesson_students_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_students" ADD CONSTRAINT "lesson_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_course_section_id_course_sections_id_fk" FOREIGN KEY ("course_section_id") REFERENCES "public"."course_sections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_registered_by_teacher_id_teachers_id_fk" FOREIGN KEY ("registered_by_teacher_id") REFERENCES "public"."teachers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prelations_course_idx" ON "prelations" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "prelations_required_course_idx" ON "prelations" USING btree ("required_course_id");--> statement-breakpoint
CREATE INDEX "semester_courses_course_idx" ON "semester_courses" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "specializations_single_basic" ON "specializations" USING btree ("is_basic") WHERE "specializations"."is_basic";--> statement-breakpoint
CREATE INDEX "activities_period_idx" ON "activities" USING btree ("period_id");--> statement-breakpoint
CREATE INDEX "holidays_start_date_idx" ON "holidays" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "document_requests_student_idx" ON "document_requests" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "document_requests_status_idx" ON "document_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "documents_specialization_idx" ON "documents" USING btree ("specialization_id");--> statement-breakpoint
CREATE INDEX "documents_semester_idx" ON "documents" USING btree ("semester_id");--> statement-breakpoint
CREATE INDEX "documents_course_idx" ON "documents" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "course_enrolments_inscription_idx" ON "course_enrolments" USING btree ("inscription_id");--> statement-breakpoint
CREATE INDEX "course_enrolments_course_section_idx" ON "course_enrolments" USING btree ("course_section_id");--> statement-breakpoint
CREATE INDEX "inscriptions_period_idx" ON "inscriptions" USING btree ("period_id");--> statement-breakpoint
CREATE INDEX "inscriptions_section_idx" ON "inscriptions" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "inscriptions_semester_idx" ON "inscriptions" USING btree ("semester_id");--> statement-breakpoint
CREATE INDEX "pre_inscriptions_period_idx" ON "pre_inscriptions" USING btree ("period_id");--> statement-breakpoint
CREATE INDEX "fee_installments_fee_idx" ON "fee_installments" USING btree ("fee_id","date");--> statement-breakpoint
CREATE INDEX "payment_allocations_installment_idx" ON "payment_allocations" USING btree ("fee_installment_id");--> statement-breakpoint
CREATE INDEX "payments_student_period_idx" ON "payments" USING btree ("student_id","period_id");--> statement-breakpoint
CREATE INDEX "payments_period_idx" ON "payments" USING btree ("period_id");--> statement-breakpoint
CREATE INDEX "payments_fee_idx" ON "payments" USING btree ("fee_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "student_period_fees_period_idx" ON "student_period_fees" USING btree ("period_id");--> statement-breakpoint
CREATE INDEX "notification_receivers_user_idx" ON "notification_receivers" USING btree ("user_id","read_at");--> statement-breakpoint
CREATE INDEX "notifications_sender_idx" ON "notifications" USING btree ("sender_user_id");--> statement-breakpoint
CREATE INDEX "notifications_created_at_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
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
CREATE INDEX "sections_semester_idx" ON "sections" USING btree ("semester_id");--> statement-breakpoint
CREATE INDEX "binnacles_student_idx" ON "binnacles" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "binnacles_author_idx" ON "binnacles" USING btree ("author_user_id");--> statement-breakpoint
CREATE INDEX "binnacles_course_section_idx" ON "binnacles" USING btree ("course_section_id");--> statement-breakpoint
CREATE INDEX "final_delivery_jury_teacher_idx" ON "final_delivery_jury" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "final_delivery_students_student_idx" ON "final_delivery_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "lesson_students_student_idx" ON "lesson_students" USING btree ("student_id");