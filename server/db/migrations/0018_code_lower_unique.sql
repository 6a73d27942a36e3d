-- Issue 25: specialization and course codes are unique whatever their case ("cb" = "CB"), like classroom
-- codes (0006). Codes that already clash that way keep the oldest as is; the others get their id appended
-- so the indexes can be built.
UPDATE "specializations" AS s SET "code" = left(s."code", 19 - length(s."id"::text)) || '-' || s."id"
	WHERE EXISTS (SELECT 1 FROM "specializations" AS o WHERE lower(o."code") = lower(s."code") AND o."id" < s."id");
--> statement-breakpoint
UPDATE "courses" AS c SET "code" = left(c."code", 19 - length(c."id"::text)) || '-' || c."id"
	WHERE EXISTS (SELECT 1 FROM "courses" AS o WHERE lower(o."code") = lower(c."code") AND o."id" < c."id");
--> statement-breakpoint
ALTER TABLE "courses" DROP CONSTRAINT "courses_code_unique";
--> statement-breakpoint
ALTER TABLE "specializations" DROP CONSTRAINT "specializations_code_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX "courses_code_lower_unique" ON "courses" USING btree (lower("code"));
--> statement-breakpoint
CREATE UNIQUE INDEX "specializations_code_lower_unique" ON "specializations" USING btree (lower("code"));
