-- The owner's figures kept in the database by the part a write can touch, so a read after a
-- change rereads only what changed, and a server's first read after a start finds them kept
-- (read-models/kept-figure-parts.ts). Each is exactly what a full read would give: a write
-- records what it touched in figures_changes (in its own transaction), and the next read of the
-- figures takes those rows and reads again only the subscriptions and months they name.
--   figures_kept_sets: each subscription's month sets (read-models/month-sets.ts) over one span;
--   figures_ledger_months: the ledger's money by kind, month moved in (studio time) and month it is for;
--   figures_delivery_months: each month's delivered stops, on its delivery day or later, and with a photo.
CREATE TABLE IF NOT EXISTS "figures_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"part" text NOT NULL,
	"key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "figures_kept_state" (
	"part" text PRIMARY KEY NOT NULL,
	"span" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "figures_kept_sets" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"active" bigint NOT NULL,
	"paused" bigint NOT NULL,
	"held" bigint NOT NULL,
	"stops" bigint NOT NULL,
	"unpaid" bigint NOT NULL,
	"yearly" boolean NOT NULL,
	"gift" boolean NOT NULL,
	"first_delivered" text
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "figures_ledger_months" (
	"kind" text NOT NULL,
	"moved" text NOT NULL,
	"month" text NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "figures_ledger_months_pk" PRIMARY KEY ("kind", "moved", "month")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "figures_delivery_months" (
	"month" text PRIMARY KEY NOT NULL,
	"date" text NOT NULL,
	"on_day" integer NOT NULL,
	"later" integer NOT NULL,
	"photo" integer NOT NULL
);
--> statement-breakpoint
-- What a statement touched, once per key: the subscriptions whose month sets it may change, the
-- months whose money or delivered stops it may change (the ledger's sums are kept by the month an
-- entry is for, among others: that month names every sum an entry is in, whenever it moved).
CREATE OR REPLACE FUNCTION "figures_touched"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format('INSERT INTO "figures_changes" ("part", "key") SELECT DISTINCT c.part, c.key FROM new_rows AS r, LATERAL %s AS c(part, key) WHERE c.key IS NOT NULL', TG_ARGV[0]);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format('INSERT INTO "figures_changes" ("part", "key") SELECT DISTINCT c.part, c.key FROM old_rows AS r, LATERAL %s AS c(part, key) WHERE c.key IS NOT NULL', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- TRUNCATE has no row triggers (tests and the demo reset use it): everything kept is read again.
CREATE OR REPLACE FUNCTION "figures_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "figures_changes" ("part", "key") VALUES ('all', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
  touched text;
  op text;
BEGIN
  FOREACH t IN ARRAY ARRAY['subscriptions', 'deliveries', 'delivery_events', 'ledger_entries'] LOOP
    touched := CASE t
      WHEN 'subscriptions' THEN '(VALUES (''subscription'', r.id::text))'
      WHEN 'deliveries' THEN '(VALUES (''subscription'', r.subscription_id::text), (''day'', r.month))'
      WHEN 'delivery_events' THEN '(VALUES (''day'', r.month))'
      ELSE '(VALUES (''subscription'', r.subscription_id::text), (''ledger'', r.month))'
    END;
    FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_figures_touched_' || op, t);
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION "figures_touched"(%L)',
        t || '_figures_touched_' || op, op, t,
        CASE op WHEN 'insert' THEN 'NEW TABLE AS new_rows' WHEN 'update' THEN 'OLD TABLE AS old_rows NEW TABLE AS new_rows' ELSE 'OLD TABLE AS old_rows' END,
        touched);
    END LOOP;
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_figures_kept_emptied', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "figures_emptied"()', t || '_figures_kept_emptied', t);
  END LOOP;
END $$;
