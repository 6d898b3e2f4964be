CREATE TABLE "quiet_held_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quiet_held_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"data" jsonb NOT NULL,
	"job_id" text NOT NULL,
	"release_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "quiet_held_jobs_job_id_unique" UNIQUE("job_id")
);
--> statement-breakpoint
CREATE TABLE "quiet_jobs" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"reason" text,
	"set_by_id" integer,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiet_held_jobs" ADD CONSTRAINT "quiet_held_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiet_jobs" ADD CONSTRAINT "quiet_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiet_jobs" ADD CONSTRAINT "quiet_jobs_set_by_id_users_id_fk" FOREIGN KEY ("set_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiet_held_jobs_company_idx" ON "quiet_held_jobs" USING btree ("company_id","id") WHERE "quiet_held_jobs"."released_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_company_birthday_idx" ON "contacts" USING btree ("company_id","category",((extract(month from "date_of_birth") * 100 + extract(day from "date_of_birth"))::smallint),"owner_id","date_of_birth") WHERE "contacts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_company_birth_date_idx" ON "contacts" USING btree ("company_id","date_of_birth","owner_id") WHERE "contacts"."deleted_at" is null and "contacts"."date_of_birth" is not null;--> statement-breakpoint
-- statistics of the birthday expression at once: without them the planner guesses how many birthdays a window holds
ANALYZE "contacts";
