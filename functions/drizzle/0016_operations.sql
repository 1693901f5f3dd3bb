-- What operators watch (services/worker-runs.ts, services/subscription-history.ts):
-- when each background worker (billing, nightly backups) last ran and how it went, shared by
-- every instance through the database; and which subscription each e-mail was about, so a
-- subscription's history lists the e-mails it was sent.
CREATE TABLE IF NOT EXISTS "worker_runs" (
	"worker" text PRIMARY KEY NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_finished_at" timestamp with time zone,
	"last_ok" boolean,
	"last_result" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN IF NOT EXISTS "subscription_id" uuid REFERENCES "subscriptions"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_outbox_subscription_idx" ON "email_outbox" ("subscription_id") WHERE "subscription_id" IS NOT NULL;
--> statement-breakpoint
-- E-mails queued before this column: linked where their recipient pays for exactly one subscription.
UPDATE "email_outbox" AS o SET "subscription_id" = s."id"
FROM "subscriptions" AS s
WHERE o."subscription_id" IS NULL
	AND o."kind" <> 'account-sign-in'
	AND lower(o."recipient"->>'address') = lower(CASE WHEN s."buyer_email" <> '' THEN s."buyer_email" ELSE s."email" END)
	AND (
		SELECT count(*) FROM "subscriptions" AS other
		WHERE lower(CASE WHEN other."buyer_email" <> '' THEN other."buyer_email" ELSE other."email" END) = lower(o."recipient"->>'address')
	) = 1;
