CREATE TABLE "transfer_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reverted" boolean DEFAULT false NOT NULL,
	"reverting" boolean DEFAULT false NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reach" jsonb NOT NULL,
	"contact_ids" integer[] NOT NULL,
	"total_count" integer NOT NULL,
	"processed_count" integer DEFAULT 0 NOT NULL,
	"moved_count" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_logs" (
	"attempt_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"from_owner_id" integer NOT NULL,
	"to_owner_id" integer NOT NULL,
	"previous" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_logs_attempt_id_contact_id_pk" PRIMARY KEY("attempt_id","contact_id")
);
--> statement-breakpoint
ALTER TABLE "transfer_attempts" ADD CONSTRAINT "transfer_attempts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_attempts" ADD CONSTRAINT "transfer_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_attempts" ADD CONSTRAINT "transfer_attempts_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_logs" ADD CONSTRAINT "transfer_logs_attempt_id_transfer_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."transfer_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_logs" ADD CONSTRAINT "transfer_logs_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_logs" ADD CONSTRAINT "transfer_logs_from_owner_id_users_id_fk" FOREIGN KEY ("from_owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_logs" ADD CONSTRAINT "transfer_logs_to_owner_id_users_id_fk" FOREIGN KEY ("to_owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_attempts_company_idx" ON "transfer_attempts" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "transfer_attempts_user_idx" ON "transfer_attempts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "transfer_attempts_to_user_idx" ON "transfer_attempts" USING btree ("to_user_id","id");--> statement-breakpoint
CREATE INDEX "transfer_logs_contact_idx" ON "transfer_logs" USING btree ("contact_id");