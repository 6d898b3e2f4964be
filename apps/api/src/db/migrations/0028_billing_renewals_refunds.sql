ALTER TABLE "billing_transactions" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "billing_transactions" ADD COLUMN "attempt" integer;--> statement-breakpoint
ALTER TABLE "billing_transactions" ADD COLUMN "refund_of" integer;--> statement-breakpoint
ALTER TABLE "billing_transactions" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "billing_transactions_subject_idx" ON "billing_transactions" USING btree ("subject","period_start");--> statement-breakpoint
CREATE INDEX "billing_transactions_refund_of_idx" ON "billing_transactions" USING btree ("refund_of") WHERE refund_of is not null;