-- Routes that carry over (services/carry-over.ts): a month's stops start assigned as the month
-- before, or to the driver whose territory the stop's ZIP is in. "auto_assigned" marks such an
-- assignment until staff keep it, clear it or assign the stop by hand.
ALTER TABLE "deliveries" ADD COLUMN IF NOT EXISTS "auto_assigned" text;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_auto_assigned_check" CHECK ("auto_assigned" in ('last-month', 'territory'));
--> statement-breakpoint
-- The months whose stops were carried over: once each, so a stop staff cleared stays cleared.
CREATE TABLE IF NOT EXISTS "month_carry_overs" (
	"month" text PRIMARY KEY NOT NULL CHECK ("month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	"carried_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A driver's territory, a ZIP code per row: a ZIP is in at most one territory.
CREATE TABLE IF NOT EXISTS "territories" (
	"zip" text PRIMARY KEY NOT NULL,
	"driver_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"set_by" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "territories_driver_idx" ON "territories" ("driver_id");
