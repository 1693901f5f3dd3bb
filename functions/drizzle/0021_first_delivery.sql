-- The day of a subscription's first delivery, as its checkout paid for it: no month before it
-- delivers (contract/lifecycle.ts, monthState). Subscriptions made otherwise (demo data) keep null.
ALTER TABLE "subscriptions" ADD COLUMN IF NOT EXISTS "first_delivery" text;
--> statement-breakpoint
-- Those already taken out: the month the checkout's payment went to, on that month's day (an
-- admin's choice, else the second Thursday).
UPDATE "subscriptions" s SET "first_delivery" = to_char(coalesce(
	(SELECT dd."date" FROM "delivery_dates" dd WHERE dd."month" = p."month"),
	(to_date(p."month" || '-01', 'YYYY-MM-DD') + ((4 - extract(dow FROM to_date(p."month" || '-01', 'YYYY-MM-DD'))::int + 7) % 7 + 7))
), 'YYYY-MM-DD')
FROM "payments" p
WHERE p."subscription_id" = s."id" AND p."provider_ref" LIKE 'checkout:%' AND s."first_delivery" IS NULL;
