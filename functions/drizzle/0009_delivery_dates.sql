-- A month's delivery day, where an admin moved it from the default rule (the second Thursday,
-- shared/src/contract/delivery-dates.ts). Months without a row follow the rule.
CREATE TABLE IF NOT EXISTS "delivery_dates" (
	"month" text PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"set_by" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_dates_month_check" CHECK ("month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "delivery_dates_in_month_check" CHECK (to_char("date", 'YYYY-MM') = "month")
);
