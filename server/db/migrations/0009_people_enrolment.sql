-- People and enrolment (issue 8): each area appends its statements below its own comment line.
SELECT 1;
--> statement-breakpoint
-- Pre-inscription (8D): one pre-inscription per cédula and per e-mail (case-insensitive) in a period.
CREATE UNIQUE INDEX "pre_inscriptions_period_identity_document_unique" ON "pre_inscriptions" ("period_id", "identity_document");
--> statement-breakpoint
CREATE UNIQUE INDEX "pre_inscriptions_period_email_unique" ON "pre_inscriptions" ("period_id", lower("email"));
--> statement-breakpoint
-- Students (8C): the students list searches a GIN-indexed vector of the words of the name, cédula and
-- e-mail, lower-cased and without accents (the accented set of server/http/pagination.ts), kept by triggers.
ALTER TABLE "students" ADD COLUMN "search_vector" tsvector;
--> statement-breakpoint
CREATE FUNCTION "student_search_words"(first_name text, last_name text, identity_document text, email text)
  RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT to_tsvector('simple', regexp_replace(lower(translate(
    coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(identity_document, '') || ' ' || coalesce(email, ''),
    'áàäâãéèëêíìïîóòöôõúùüûñçÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇ',
    'aaaaaeeeeiiiiooooouuuuncAAAAAEEEEIIIIOOOOOUUUUNC')), '[^a-z0-9]+', ' ', 'g'))
$$;
--> statement-breakpoint
CREATE FUNCTION "students_search_vector_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_vector" := "student_search_words"(NEW."first_name", NEW."last_name", NEW."identity_document",
    (SELECT u."email" FROM "users" u WHERE u."id" = NEW."user_id"));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "students_search_vector" BEFORE INSERT OR UPDATE OF "first_name", "last_name", "identity_document", "user_id"
  ON "students" FOR EACH ROW EXECUTE FUNCTION "students_search_vector_refresh"();
--> statement-breakpoint
CREATE FUNCTION "users_email_student_search_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "students" SET "search_vector" = "student_search_words"("first_name", "last_name", "identity_document", NEW."email")
  WHERE "user_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_email_student_search" AFTER UPDATE OF "email" ON "users"
  FOR EACH ROW WHEN (OLD."email" IS DISTINCT FROM NEW."email") EXECUTE FUNCTION "users_email_student_search_refresh"();
--> statement-breakpoint
UPDATE "students" s SET "search_vector" = "student_search_words"(s."first_name", s."last_name", s."identity_document", u."email")
  FROM "users" u WHERE u."id" = s."user_id";
--> statement-breakpoint
CREATE INDEX "students_search_idx" ON "students" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "students_last_name_idx" ON "students" ("last_name", "first_name", "id");
