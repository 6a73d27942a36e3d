-- Issue 10 (money): one receipt number per payment method, rejected reports aside (two simultaneous reports
-- of one transfer cannot both pass); indexes of the payments list at 100,000 payments.
CREATE UNIQUE INDEX "payments_type_receipt_number_unique" ON "payments" USING btree ("type",lower("receipt_number")) WHERE "payments"."receipt_number" is not null and "payments"."status" <> 3;--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "payments_period_date_idx" ON "payments" USING btree ("period_id","date","id");--> statement-breakpoint
CREATE INDEX "payments_status_date_idx" ON "payments" USING btree ("status","date","id");