-- Issue 28. "Generar horario": a run of the timetabling engine for a period (in a worker thread), its
-- progress and its proposal, kept until an administrator applies it. One running run per period.
CREATE TABLE "timetable_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'running' NOT NULL,
	"section_ids" jsonb NOT NULL,
	"rebuild" boolean DEFAULT false NOT NULL,
	"seconds" integer NOT NULL,
	"progress" jsonb NOT NULL,
	"proposal" jsonb,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"stop_requested" boolean DEFAULT false NOT NULL,
	"base_fingerprint" text NOT NULL,
	"created_by" integer,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_runs_status_valid" CHECK ("timetable_runs"."status" in ('running', 'done', 'stopped', 'failed', 'applied')),
	CONSTRAINT "timetable_runs_seconds_range" CHECK ("timetable_runs"."seconds" between 5 and 300)
);
--> statement-breakpoint
ALTER TABLE "timetable_runs" ADD CONSTRAINT "timetable_runs_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_runs" ADD CONSTRAINT "timetable_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_runs_one_running_per_period" ON "timetable_runs" USING btree ("period_id") WHERE "timetable_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "timetable_runs_period_idx" ON "timetable_runs" USING btree ("period_id","id");
