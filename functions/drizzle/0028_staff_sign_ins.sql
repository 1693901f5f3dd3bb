-- When each staff member last signed in, for Manage Users: written when their app asks who they
-- are (GET /api/me), at most once every few minutes (services/users.ts recordSignIn). A table of
-- its own, so a sign-in does not touch the users row and the month list it versions.
CREATE TABLE IF NOT EXISTS "staff_sign_ins" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"last_sign_in_at" timestamp with time zone NOT NULL
);
