CREATE TABLE "reference_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"price_table" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reference_prices" ADD CONSTRAINT "reference_prices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
