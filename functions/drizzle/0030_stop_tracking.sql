-- A stop's "on the way" notice and its tracking link (services/on-the-way.ts): one row per stop
-- and month, ever, so a stop taken back and sent out again does not notify twice. The link's
-- token is kept only as its SHA-256; it stops working when expires_at has passed.
CREATE TABLE IF NOT EXISTS "stop_tracking" (
	"subscription_id" uuid NOT NULL REFERENCES "subscriptions"("id") ON DELETE cascade,
	"month" text NOT NULL CHECK ("month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"noticed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stop_tracking_subscription_id_month_pk" PRIMARY KEY ("subscription_id", "month"),
	CONSTRAINT "stop_tracking_token_hash_unique" UNIQUE ("token_hash")
);
