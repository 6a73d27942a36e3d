-- People and enrolment (issue 8): each area appends its statements below its own comment line.
SELECT 1;
--> statement-breakpoint
-- Pre-inscription (8D): one pre-inscription per cédula and per e-mail (case-insensitive) in a period.
CREATE UNIQUE INDEX "pre_inscriptions_period_identity_document_unique" ON "pre_inscriptions" ("period_id", "identity_document");
--> statement-breakpoint
CREATE UNIQUE INDEX "pre_inscriptions_period_email_unique" ON "pre_inscriptions" ("period_id", lower("email"));
