-- Operations (issue 12): file storage, job queue, backups. Each part appends below with its own comment line.
select 1;
--> statement-breakpoint
-- Several servers (issue 12): every change a server's session cache must not keep serving (a logout, a
-- user's role, disabled flag or password) is announced on the channel aula_sessions when it commits, so
-- the other servers sharing the database forget their cached answer at once (server/auth/session-notify.ts).
CREATE FUNCTION aula_notify_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'revoked_tokens' THEN
    PERFORM pg_notify('aula_sessions', 't:' || NEW.jti);
  ELSE
    PERFORM pg_notify('aula_sessions', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER revoked_tokens_notify_sessions AFTER INSERT ON revoked_tokens
  FOR EACH ROW EXECUTE FUNCTION aula_notify_sessions();
--> statement-breakpoint
CREATE TRIGGER users_notify_sessions AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.type IS DISTINCT FROM NEW.type OR OLD.disabled IS DISTINCT FROM NEW.disabled
    OR OLD.session_version IS DISTINCT FROM NEW.session_version
    OR OLD.tokens_valid_after IS DISTINCT FROM NEW.tokens_valid_after)
  EXECUTE FUNCTION aula_notify_sessions();
--> statement-breakpoint
CREATE TRIGGER users_deleted_notify_sessions AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION aula_notify_sessions();
--> statement-breakpoint
-- Files stored with the data (issue 12): on PostgreSQL, uploads and generated files live in the database
-- (server/storage/database.ts): one row per file and its bytes in 256 kB chunks, written in one transaction.
CREATE TABLE "stored_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stored_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "stored_file_chunks" (
	"file_id" bigint NOT NULL,
	"n" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "stored_file_chunks_file_id_n_pk" PRIMARY KEY("file_id","n")
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;
