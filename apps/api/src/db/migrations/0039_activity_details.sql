ALTER TABLE "contact_activities" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "contact_activities" ADD COLUMN "note_id" integer;--> statement-breakpoint
ALTER TABLE "contact_activities" ADD CONSTRAINT "contact_activities_note_id_contact_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."contact_notes"("id") ON DELETE set null ON UPDATE no action;
