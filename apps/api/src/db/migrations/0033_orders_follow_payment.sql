-- Dialer and SMS orders change what they pay for only once paid (issue 28, items 1 and 2): a licence
-- order no longer raises the subscription's quantity when it is placed (only when it is paid), and
-- a plan change is an order of its own (kind plan_change): an upgrade names the plan it moves to
-- once paid, a downgrade waits (status scheduled) for the period's end, shown on the subscription.
ALTER TABLE "product_orders" ADD COLUMN "plan_id" integer REFERENCES "product_plans"("id");
--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "from_plan_id" integer REFERENCES "product_plans"("id");
--> statement-breakpoint
ALTER TABLE "product_subscriptions" ADD COLUMN "scheduled_plan_id" integer REFERENCES "product_plans"("id");
--> statement-breakpoint
ALTER TABLE "product_orders" DROP CONSTRAINT "product_orders_status_check";
--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_status_check" CHECK ("status" in ('pending', 'paid', 'failed', 'cancelled', 'refunded', 'scheduled'));
--> statement-breakpoint
-- what unpaid licence orders placed before this migration added is taken back: the quantity they
-- raised, and the licences of those that failed
UPDATE "product_subscriptions" s SET "quantity" = greatest(s."quantity" - o.q, 0)
  FROM (SELECT "subscription_id", sum("quantity")::int AS q FROM "product_orders" WHERE "kind" = 'licenses' AND "status" IN ('pending', 'failed') GROUP BY 1) o
  WHERE o."subscription_id" = s."id";
--> statement-breakpoint
DELETE FROM "product_licenses" l USING "product_orders" o
  WHERE o."kind" = 'licenses' AND o."status" = 'failed' AND l."id" = ANY(o."license_ids");
--> statement-breakpoint
UPDATE "product_licenses" l SET "allocation" = 0, "paid" = false FROM "product_orders" o
  WHERE o."kind" = 'licenses' AND o."status" = 'pending' AND l."id" = ANY(o."license_ids");
