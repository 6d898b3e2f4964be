CREATE TABLE "campaign_triggers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_triggers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand" text NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"trigger_type" text NOT NULL,
	"recurrence" text NOT NULL,
	"email_subject" text,
	"message" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_triggers" ADD CONSTRAINT "campaign_triggers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_triggers" ADD CONSTRAINT "campaign_triggers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_triggers_name_idx" ON "campaign_triggers" USING btree ("brand",coalesce("company_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "campaign_triggers_company_idx" ON "campaign_triggers" USING btree ("company_id","channel");