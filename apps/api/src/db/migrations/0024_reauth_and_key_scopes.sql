ALTER TABLE "api_keys" ADD COLUMN "scopes" text[] DEFAULT '{contacts:read,contacts:write}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "api_token_scopes" text[] DEFAULT '{contacts:read,contacts:write}'::text[] NOT NULL;