-- What a subscriber changed from their account: months skipped, and a pause (first and last month).
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "skipped_months" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "paused_from" text;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "paused_until" text;
--> statement-breakpoint
-- Money taken, one row per provider charge (its id makes recording it idempotent).
CREATE TABLE IF NOT EXISTS "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL REFERENCES "subscriptions"("id") ON DELETE cascade,
	"provider_ref" text NOT NULL UNIQUE,
	"month" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_subscription_idx" ON "payments" ("subscription_id", "paid_at");
