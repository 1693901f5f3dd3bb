-- Asking for an account sign-in link only queues the request (the same work whatever the
-- address, so the answer's timing tells nobody who subscribes); the e-mail worker makes the
-- link and queues its e-mail for an address that holds a subscription (services/sign-in-link-requests.ts).
CREATE TABLE IF NOT EXISTS "sign_in_link_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"account_url" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL
);
