CREATE TABLE "import_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"options" jsonb NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"api_vendor_id" integer,
	"lead_type" text,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"read_bytes" integer DEFAULT 0 NOT NULL,
	"imported_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"format" text NOT NULL,
	"encoding" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_problems" (
	"attempt_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"kind" text NOT NULL,
	"problems" jsonb NOT NULL,
	"values" jsonb NOT NULL,
	CONSTRAINT "import_problems_attempt_id_row_number_pk" PRIMARY KEY("attempt_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "import_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" "citext" NOT NULL,
	"headers" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_leases" (
	"job_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"worker_id" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "import_attempt_id" integer;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "import_row" integer;--> statement-breakpoint
ALTER TABLE "import_attempts" ADD CONSTRAINT "import_attempts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_attempts" ADD CONSTRAINT "import_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_attempts" ADD CONSTRAINT "import_attempts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_attempts" ADD CONSTRAINT "import_attempts_file_id_import_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."import_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_attempts" ADD CONSTRAINT "import_attempts_api_vendor_id_api_vendors_id_fk" FOREIGN KEY ("api_vendor_id") REFERENCES "public"."api_vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_problems" ADD CONSTRAINT "import_problems_attempt_id_import_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."import_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_settings" ADD CONSTRAINT "import_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_attempts_user_idx" ON "import_attempts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "import_attempts_company_idx" ON "import_attempts" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "import_files_user_idx" ON "import_files" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "import_settings_user_name_idx" ON "import_settings" USING btree ("user_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_import_row_idx" ON "contacts" USING btree ("import_attempt_id","import_row") WHERE "contacts"."import_attempt_id" is not null;