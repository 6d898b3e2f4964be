CREATE TABLE "sms_consent_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_consent_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"number" text NOT NULL,
	"change" text NOT NULL,
	"source" text NOT NULL,
	"source_message_id" text,
	"keyword" text,
	"contact_id" integer,
	"recorded_by" integer,
	"method" text,
	"consent_text" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_consent_changes_change_check" CHECK ("sms_consent_changes"."change" in ('opt_out', 'opt_in')),
	CONSTRAINT "sms_consent_changes_source_check" CHECK ("sms_consent_changes"."source" in ('keyword', 'user'))
);
--> statement-breakpoint
ALTER TABLE "sms_consent_changes" ADD CONSTRAINT "sms_consent_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_consent_changes" ADD CONSTRAINT "sms_consent_changes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_consent_changes" ADD CONSTRAINT "sms_consent_changes_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_consent_changes_number_idx" ON "sms_consent_changes" USING btree ("company_id","number","occurred_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_consent_changes_message_idx" ON "sms_consent_changes" USING btree ("company_id","source_message_id") WHERE "sms_consent_changes"."source_message_id" is not null;