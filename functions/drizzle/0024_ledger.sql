-- The money ledger (services/payment-ledger.ts): append-only rows of money given to or taken from
-- a month's delivery, whose sum per month is its balance. It replaces payments, whose month was
-- rewritten in place when a payment was carried to another month.
CREATE TABLE IF NOT EXISTS "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL REFERENCES "subscriptions"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"month" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_ref" text NOT NULL,
	"entry_ref" text,
	"delivery" text,
	"actor_kind" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("kind" in ('charge', 'refund', 'carry', 'adjustment')),
	CONSTRAINT "ledger_entries_delivery_check" CHECK ("delivery" is null or "delivery" in ('kept', 'dropped')),
	CONSTRAINT "ledger_entries_actor_kind_check" CHECK ("actor_kind" in ('subscriber', 'staff', 'provider'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_entries_subscription_idx" ON "ledger_entries" ("subscription_id", "month");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "ledger_entries_charge_key" ON "ledger_entries" ("payment_ref") WHERE "kind" = 'charge';
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "ledger_entries_refund_key" ON "ledger_entries" ("entry_ref", "payment_ref", "month") WHERE "kind" = 'refund';
--> statement-breakpoint
-- Each payment becomes its charge, on the month it pays for now (where earlier carries left it).
INSERT INTO "ledger_entries" ("subscription_id", "kind", "month", "amount_cents", "payment_ref", "actor_kind", "actor", "reason", "at")
SELECT "subscription_id", 'charge', "month", "amount_cents", "provider_ref", 'provider', "provider_ref",
	'Recorded before the ledger, on the month it paid for then', "paid_at"
FROM "payments" ORDER BY "id";
--> statement-breakpoint
-- A payment given back (a cancelled prepaid gift's delivery not made) becomes its refund, made by whoever pays for the subscription.
INSERT INTO "ledger_entries" ("subscription_id", "kind", "month", "amount_cents", "payment_ref", "entry_ref", "delivery", "actor_kind", "actor", "reason", "at")
SELECT p."subscription_id", 'refund', p."month", -p."amount_cents", p."provider_ref", coalesce(p."refund_ref", 'refund:' || p."id"), 'dropped',
	'subscriber', coalesce(nullif(s."buyer_email", ''), s."email"), 'A cancelled gift''s delivery not made', p."refunded_at"
FROM "payments" p JOIN "subscriptions" s ON s."id" = p."subscription_id"
WHERE p."refunded_at" IS NOT NULL ORDER BY p."id";
--> statement-breakpoint
-- The receipt e-mailed for each provider payment (services/receipts.ts): one per payment, by its
-- reference without a prepaid gift's ":n" month suffix. Payments from before receipts count as
-- receipted, so none is e-mailed late.
CREATE TABLE IF NOT EXISTS "receipts" (
	"payment_ref" text PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL REFERENCES "subscriptions"("id") ON DELETE cascade,
	"number" bigserial NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "receipts" ("payment_ref", "subscription_id", "issued_at")
SELECT regexp_replace("provider_ref", '^(checkout:[^:]+):[0-9]+$', '\1'), "subscription_id", "paid_at" FROM "payments" ORDER BY "id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DROP TABLE "payments";
