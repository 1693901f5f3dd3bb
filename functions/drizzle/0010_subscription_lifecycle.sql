-- A subscription lives past checkout: where it stands with its payments (kept in step with the
-- payment provider), when that last changed, and, once it is ending, its last delivery month.
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "status" text DEFAULT 'active' NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- The first month the status applies to: the first one not yet delivered when it changed.
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "status_from" text DEFAULT to_char(now() AT TIME ZONE 'America/Denver', 'YYYY-MM') NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "ends_after" text;
--> statement-breakpoint
-- The provider's customer and subscription (Stripe's cus_... and sub_...; the test checkout's own).
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "provider_customer_id" text;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "provider_subscription_id" text;
--> statement-breakpoint
-- When the newest provider event applied to it happened: an older one arriving late changes nothing.
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "provider_synced_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status_check" CHECK ("status" in ('active', 'past-due', 'paused', 'cancelled'));
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_months_check" CHECK ("status_from" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$' AND "ends_after" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$');
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "subscriptions_provider_subscription_key" ON "subscriptions" ("provider_subscription_id");
--> statement-breakpoint
-- Who changed a subscription, when and how: the subscriber, staff, or the payment provider.
CREATE TABLE IF NOT EXISTS "subscription_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL REFERENCES "subscriptions"("id") ON DELETE CASCADE,
	"actor_kind" text NOT NULL,
	"actor" text NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_events_actor_kind_check" CHECK ("actor_kind" in ('subscriber', 'staff', 'provider'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "subscription_events_subscription_idx" ON "subscription_events" ("subscription_id", "at");
--> statement-breakpoint
-- Every payment provider event handled, by its id: a replay is recognised and changes nothing.
CREATE TABLE IF NOT EXISTS "provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
