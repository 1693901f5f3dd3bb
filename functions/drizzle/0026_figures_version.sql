-- A number that goes up with every committed change to what the owner's figures are read from
-- (read-models/business-figures.ts): subscriptions, their history, deliveries and their
-- history, cancellation reasons, the money ledger and the delivery days. The server keeps the
-- figures it computed for a version and a day, in memory, and serves them again until either
-- moves (read-models/kept-figures.ts). Deferred to commit, as month_list_version (migration 0015).
CREATE TABLE IF NOT EXISTS "figures_version" (
	"only_row" boolean PRIMARY KEY DEFAULT true CHECK ("only_row"),
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "figures_version" ("version") VALUES (0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_figures_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction, however many rows it changed.
  IF current_setting('blooms.figures_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('blooms.figures_bumped', 'on', true);
  UPDATE "figures_version" SET "version" = "version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- TRUNCATE has no row triggers (tests and the demo reset use it).
CREATE OR REPLACE FUNCTION "bump_figures_version_now"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "figures_version" SET "version" = "version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['subscriptions', 'subscription_events', 'deliveries', 'delivery_events', 'cancellation_reasons', 'ledger_entries', 'delivery_dates'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_figures_changed', t);
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_figures_version"()', t || '_figures_changed', t);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_figures_emptied', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "bump_figures_version_now"()', t || '_figures_emptied', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- The owner's figures read the ledger by month (what a month holds, months to come paid ahead).
CREATE INDEX IF NOT EXISTS "ledger_entries_month_idx" ON "ledger_entries" ("month");
