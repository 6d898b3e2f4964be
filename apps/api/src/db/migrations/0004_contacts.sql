CREATE TABLE "agentflow_statuses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agentflow_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" "citext" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_vendors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_vendors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vendor_name" "citext" NOT NULL,
	"vendor_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carriers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carriers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" "citext" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_emails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contact_id" integer NOT NULL,
	"email" "citext" NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_phones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_phones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contact_id" integer NOT NULL,
	"number" text NOT NULL,
	"phone_type" smallint DEFAULT 2 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_phones_type_check" CHECK ("contact_phones"."phone_type" in (2, 9))
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"category" text DEFAULT 'lead' NOT NULL,
	"status_id" integer,
	"agentflow_status_id" integer,
	"source_id" integer,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"address1" text,
	"address2" text,
	"city" text,
	"state" text,
	"zip" text,
	"date_of_birth" date,
	"gender" text,
	"language" text,
	"timezone" text DEFAULT 'est' NOT NULL,
	"medicare_number" text,
	"part_a_date" date,
	"part_b_date" date,
	"linked_contact_id" integer,
	"is_new" boolean DEFAULT true NOT NULL,
	"note" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "contacts_category_check" CHECK ("contacts"."category" in ('lead', 'prospect', 'client'))
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" "citext" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statuses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" "citext" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agentflow_statuses" ADD CONSTRAINT "agentflow_statuses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_vendors" ADD CONSTRAINT "api_vendors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carriers" ADD CONSTRAINT "carriers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_emails" ADD CONSTRAINT "contact_emails_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_phones" ADD CONSTRAINT "contact_phones_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_status_id_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_agentflow_status_id_agentflow_statuses_id_fk" FOREIGN KEY ("agentflow_status_id") REFERENCES "public"."agentflow_statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_linked_contact_id_contacts_id_fk" FOREIGN KEY ("linked_contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statuses" ADD CONSTRAINT "statuses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agentflow_statuses_company_title_idx" ON "agentflow_statuses" USING btree ("company_id","title");--> statement-breakpoint
CREATE UNIQUE INDEX "api_vendors_company_name_idx" ON "api_vendors" USING btree ("company_id","vendor_name");--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_company_name_idx" ON "carriers" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "contact_emails_contact_idx" ON "contact_emails" USING btree ("contact_id","position");--> statement-breakpoint
CREATE INDEX "contact_emails_email_idx" ON "contact_emails" USING btree ("email");--> statement-breakpoint
CREATE INDEX "contact_phones_contact_idx" ON "contact_phones" USING btree ("contact_id","position");--> statement-breakpoint
CREATE INDEX "contact_phones_number_idx" ON "contact_phones" USING btree ("number");--> statement-breakpoint
CREATE INDEX "contacts_owner_last_name_idx" ON "contacts" USING btree ("owner_id","last_name","id") WHERE "contacts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_owner_created_idx" ON "contacts" USING btree ("owner_id","created_at","id") WHERE "contacts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_company_last_name_idx" ON "contacts" USING btree ("company_id","last_name","id","owner_id") WHERE "contacts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_company_created_idx" ON "contacts" USING btree ("company_id","created_at","id","owner_id") WHERE "contacts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_owner_trash_idx" ON "contacts" USING btree ("owner_id","last_name","id") WHERE "contacts"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "contacts_company_trash_idx" ON "contacts" USING btree ("company_id","last_name","id") WHERE "contacts"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_status_idx" ON "contacts" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "contacts_agentflow_status_idx" ON "contacts" USING btree ("agentflow_status_id");--> statement-breakpoint
CREATE INDEX "contacts_source_idx" ON "contacts" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "contacts_linked_contact_idx" ON "contacts" USING btree ("linked_contact_id") WHERE "contacts"."linked_contact_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sources_company_title_idx" ON "sources" USING btree ("company_id","title");--> statement-breakpoint
CREATE UNIQUE INDEX "statuses_company_title_idx" ON "statuses" USING btree ("company_id","title");