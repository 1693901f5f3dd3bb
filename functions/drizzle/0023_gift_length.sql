-- Gifts that end (contract/gifts.ts): how many deliveries the buyer gave (0: until cancelled), and
-- whether the checkout paid for all of them at once. A gift that made its last delivery is 'complete'.
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "gift_deliveries" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "gift_payment" text DEFAULT 'per-delivery' NOT NULL;
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_gift_deliveries_check" CHECK ("gift_deliveries" in (0, 3, 6, 12));
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_gift_payment_check" CHECK ("gift_payment" in ('per-delivery', 'prepaid'));
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT IF EXISTS "subscriptions_status_check";
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status_check" CHECK ("status" in ('active', 'past-due', 'paused', 'cancelled', 'complete'));
--> statement-breakpoint
-- A payment given back: a prepaid gift's deliveries not made when it was cancelled.
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "refunded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "refund_ref" text;
