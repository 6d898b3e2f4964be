-- Issue 28 item 13.
-- 1. The search ignores hyphens as it ignores apostrophes: "jiwoo" finds Ji-woo, "smithjones" and
-- "smith-jones" find Smith-Jones. search_fold (migration 0020) folds both the stored search text
-- and the words searched for, so changing it here changes both sides at once. The hyphens dropped:
-- U+002D hyphen-minus, U+2010 hyphen, U+2011 non-breaking hyphen (after unaccent, which may turn
-- other dashes into U+002D).
CREATE OR REPLACE FUNCTION "search_fold"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT translate(public.unaccent('public.unaccent'::regdictionary, lower($1)), '''’‘ʼ-‐‑', '')
$$;
--> statement-breakpoint
-- The stored search text is already folded by the old function; folding it again with the new one
-- only drops its hyphens, so the rows are brought up to date without reading their children.
UPDATE "contacts" SET "search_text" = search_fold("search_text") WHERE "search_text" IS DISTINCT FROM search_fold("search_text");
--> statement-breakpoint
-- 2. Contacts of one last name are listed by first name, then id (Greta, Hans, Maria Garcia): the
-- last-name order's indexes take the first name before the id, so the list and its keyset pages
-- are still read in order from them.
DROP INDEX IF EXISTS "contacts_owner_last_name_idx";
--> statement-breakpoint
CREATE INDEX "contacts_owner_last_name_idx" ON "contacts" USING btree ("owner_id","last_name","first_name","id") WHERE "contacts"."deleted_at" is null;
--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_company_last_name_idx";
--> statement-breakpoint
CREATE INDEX "contacts_company_last_name_idx" ON "contacts" USING btree ("company_id","last_name","first_name","id","owner_id") WHERE "contacts"."deleted_at" is null;
--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_owner_trash_idx";
--> statement-breakpoint
CREATE INDEX "contacts_owner_trash_idx" ON "contacts" USING btree ("owner_id","last_name","first_name","id") WHERE "contacts"."deleted_at" is not null;
--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_company_trash_idx";
--> statement-breakpoint
CREATE INDEX "contacts_company_trash_idx" ON "contacts" USING btree ("company_id","last_name","first_name","id") WHERE "contacts"."deleted_at" is not null;
