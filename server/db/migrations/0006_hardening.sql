-- Platform hardening (issue 6): sessions, audit log, case-insensitive codes, shared rate limits.
SELECT 1;
--> statement-breakpoint
-- Installation facts (issue 6, demo marker): `npm run demo` only reopens a database marked as the demo school.
CREATE TABLE "app_settings" (
	"key" varchar(60) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- perf (item 2): per-user session generation carried by every access token.
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;
