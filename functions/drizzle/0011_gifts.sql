-- A gift: who pays and gets the receipts, and the card message; empty when people subscribe for themselves.
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "buyer_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "buyer_email" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "gift_message" text DEFAULT '' NOT NULL;
