-- The owner's figures count the failed attempts of a range of months (read-models/failed-attempts.ts):
-- the few stops with one, found without reading every delivery.
CREATE INDEX IF NOT EXISTS "deliveries_failed_attempts_month_idx" ON "deliveries" ("month") WHERE "failed_attempts" > 0;
