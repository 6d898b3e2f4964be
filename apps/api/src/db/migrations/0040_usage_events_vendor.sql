-- The usage ledger keeps the vendor of each event: unique by vendor, kind and the vendor's id.
-- Rows from before are the vendor `unknown` (the seed's and tests' usage).
ALTER TABLE "usage_events" ADD COLUMN "vendor" text NOT NULL DEFAULT 'unknown';--> statement-breakpoint
ALTER TABLE "usage_events" ALTER COLUMN "vendor" DROP DEFAULT;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_events_vendor_source_idx" ON "usage_events" USING btree ("vendor","kind","source_id");--> statement-breakpoint
DROP INDEX "usage_events_source_idx";
