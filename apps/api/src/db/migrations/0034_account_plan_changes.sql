-- A plan change that takes effect at the end of the paid period (a downgrade: a shorter or cheaper
-- plan): the account renews on this plan then. Cleared when a charge sets the account's plan.
ALTER TABLE "billing_accounts" ADD COLUMN "scheduled_plan_id" integer;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_scheduled_plan_id_account_plans_id_fk" FOREIGN KEY ("scheduled_plan_id") REFERENCES "public"."account_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The seeded plans described what the product does not have (calendar, reports, a browser dialer):
-- what every plan gives now comes from the brand and its flags (GET /v1/plans); a plan keeps only
-- what is its own.
UPDATE "account_plans" SET "description" = 'One user''s account, billed every month.', "features" = '{}'::text[] WHERE "code" = 'agent_monthly';--> statement-breakpoint
UPDATE "account_plans" SET "description" = 'One user''s account, billed once a year: two months free.', "features" = ARRAY['Two months free against Agent Monthly']::text[] WHERE "code" = 'agent_annual';--> statement-breakpoint
UPDATE "account_plans" SET "description" = 'A manager''s account, billed every month.', "features" = '{}'::text[] WHERE "code" = 'agency_manager_monthly';
