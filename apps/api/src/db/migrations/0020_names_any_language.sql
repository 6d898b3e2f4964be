-- Names and search in any language (issue 12 item 2).
-- The search text is folded: lower case, accents removed by unaccent (Martínez → martinez, Łukasz →
-- lukasz, Nguyễn → nguyen, and combining marks typed apart), apostrophes dropped (O'Brien, O’Brien
-- → obrien). The same function folds the words of the search box, so both sides always agree.
-- unaccent() is STABLE (its dictionary could change); the wrapper is IMMUTABLE, as a function used
-- to maintain stored text must be, with the extension's function and dictionary schema-qualified so
-- that it reads the same under any search_path.
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
--> statement-breakpoint
CREATE FUNCTION "search_fold"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT translate(public.unaccent('public.unaccent'::regdictionary, lower($1)), '''’‘ʼ', '')
$$;
--> statement-breakpoint
-- The stored search text was lower(...) of the same parts, and folding it again is the same as
-- folding the parts, so the existing rows are brought up to date without reading their children.
UPDATE "contacts" SET "search_text" = search_fold("search_text") WHERE "search_text" IS DISTINCT FROM search_fold("search_text");
--> statement-breakpoint
-- Names and cities sort by the Unicode collation (ICU's root locale): Łukasz among the L's, Ñúñez
-- among the N's, "de la Cruz" among the D's, where the database's C.UTF-8 order put every accented
-- or lower-case initial after Z. A column's collation is its ORDER BY's and its indexes', so the
-- list's sort indexes are rebuilt in it here (PostgreSQL does so itself; the table is not rewritten).
ALTER TABLE "contacts"
  ALTER COLUMN "first_name" TYPE text COLLATE "und-x-icu",
  ALTER COLUMN "last_name" TYPE text COLLATE "und-x-icu",
  ALTER COLUMN "city" TYPE text COLLATE "und-x-icu";
