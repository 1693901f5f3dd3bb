CREATE TABLE "route_orders" (
	"assignee_id" uuid NOT NULL,
	"month" text NOT NULL,
	"subscription_ids" uuid[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "route_orders_assignee_id_month_pk" PRIMARY KEY("assignee_id","month"),
	CONSTRAINT "route_orders_month_check" CHECK ("route_orders"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "route_orders" ADD CONSTRAINT "route_orders_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;