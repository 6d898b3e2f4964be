CREATE TABLE "sandbox_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor" text NOT NULL,
	"event_id" text NOT NULL,
	"url" text NOT NULL,
	"status" integer,
	"error" text,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_idempotency" (
	"vendor" text NOT NULL,
	"api_key_digest" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"status" integer,
	"body" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_idempotency_vendor_api_key_digest_key_pk" PRIMARY KEY("vendor","api_key_digest","key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_objects" (
	"vendor" text NOT NULL,
	"id" text NOT NULL,
	"object" text NOT NULL,
	"owner" text,
	"data" jsonb NOT NULL,
	"hidden" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_objects_vendor_id_pk" PRIMARY KEY("vendor","id")
);
--> statement-breakpoint
CREATE INDEX "sandbox_deliveries_event_idx" ON "sandbox_deliveries" USING btree ("vendor","event_id");--> statement-breakpoint
CREATE INDEX "sandbox_idempotency_created_idx" ON "sandbox_idempotency" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sandbox_objects_owner_idx" ON "sandbox_objects" USING btree ("vendor","owner","object");--> statement-breakpoint
-- the Stripe sandbox's state moves to the kit's tables (a stage or demo keeps its customers, cards and payments)
INSERT INTO "sandbox_objects" ("vendor", "id", "object", "owner", "data", "hidden", "created_at") SELECT 'stripe', "id", "object", "customer", "data", "hidden", "created_at" FROM "sandbox_stripe_objects";--> statement-breakpoint
INSERT INTO "sandbox_idempotency" ("vendor", "api_key_digest", "key", "fingerprint", "state", "status", "body", "request_id", "created_at", "locked_until") SELECT 'stripe', "api_key_digest", "key", "fingerprint", "state", "status", "body", "request_id", "created_at", "locked_until" FROM "sandbox_stripe_idempotency";--> statement-breakpoint
INSERT INTO "sandbox_deliveries" ("vendor", "event_id", "url", "status", "error", "response", "created_at") SELECT 'stripe', "event_id", "url", "status", "error", "response", "created_at" FROM "sandbox_stripe_deliveries";
