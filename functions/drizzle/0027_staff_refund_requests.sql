-- A staff refund is made once per key its form sends (services/staff-refunds.ts): the same
-- request sent again, or twice at once, finds its key here and answers as the first did, with
-- no second provider refund or e-mail. Kept with what was asked, so a key sent with another
-- refund is refused.
CREATE TABLE IF NOT EXISTS "staff_refund_requests" (
	"subscription_id" uuid NOT NULL REFERENCES "subscriptions"("id") ON DELETE cascade,
	"idempotency_key" text NOT NULL,
	"request" jsonb NOT NULL,
	"made_by" text NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_refund_requests_pkey" PRIMARY KEY ("subscription_id", "idempotency_key")
);
