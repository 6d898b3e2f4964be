DROP INDEX "contact_emails_email_idx";--> statement-breakpoint
CREATE INDEX "contact_emails_lower_email_idx" ON "contact_emails" USING btree (lower("email"::text));--> statement-breakpoint
-- statistics of the new expression at once: without them the scrub's lookup is planned as a scan of every e-mail
ANALYZE "contact_emails";
