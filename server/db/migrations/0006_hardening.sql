-- Platform hardening (issue 6): sessions, audit log, case-insensitive codes, shared rate limits.
SELECT 1;
--> statement-breakpoint
-- perf (item 2): per-user session generation carried by every access token.
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Audit log (issue 6 item 8): append-only history written in the transaction of each change.
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"actor_email" varchar(255),
	"actor_name" varchar(255),
	"action" varchar(60) NOT NULL,
	"entity_type" varchar(60) NOT NULL,
	"entity_id" integer,
	"old_values" jsonb,
	"new_values" jsonb,
	"ip_address" varchar(64)
);
--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");
--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id");
--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action");
--> statement-breakpoint
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege', CONSTRAINT = 'audit_log_append_only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
-- Installation facts (issue 6, demo marker): `npm run demo` only reopens a database marked as the demo school.
CREATE TABLE "app_settings" (
	"key" varchar(60) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- guard (issue 6 item 4): login and recovery rate-limit counters, shared by every server on the database.
CREATE TABLE "auth_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
-- guard (issue 6 item 6): classroom codes are unique whatever their case ("MAGNA" = "magna"). Codes that
-- already clash that way keep the oldest as is; the others get their id appended so the index can be built.
UPDATE "classrooms" AS c SET "code" = left(c."code", 19 - length(c."id"::text)) || '-' || c."id"
	WHERE EXISTS (SELECT 1 FROM "classrooms" AS o WHERE lower(o."code") = lower(c."code") AND o."id" < c."id");
--> statement-breakpoint
ALTER TABLE "classrooms" DROP CONSTRAINT "classrooms_code_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX "classrooms_code_lower_unique" ON "classrooms" USING btree (lower("code"));
