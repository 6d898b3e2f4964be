ALTER TABLE "import_attempts" ADD COLUMN "updated_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_problems" ADD COLUMN "contact_id" integer;