-- A checkout session keeps the validated subscriber (the fields of shared/contract/subscriber.ts)
-- instead of the wire payload, so fulfilment inserts it as it is.
ALTER TABLE "checkout_sessions" RENAME COLUMN "payload" TO "subscriber";--> statement-breakpoint
UPDATE "checkout_sessions" SET "subscriber" = jsonb_build_object(
	'email', "subscriber"->>'email',
	'firstName', "subscriber"->>'first_name',
	'lastName', "subscriber"->>'last_name',
	'phone', "subscriber"->>'phone',
	'address', "subscriber"->>'address',
	'unit', "subscriber"->>'unit',
	'city', "subscriber"->>'city',
	'state', "subscriber"->>'state',
	'zip', "subscriber"->>'zip',
	'deliveryNotes', "subscriber"->>'notes',
	'plan', "subscriber"->>'plan',
	'months', "subscriber"->'monthNumbers'
) WHERE "subscriber" ? 'first_name';
