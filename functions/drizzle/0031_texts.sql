-- Delivery-day texts (services/texts.ts). Every consent given or withdrawn, with its time, the
-- number and the exact wording shown: the newest row of a subscription is its current setting.
CREATE TABLE IF NOT EXISTS "text_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL REFERENCES "subscriptions"("id") ON DELETE cascade,
	"action" text NOT NULL CHECK ("action" in ('opt-in', 'opt-out')),
	"source" text NOT NULL CHECK ("source" in ('subscribe', 'account', 'reply')),
	"phone" text NOT NULL,
	"wording" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "text_consents_subscription_idx" ON "text_consents" ("subscription_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "text_consents_phone_idx" ON "text_consents" ("phone");
--> statement-breakpoint
-- Texts, queued in the transaction of what they announce and sent by the SMS worker
-- (infrastructure/sms-outbox.ts). "dedupe_key" makes a stop's text once, however often the stop moves.
CREATE TABLE IF NOT EXISTS "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"subscription_id" uuid REFERENCES "subscriptions"("id") ON DELETE set null,
	"month" text,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"provider_id" text,
	"last_error" text,
	"gave_up_at" timestamp with time zone,
	"opted_out_at" timestamp with time zone,
	"too_late_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sms_outbox_dedupe_key_idx" ON "sms_outbox" ("dedupe_key");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sms_outbox_due_idx" ON "sms_outbox" ("next_attempt_at") WHERE "sent_at" is null and "gave_up_at" is null and "opted_out_at" is null and "too_late_at" is null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sms_outbox_subscription_idx" ON "sms_outbox" ("subscription_id") WHERE "subscription_id" is not null;
--> statement-breakpoint
-- The consent ticked at checkout, kept with the checkout until it is paid: { phone, wording, at }.
ALTER TABLE "checkout_sessions" ADD COLUMN IF NOT EXISTS "text_consent" jsonb;
