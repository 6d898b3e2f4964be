DROP TABLE "sandbox_stripe_deliveries" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_stripe_idempotency" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_stripe_objects" CASCADE;