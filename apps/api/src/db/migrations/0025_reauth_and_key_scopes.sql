ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT '{contacts:read,contacts:write}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sso_requests" ADD COLUMN "reauth_user_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "api_token_scopes" text[] DEFAULT '{contacts:read,contacts:write}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_requests" ADD CONSTRAINT "sso_requests_reauth_user_id_users_id_fk" FOREIGN KEY ("reauth_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;