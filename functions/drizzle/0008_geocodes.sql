-- Where delivery addresses are, as the geocoding service answered (only with a key set):
-- asked once per address, so a driver's route costs no lookups after the first.
CREATE TABLE IF NOT EXISTS "geocodes" (
	"address" text PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"located_at" timestamp with time zone DEFAULT now() NOT NULL
);
