-- Why subscribers cancel, as they said it in their account: the owner's figures count them
-- (services/cancellation-reasons.ts). One row per cancellation; the reason is one of the
-- contract's CANCEL_REASONS, with the subscriber's own words when they chose "other".
CREATE TABLE IF NOT EXISTS "cancellation_reasons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL REFERENCES "subscriptions"("id") ON DELETE CASCADE,
	"reason" text NOT NULL,
	"other_text" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cancellation_reasons_at_idx" ON "cancellation_reasons" ("at");
