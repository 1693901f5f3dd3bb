-- Charge outcomes beyond paid and declined (services/billing.ts): a try is written before its
-- PaymentIntent is confirmed ('pending', with the intent's id once made), so an outcome that is
-- never heard is looked up later instead of charged again; the bank may ask the subscriber to
-- authenticate ('needs-authentication', reached by a link with its own token) or answer later
-- ('processing'). A subscription waits for its subscriber's authentication, or is held by a
-- disputed charge, in statuses of its own; disputes are kept as Stripe tells them.
ALTER TABLE "charge_attempts" DROP CONSTRAINT IF EXISTS "charge_attempts_outcome_check";
--> statement-breakpoint
ALTER TABLE "charge_attempts" ADD CONSTRAINT "charge_attempts_outcome_check" CHECK ("outcome" in ('pending', 'paid', 'declined', 'needs-authentication', 'processing'));
--> statement-breakpoint
ALTER TABLE "charge_attempts" ADD COLUMN IF NOT EXISTS "authentication_token" text;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "charge_attempts_authentication_token_key" ON "charge_attempts" ("authentication_token");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "charge_attempts_provider_ref_idx" ON "charge_attempts" ("provider_ref");
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT IF EXISTS "subscriptions_status_check";
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status_check" CHECK ("status" in ('active', 'past-due', 'needs-authentication', 'paused', 'cancelled', 'complete', 'disputed'));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "payment_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL REFERENCES "subscriptions"("id") ON DELETE cascade,
	"payment_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"status_before" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "payment_disputes_status_check" CHECK ("status" in ('open', 'won', 'lost'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_disputes_subscription_idx" ON "payment_disputes" ("subscription_id");
