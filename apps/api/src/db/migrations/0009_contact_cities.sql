CREATE TABLE "contact_cities" (
	"company_id" integer NOT NULL,
	"city" text NOT NULL,
	CONSTRAINT "contact_cities_company_id_city_pk" PRIMARY KEY("company_id","city")
);
--> statement-breakpoint
DROP INDEX "contacts_city_trgm_idx";--> statement-breakpoint
ALTER TABLE "contact_cities" ADD CONSTRAINT "contact_cities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "contact_cities_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_cities" ("company_id", "city")
    SELECT DISTINCT "company_id", "city" FROM "changed" WHERE "city" IS NOT NULL AND "city" <> ''
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "contact_cities_on_insert" AFTER INSERT ON "contacts" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "contact_cities_track"();--> statement-breakpoint
CREATE TRIGGER "contact_cities_on_update" AFTER UPDATE ON "contacts" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "contact_cities_track"();--> statement-breakpoint
INSERT INTO "contact_cities" ("company_id", "city") SELECT DISTINCT "company_id", "city" FROM "contacts" WHERE "city" IS NOT NULL AND "city" <> '' ON CONFLICT DO NOTHING;
