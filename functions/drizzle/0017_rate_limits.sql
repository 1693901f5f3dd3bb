-- Rate limits counted in the database, so every backend instance on it counts into the same
-- rows and N instances still enforce one limit (http/rate-limit.ts). One row per limit, client
-- and fixed window; rows whose window has passed are deleted now and then.
CREATE TABLE IF NOT EXISTS "rate_limit_counts" (
	"bucket" text NOT NULL,
	"client" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_counts_pkey" PRIMARY KEY ("bucket", "client", "window_start")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limit_counts_expires_idx" ON "rate_limit_counts" ("expires_at");
