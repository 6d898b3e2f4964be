CREATE TABLE "product_licenses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_licenses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"allocation" integer NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_licenses_allocation_check" CHECK ("product_licenses"."allocation" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"product" text NOT NULL,
	"subscription_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"payment_reference" text,
	"license_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"description" text,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_orders_status_check" CHECK ("product_orders"."status" in ('pending', 'paid', 'failed', 'cancelled', 'refunded')),
	CONSTRAINT "product_orders_amount_check" CHECK ("product_orders"."amount_cents" >= 0 and "product_orders"."refunded_cents" >= 0 and "product_orders"."refunded_cents" <= "product_orders"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "product_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"product" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_cents" integer NOT NULL,
	"period" text DEFAULT 'month' NOT NULL,
	"units_per_license" integer NOT NULL,
	"enterprise" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_plans_product_check" CHECK ("product_plans"."product" in ('dialer', 'sms')),
	CONSTRAINT "product_plans_price_check" CHECK ("product_plans"."price_cents" >= 0 and "product_plans"."units_per_license" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"product" text NOT NULL,
	"type" text NOT NULL,
	"owner_id" integer,
	"plan_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_subscriptions_product_check" CHECK ("product_subscriptions"."product" in ('dialer', 'sms')),
	CONSTRAINT "product_subscriptions_type_check" CHECK ("product_subscriptions"."type" in ('company', 'manager', 'self')),
	CONSTRAINT "product_subscriptions_status_check" CHECK ("product_subscriptions"."status" in ('pending', 'active', 'cancelled', 'lapsed')),
	CONSTRAINT "product_subscriptions_quantity_check" CHECK ("product_subscriptions"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usage_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source_id" text NOT NULL,
	"units" integer NOT NULL,
	"period" date NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_events_kind_check" CHECK ("usage_events"."kind" in ('call_minutes', 'sms_segments', 'validations')),
	CONSTRAINT "usage_events_units_check" CHECK ("usage_events"."units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "usage_rollups" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" date NOT NULL,
	"company_id" integer NOT NULL,
	"units" bigint NOT NULL,
	"events" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_licenses" ADD CONSTRAINT "product_licenses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_licenses" ADD CONSTRAINT "product_licenses_subscription_id_product_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."product_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_licenses" ADD CONSTRAINT "product_licenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_subscription_id_product_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."product_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_plans" ADD CONSTRAINT "product_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subscriptions" ADD CONSTRAINT "product_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subscriptions" ADD CONSTRAINT "product_subscriptions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subscriptions" ADD CONSTRAINT "product_subscriptions_plan_id_product_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."product_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_subscriptions" ADD CONSTRAINT "product_subscriptions_cancelled_by_id_users_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_licenses_subscription_user_idx" ON "product_licenses" USING btree ("subscription_id","user_id");--> statement-breakpoint
CREATE INDEX "product_licenses_user_idx" ON "product_licenses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "product_orders_company_idx" ON "product_orders" USING btree ("company_id","product","created_at");--> statement-breakpoint
CREATE INDEX "product_orders_subscription_idx" ON "product_orders" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "product_plans_company_idx" ON "product_plans" USING btree ("company_id","product");--> statement-breakpoint
CREATE INDEX "product_subscriptions_company_idx" ON "product_subscriptions" USING btree ("company_id","product","status");--> statement-breakpoint
CREATE INDEX "product_subscriptions_owner_idx" ON "product_subscriptions" USING btree ("owner_id","product");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_events_source_idx" ON "usage_events" USING btree ("kind","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_rollups_key_idx" ON "usage_rollups" USING btree ("user_id","kind","period");--> statement-breakpoint
CREATE INDEX "usage_rollups_company_idx" ON "usage_rollups" USING btree ("company_id","kind","period");