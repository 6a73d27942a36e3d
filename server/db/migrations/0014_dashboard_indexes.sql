-- The administration's dashboard counts a period's inscriptions by specialization, semester and status, and the
-- students by status and sex, from indexes alone (issue 11's speed goal). The new inscriptions index starts
-- with period_id, so it replaces the period-only one. (issued_documents came with 0013; this migration's
-- snapshot is the first to record it.)
DROP INDEX "inscriptions_period_idx";--> statement-breakpoint
CREATE INDEX "inscriptions_period_counts_idx" ON "inscriptions" USING btree ("period_id","specialization_id","semester_id","status");--> statement-breakpoint
CREATE INDEX "students_status_gender_idx" ON "students" USING btree ("status","gender");
