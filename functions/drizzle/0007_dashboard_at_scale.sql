-- The dashboard at 100,000 subscriptions. Its search (name, e-mail, address, city, ZIP, phone
-- digits) as one lower-case text with a trigram index, so "contains" searches read the index,
-- not every subscription.
-- services/deliveries.ts (SEARCH_TEXT) must write the expression exactly as here.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscriptions_search_idx" ON "subscriptions" USING gin ((lower("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "address" || ' ' || "city" || ' ' || "zip" || ' ' || regexp_replace("phone", '\D', '', 'g'))) gin_trgm_ops);
--> statement-breakpoint
-- How many subscriptions there are, kept by triggers: the dashboard shows it on every page,
-- and counting 100,000 rows each time was most of a page's database time.
CREATE TABLE IF NOT EXISTS "subscription_count" (
	"only_row" boolean PRIMARY KEY DEFAULT true CHECK ("only_row"),
	"total" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "subscription_count" ("total") SELECT count(*) FROM "subscriptions" ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_added_subscriptions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "subscription_count" SET "total" = "total" + (SELECT count(*) FROM "added");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_removed_subscriptions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "subscription_count" SET "total" = "total" - (SELECT count(*) FROM "removed");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_no_subscriptions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "subscription_count" SET "total" = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscriptions_added" AFTER INSERT ON "subscriptions" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "count_added_subscriptions"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_removed" AFTER DELETE ON "subscriptions" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "count_removed_subscriptions"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_emptied" AFTER TRUNCATE ON "subscriptions" FOR EACH STATEMENT EXECUTE FUNCTION "count_no_subscriptions"();
