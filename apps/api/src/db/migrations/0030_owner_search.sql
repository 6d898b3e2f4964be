-- The search box's index by owner (issue 19, simulated agents): an agent's search (owner_id = $1 and
-- search_text like …) is answered inside one GIN index over the owner and the search text's
-- trigrams, reading only that agent's matches; with the trigrams alone, PostgreSQL visited every
-- matching contact of the company to check its owner (3,000 rows for a common surname among a
-- million). btree_gin gives the integer owner a GIN operator class. Broader reaches (a downline, a
-- company) use the trigram column of the same index alone, as they used the old index. No pending
-- list (fastupdate=false): each search scanned all recent inserts kept there, and the insert that
-- found the list full merged it while its user waited.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DROP INDEX "contacts_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "contacts_owner_search_idx" ON "contacts" USING gin ("owner_id","search_text" gin_trgm_ops) WITH (fastupdate=false);
