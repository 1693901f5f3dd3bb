-- The month list's search looks for the beginning of a name, e-mail, address, street, city, ZIP or phone
-- number (dispatchers type beginnings), each off its own btree index: a prefix LIKE reads a few
-- index entries. The trigram index of 0007 answered "contains anywhere", which at 10,000
-- subscriptions took 200 ms for a name not asked before; it is no longer read.
-- read-models/month-list/search.ts (SEARCH_KEYS) must write the expressions exactly as here.
DROP INDEX IF EXISTS "subscriptions_search_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscriptions_search_full_name_idx" ON "subscriptions" USING btree ((lower("first_name" || ' ' || "last_name")) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscriptions_search_last_name_idx" ON "subscriptions" USING btree ((lower("last_name")) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscriptions_search_email_idx" ON "subscriptions" USING btree ((lower("email")) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscriptions_search_address_idx" ON "subscriptions" USING btree ((lower("address")) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscriptions_search_street_idx" ON "subscriptions" USING btree ((lower(regexp_replace("address", '^[0-9]+\s*', ''))) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscriptions_search_city_idx" ON "subscriptions" USING btree ((lower("city")) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscriptions_search_zip_idx" ON "subscriptions" USING btree ((lower("zip")) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscriptions_search_phone_idx" ON "subscriptions" USING btree ((regexp_replace("phone", '\D', '', 'g')) text_pattern_ops);
