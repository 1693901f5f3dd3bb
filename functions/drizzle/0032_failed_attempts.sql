-- A failed delivery attempt ("Could not deliver", services/failed-attempts.ts): the status stays
-- as it is (screens of the release before know three statuses); the attempt is kept beside it.
ALTER TABLE "deliveries" ADD COLUMN IF NOT EXISTS "failed_reason" text;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN IF NOT EXISTS "failed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN IF NOT EXISTS "failed_photo_key" text;
--> statement-breakpoint
-- How many attempts of the month failed: the subscriber is told once per attempt.
ALTER TABLE "deliveries" ADD COLUMN IF NOT EXISTS "failed_attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The day staff moved the stop to after its failed attempt.
ALTER TABLE "deliveries" ADD COLUMN IF NOT EXISTS "retry_on" date;
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_failed_reason_check" CHECK ("failed_reason" in ('no-safe-place', 'gate-code', 'wrong-address', 'refused'));
--> statement-breakpoint
-- Settings the studio's admins change on the site, one row per setting (a JSON value).
CREATE TABLE IF NOT EXISTS "site_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
