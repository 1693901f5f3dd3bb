-- Each try to charge a month's delivery to the card saved at checkout (services/billing.ts).
CREATE TABLE IF NOT EXISTS "charge_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL REFERENCES "subscriptions"("id") ON DELETE cascade,
	"month" text NOT NULL,
	"attempt" integer NOT NULL,
	"outcome" text NOT NULL,
	"provider_ref" text,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_attempts_outcome_check" CHECK ("outcome" in ('paid', 'declined'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "charge_attempts_month_attempt_key" ON "charge_attempts" ("subscription_id", "month", "attempt");
