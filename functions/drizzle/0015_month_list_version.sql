-- A number that goes up with every committed change to what the dashboard's month list shows
-- (subscriptions, their deliveries, the staff they are assigned to), so the server can keep a
-- page it has read and serve it again until something changes (services/deliveries.ts).
-- The triggers are deferred to commit: the counter row is then the last lock a transaction
-- takes, so two writers can never wait on each other through it, and a reader that sees a
-- version also sees every change it counts.
CREATE TABLE IF NOT EXISTS "month_list_version" (
	"only_row" boolean PRIMARY KEY DEFAULT true CHECK ("only_row"),
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "month_list_version" ("version") VALUES (0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_month_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction, however many rows it changed.
  IF current_setting('blooms.month_list_bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('blooms.month_list_bumped', 'on', true);
  UPDATE "month_list_version" SET "version" = "version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "subscriptions_month_list_changed" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_month_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "deliveries_month_list_changed" AFTER INSERT OR UPDATE OR DELETE ON "deliveries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_month_list_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_month_list_changed" AFTER INSERT OR UPDATE OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_month_list_version"();
--> statement-breakpoint
-- TRUNCATE has no row triggers (tests and the demo reset use it).
CREATE OR REPLACE FUNCTION "bump_month_list_version_now"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "month_list_version" SET "version" = "version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscriptions_month_list_emptied" AFTER TRUNCATE ON "subscriptions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_month_list_version_now"();
--> statement-breakpoint
CREATE TRIGGER "deliveries_month_list_emptied" AFTER TRUNCATE ON "deliveries" FOR EACH STATEMENT EXECUTE FUNCTION "bump_month_list_version_now"();
--> statement-breakpoint
CREATE TRIGGER "users_month_list_emptied" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_month_list_version_now"();
