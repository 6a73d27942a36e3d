-- Issue 26. System notifications render in the reader's language from their `code` and these parameters
-- (common/schemas/notifications.ts); the Spanish text stays in `content`. Rows written while the parameters
-- were kept in `attachment` as "params:{json}" move here.
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;--> statement-breakpoint
UPDATE "notifications" SET "params" = substring("attachment" from 8)::jsonb, "attachment" = NULL
  WHERE "code" IS NOT NULL AND "attachment" LIKE 'params:%';
