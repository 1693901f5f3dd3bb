-- Vases (contract/vases.ts): a stop is a delivery (flowers, the old vase swapped) or a pickup-only
-- stop (the last vase collected after a subscription's last delivery), and each subscription
-- counts the vases out with its subscriber, recounted from its delivered stops on every change.
ALTER TABLE "deliveries" ADD COLUMN IF NOT EXISTS "kind" text DEFAULT 'delivery' NOT NULL;
--> statement-breakpoint
ALTER TABLE "deliveries" DROP CONSTRAINT IF EXISTS "deliveries_kind_check";
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_kind_check" CHECK ("kind" in ('delivery', 'pickup'));
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "vases_out" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Every subscription delivered so far has its vase out: no pickup was recorded before this.
UPDATE "subscriptions" s SET "vases_out" = 1
WHERE EXISTS (SELECT 1 FROM "deliveries" d WHERE d."subscription_id" = s."id" AND d."status" = 'delivered');
