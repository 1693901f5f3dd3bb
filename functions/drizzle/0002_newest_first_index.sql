DROP INDEX "subscriptions_created_at_idx";--> statement-breakpoint
CREATE INDEX "subscriptions_newest_first_idx" ON "subscriptions" USING btree ("created_at","id");